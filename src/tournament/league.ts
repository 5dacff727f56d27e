// A season league across a room's events (TD3 keeps one): each event's places score points by
// a formula the room sets, plus points for taking part; a player's season is the sum of their
// events (or of their best N), ranked. Pure: the events' results come in, the standings go out.

/**
 * How a place scores. "table": the room's points by place (1st, 2nd, ...; later places 0).
 * "field": round(base × √(entries ÷ place)), the common formula that pays a win in a bigger
 * field more and still gives every place something.
 */
export type LeagueFormula = { readonly kind: "table"; readonly points: readonly number[] } | { readonly kind: "field"; readonly base: number };

export interface LeagueRules {
  readonly formula: LeagueFormula;
  /** Points for each event played, whatever the place. */
  readonly participation: number;
  /** Only a player's best N events count (null: all). */
  readonly bestOf: number | null;
}

/** One finished event: its entries and each entry's place, with whose entry it was. */
export interface LeagueEvent {
  readonly id: string;
  readonly entries: number;
  readonly places: readonly { readonly player: string; readonly name: string; readonly place: number; readonly prize: number }[];
}

export interface LeagueResult {
  readonly event: string;
  readonly place: number;
  readonly points: number;
  /** Left out by "best N". */
  readonly counted: boolean;
}

export interface LeagueStanding {
  /** Shared by players on equal points, wins and cashes (1, 1, 3). */
  readonly rank: number;
  readonly player: string;
  readonly name: string;
  readonly points: number;
  readonly played: number;
  readonly wins: number;
  readonly cashes: number;
  readonly best: number;
  readonly results: readonly LeagueResult[];
}

export function placePoints(formula: LeagueFormula, place: number, entries: number): number {
  if (formula.kind === "table") return formula.points[place - 1] ?? 0;
  return Math.round(formula.base * Math.sqrt(entries / place));
}

export function leagueStandings(rules: LeagueRules, events: readonly LeagueEvent[]): LeagueStanding[] {
  const by = new Map<string, { name: string; results: LeagueResult[]; wins: number; cashes: number; best: number }>();
  for (const ev of events) {
    // A player's best entry in an event is their result there (a re-entry does not score twice).
    const best = new Map<string, { name: string; place: number; prize: number }>();
    for (const p of ev.places) {
      const had = best.get(p.player);
      if (had === undefined || p.place < had.place) best.set(p.player, { name: p.name, place: p.place, prize: Math.max(p.prize, had?.prize ?? 0) });
      else if (p.prize > had.prize) best.set(p.player, { ...had, prize: p.prize });
    }
    for (const [player, r] of best) {
      const s = by.get(player) ?? { name: r.name, results: [], wins: 0, cashes: 0, best: Number.MAX_SAFE_INTEGER };
      s.name = r.name;
      s.results.push({ event: ev.id, place: r.place, points: placePoints(rules.formula, r.place, ev.entries) + rules.participation, counted: true });
      if (r.place === 1) s.wins++;
      if (r.prize > 0) s.cashes++;
      s.best = Math.min(s.best, r.place);
      by.set(player, s);
    }
  }
  const rows = [...by].map(([player, s]) => {
    const kept = new Set(rules.bestOf === null ? s.results : [...s.results].sort((a, b) => b.points - a.points || a.place - b.place).slice(0, rules.bestOf));
    const results = s.results.map((r) => (kept.has(r) ? r : { ...r, counted: false }));
    const points = results.reduce((a, r) => a + (r.counted ? r.points : 0), 0);
    return { player, name: s.name, points, played: s.results.length, wins: s.wins, cashes: s.cashes, best: s.best, results };
  });
  rows.sort((a, b) => b.points - a.points || b.wins - a.wins || b.cashes - a.cashes || a.name.localeCompare(b.name) || a.player.localeCompare(b.player));
  const same = (a: (typeof rows)[number], b: (typeof rows)[number]) => a.points === b.points && a.wins === b.wins && a.cashes === b.cashes;
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || !same(rows[i - 1]!, r)) rank = i + 1;
    return { rank, ...r };
  });
}

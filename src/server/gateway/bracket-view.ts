// The bracket view (R-TRN-10) and a shootout's tables (R-TRN-11): the draws kept by the
// runtime, what the director's state says of each entry now, and the places so far
// (groups that went out together share them, R-PLACE-3).
import { fail, ok, type Result } from "../../lib/result.ts";
import type { BracketMatch, BracketRound, BracketView, SharedPlaces } from "../../protocol/index.ts";
import type { TableDraw } from "../../tournament/director/index.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";
import { placedSoFar } from "../console/director-deal.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { lobbyTournament } from "./lobby-views.ts";

interface Drawn {
  readonly round: number;
  readonly index: number;
  readonly draw: TableDraw;
}

export function bracketView(t: TournamentRuntime, now: number): Result<BracketView> {
  const d = t.dir;
  const f = d.config?.format;
  if (f === undefined || (f.kind !== "heads-up" && f.kind !== "shootout"))
    return fail(TOURNAMENT_ERRORS.badState, `tournament ${t.id} is not a heads-up bracket or a shootout`, { format: f?.kind ?? null });
  const online = t.meta.kind === "online";
  const nameOf = (entry: string) => t.names.get(d.entries.get(entry)?.player ?? "") ?? "player";
  const placements = placedSoFar(t);
  const placeOf = new Map(placements.map((p) => [p.entry, p]));
  // The matches (heads-up) or the tables drawn at the start (shootout), by round.
  const drawn: Drawn[] = [];
  const byes = new Map<number, string[]>();
  for (const e of t.draws) {
    if (e.type === "started" && f.kind === "shootout") e.tables.forEach((draw, index) => drawn.push({ round: 1, index, draw }));
    if (e.type === "matches-drawn") {
      e.tables.forEach((draw, index) => drawn.push({ round: e.round, index, draw }));
      if (e.byes.length > 0) byes.set(e.round, [...e.byes]);
    }
    if (e.type === "match-drawn") drawn.push({ round: e.round, index: e.match, draw: e.table });
  }
  const lastRound = new Map<string, number>();
  for (const m of drawn) for (const s of m.draw.seats) lastRound.set(s.entry, Math.max(lastRound.get(s.entry) ?? 0, m.round));
  const inPlay = (entry: string) => {
    const e = d.entries.get(entry);
    return e !== undefined && e.alive && e.stack > 0;
  };
  const finalTable = f.kind === "shootout" ? (f.finalTable ?? d.config?.tableSize ?? 10) : null;
  const match = (m: Drawn): BracketMatch => {
    const ids = m.draw.seats.map((s) => s.entry);
    const table = d.tables.get(m.draw.table);
    if (f.kind === "heads-up") {
      // A player who plays a later round won this match; else the match is decided once one is out of chips.
      const later = ids.filter((id) => (lastRound.get(id) ?? 0) > m.round);
      const beaten = later.length > 0 ? ids.filter((id) => !later.includes(id)) : ids.filter((id) => !inPlay(id));
      const decided = beaten.length > 0 && beaten.length < ids.length;
      const playing = !decided && d.status === "running" && table !== undefined && table.round === m.round;
      return {
        index: m.index,
        tableNumber: m.draw.table,
        tableId: playing && online ? `${t.id}-t${m.draw.table}` : null,
        players: ids.map((id) => ({
          entryId: id,
          name: nameOf(id),
          stack: playing ? (d.entries.get(id)?.stack ?? null) : null,
          advanced: decided && !beaten.includes(id),
          out: decided && beaten.includes(id),
        })),
        playing,
      };
    }
    // Shootout: who is still in, and whether play is down to the final table.
    const through = d.status === "finished" || d.alive <= finalTable!;
    const playing = d.status === "running" && table !== undefined && table.count >= 2;
    return {
      index: m.index,
      tableNumber: m.draw.table,
      tableId: playing && online ? `${t.id}-t${m.draw.table}` : null,
      players: ids.map((id) => {
        const e = d.entries.get(id);
        const alive = e?.alive === true;
        const place = placeOf.get(id)?.places[0];
        return {
          entryId: id,
          name: nameOf(id),
          stack: alive ? (e?.stack ?? null) : null,
          advanced: place !== undefined ? place <= finalTable! : alive && through,
          out: place !== undefined ? place > finalTable! : !alive,
        };
      }),
      playing,
    };
  };
  const rounds: BracketRound[] = [];
  for (const r of [...new Set([...drawn.map((m) => m.round), ...byes.keys()])].sort((a, b) => a - b)) {
    rounds.push({
      round: r,
      matches: drawn
        .filter((m) => m.round === r)
        .sort((a, b) => a.index - b.index)
        .map(match),
      byes: (byes.get(r) ?? []).map((id) => ({ entryId: id, name: nameOf(id) })),
    });
  }
  // Places: one group per shared range, best first; the winner apart once it is over.
  const groups = new Map<string, SharedPlaces>();
  let winner: BracketView["winner"] = null;
  for (const p of placements) {
    const from = Math.min(...p.places);
    const to = Math.max(...p.places);
    if (d.status === "finished" && from === 1 && to === 1) {
      winner = { entryId: p.entry, name: nameOf(p.entry), prize: p.prize };
      continue;
    }
    const key = `${from}-${to}`;
    const g = groups.get(key) ?? { entries: [], from, to, prize: p.prize };
    groups.set(key, { ...g, entries: [...g.entries, { entryId: p.entry, name: nameOf(p.entry) }] });
  }
  const out = [...groups.values()].sort((a, b) => a.from - b.from);
  return ok({
    tournamentId: t.id,
    kind: f.kind,
    status: lobbyTournament(t, null, null, now).status,
    finalTable,
    rounds,
    out,
    winner,
    playersLeft: d.alive,
  });
}

// `felt simulate`: a whole tournament played by bots with the real engine at every table,
// deterministic per seed. Time is simulated: every table plays at its own pace,
// each hand taking its own time (3600 / handsPerHour seconds on average, drawn per hand
// from half to one and a half of it), and the director settles each table as its hand ends
// (src/tournament/director/run-paced.ts), so the end time reflects independent tables;
// wall time is the caller's business and never enters the result.
import { ok, type Result } from "../lib/result.ts";
import type { FirstButtonDraw } from "../tournament/index.ts";
import { houseRulesOf, runPacedTournament, type TournamentOddChip, type TournamentState } from "../tournament/director/index.ts";
import { clockAt, playedBlinds, type Structure } from "../tournament/structure/index.ts";
import type { ChartPoint } from "./chart.ts";
import { HANDS_PER_HOUR, simConfig } from "./formats.ts";
import { engineHandPlayer, type FieldMix, type HandStats } from "./hand-player.ts";

export interface SimOptions {
  readonly players: number;
  readonly format?: string;
  readonly preset?: string;
  readonly structure?: Structure;
  readonly seed: number;
  readonly handsPerHour?: number;
  readonly mix?: FieldMix;
  /** The room's house rules, as a tournament's settings name them (the rest are the format's). */
  readonly settings?: SimSettings;
  /** Record the chart's points (one per round). */
  readonly chart?: boolean;
  readonly onProgress?: (p: Progress) => void;
}

/** The settings a simulated event honours: the tournament's own names (src/protocol's settings). */
export interface SimSettings {
  readonly tableSize?: number;
  readonly finalTableSize?: number;
  readonly spareSeats?: number;
  readonly buttonRule?: "dead" | "moving";
  readonly colourUp?: "race" | "up";
  readonly handForHand?: boolean;
  readonly oddChip?: TournamentOddChip;
  readonly oneCardKills?: boolean;
  /** R-BET-9: a mixed structure's switch, by level or by orbit (default the structure's). */
  readonly mixedBy?: "level" | "orbit";
  /** R-TRN-3: re-entry until a break closes at its end (default) or its start. */
  readonly reEntryCloses?: "break-start" | "break-end";
  /** R-TRN-5: the add-on at its break (default) or when this many players are left. */
  readonly addOnAt?: "break" | { readonly playersLeft: number };
  /** R-TBL-3 option: every table plays down to this many, then the final table (0: off). */
  readonly playDownTo?: number;
  /** R-TBL-3 when tables merge: empty seats drawn by the broken table's players (default), or every seat drawn again. */
  readonly tableMerge?: "fill" | "redraw";
  /** R-DEAL-6: each table's first button by high card with ties by suit (default), a redraw of the tied, or the first jack. */
  readonly buttonDraw?: FirstButtonDraw;
  /** R-TBL-2 who moves when balancing: same position as who left ("seed", default) or TDA's next big blind. */
  readonly balancing?: "seed" | "tda";
}

export interface Progress {
  readonly playersLeft: number;
  readonly entries: number;
  readonly level: number;
  readonly hands: number;
  readonly minutes: number;
}

export interface SimPlacement {
  readonly player: string;
  readonly entry: string;
  readonly places: readonly number[];
  readonly prize: number;
  readonly seat?: boolean;
}

export interface SimResult {
  readonly format: string;
  readonly structure: string;
  readonly seed: number;
  readonly players: number;
  readonly entries: number;
  readonly hands: number;
  /** Table settles (one per hand, plus the director's own). */
  readonly rounds: number;
  /** Highest level number reached. */
  readonly levels: number;
  readonly handsPerHour: number;
  /** Simulated length of play, breaks included. */
  readonly durationMinutes: number;
  readonly prizePool: number;
  readonly overlay: number;
  readonly placesPaid: number;
  /** Chips in play equalled chips issued (entries, rebuys, add-ons) plus colour-up rounding at every level change. */
  readonly chipsConserved: boolean;
  readonly conservationChecks: number;
  /** Net chips the colour-ups added (chip-up / race rounding). */
  readonly colourUpRounding: number;
  readonly actions: number;
  readonly timeouts: number;
  readonly refusedBotActions: number;
  readonly placements: readonly SimPlacement[];
  /** The house rules it was played under, every one filled in. */
  readonly settings: Required<SimSettings>;
  readonly chart?: readonly ChartPoint[];
}

function bigBlindAt(s: TournamentState, now: number): number {
  const c = s.config!;
  return playedBlinds(clockAt(c.structure, now - (s.startedAt ?? now)).level).bb;
}

export function simulate(o: SimOptions): Result<SimResult> {
  const format = o.format ?? "freezeout";
  const sc = simConfig(format, o.players, o.structure, o.preset);
  if (!sc.ok) return sc;
  const { policy, timeoutRate } = sc.value;
  // The settings are the core config's own fields (heads-up brackets still play two to a table).
  // Object.assign, not a spread (same fields, same order): the director reads this config
  // for every hand, and on this V8 an object made by spreading reads its properties a
  // hundred times slower.
  const { mixedBy, ...rules } = o.settings ?? {};
  const base = sc.value.config;
  // R-BET-9: the switch is the structure's own field (the director reads it there).
  const structure = mixedBy === undefined || mixedBy === (base.structure.mixedBy ?? "level") ? base.structure : { ...base.structure, mixedBy };
  const config = Object.assign({}, base, rules, { structure });
  const stats: HandStats = { hands: 0, actions: 0, timeouts: 0, refused: 0 };
  const handsPerHour = o.handsPerHour ?? HANDS_PER_HOUR[config.format.kind];
  const points: ChartPoint[] = [];
  const width = String(o.players).length;
  const players = Array.from({ length: o.players }, (_, i) => `p${String(i + 1).padStart(width, "0")}`);
  let maxLevel = 1;
  let start = 0;
  if (o.chart) {
    const first = config.structure.items.find((it) => it.kind === "level");
    if (first?.kind === "level") points.push({ minutes: 0, playersLeft: o.players, avgStackBB: config.structure.startingStack / playedBlinds(first).bb });
  }
  let lastMinute = -1;
  const r = runPacedTournament({
    config,
    players,
    seed: o.seed,
    policy,
    handsPerHour,
    playHand: engineHandPlayer({ ...(o.mix !== undefined ? { mix: o.mix } : {}), timeoutRate, stats }),
    onSettle: (s, now) => {
      start = s.startedAt ?? 0;
      if (s.levelNumber > maxLevel) maxLevel = s.levelNumber;
      const minutes = (now - start) / 60_000;
      // One point a simulated minute (a settle is one hand at one table), and the end.
      if (Math.floor(minutes) === lastMinute && s.status === "running") return;
      lastMinute = Math.floor(minutes);
      if (o.chart && s.alive > 0) {
        const chips = s.chipsIssued + s.colourUpDelta - s.chipsRetired;
        points.push({ minutes, playersLeft: s.alive, avgStackBB: chips / s.alive / bigBlindAt(s, now) });
      }
      o.onProgress?.({ playersLeft: s.alive, entries: s.entries.size, level: s.levelNumber, hands: s.hands, minutes });
    },
  });
  if (!r.ok) return r;
  const s = r.value.state;
  maxLevel = Math.max(maxLevel, s.levelNumber, stats.maxLevel ?? 0);
  const placements: SimPlacement[] = (s.placements ?? []).map((p) => ({
    player: p.player,
    entry: p.entry,
    places: p.places,
    prize: p.prize,
    ...(p.seat !== undefined ? { seat: p.seat } : {}),
  }));
  const result: SimResult = {
    format,
    structure: config.structure.name,
    seed: o.seed,
    players: o.players,
    entries: s.entries.size,
    hands: s.hands,
    rounds: r.value.rounds,
    levels: maxLevel,
    handsPerHour,
    durationMinutes: Math.round((s.now - (s.startedAt ?? 0)) / 60_000),
    prizePool: s.prizes?.pool ?? 0,
    overlay: s.prizes?.overlay ?? 0,
    placesPaid: placements.filter((p) => p.prize > 0).length,
    chipsConserved: s.conservation.failures === 0,
    conservationChecks: s.conservation.checks,
    colourUpRounding: s.colourUpDelta,
    actions: stats.actions,
    timeouts: stats.timeouts,
    refusedBotActions: stats.refused,
    placements,
    settings: houseRulesOf(config),
    ...(o.chart ? { chart: points } : {}),
  };
  return ok(result);
}

/** The p-th percentile (0..100) by nearest rank of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export interface RunsSummary {
  readonly runs: number;
  readonly endMinutes: { readonly p10: number; readonly median: number; readonly p90: number };
  readonly durations: readonly number[];
}

/** R-TRN-1's "when does this finish?": K runs with seeds seed, seed+1, … */
export function summarizeRuns(results: readonly SimResult[]): RunsSummary {
  const d = results.map((r) => r.durationMinutes).sort((a, b) => a - b);
  return {
    runs: results.length,
    endMinutes: { p10: percentile(d, 10), median: percentile(d, 50), p90: percentile(d, 90) },
    durations: results.map((r) => r.durationMinutes),
  };
}

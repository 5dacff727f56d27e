// R-TRN-1's end time for a big field without playing every table: a sample of tables stands
// for the field (a mean-field run). The simulator's clock is per table and parallel: every
// table plays one hand per round (src/tournament/director/run.ts), so a field of N players
// loses a fraction of itself per round that does not depend on N while its tables are full,
// and going from N to the final table takes a number of rounds that grows with log N.
//
// The run: `seats` players (whole tables) drawn from the field's own mix of bot styles (the
// simulator gives player pK the style of its name, src/sim styleOf) play hands with the real
// engine and bots under the structure's clock (breaks pass at once, as in the simulator).
// While the field is bigger than the sample, each round's busts shrink the field by the same
// fraction as the sample; the sample then seats as many players a table as the field's
// tables hold (field ÷ ⌈field ÷ 10⌉, R-TBL-3), a player moved in from another table (R-TBL-2)
// being a copy of a random surviving sample player (style and stack), one moved away leaving
// the sample; and stacks are scaled so the sample's average is the field's, chips in play ÷
// players left. Once the field fits in the sample, the sample becomes the field (its count
// and chips exactly) and plays on to the winner with tables broken and balanced (R-TBL-2/3;
// the mover is drawn, not chosen by position). Not modelled: colour-ups (R-CHIP; bets stay in
// the first chip) and the director's exact choice of mover and broken table. Played whole, a
// 60-player field ends about where the simulator's does (mean of 20 seeds: 382 min, 391).
import { BOTS, playBotHand, type BotStyle } from "../bots/index.ts";
import { HANDS_PER_HOUR } from "./formats.ts";
import { DEFAULT_MIX, styleOf, type FieldMix } from "./hand-player.ts";
import { pick, seededRandom, shuffled, shuffledDeck, type RandomSource } from "../tournament/index.ts";
import { clockAt, type Structure } from "../tournament/structure/index.ts";
import { newTable, rebalance, tableHand, TABLE_SIZE, type PredictTable } from "./predict-tables.ts";

export interface SampleOptions {
  readonly structure: Structure;
  readonly players: number;
  readonly seed: number;
  /** Players in the sample (whole tables); default 60. */
  readonly seats?: number;
  readonly handsPerHour?: number;
  /** The bots' mix of styles, as the simulator's (default DEFAULT_MIX). */
  readonly mix?: FieldMix;
  /** Safety stops: a run gives up after this many rounds or hands (default 100,000 and 20,000),
   *  its end then being only the time it reached. */
  readonly maxRounds?: number;
  readonly maxHands?: number;
  /** After every round: the field's size and the live sample players' stacks and styles. */
  readonly onRound?: (r: {
    readonly minutes: number;
    readonly field: number;
    readonly stacks: readonly number[];
    readonly styles: readonly BotStyle[];
  }) => void;
}

export interface SamplePoint {
  readonly minutes: number;
  readonly playersLeft: number;
}

export interface SampleResult {
  /** Minutes from the start to the round of the last elimination (as the simulator's durationMinutes). */
  readonly endMinutes: number;
  /** False when a safety stop ended the run before the winner: endMinutes is then a lower bound. */
  readonly finished: boolean;
  readonly rounds: number;
  readonly hands: number;
  readonly curve: readonly SamplePoint[];
}

/** How many of the field's players get each bot style: the simulator's names p1..pN, hashed as it does. */
export function fieldStyles(players: number, mix: FieldMix = DEFAULT_MIX): Map<BotStyle, number> {
  const width = String(players).length;
  const counts = new Map<BotStyle, number>();
  for (let i = 1; i <= players; i++) {
    const s = styleOf(`p${String(i).padStart(width, "0")}`, mix);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}

/** `seats` styles in the field's proportions (largest remainder), in random order. */
export function sampleStyles(players: number, seats: number, rng: RandomSource, mix: FieldMix = DEFAULT_MIX): BotStyle[] {
  const counts = [...fieldStyles(players, mix)].map(([style, n]) => ({ style, exact: (n * seats) / players }));
  const out: BotStyle[] = [];
  for (const c of counts) for (let i = 0; i < Math.floor(c.exact); i++) out.push(c.style);
  const byRemainder = [...counts].sort((a, b) => (b.exact % 1) - (a.exact % 1) || a.style.localeCompare(b.style));
  for (let i = 0; out.length < seats; i++) out.push(byRemainder[i % byRemainder.length]!.style);
  return shuffled(out, rng);
}

/** Scales live stacks to sum to `total` in whole chip units, at least one unit each. */
function scaleStacks(stacks: number[], live: readonly number[], total: number, unit: number): void {
  const sum = live.reduce((a, p) => a + stacks[p]!, 0);
  if (sum <= 0 || live.length === 0) return;
  let given = 0;
  for (const p of live) {
    stacks[p] = Math.max(unit, Math.round((stacks[p]! * total) / sum / unit) * unit);
    given += stacks[p]!;
  }
  // The rounding remainder goes to the biggest stack, so the chips add up when that matters.
  const big = live.reduce((a, p) => (stacks[p]! > stacks[a]! ? p : a), live[0]!);
  stacks[big] = Math.max(unit, stacks[big]! + Math.round((total - given) / unit) * unit);
}

/** A run in progress: the sample (or, once it fits, the field) at its tables, and the clock. */
export interface SampleState {
  readonly structure: Structure;
  readonly seats: number;
  readonly chips: number;
  readonly unit: number;
  readonly roundMs: number;
  readonly maxRounds: number;
  readonly maxHands: number;
  readonly onRound: SampleOptions["onRound"];
  rng: RandomSource;
  styles: BotStyle[];
  stacks: number[];
  tables: PredictTable[];
  /** The field's players left: fractional while sampled. */
  field: number;
  sampling: boolean;
  now: number;
  rounds: number;
  hands: number;
  curve: SamplePoint[];
}

/** Seats the sample (the whole field when it fits) at full tables, stacks as dealt. */
export function startRun(o: SampleOptions): SampleState {
  const st = o.structure;
  const rng = seededRandom(o.seed * 7919 + 104729);
  const seats = Math.max(TABLE_SIZE, Math.floor((o.seats ?? 60) / TABLE_SIZE) * TABLE_SIZE);
  const sampling = o.players > seats;
  const n0 = sampling ? seats : o.players;
  const ids = shuffled(
    Array.from({ length: n0 }, (_, i) => i),
    rng,
  );
  const tableCount = Math.ceil(n0 / TABLE_SIZE);
  const tables: PredictTable[] = [];
  for (let k = 0; k < tableCount; k++)
    tables.push(
      newTable(
        ids.filter((_, i) => i % tableCount === k),
        rng,
      ),
    );
  return {
    structure: st,
    seats,
    chips: o.players * st.startingStack,
    unit: st.chips[0] ?? 1,
    roundMs: Math.round(3_600_000 / (o.handsPerHour ?? HANDS_PER_HOUR.freezeout)),
    maxRounds: o.maxRounds ?? 100_000,
    maxHands: o.maxHands ?? 20_000,
    onRound: o.onRound,
    rng,
    styles: sampleStyles(o.players, n0, rng, o.mix),
    stacks: new Array<number>(n0).fill(st.startingStack),
    tables,
    field: o.players,
    sampling,
    now: 0,
    rounds: 0,
    hands: 0,
    curve: [{ minutes: 0, playersLeft: o.players }],
  };
}

/** An independent copy of a run, going on with its own hands from `seed`. */
export function forkRun(s: SampleState, seed: number): SampleState {
  return {
    ...s,
    rng: seededRandom(seed * 15485863 + 32452843),
    styles: [...s.styles],
    stacks: [...s.stacks],
    tables: s.tables.map((t) => ({ seats: [...t.seats], last: t.last, button: t.button })),
    curve: [...s.curve],
  };
}

/** Plays rounds until the field is down to `downTo` players (1: the winner). */
export function playRounds(s: SampleState, downTo = 1): SampleState {
  const alive = (p: number): boolean => s.stacks[p]! > 0;
  while (s.field > Math.max(1, downTo) && s.rounds++ < s.maxRounds && s.hands < s.maxHands) {
    const clock = clockAt(s.structure, s.now);
    if (clock.onBreak) {
      // Breaks pass at once, as in the simulator.
      s.now += clock.remainingMs ?? s.roundMs;
      continue;
    }
    const before = s.tables.reduce((a, t) => a + t.seats.filter((p) => p !== null && alive(p)).length, 0);
    for (const t of s.tables) {
      const setup = tableHand(t, s.stacks, clock.level, s.unit);
      if (setup === null) continue;
      const r = playBotHand(setup.config, shuffledDeck(s.rng), (i) => BOTS[s.styles[setup.players[i]!]!], s.rng);
      setup.players.forEach((p, i) => (s.stacks[p] = r.stacks[i]!));
      s.hands++;
    }
    const live = s.tables.flatMap((t) => t.seats.filter((p): p is number => p !== null && alive(p)));
    if (s.sampling) {
      const next = (s.field * live.length) / before;
      if (next > s.seats) {
        s.field = next;
        refill(s.tables, live, sampleSize(s.tables.length, next), s.styles, s.stacks, s.rng);
        const all = s.stacks.flatMap((_, p) => (alive(p) ? [p] : []));
        scaleStacks(s.stacks, all, (s.chips * all.length) / next, s.unit);
      } else {
        // The field now fits in the sample: exactly round(next) players hold all the chips.
        s.sampling = false;
        const want = Math.max(2, Math.round(next));
        const keep = shuffled(live, s.rng).slice(0, Math.min(want, live.length));
        for (const p of live) if (!keep.includes(p)) s.stacks[p] = 0;
        for (const t of s.tables) {
          t.seats.forEach((p, i) => {
            if (keep.length >= want || p === null || alive(p)) return;
            const like = pick(keep, s.rng);
            s.styles[p] = s.styles[like]!;
            s.stacks[p] = s.stacks[like]!;
            t.seats[i] = p;
            keep.push(p);
          });
        }
        scaleStacks(s.stacks, keep, s.chips, s.unit);
        s.field = keep.length;
        rebalance(s.tables, alive, s.rng);
      }
    } else {
      s.field = live.length;
      if (s.field > 1) rebalance(s.tables, alive, s.rng);
    }
    s.curve.push({ minutes: s.now / 60_000, playersLeft: s.field });
    if (s.onRound !== undefined) {
      const lives = s.stacks.flatMap((_, p) => (alive(p) ? [p] : []));
      s.onRound({ minutes: s.now / 60_000, field: s.field, stacks: lives.map((p) => s.stacks[p]!), styles: lives.map((p) => s.styles[p]!) });
    }
    if (s.field <= 1) break;
    s.now += s.roundMs;
  }
  return s;
}

export const resultOf = (s: SampleState): SampleResult => ({
  endMinutes: Math.round(s.now / 60_000),
  finished: s.field <= 1,
  rounds: s.rounds,
  hands: s.hands,
  curve: s.curve,
});

/** One whole run: the sample down to the field, then the field to its winner. */
export function sampleRun(o: SampleOptions): SampleResult {
  return resultOf(playRounds(startRun(o)));
}

/** Players the sample seats when the field has `field` players: the field's tables hold
 *  field ÷ ⌈field ÷ 10⌉ players on average (R-TBL-3 breaks a table as soon as the rest fit). */
export function sampleSize(tables: number, field: number): number {
  return Math.min(tables * TABLE_SIZE, Math.round((tables * field) / Math.ceil(field / TABLE_SIZE)));
}

/** After a round of the sample: empties the busted seats, then brings the sample to `target`
 *  players, a player moved in from another table being a copy of a random survivor (style
 *  and stack), one moved away leaving the sample, and balances the tables (R-TBL-2). */
function refill(tables: PredictTable[], live: readonly number[], target: number, styles: BotStyle[], stacks: number[], rng: RandomSource): void {
  for (const t of tables) t.seats.forEach((p, i) => p !== null && stacks[p]! <= 0 && (t.seats[i] = null));
  const here = shuffled(live, rng);
  while (here.length > target) {
    const p = here.pop()!;
    stacks[p] = 0;
    for (const t of tables) t.seats.forEach((q, i) => q === p && (t.seats[i] = null));
  }
  const free = stacks.flatMap((s, p) => (s <= 0 ? [p] : []));
  const survivors = [...here];
  for (let k = here.length; k < target && free.length > 0; k++) {
    const p = free.pop()!;
    const like = pick(survivors, rng);
    styles[p] = styles[like]!;
    stacks[p] = stacks[like]!;
    const sizes = tables.map((t) => t.seats.filter((q) => q !== null).length);
    const t = tables[sizes.indexOf(Math.min(...sizes))]!;
    const empty = t.seats.flatMap((q, i) => (q === null ? [i] : []));
    t.seats[pick(empty, rng)] = p;
  }
  rebalance(tables, (p) => stacks[p]! > 0, rng);
}

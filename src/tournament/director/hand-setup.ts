// What the hand engine needs for the next hand at a table: who is dealt in (PHH order),
// the button and blinds after any busts and moves (R-BTN, R-HU via the tournament rules),
// the level in force (R-TRN-1), mixed limit/no-limit blinds (R-BET-9), antes (R-BLIND-2).
import type { HandConfig } from "../../engine/index.ts";
import { firstHand, nextHand, nextTaken, type SeatedPlayer, type TableHand } from "../index.ts";
import { playedBlinds, type Level } from "../structure/index.ts";
import { entriesAt, levelFor, tableSizeOf, type TableState, type TournamentState } from "./state.ts";
import type { RuledHand, TournamentConfig } from "./types.ts";
import { levelInGame, mixedByOrbit, orbitGame, orbitsAt } from "./mixed-orbit.ts";

export interface HandSetup {
  readonly table: number;
  readonly hand: TableHand;
  readonly entries: readonly string[];
  readonly level: Level;
  readonly levelNumber: number;
  /** Engine configuration without a deck: the caller shuffles (R-DEAL-2). */
  readonly config: HandConfig;
}

/** Entries with chips at the table, by seat. */
export function seatedLive(s: TournamentState, t: TableState): SeatedPlayer[] {
  const out: SeatedPlayer[] = [];
  const at = entriesAt(s, t);
  for (let i = 0; i < t.seats.length; i++) {
    const id = t.seats[i];
    // New objects each hand, made together: the hand's report reads them together (reusing
    // the last hand's scattered them over the heap, and cost more in cache misses than it saved).
    if (id != null && at[i]!.stack > 0) out.push({ seat: i + 1, player: id });
  }
  return out;
}

/** Whether a hand set beforehand (a ruling) still fits the players at the table: the same players in the same seats. */
export function handFits(hand: TableHand, seated: readonly SeatedPlayer[]): boolean {
  const inHand = [...hand.order, ...(hand.waiting ?? [])];
  return inHand.length === seated.length && inHand.every((p) => seated.some((x) => x.seat === p.seat && x.player === p.player));
}

/** R-BTN-5: the ruled hand table `t` deals next, while the players it concerns are still there; else null. */
export function ruledHand(t: TableState, seated: readonly SeatedPlayer[]): RuledHand | null {
  const ruled = t.forced?.[0];
  return ruled !== undefined && t.hands >= (t.forcedFrom ?? 0) && handFits(ruled, seated) ? ruled : null;
}

function positions(s: TournamentState, t: TableState, seated: readonly SeatedPlayer[]): TableHand | null {
  const ruled = ruledHand(t, seated);
  if (ruled !== null) {
    const { level: _level, ...hand } = ruled;
    return hand;
  }
  const c = s.config!;
  const size = tableSizeOf(c);
  const rule = c.buttonRule ?? "dead";
  if (t.last !== null) {
    const r = nextHand(t.last, seated);
    if (r.ok) return r.value;
  }
  const taken = new Set(seated.map((x) => x.seat));
  const from = t.last?.button ?? t.firstButton;
  const button = taken.has(from) && t.last === null ? from : (nextTaken(from, taken, size) ?? seated[0]!.seat);
  const r = firstHand(seated, button, rule, size);
  return r.ok ? r.value : null;
}

/** The engine's configuration (without a deck) for a hand at these positions under `level`:
 *  blinds by seat, antes for all or the big blind's (R-BLIND-2, dead), limit or no-limit
 *  (R-BET-9). `stacks` are in PHH order, as `hand.order`. */
export function handConfigFor(
  hand: TableHand,
  level: Level,
  stacks: readonly number[],
  chipUnit: number,
  rules: Partial<Pick<TournamentConfig, "oddChip" | "oneCardKills">> = {},
): HandConfig {
  const blindsSet = playedBlinds(level);
  const n = hand.order.length;
  // One or two blinds each: a look along them costs less than sets, every hand.
  const blinds = hand.order.map((p) => (hand.bb.includes(p.seat) ? blindsSet.bb : hand.sb.includes(p.seat) ? blindsSet.sb : 0));
  const antes = new Array<number>(n).fill(0);
  if (blindsSet.ante > 0) {
    if (level.bigBlindAnte) {
      const i = hand.order.findIndex((p) => p.seat === hand.bb[0]);
      if (i >= 0) antes[i] = blindsSet.ante;
    } else antes.fill(blindsSet.ante);
  }
  const limit = level.game === "limit";
  return {
    variant: limit ? "FT" : "NT",
    stacks: [...stacks],
    blinds,
    antes,
    ...(level.bigBlindAnte ? { antePots: "dead" as const } : {}),
    // The minimum bet is the engine's: the big blind, never a straddle (R-BET-4).
    ...(limit ? { smallBet: blindsSet.bb, bigBet: 2 * blindsSet.bb } : {}),
    chipUnit,
    autoShowdown: true,
    // The room's showdown rules (R-POT-4, R-POT-6); absent: the engine's defaults.
    ...(rules.oddChip !== undefined && rules.oddChip !== "left-of-button" ? { oddChip: rules.oddChip } : {}),
    ...(rules.oneCardKills === true ? { oneCardKills: true } : {}),
  };
}

/** The next hand at table `t`, or null when fewer than two players there have chips. */
export function handSetup(s: TournamentState, t: TableState, now: number): HandSetup | null {
  const seated = seatedLive(s, t);
  if (seated.length < 2) return null;
  const hand = positions(s, t, seated);
  if (hand === null) return null;
  // A hand played back after a blind error is played at the error hand's level.
  const replayed = ruledHand(t, seated)?.level;
  const clock = replayed !== undefined ? { level: replayed, levelNumber: levelFor(s, t, now).levelNumber } : levelFor(s, t, now);
  const c = s.config!;
  // R-BET-9 by orbit: the table's own orbits say the game, the level both blind sets.
  const level =
    c.structure.mixedBy === "orbit" && mixedByOrbit(c.structure)
      ? levelInGame(clock.level, orbitGame(c.structure, orbitsAt(t, hand.button, tableSizeOf(c))))
      : clock.level;
  const entries = hand.order.map((p) => p.player);
  const at = entriesAt(s, t);
  const stacks = hand.order.map((p) => at[p.seat - 1]!.stack);
  const chipUnit = c.format.kind === "heads-up" ? c.structure.chips[0]! : s.chips[0]!;
  const config = handConfigFor(hand, level, stacks, chipUnit, c);
  return { table: t.id, hand, entries, level, levelNumber: clock.levelNumber, config };
}

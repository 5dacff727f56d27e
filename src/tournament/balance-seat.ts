// Who moves and to which seat when a table gives a player to a short one (R-TBL-2).
import { fail, ok, type Result } from "../lib/result.ts";
import { seatsAfter } from "./seats.ts";
import { emptySeats, type WorkTable } from "./table-model.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

/**
 * seed (default, seed 003): the player at the larger table who held the same position
 * relative to the button in its last hand as the busted player did at the short table
 * takes the busted player's seat (big blind for big blind).
 * tda (Poker TDA 2024): the player due to be the next big blind at the larger table moves to
 * the worst position at the short table: the seat that will pay the big blind first, which
 * may be the big blind itself but never the small blind.
 */
export type BalanceRule = "seed" | "tda";

export interface Choice {
  readonly player: string;
  readonly seat: number;
}

/** Position `position` of a hand of `n` players, as the same place relative to the button
 * in a hand of `m`: counted from the button's left for the first half of the table, from
 * its right for the rest (so the button maps to the button, the cut-off to the cut-off). */
export function samePosition(position: number, n: number, m: number): number {
  const fromRight = n - position;
  const mapped = position <= fromRight ? position : m - fromRight;
  return Math.min(Math.max(mapped, 1), m);
}

/** The TDA worst seat: first empty seat clockwise after the last big blind, never the
 * seat that posts the small blind next (last hand's big-blind seat). */
export function worstSeat(short: WorkTable, tableSize: number): number | undefined {
  const empty = new Set(emptySeats(short, tableSize));
  return seatsAfter(short.lastBB, tableSize).find((s) => empty.has(s) && s !== short.lastBB);
}

/** The TDA mover: the player who would be big blind next at the larger table. */
function nextBigBlind(large: WorkTable, tableSize: number): string | undefined {
  const seat = seatsAfter(large.lastBB, tableSize).find((s) => large.now.has(s));
  return seat === undefined ? undefined : large.now.get(seat);
}

function seedChoice(large: WorkTable, short: WorkTable): Choice | undefined {
  const vacated = [...short.vacated].sort((a, b) => a.position - b.position)[0];
  if (vacated === undefined) return undefined;
  const m = large.dealt.length;
  const start = samePosition(vacated.position, short.dealt.length, m);
  // If that player busted or has moved already, the next one clockwise goes.
  for (let i = 0; i < m; i++) {
    const p = large.dealt[(start - 1 + i) % m]!;
    if (large.now.get(p.seat) === p.player) return { player: p.player, seat: vacated.seat };
  }
  return undefined;
}

export function chooseMove(rule: BalanceRule, large: WorkTable, short: WorkTable, tableSize: number): Result<Choice> {
  const seed = rule === "seed" ? seedChoice(large, short) : undefined;
  if (seed) return ok(seed);
  // The TDA choice also serves the seed rule when the short table has no busted seat to fill.
  const player = nextBigBlind(large, tableSize);
  const seat = worstSeat(short, tableSize) ?? emptySeats(short, tableSize)[0];
  if (player === undefined || seat === undefined) {
    return fail(TOURNAMENT_ERRORS.noMove, `no player can move from ${large.id} to ${short.id}`);
  }
  return ok({ player, seat });
}

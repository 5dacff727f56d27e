// The working model the balancing and breaking rules share: each table's seats now, and
// what its last hand looked like (who was dealt in, where the button and big blind were).
import type { SeatedPlayer } from "./positions.ts";
import { nextTaken, orderFrom } from "./seats.ts";

/** A table as the balancing rules see it between hands. */
export interface BalanceTable {
  readonly id: string;
  /** Players seated in the last hand the table played, busted ones included. */
  readonly seats: readonly SeatedPlayer[];
  /** The button's seat in that hand. */
  readonly button: number;
  /** The big blind's seat in that hand; by default the second player left of the button
   * (the first, heads-up). Only the TDA rule needs it. */
  readonly bb?: number;
  /** Players who busted in that hand. */
  readonly busted?: readonly string[];
  /** The table is playing a hand now: nobody can be moved away from it yet. */
  readonly inHand?: boolean;
  /** Players moved in since that hand (they play from the next hand on). */
  readonly joined?: readonly SeatedPlayer[];
  /** Players moved away since that hand. */
  readonly departed?: readonly string[];
}

export interface Move {
  readonly player: string;
  readonly from: string;
  readonly to: string;
  readonly seat: number;
}

export interface WorkTable {
  readonly id: string;
  readonly inHand: boolean;
  readonly button: number;
  readonly lastBB: number;
  /** Players dealt in last hand, clockwise from left of the button (position 1, 2, ...). */
  readonly dealt: readonly SeatedPlayer[];
  /** seat → player now (busted players gone, moves applied). */
  readonly now: Map<number, string>;
  /** Seats emptied by last hand's busts and not yet refilled, with their position. */
  readonly vacated: { seat: number; position: number }[];
}

export function workTable(t: BalanceTable, tableSize: number): WorkTable {
  const busted = new Set(t.busted ?? []);
  const gone = new Set(t.departed ?? []);
  const joined = t.joined ?? [];
  const taken = new Set(t.seats.map((s) => s.seat));
  const bySeat = new Map(t.seats.map((s) => [s.seat, s]));
  const dealt = orderFrom(t.button, taken, tableSize).map((s) => bySeat.get(s)!);
  const firstLeft = nextTaken(t.button, taken, tableSize);
  const guessBB = dealt.length <= 2 ? firstLeft : nextTaken(firstLeft ?? t.button, taken, tableSize);
  return {
    id: t.id,
    inHand: t.inHand ?? false,
    button: t.button,
    lastBB: t.bb ?? guessBB ?? t.button,
    dealt,
    now: new Map([...t.seats.filter((s) => !busted.has(s.player) && !gone.has(s.player)), ...joined].map((s) => [s.seat, s.player])),
    vacated: dealt.flatMap((s, i) => (busted.has(s.player) && !joined.some((j) => j.seat === s.seat) ? [{ seat: s.seat, position: i + 1 }] : [])),
  };
}

export const count = (t: WorkTable): number => t.now.size;

export function emptySeats(t: WorkTable, tableSize: number): number[] {
  return Array.from({ length: tableSize }, (_, i) => i + 1).filter((s) => !t.now.has(s));
}

export function applyMove(from: WorkTable, to: WorkTable, player: string, seat: number): Move {
  for (const [s, p] of from.now) if (p === player) from.now.delete(s);
  to.now.set(seat, player);
  const i = to.vacated.findIndex((v) => v.seat === seat);
  if (i >= 0) to.vacated.splice(i, 1);
  return { player, from: from.id, to: to.id, seat };
}

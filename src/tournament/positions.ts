// The shapes of a table's button and blinds, and the small helpers both button rules use.
import { clockwise, nextSeat, nextTaken } from "./seats.ts";

/** R-BTN-2 dead button (default) or R-BTN-3 moving button. */
export type ButtonRule = "dead" | "moving";

export interface SeatedPlayer {
  readonly seat: number;
  readonly player: string;
}

/** Where the button and blinds are in one hand. */
export interface HandPositions {
  /** The button's seat; under the dead-button rule it may be an empty seat. */
  readonly button: number;
  /** Seats that post a small blind: none, one, or two (moving button). */
  readonly sb: readonly number[];
  /** Seats that post a big blind: one, or two (moving button). */
  readonly bb: readonly number[];
}

/** One hand at one table: what the hand engine needs, and the state the next hand folds from. */
export interface TableHand extends HandPositions {
  readonly rule: ButtonRule;
  readonly tableSize: number;
  /** Dead button: the seat the small blind belongs to (it may be empty, then nobody posts). */
  readonly sbSeat: number;
  /** Players dealt in, PHH order p1..pN: clockwise from the seat left of the button
   * (heads-up that is the big blind first, then the button). */
  readonly order: readonly SeatedPlayer[];
  /**
   * R-TBL-4, dead button: players new at the table seated between the button and the small
   * blind; they keep their seats but are not in `order` (not dealt in) until the button passes.
   */
  readonly waiting?: readonly SeatedPlayer[];
}

export function orderOf(button: number, seated: readonly SeatedPlayer[], tableSize: number): SeatedPlayer[] {
  // By seat in a plain array (a later player on the same seat wins, as a map's set would):
  // this runs for every hand at every table.
  const bySeat: (SeatedPlayer | undefined)[] = [];
  for (let i = 0; i <= tableSize; i++) bySeat.push(undefined);
  let n = 0;
  for (const p of seated) {
    if (!Number.isInteger(p.seat) || p.seat < 1 || p.seat > tableSize) continue;
    if (bySeat[p.seat] === undefined) n++;
    bySeat[p.seat] = p;
  }
  // Made at its length: the order outlives the hand (it is the table's last hand until the
  // next one ends), and a list grown from empty reserves room for seventeen.
  const out = new Array<SeatedPlayer>(n);
  let k = 0;
  let s = button;
  for (let i = 0; i < tableSize; i++) {
    s = nextSeat(s, tableSize);
    const p = bySeat[s];
    if (p !== undefined) out[k++] = p;
  }
  return out;
}

/** The clockwise-last big blind of a hand (the one the next big blind moves on from). */
export function lastBigBlind(hand: HandPositions, tableSize: number): number {
  if (hand.bb.length === 1) return hand.bb[0]!;
  return [...hand.bb].sort((a, b) => clockwise(hand.button, a, tableSize) - clockwise(hand.button, b, tableSize)).at(-1)!;
}

/** R-HU-1 / R-BTN-4: heads-up, decide the big blind first (the next player after the last
 * big blind, so nobody posts it twice running; `postedBB` names seats whose player posted a
 * big blind last hand, possible with a moving button's two); the other has the button and
 * the small blind. */
export function headsUp(afterBB: number, seats: ReadonlySet<number>, tableSize: number, postedBB: (seat: number) => boolean = () => false): HandPositions {
  const first = nextTaken(afterBB, seats, tableSize)!;
  const other = [...seats].find((s) => s !== first)!;
  const bb = postedBB(first) && !postedBB(other) ? other : first;
  const button = [...seats].find((s) => s !== bb)!;
  return { button, sb: [button], bb: [bb] };
}

// R-BTN-3 moving button: the button moves to the next player every hand, and every player
// still goes big blind, then small blind, then button. A player who would skip the big
// blind posts it anyway (two big blinds); one who posted the big blind last hand and now
// sits on the button posts the small blind with it (the seed's cases, seed 000).
import type { HandPositions, SeatedPlayer, TableHand } from "./positions.ts";
import { headsUp, lastBigBlind } from "./positions.ts";
import { nextTaken } from "./seats.ts";

export interface MovingButtonPositions extends HandPositions {
  readonly sbSeat: number;
}

export function nextMovingButtonHand(
  prev: TableHand,
  seated: readonly SeatedPlayer[],
  seats: ReadonlySet<number>,
): MovingButtonPositions {
  const size = prev.tableSize;
  if (seats.size === 2) {
    const hu = headsUp(lastBigBlind(prev, size), seats, size);
    return { ...hu, sbSeat: hu.button };
  }
  const before = new Map(prev.order.map((p) => [p.seat, p.player]));
  const now = new Map(seated.map((p) => [p.seat, p.player]));
  const samePlayer = (seat: number) => before.get(seat) === now.get(seat);
  const postedBB = (seat: number) => prev.bb.includes(seat) && samePlayer(seat);
  // R-TBL-4: a player new to the table takes the seat's position and owes nothing from before.
  const newcomer = (seat: number) => !prev.order.some((p) => p.player === now.get(seat));

  const button = nextTaken(prev.button, seats, size)!;
  const sbPos = nextTaken(button, seats, size)!;
  const bbPos = nextTaken(sbPos, seats, size)!;
  const sb: number[] = [];
  const bb: number[] = [];
  if (postedBB(button)) sb.push(button);
  if (postedBB(sbPos) || newcomer(sbPos)) sb.push(sbPos);
  else bb.push(sbPos);
  bb.push(bbPos);
  return { button, sb, bb, sbSeat: sbPos };
}

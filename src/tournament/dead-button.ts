// R-BTN-2 dead button: the big blind always moves on to the next player; the small blind
// is posted by whoever sits where last hand's big blind sat (nobody, if that seat is
// now empty); the button goes to last hand's small-blind seat, even if that seat is empty.
import type { HandPositions, TableHand } from "./positions.ts";
import { headsUp, lastBigBlind } from "./positions.ts";
import { clockwise, nextTaken } from "./seats.ts";

export interface DeadButtonPositions extends HandPositions {
  readonly sbSeat: number;
}

export function nextDeadButtonHand(prev: TableHand, seats: ReadonlySet<number>): DeadButtonPositions {
  const size = prev.tableSize;
  const lastBB = lastBigBlind(prev, size);
  if (seats.size === 2) {
    const hu = headsUp(lastBB, seats, size);
    return { ...hu, sbSeat: hu.button };
  }
  const bb = nextTaken(lastBB, seats, size)!;
  const sbSeat = lastBB;
  const sb = seats.has(sbSeat) ? [sbSeat] : [];
  let button = prev.sbSeat;
  // Only a player moved into a seat between the blinds can upset the order button → SB → BB;
  // then the button stands (possibly dead) just right of the small-blind seat.
  const inOrder = button !== sbSeat && button !== bb && clockwise(button, sbSeat, size) < clockwise(button, bb, size);
  if (!inOrder) button = ((sbSeat + size - 2) % size) + 1;
  return { button, sb, bb: [bb], sbSeat };
}

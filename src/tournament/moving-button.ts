// R-BTN-3 moving button: the button moves to the next player every hand, and every player
// still goes big blind, then small blind, then button. A player who would skip the big
// blind posts it anyway (two big blinds); one who posted the big blind last hand posts the
// small blind next, even on the button (the seed's cases, seed 000).
import type { HandPositions, SeatedPlayer, TableHand } from "./positions.ts";
import { headsUp, lastBigBlind } from "./positions.ts";
import { nextTaken, seatsAfter } from "./seats.ts";

export interface MovingButtonPositions extends HandPositions {
  readonly sbSeat: number;
}

export function nextMovingButtonHand(
  prev: TableHand,
  seated: readonly SeatedPlayer[],
  seats: ReadonlySet<number>,
): MovingButtonPositions {
  const size = prev.tableSize;
  const before = new Map(prev.order.map((p) => [p.seat, p.player]));
  const now = new Map(seated.map((p) => [p.seat, p.player]));
  const samePlayer = (seat: number) => before.get(seat) === now.get(seat);
  const postedBB = (seat: number) => prev.bb.includes(seat) && samePlayer(seat);
  // R-TBL-4: a player new to the table takes the seat's position and owes nothing from before.
  const newcomer = (seat: number) => !prev.order.some((p) => p.player === now.get(seat));
  if (seats.size === 2) {
    const hu = headsUp(lastBigBlind(prev, size), seats, size, postedBB);
    return { ...hu, sbSeat: hu.button };
  }

  const assign = (button: number) => {
    const sb: number[] = postedBB(button) ? [button] : [];
    const bb: number[] = [];
    // Walk left from the button: whoever posted the big blind last hand owes the small blind
    // (wherever they now sit); a player new to the table in the small-blind place posts it;
    // anyone else reached before the big-blind place would skip the big blind, so posts it;
    // the big blind goes to the first such player at or past the big-blind place.
    const walk = seatsAfter(button, size).filter((s) => seats.has(s) && s !== button);
    let place = 0;
    for (const seat of walk) {
      place++;
      if (postedBB(seat)) sb.push(seat);
      else if (place === 1 && newcomer(seat)) sb.push(seat);
      else {
        bb.push(seat);
        if (place >= 2) break;
      }
    }
    if (bb.length === 0) {
      // Everyone left of the button owes the small blind: a newcomer among them takes the big
      // blind instead; failing one, the last of them posts it again.
      const fresh = sb.findIndex((s) => s !== button && !postedBB(s));
      bb.push(fresh >= 0 ? sb.splice(fresh, 1)[0]! : sb.pop()!);
    }
    return { button, sb, bb, sbSeat: walk[0]! };
  };
  const first = assign(nextTaken(prev.button, seats, size)!);
  if (!first.bb.some(postedBB)) return first;
  // Short-handed with players moved in, the next seat's button can leave only last hand's big
  // blinds to post it; the button moves on to the first player for whom nobody posts twice.
  const others = seatsAfter(first.button, size).filter((s) => seats.has(s) && s !== first.button);
  for (const button of others) {
    const alt = assign(button);
    if (!alt.bb.some(postedBB)) return alt;
  }
  return first;
}

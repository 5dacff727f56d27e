// R-BTN-3 moving button: the button moves to the next player every hand, and every player
// still goes big blind, then small blind, then button. A player who would skip the big
// blind posts it anyway (two big blinds); one who posted the big blind last hand posts the
// small blind next, even on the button (the seed's cases, seed 000).
import type { HandPositions, SeatedPlayer, TableHand } from "./positions.ts";
import { headsUp, lastBigBlind } from "./positions.ts";
import { clockwise, nextTaken, seatsAfter } from "./seats.ts";

export interface MovingButtonPositions extends HandPositions {
  readonly sbSeat: number;
}

/** R-BTN-3: the button goes to the player who posted the small blind last hand (off the
 *  button), as every player goes big blind → small blind → button; a player who arrived
 *  between the button and that small blind (R-TBL-4) is passed over and posts when the
 *  blinds reach them. With two such small blinds it goes to the clockwise-last of them (the
 *  other arrived this orbit and has not posted a big blind here). Without one (it busted or
 *  left, or there was none) the button moves to the next player (R-BTN-1). */
function movingButtonSeat(prev: TableHand, seats: ReadonlySet<number>, samePlayer: (seat: number) => boolean): number {
  const size = prev.tableSize;
  const lastSB = prev.sb
    .filter((s) => s !== prev.button && seats.has(s) && samePlayer(s))
    .sort((a, b) => clockwise(prev.button, a, size) - clockwise(prev.button, b, size));
  return lastSB.at(-1) ?? nextTaken(prev.button, seats, size)!;
}

export function nextMovingButtonHand(prev: TableHand, seated: readonly SeatedPlayer[], seats: ReadonlySet<number>): MovingButtonPositions {
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

  const lastBB = lastBigBlind(prev, size);
  const assign = (button: number) => {
    const sb: number[] = postedBB(button) ? [button] : [];
    const bb: number[] = [];
    // Walk left from the button: whoever posted the big blind last hand owes the small blind
    // (wherever they now sit); a player new to the table in the small-blind place posts it;
    // anyone else reached before the big-blind place would skip the big blind, so posts it;
    // the big blind goes to the first such player at or past the big-blind place.
    // A newcomer further in who sits before last hand's big-blind seat has been passed by the
    // big blind this round already: they post nothing and take no place, and post when the
    // blinds come round to them (R-TBL-4). So does a player passed over so last hand (dealt
    // in, no blind): they still sit before that seat, and the big blind has passed them; taking
    // them for players who would skip it made them post two big blinds and left last hand's
    // big blind without its small blind.
    const walk = seatsAfter(button, size).filter((s) => seats.has(s) && s !== button);
    const passed = clockwise(prev.button, lastBB, size) <= clockwise(prev.button, button, size);
    const frontier = passed ? 0 : clockwise(button, lastBB, size);
    // Dealt in last hand without a blind (a newcomer then, passed over).
    const passedOver = (seat: number) => !newcomer(seat) && !prev.sb.includes(seat) && !prev.bb.includes(seat);
    let place = 0;
    for (const seat of walk) {
      // Only the seat right of the button is the small-blind place for a newcomer: one further
      // in, even when the players before them were passed over, sits where the blinds have been.
      if (clockwise(button, seat, size) < frontier && (passedOver(seat) || (seat !== walk[0] && newcomer(seat)))) continue;
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
  // The blinds follow the button clockwise: small blinds (off the button) before big blinds.
  const inOrder = (h: MovingButtonPositions) => {
    const at = (seat: number) => clockwise(h.button, seat, size);
    const lastSB = Math.max(0, ...h.sb.filter((x) => x !== h.button).map(at));
    return h.bb.every((x) => at(x) > lastSB);
  };
  const good = (h: MovingButtonPositions) => !h.bb.some(postedBB) && inOrder(h);
  const first = assign(movingButtonSeat(prev, seats, samePlayer));
  if (good(first)) return first;
  // Short-handed with players moved in, the button's seat can leave only last hand's big
  // blinds to post it, or put a big blind before a small blind; the button moves on to the
  // first player for whom nobody posts twice and the blinds are in order.
  const others = seatsAfter(first.button, size).filter((s) => seats.has(s) && s !== first.button);
  const alts = others.map(assign);
  return alts.find(good) ?? (first.bb.some(postedBB) ? alts.find((h) => !h.bb.some(postedBB)) : undefined) ?? first;
}

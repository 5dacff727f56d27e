// Button and blinds from one hand to the next at one table (R-BTN-1..4, R-HU-1/2).
// A table's blind state is the last hand's positions; `nextHand` folds it forward, so a
// table's whole history is `hands.reduce(nextHand)` over the seatings between hands.
import { fail, ok, type Result } from "../lib/result.ts";
import { nextDeadButtonHand } from "./dead-button.ts";
import { nextMovingButtonHand } from "./moving-button.ts";
import { orderOf, type ButtonRule, type HandPositions, type SeatedPlayer, type TableHand } from "./positions.ts";
import { clockwise, nextTaken } from "./seats.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

export type { ButtonRule, HandPositions, SeatedPlayer, TableHand } from "./positions.ts";
export { headsUp, lastBigBlind, orderOf } from "./positions.ts";

function validSeating(seated: readonly SeatedPlayer[], tableSize: number): Result<Set<number>> {
  const seats = new Set<number>();
  for (const s of seated) seats.add(s.seat);
  // A table seats a handful: comparing pairs costs less than a set of names, every hand.
  let samePlayer = false;
  for (let i = 1; i < seated.length && !samePlayer; i++) for (let j = 0; j < i; j++) if (seated[i]!.player === seated[j]!.player) samePlayer = true;
  if (seats.size !== seated.length || samePlayer) {
    return fail(TOURNAMENT_ERRORS.badSeating, "each seat holds one player and each player one seat");
  }
  if (seated.some((s) => !Number.isInteger(s.seat) || s.seat < 1 || s.seat > tableSize)) {
    return fail(TOURNAMENT_ERRORS.badSeat, `seats are numbered 1..${tableSize}`, { tableSize });
  }
  if (seated.length < 2) return fail(TOURNAMENT_ERRORS.tooFewPlayers, "a hand needs at least two players");
  return ok(seats);
}

/** The first hand at a table, with the button where the draw (R-DEAL-6) or the table put it. */
export function firstHand(seated: readonly SeatedPlayer[], button: number, rule: ButtonRule = "dead", tableSize = 10): Result<TableHand> {
  const check = validSeating(seated, tableSize);
  if (!check.ok) return check;
  const seats = check.value;
  if (!seats.has(button)) return fail(TOURNAMENT_ERRORS.badButton, `seat ${button} is empty`, { button });
  let pos: HandPositions;
  if (seats.size === 2) {
    const bb = nextTaken(button, seats, tableSize)!;
    pos = { button, sb: [button], bb: [bb] };
  } else {
    const sb = nextTaken(button, seats, tableSize)!;
    pos = { button, sb: [sb], bb: [nextTaken(sb, seats, tableSize)!] };
  }
  return ok({ ...pos, rule, tableSize, sbSeat: pos.sb[0]!, order: orderOf(pos.button, seated, tableSize) });
}

/**
 * The next hand's button and blinds (R-BTN-1..4), given who is seated now: the players of
 * the last hand minus those who busted, plus anyone moved in (R-TBL-4: a moved player
 * takes the position of the new seat).
 */
export function nextHand(prev: TableHand, seated: readonly SeatedPlayer[]): Result<TableHand> {
  const check = validSeating(seated, prev.tableSize);
  if (!check.ok) return check;
  const seats = check.value;
  const pos = prev.rule === "moving" ? nextMovingButtonHand(prev, seated, seats) : nextDeadButtonHand(prev, seats);
  const size = prev.tableSize;
  // R-TBL-4 (TDA), dead button: a player new at the table whose seat is between the button and
  // the small blind would play an orbit without posting; they wait until the button passes.
  const waiting =
    prev.rule === "moving"
      ? []
      : seated.filter(
          (x) =>
            x.seat !== pos.button &&
            clockwise(pos.button, x.seat, size) < clockwise(pos.button, pos.sbSeat, size) &&
            !prev.order.some((o) => o.player === x.player),
        );
  // Only while three or more are dealt in: with two the hand would be heads-up on positions
  // drawn for more (R-HU-1 puts the button on a player), so the newcomer plays at once.
  const waits = waiting.length > 0 && seated.length - waiting.length >= 3;
  // Spelled out rather than spread (same fields, same order): this runs for every hand at every table.
  const order = orderOf(pos.button, waits ? seated.filter((x) => !waiting.includes(x)) : seated, size);
  const hand: TableHand = { button: pos.button, sb: pos.sb, bb: pos.bb, sbSeat: pos.sbSeat, rule: prev.rule, tableSize: size, order };
  return ok(waits ? { ...hand, waiting } : hand);
}

/**
 * A table state from positions known from elsewhere (a case, a live table being taken
 * over): the hand's seating and its button and blinds. Without a small blind the dead
 * small-blind seat is taken to be the seat just right of the big blind.
 */
export function handFromPositions(rule: ButtonRule, tableSize: number, seated: readonly SeatedPlayer[], pos: HandPositions): Result<TableHand> {
  const check = validSeating(seated, tableSize);
  if (!check.ok) return check;
  if (pos.bb.length === 0) return fail(TOURNAMENT_ERRORS.noBigBlind, "a hand has a big blind");
  const firstBB = [...pos.bb].sort((a, b) => clockwise(pos.button, a, tableSize) - clockwise(pos.button, b, tableSize))[0]!;
  const sbSeat = pos.sb.find((s) => s !== pos.button) ?? pos.sb[0] ?? ((firstBB + tableSize - 2) % tableSize) + 1;
  return ok({ ...pos, rule, tableSize, sbSeat, order: orderOf(pos.button, seated, tableSize) });
}

// Live blind errors (R-BTN-5, seed 002 question 2): the player due the big blind posted the
// small blind and the next player posted the big blind. Two or more active actions (a check
// counts) and the hand plays on, then play goes back one hand; fewer, and the blinds are
// put right at once.
import { fail, ok, type Result } from "../lib/result.ts";
import { nextHand, orderOf } from "./blinds.ts";
import type { HandPositions, SeatedPlayer, TableHand } from "./positions.ts";
import { nextTaken } from "./seats.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

/**
 * Who has the button in the hand after the replayed one. "wrong-bb" (default) is R-BTN-5 as
 * written: the player who posted the wrong big blind. "replayed-bb" is the other reading of
 * seed 002 ("the player who posted the big blind gets the button": the one who posted it in
 * the replayed hand), under which every player pays one big blind per orbit; as written,
 * the player after the wrong big blind skips it.
 */
export type BlindErrorButton = "wrong-bb" | "replayed-bb";

export interface BlindCorrection {
  /** "correct-now": take the wrong blinds back, post `current`; "continue": play the hand on. */
  readonly action: "correct-now" | "continue";
  /** The positions this hand is played with. */
  readonly current: HandPositions;
  /** The next two hands, forced; fold on from the second. The first of a "continue" is the
   * replayed hand: the skipped player posts the big blind, nobody the small blind, and it is
   * played at the blind level of the hand with the error (`previousLevel`). */
  readonly next: readonly [TableHand & { readonly previousLevel: boolean }, TableHand & { readonly previousLevel: boolean }];
}

/**
 * @param expected the hand as it should have been (from `nextHand`)
 * @param posted the button and blinds actually put out
 * @param activeActions active actions taken when the error was noticed (a check counts)
 * @param seated the players for the next hands (after this hand's busts)
 */
export function correctBlindError(
  expected: TableHand,
  posted: HandPositions,
  activeActions: number,
  seated: readonly SeatedPlayer[],
  buttonTo: BlindErrorButton = "wrong-bb",
): Result<BlindCorrection> {
  const size = expected.tableSize;
  const skipped = expected.bb[0];
  const dealt = new Set(expected.order.map((p) => p.seat));
  const wrongBB = skipped === undefined ? undefined : nextTaken(skipped, dealt, size);
  if (skipped === undefined || expected.bb.length !== 1 || !posted.sb.includes(skipped) || posted.bb.length !== 1 || posted.bb[0] !== wrongBB) {
    return fail(TOURNAMENT_ERRORS.unknownBlindError, "R-BTN-5 covers a big blind posted as the small blind with the next player posting the big blind");
  }
  if (!(Number.isInteger(activeActions) && activeActions >= 0)) {
    return fail(TOURNAMENT_ERRORS.badActionCount, "the count of active actions is a whole number");
  }
  const plain = (h: TableHand) => ({ ...h, previousLevel: false });
  if (activeActions < 2) {
    const n1 = nextHand(expected, seated);
    if (!n1.ok) return n1;
    const n2 = nextHand(n1.value, seated);
    if (!n2.ok) return n2;
    return ok({ action: "correct-now", current: expected, next: [plain(n1.value), plain(n2.value)] });
  }
  const seats = new Set(seated.map((s) => s.seat));
  const stillHere = (seat: number) => seated.some((s) => s.seat === seat && expected.order.some((p) => p.seat === seat && p.player === s.player));
  if (!stillHere(skipped) || !stillHere(wrongBB!) || seats.size < 3) {
    // The players the correction concerns are gone (or heads-up): play on normally.
    const n1 = nextHand({ ...expected, ...posted, sbSeat: skipped }, seated);
    if (!n1.ok) return n1;
    const n2 = nextHand(n1.value, seated);
    if (!n2.ok) return n2;
    return ok({ action: "continue", current: posted, next: [plain(n1.value), plain(n2.value)] });
  }
  const replay: TableHand = {
    ...expected,
    sb: [],
    bb: [skipped],
    sbSeat: expected.sbSeat,
    order: orderOf(expected.button, seated, size),
  };
  const button = buttonTo === "wrong-bb" ? wrongBB! : skipped;
  const sb = nextTaken(button, seats, size)!;
  const after: TableHand = {
    ...expected,
    button,
    sb: [sb],
    bb: [nextTaken(sb, seats, size)!],
    sbSeat: sb,
    order: orderOf(button, seated, size),
  };
  return ok({ action: "continue", current: posted, next: [{ ...replay, previousLevel: true }, plain(after)] });
}

import type { BlindErrorRuling, Blinds } from "../../../src/protocol/index.ts";

export interface BlindErrorFacts {
  /** Should have posted the big blind, posted the small blind instead. */
  readonly skippedBigBlindSeat: number;
  /** The next player, who posted the big blind by mistake. */
  readonly wrongBigBlindSeat: number;
  /** Active actions (a check counts) taken when the error was noticed. */
  readonly activeActions: number;
  /** The blinds of the hand in which the error happened (the "previous hand" after it). */
  readonly handBlinds: Blinds;
}

/**
 * R-BTN-5 (seed 002, q. 2): with two or more active actions the hand stands; then play
 * goes back one hand (the skipped player posts the big blind, no small blind, at the
 * previous hand's level) and the hand after gives the button to the wrong big blind.
 * With fewer than two, the blinds are corrected at once. The server rules; this preview
 * lets the wizard explain the outcome before the floor confirms.
 */
export function blindErrorRuling(f: BlindErrorFacts): BlindErrorRuling {
  if (f.activeActions < 2) return { outcome: "correct-now", nextHand: null, followingHandButton: null };
  return {
    outcome: "continue-then-go-back",
    nextHand: { bigBlindSeat: f.skippedBigBlindSeat, smallBlind: null, blinds: f.handBlinds },
    followingHandButton: f.wrongBigBlindSeat,
  };
}

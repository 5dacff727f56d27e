import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { handFromPositions, nextHand, type SeatedPlayer } from "./blinds.ts";
import { correctBlindError } from "./blind-errors.ts";

// Seed 002, question 2: the big blind (C, seat 3) busted last hand; D (seat 4), due the big
// blind, posted the small blind and E (seat 5) the big blind.
const before: SeatedPlayer[] = [..."ABCDEF"].map((player, i) => ({ seat: i + 1, player }));
const now = before.filter((s) => s.player !== "C");
const expected = unwrap(nextHand(unwrap(handFromPositions("dead", 9, before, { button: 1, sb: [2], bb: [3] })), now));
const wrong = { button: 2, sb: [4], bb: [5] };
const pos = (h: { button: number; sb: readonly number[]; bb: readonly number[] }) => ({ button: h.button, sb: [...h.sb], bb: [...h.bb] });

describe("blind errors (R-BTN-5)", () => {
  it("the expected hand is button 2, no small blind, D's big blind", () => {
    expect(pos(expected)).toEqual({ button: 2, sb: [], bb: [4] });
  });
  it("R-BTN-5: fewer than two active actions: the blinds are corrected at once", () => {
    for (const actions of [0, 1]) {
      const c = unwrap(correctBlindError(expected, wrong, actions, now));
      expect(c.action).toBe("correct-now");
      expect(pos(c.current)).toEqual({ button: 2, sb: [], bb: [4] });
      expect(c.next.map(pos)).toEqual([
        { button: 3, sb: [4], bb: [5] },
        { button: 4, sb: [5], bb: [6] },
      ]);
    }
  });
  it("R-BTN-5: two or more active actions: play on, then D posts the skipped big blind without a small blind at the old level, then E gets the button", () => {
    const c = unwrap(correctBlindError(expected, wrong, 2, now));
    expect(c.action).toBe("continue");
    expect(pos(c.next[0])).toEqual({ button: 2, sb: [], bb: [4] });
    expect(c.next[0].previousLevel).toBe(true);
    expect(pos(c.next[1])).toEqual({ button: 5, sb: [6], bb: [1] });
    expect(c.next[1].previousLevel).toBe(false);
    // Folding on from the forced hand continues normally.
    expect(pos(unwrap(nextHand(c.next[1], now)))).toEqual({ button: 6, sb: [1], bb: [2] });
  });
  it("R-BTN-5: each player still pays exactly one big blind over the error and its correction", () => {
    const c = unwrap(correctBlindError(expected, wrong, 3, now));
    const bbs = [wrong.bb[0], ...c.next.map((h) => h.bb[0])];
    expect(new Set(bbs).size).toBe(bbs.length);
  });
  it("R-BTN-5 as written: the player after the wrong big blind (F) does not post one this orbit", () => {
    const c = unwrap(correctBlindError(expected, wrong, 2, now));
    expect(c.next[1].bb).toEqual([1]);
  });
  it("R-BTN-5 option replayed-bb: D, who posted the replayed big blind, gets the button and F posts the big blind", () => {
    const c = unwrap(correctBlindError(expected, wrong, 2, now, "replayed-bb"));
    expect(pos(c.next[1])).toEqual({ button: 4, sb: [5], bb: [6] });
    const bbs = [wrong.bb[0], ...c.next.map((h) => h.bb[0])];
    expect(bbs).toEqual([5, 4, 6]);
  });
  it("other mistakes are not this rule's and are refused", () => {
    expect(correctBlindError(expected, { button: 2, sb: [5], bb: [6] }, 2, now).ok).toBe(false);
  });
});

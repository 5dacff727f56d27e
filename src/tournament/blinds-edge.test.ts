import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { firstHand, handFromPositions, nextHand, type ButtonRule, type SeatedPlayer, type TableHand } from "./blinds.ts";

const seat = (seat: number, player: string): SeatedPlayer => ({ seat, player });
const pos = (h: TableHand) => ({ button: h.button, sb: [...h.sb], bb: [...h.bb] });

describe("blinds with players moved in (R-TBL-4)", () => {
  it("R-BTN-3 + R-TBL-4: a newcomer in the small-blind place posts it; last hand's big blind never posts it again", () => {
    const prev = unwrap(handFromPositions("moving", 9, [seat(2, "b"), seat(3, "c"), seat(5, "e"), seat(6, "f")], { button: 2, sb: [3], bb: [5] }));
    const h = unwrap(nextHand(prev, [seat(2, "b"), seat(3, "c"), seat(4, "X"), seat(5, "e"), seat(6, "f")]));
    expect(pos(h)).toEqual({ button: 3, sb: [4, 5], bb: [6] });
  });
  it("R-BTN-3 + R-TBL-4: a newcomer between the button and the small blind waits for the blinds; one SB and one BB every hand", () => {
    // Seats 1, 3, 4, 5, 6: button 1, small blind 3, big blind 4; a player arrives in seat 2.
    const prev = unwrap(
      handFromPositions(
        "moving",
        9,
        [1, 3, 4, 5, 6].map((s) => seat(s, `s${s}`)),
        { button: 1, sb: [3], bb: [4] },
      ),
    );
    const seated = [1, 2, 3, 4, 5, 6].map((s) => seat(s, s === 2 ? "X" : `s${s}`));
    const hands: TableHand[] = [];
    let h = prev;
    for (let k = 0; k < 8; k++) hands.push((h = unwrap(nextHand(h, seated))));
    expect(hands.slice(0, 6).map(pos)).toEqual([
      { button: 3, sb: [4], bb: [5] }, // BB → SB → button: 4, then 3 on the button
      { button: 4, sb: [5], bb: [6] },
      { button: 5, sb: [6], bb: [1] },
      { button: 6, sb: [1], bb: [2] }, // the blinds reach the newcomer
      { button: 1, sb: [2], bb: [3] },
      { button: 2, sb: [3], bb: [4] },
    ]);
  });
  it("R-BTN-3 + R-TBL-4: a newcomer past a passed-over player, in the seat last hand's small blind left, posts nothing", () => {
    // Seats 1-7: button 5, small blinds 6 (new0, arrived in the small-blind place) and 1 (s1,
    // last hand's big blind), big blind 2; new1 in seat 7 was passed over. Then s1 leaves and
    // new2 sits in seat 1: the blinds have been there this orbit, so new2 waits for them.
    const prev = unwrap(
      handFromPositions("moving", 7, [seat(1, "s1"), seat(2, "s2"), seat(3, "s3"), seat(4, "s4"), seat(5, "s5"), seat(6, "new0"), seat(7, "new1")], {
        button: 5,
        sb: [6, 1],
        bb: [2],
      }),
    );
    const h = unwrap(nextHand(prev, [seat(1, "new2"), seat(2, "s2"), seat(3, "s3"), seat(4, "s4"), seat(5, "s5"), seat(6, "new0"), seat(7, "new1")]));
    expect(pos(h)).toEqual({ button: 6, sb: [2], bb: [3] });
  });
  it("R-BTN-4 moving: two big blinds left heads-up with a newcomer: the newcomer takes the big blind", () => {
    const prev = unwrap(handFromPositions("moving", 9, [seat(1, "a"), seat(3, "c"), seat(5, "e")], { button: 1, sb: [], bb: [3, 5] }));
    expect(pos(unwrap(nextHand(prev, [seat(3, "c"), seat(4, "X")])))).toEqual({ button: 3, sb: [3], bb: [4] });
  });
  it("R-BTN-2: a newcomer between the blinds cannot put the button on the big blind", () => {
    // heads-up 1 (button) v 5, then a player sits in seat 3: three-handed again.
    const hu = unwrap(firstHand([seat(1, "a"), seat(5, "e")], 1, "dead", 9));
    const h = unwrap(nextHand(hu, [seat(1, "a"), seat(3, "X"), seat(5, "e")]));
    expect(h.bb).toEqual([1]);
    expect(h.sb).toEqual([5]);
    expect(h.button).not.toBe(1);
    expect(h.order.at(-1)!.player).toBe("X");
  });
});

const arbRun = fc.record({
  rule: fc.constantFrom<ButtonRule>("dead", "moving"),
  size: fc.integer({ min: 2, max: 10 }),
  steps: fc.array(fc.record({ bust: fc.integer({ min: 0, max: 9 }), join: fc.integer({ min: 0, max: 30 }) }), { maxLength: 40 }),
});

describe("blinds property (R-BTN-1..4, R-HU-1)", () => {
  it("one table, random busts and arrivals: one or two big blinds, never the same player twice running, button posts only the small blind, heads-up button is the small blind", () => {
    fc.assert(
      fc.property(arbRun, ({ rule, size, steps }) => {
        let seated: SeatedPlayer[] = Array.from({ length: size }, (_, i) => seat(i + 1, `p${i}`));
        let hand = unwrap(firstHand(seated, 1, rule, size));
        let n = size;
        for (const step of steps) {
          const next = seated.filter((_, i) => i !== step.bust % seated.length || seated.length <= 2);
          const empty = Array.from({ length: size }, (_, i) => i + 1).filter((s) => !next.some((p) => p.seat === s));
          if (step.join < 10 && empty.length > 0) next.push(seat(empty[step.join % empty.length]!, `p${n++}`));
          seated = next.sort((a, b) => a.seat - b.seat);
          const prev = hand;
          hand = unwrap(nextHand(prev, seated));
          const seats = new Set(seated.map((s) => s.seat));
          // Everyone seated is dealt in, except (dead button, R-TBL-4) a newcomer waiting for the button to pass.
          expect([...hand.order, ...(hand.waiting ?? [])]).toHaveLength(seated.length);
          if (rule === "moving") expect(hand.waiting).toBeUndefined();
          for (const w of hand.waiting ?? []) expect(prev.order.some((p) => p.player === w.player)).toBe(false);
          expect(hand.bb.length === 1 || (rule === "moving" && hand.bb.length === 2)).toBe(true);
          for (const s of [...hand.bb, ...hand.sb]) expect(seats.has(s)).toBe(true);
          expect(hand.bb).not.toContain(hand.button);
          if (seated.length === 2) expect(hand.sb).toEqual([hand.button]);
          const prevBB = prev.bb.map((s) => prev.order.find((p) => p.seat === s)!.player);
          const nowBB = hand.bb.map((s) => hand.order.find((p) => p.seat === s)!.player);
          const unavoidable = seated.every((p) => prevBB.includes(p.player));
          if (!unavoidable) for (const p of nowBB) expect(prevBB).not.toContain(p);
          if (rule === "dead") expect(hand.sb.length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});

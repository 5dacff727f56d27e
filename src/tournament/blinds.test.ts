import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { firstHand, handFromPositions, nextHand, type ButtonRule, type SeatedPlayer, type TableHand } from "./blinds.ts";
import { forcedBets } from "./forced-bets.ts";

const table = (names: string, first = 1): SeatedPlayer[] => [...names].map((player, i) => ({ seat: first + i, player }));
const without = (seated: SeatedPlayer[], ...gone: string[]) => seated.filter((s) => !gone.includes(s.player));
const pos = (h: TableHand) => ({ button: h.button, sb: [...h.sb], bb: [...h.bb] });

/** Seed 000's table: A–F in seats 1–6, A on the button, B small blind, C big blind. */
function seed000(rule: ButtonRule): TableHand {
  return unwrap(handFromPositions(rule, 9, table("ABCDEF"), { button: 1, sb: [2], bb: [3] }));
}

function play(start: TableHand, seated: SeatedPlayer[], hands: number) {
  const out: TableHand[] = [];
  let h = start;
  for (let i = 0; i < hands; i++) out.push((h = unwrap(nextHand(h, seated))));
  return out;
}

describe("dead button (R-BTN-2)", () => {
  it("R-BTN-1: with nobody busting the button moves one player a hand", () => {
    const h = play(seed000("dead"), table("ABCDEF"), 6).map((x) => x.button);
    expect(h).toEqual([2, 3, 4, 5, 6, 1]);
  });
  it("R-BTN-2: small blind busts: the button goes to the empty seat, the previous button acts last again", () => {
    const [h1] = play(seed000("dead"), without(table("ABCDEF"), "B"), 1);
    expect(pos(h1!)).toEqual({ button: 2, sb: [3], bb: [4] });
    expect(h1!.order.at(-1)!.player).toBe("A");
  });
  it("R-BTN-2: big blind busts: former SB gets the button, no SB, then a dead button on the empty seat", () => {
    const hands = play(seed000("dead"), without(table("ABCDEF"), "C"), 2).map(pos);
    expect(hands).toEqual([
      { button: 2, sb: [], bb: [4] },
      { button: 3, sb: [4], bb: [5] },
    ]);
  });
  it("R-BTN-2: both blinds bust: the same player keeps the last action three hands", () => {
    const start = seed000("dead");
    const hands = [start, ...play(start, without(table("ABCDEF"), "B", "C"), 3)];
    expect(hands.map((h) => h.order.at(-1)!.player)).toEqual(["A", "A", "A", "D"]);
  });
  it("R-TBL-4: a player moved into last hand's big-blind seat posts the small blind", () => {
    const seated = [...without(table("ABCDEF"), "C"), { seat: 3, player: "X" }];
    expect(pos(play(seed000("dead"), seated, 1)[0]!)).toEqual({ button: 2, sb: [3], bb: [4] });
  });
});

describe("moving button (R-BTN-3, seed 000)", () => {
  it("B busts: C has the button and the small blind, D and E big blinds; then D and E small, F big", () => {
    const hands = play(seed000("moving"), without(table("ABCDEF"), "B"), 3).map(pos);
    expect(hands).toEqual([
      { button: 3, sb: [3], bb: [4, 5] },
      { button: 4, sb: [4, 5], bb: [6] },
      { button: 5, sb: [6], bb: [1] },
    ]);
  });
  it("C busts: B has the button, no small blind, D and E big blinds; then D button and D, E small, F big", () => {
    const hands = play(seed000("moving"), without(table("ABCDEF"), "C"), 2).map(pos);
    expect(hands).toEqual([
      { button: 2, sb: [], bb: [4, 5] },
      { button: 4, sb: [4, 5], bb: [6] },
    ]);
  });
});

describe("heads-up (R-BTN-4, R-HU-1)", () => {
  const three = (rule: ButtonRule) => unwrap(handFromPositions(rule, 9, table("123"), { button: 1, sb: [2], bb: [3] }));
  for (const rule of ["dead", "moving"] as const) {
    it(`R-BTN-4 (${rule}): button busts → 2 has BB, 3 SB and button`, () => {
      expect(pos(play(three(rule), without(table("123"), "1"), 1)[0]!)).toEqual({ button: 3, sb: [3], bb: [2] });
    });
    it(`R-BTN-4 (${rule}): small blind busts → 1 has BB, 3 SB and button`, () => {
      expect(pos(play(three(rule), without(table("123"), "2"), 1)[0]!)).toEqual({ button: 3, sb: [3], bb: [1] });
    });
    it(`R-BTN-4 (${rule}): big blind busts → 1 has BB, 2 SB and button`, () => {
      expect(pos(play(three(rule), without(table("123"), "3"), 1)[0]!)).toEqual({ button: 2, sb: [2], bb: [1] });
    });
  }
  it("R-HU-2: heads-up order is big blind first (p1), then the button (p2)", () => {
    const h = unwrap(firstHand(table("XY", 4), 4));
    expect(h.order.map((p) => p.player)).toEqual(["Y", "X"]);
    expect(pos(h)).toEqual({ button: 4, sb: [4], bb: [5] });
  });
});

describe("first hand and forced bets", () => {
  it("R-BLIND-1: small blind left of the button, big blind left of it; PHH order from the button's left", () => {
    const h = unwrap(firstHand(table("ABCD"), 4));
    expect(pos(h)).toEqual({ button: 4, sb: [1], bb: [2] });
    expect(h.order.map((p) => p.player)).toEqual(["A", "B", "C", "D"]);
  });
  it("R-BLIND-2: every player antes; with the big-blind ante only the big blind does", () => {
    const h = unwrap(firstHand(table("ABCD"), 4));
    expect(forcedBets(h, { sb: 50, bb: 100, ante: 10 })).toEqual({
      players: ["A", "B", "C", "D"],
      blinds: [50, 100, 0, 0],
      antes: [10, 10, 10, 10],
      antePots: "layered",
    });
    expect(forcedBets(h, { sb: 50, bb: 100, ante: 100, bigBlindAnte: true }).antes).toEqual([0, 100, 0, 0]);
  });
  it("R-BTN-3: a button that also posts the small blind owes both in the forced bets", () => {
    const [h] = play(seed000("moving"), without(table("ABCDEF"), "B"), 1);
    expect(forcedBets(h!, { sb: 5, bb: 10, ante: 0 })).toMatchObject({ players: ["D", "E", "F", "A", "C"], blinds: [10, 10, 0, 0, 5] });
  });
  it("bad seatings are refused", () => {
    expect(nextHand(seed000("dead"), [{ seat: 1, player: "A" }]).ok).toBe(false);
    expect(
      nextHand(seed000("dead"), [
        { seat: 1, player: "A" },
        { seat: 1, player: "B" },
      ]).ok,
    ).toBe(false);
    expect(
      nextHand(seed000("dead"), [
        { seat: 1, player: "A" },
        { seat: 12, player: "B" },
      ]).ok,
    ).toBe(false);
    expect(firstHand(table("ABC"), 7).ok).toBe(false);
  });
});

describe("R-TBL-4: a newcomer between the button and the small blind (dead button)", () => {
  it("is seated but not dealt in until the button passes; a newcomer anywhere else plays at once", () => {
    // Seats 1, 2, 4, 5, 6: A on the button, B small blind, D big blind (seat 3 empty).
    const seated = [...table("AB"), ...table("DEF", 4)];
    const first = unwrap(firstHand(seated, 1, "dead", 9));
    expect(pos(first)).toEqual({ button: 1, sb: [2], bb: [4] });
    // X is moved into seat 3: next hand the button is on 2 and the small blind belongs to 4.
    const withX = [...seated, { seat: 3, player: "X" }];
    const next = unwrap(nextHand(first, withX));
    expect(pos(next)).toEqual({ button: 2, sb: [4], bb: [5] });
    expect(next.waiting).toEqual([{ seat: 3, player: "X" }]);
    expect(next.order.map((p) => p.player)).toEqual(["D", "E", "F", "A", "B"]);
    // The button has passed seat 3: X is dealt in, before the button.
    const after = unwrap(nextHand(next, withX));
    expect(pos(after)).toEqual({ button: 4, sb: [5], bb: [6] });
    expect(after.waiting).toBeUndefined();
    expect(after.order.map((p) => p.player)).toEqual(["E", "F", "A", "B", "X", "D"]);
    // Y moved into seat 7 (after the big blind): plays the next hand at once.
    const y = unwrap(nextHand(first, [...seated, { seat: 7, player: "Y" }]));
    expect(y.waiting).toBeUndefined();
  });

  it("a moving button deals a newcomer in at once (its blinds come round)", () => {
    const seated = [...table("AB"), ...table("DEF", 4)];
    const first = unwrap(firstHand(seated, 1, "moving", 9));
    const next = unwrap(nextHand(first, [...seated, { seat: 3, player: "X" }]));
    expect(next.waiting).toBeUndefined();
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { checkConverted } from "./pokerstars-check.ts";
import { parsePokerStars, parsePokerStarsEach } from "./pokerstars-read.ts";

const one = (text: string) => {
  const hands = unwrap(parsePokerStars(text, "t.txt"));
  expect(hands).toHaveLength(1);
  return hands[0]!;
};

const HEADS_UP = `PokerStars Hand #1: Hold'em No Limit (50/100) - 2024/01/02 10:00:00 ET
Table 'Duo' 2-max Seat #1 is the button
Seat 1: Alice (5000 in chips)
Seat 2: Bob (3000 in chips)
Alice: posts small blind 50
Bob: posts big blind 100
*** HOLE CARDS ***
Dealt to Bob [Ah Kh]
Alice: raises 200 to 300
Bob: calls 200
*** FLOP *** [2c 7d 9s]
Bob: checks
Alice: bets 400
Bob: folds
Uncalled bet (400) returned to Alice
Alice collected 600 from pot
Alice: doesn't show hand
*** SUMMARY ***
Total pot 600 | Rake 0
Board [2c 7d 9s]
Seat 1: Alice (button) (small blind) collected (600)
Seat 2: Bob (big blind) folded on the Flop`;

describe("PokerStars reader: player order and forced bets", () => {
  it("R-HU-1: heads-up p1 is the big blind, p2 the button; PHH lists the blinds button first", () => {
    const h = one(HEADS_UP);
    expect(h.hand.players).toEqual(["Bob", "Alice"]);
    expect(h.hand.startingStacks).toEqual([3000, 5000]);
    expect(h.hand.blindsOrStraddles).toEqual([50, 100]);
    expect(h.hand.actions).toEqual(["d dh p1 AhKh", "d dh p2 ????", "p2 cbr 300", "p1 cc", "d db 2c7d9s", "p1 cc", "p2 cbr 400", "p1 f"]);
    expect(h.expected).toEqual({ collected: [0, 600], returned: [0, 400] });
    expect(h.scale).toBe(1);
    expect(h.name).toBe("t.txt#1 (PokerStars Hand #1)");
    expect(unwrap(checkConverted(h))).toEqual([2700, 5300]);
  });

  it("R-BLIND-1: p1 is the first seat left of the button, past empty seats and players not dealt in", () => {
    const h = one(`PokerStars Hand #2: Hold'em No Limit (10/20) - 2024/01/02 10:00:00 ET
Table 'T' 9-max Seat #5 is the button
Seat 2: Ann (1000 in chips)
Seat 5: Ben (1000 in chips)
Seat 7: Cat (1000 in chips)
Seat 8: Dan (1000 in chips) is sitting out
Seat 9: Eve (1000 in chips)
Cat: posts small blind 10
Ann: posts big blind 20
*** HOLE CARDS ***
Ben: raises 40 to 60
Cat: folds
Ann: folds
Uncalled bet (40) returned to Ben
Ben collected 50 from pot
*** SUMMARY ***
Total pot 50 | Rake 0`);
    expect(h.hand.players).toEqual(["Cat", "Ann", "Ben"]);
    expect(h.hand.blindsOrStraddles).toEqual([10, 20, 0]);
    expect(h.hand.antes).toEqual([0, 0, 0]);
    expect(h.hand.minBet).toBe(20);
    expect(h.hand.extra?.["seats"]).toEqual([7, 2, 5]);
    expect(h.hand.actions.slice(3)).toEqual(["p3 cbr 60", "p1 f", "p2 f"]);
    expect(unwrap(checkConverted(h))).toEqual([990, 980, 1030]);
  });

  it("R-BLIND-3: a straddle is the third blind; raising over it counts from it", () => {
    const h = one(`PokerStars Hand #3: Hold'em No Limit (1/2) - 2024/01/02 10:00:00 ET
Table 'T' 6-max Seat #4 is the button
Seat 1: A (500 in chips)
Seat 2: B (500 in chips)
Seat 3: C (500 in chips)
Seat 4: D (500 in chips)
A: posts small blind 1
B: posts big blind 2
C: posts straddle 4
*** HOLE CARDS ***
D: raises 8 to 12
A: folds
B: folds
C: calls 8
*** FLOP *** [2c 3c 4c]
C: checks
D: checks
*** TURN *** [2c 3c 4c] [5d]
C: checks
D: checks
*** RIVER *** [2c 3c 4c 5d] [Kd]
C: checks
D: checks
*** SHOW DOWN ***
C: shows [Ah 9h] (a straight, Ace to Five)
D: shows [6h 7h] (a straight, Three to Seven)
D collected 27 from pot
*** SUMMARY ***
Total pot 27 | Rake 0`);
    expect(h.hand.blindsOrStraddles).toEqual([1, 2, 4, 0]);
    expect(h.hand.actions.slice(4)).toEqual([
      "p4 cbr 12",
      "p1 f",
      "p2 f",
      "p3 cc",
      "d db 2c3c4c",
      "p3 cc",
      "p4 cc",
      "d db 5d",
      "p3 cc",
      "p4 cc",
      "d db Kd",
      "p3 cc",
      "p4 cc",
      "p3 sm Ah9h", // R-POT-5: no river bet, the first player left of the button shows first
      "p4 sm 6h7h",
    ]);
    expect(h.hand.actions.slice(0, 4)).toEqual(["d dh p1 ????", "d dh p2 ????", "d dh p3 Ah9h", "d dh p4 6h7h"]);
    expect(checkConverted(h).ok).toBe(true);
  });

  it("R-BLIND-2: an ante from the big blind only is dead money (ante trimming off)", () => {
    const h = one(`PokerStars Hand #4: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level V (100/200) - 2024/01/02 10:00:00 ET
Table '9 1' 9-max Seat #1 is the button
Seat 1: A (5000 in chips)
Seat 2: B (5000 in chips)
Seat 3: C (5000 in chips)
C: posts the ante 200
B: posts small blind 100
C: posts big blind 200
*** HOLE CARDS ***
A: folds
B: folds
Uncalled bet (100) returned to C
C collected 400 from pot
*** SUMMARY ***
Total pot 400 | Rake 0`);
    expect(h.hand.anteTrimmingStatus).toBe(false);
    expect(h.hand.antes).toEqual([0, 200, 0]);
    expect(h.hand.blindsOrStraddles).toEqual([100, 200, 0]);
    expect(h.scale).toBe(1); // tournament chips, not money
    expect(h.hand.extra?.["event"]).toBe("Tournament #9");
    expect(unwrap(checkConverted(h))).toEqual([4900, 5100, 5000]);
  });

  it("uniform antes keep ante trimming on", () => {
    const h = one(`PokerStars Hand #5: Hold'em No Limit (10/20) - 2024/01/02 10:00:00 ET
Table 'T' 6-max Seat #2 is the button
Seat 1: A (100 in chips)
Seat 2: B (100 in chips)
Seat 3: C (100 in chips)
A: posts the ante 5
B: posts the ante 5
C: posts the ante 5
C: posts small blind 10
A: posts big blind 20
*** HOLE CARDS ***
B: folds
C: folds
Uncalled bet (10) returned to A
A collected 35 from pot
*** SUMMARY ***
Total pot 35 | Rake 0`);
    expect(h.hand.anteTrimmingStatus).toBe(true);
    expect(h.hand.antes).toEqual([5, 5, 5]);
    expect(unwrap(checkConverted(h))).toEqual([85, 120, 95]);
  });
});

describe("PokerStars reader: pots and amounts", () => {
  const SIDE_POTS = `PokerStars Hand #6: Hold'em No Limit (10/20) - 2024/01/02 10:00:00 ET
Table 'T' 6-max Seat #3 is the button
Seat 1: Short (100 in chips)
Seat 2: Mid (300 in chips)
Seat 3: Deep (1000 in chips)
Short: posts small blind 10
Mid: posts big blind 20
*** HOLE CARDS ***
Dealt to Short [Ac Ad]
Dealt to Mid [Kc Kd]
Dealt to Deep [Qc Qd]
Deep: raises 980 to 1000 and is all-in
Short: calls 90 and is all-in
Mid: calls 280 and is all-in
Uncalled bet (700) returned to Deep
Short: shows [Ac Ad]
Mid: shows [Kc Kd]
Deep: shows [Qc Qd]
*** FLOP *** [2s 3s 8h]
*** TURN *** [2s 3s 8h] [9d]
*** RIVER *** [2s 3s 8h 9d] [Jc]
*** SHOW DOWN ***
Mid collected 400 from side pot
Short collected 300 from main pot
*** SUMMARY ***
Total pot 700 Main pot 300. Side pot 400. | Rake 0`;

  it("R-POT-1: all-ins with a side pot; hands are shown before the board is run out", () => {
    const h = one(SIDE_POTS);
    expect(h.hand.actions.slice(3)).toEqual(["p3 cbr 1000", "p1 cc", "p2 cc", "p1 sm AcAd", "p2 sm KcKd", "p3 sm QcQd", "d db 2s3s8h", "d db 9d", "d db Jc"]);
    expect(h.expected).toEqual({ collected: [300, 400, 0], returned: [0, 0, 700] });
    expect(unwrap(checkConverted(h))).toEqual([300, 400, 700]);
  });

  it("R-POT-5: with a river bet the last aggressor shows first", () => {
    const h = one(`PokerStars Hand #7: Hold'em No Limit (1/2) - 2024/01/02 10:00:00 ET
Table 'T' 6-max Seat #3 is the button
Seat 1: A (100 in chips)
Seat 2: B (100 in chips)
Seat 3: C (100 in chips)
A: posts small blind 1
B: posts big blind 2
*** HOLE CARDS ***
C: calls 2
A: calls 1
B: checks
*** FLOP *** [2s 3s 8h]
A: checks
B: checks
C: checks
*** TURN *** [2s 3s 8h] [9d]
A: checks
B: checks
C: checks
*** RIVER *** [2s 3s 8h 9d] [Jc]
A: checks
B: bets 4
C: raises 6 to 10
A: folds
B: calls 6
*** SHOW DOWN ***
C: shows [Jd Js] (three of a kind, Jacks)
B: mucks hand
C collected 26 from pot
*** SUMMARY ***
Total pot 26 | Rake 0
Seat 2: B (big blind) mucked [4c 5c]`);
    expect(h.hand.actions.slice(-2)).toEqual(["p3 sm JdJs", "p2 sm"]);
    expect(h.hand.actions[1]).toBe("d dh p2 4c5c"); // cards known from the summary
    expect(unwrap(checkConverted(h))).toEqual([98, 88, 114]);
  });

  it("cents are scaled to integers: scale 100 for money", () => {
    const h = one(`PokerStars Hand #208: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 10:00:00 CET [2024/01/02 4:00:00 ET]
Table 'Aludra' 6-max Seat #2 is the button
Seat 1: A ($2 in chips)
Seat 2: B ($1.57 in chips)
Seat 3: C ($3.10 in chips)
C: posts small blind $0.01
A: posts big blind $0.02
*** HOLE CARDS ***
B: raises $0.04 to $0.06
C: folds
A: calls $0.04
*** FLOP *** [Tc 9c 2h]
A: bets $0.10
B: folds
Uncalled bet ($0.10) returned to A
A collected $0.12 from pot
*** SUMMARY ***
Total pot $0.13 | Rake $0.01`);
    expect(h.scale).toBe(100);
    expect(h.hand.startingStacks).toEqual([310, 200, 157]);
    expect(h.hand.blindsOrStraddles).toEqual([1, 2, 0]);
    expect(h.hand.minBet).toBe(2);
    expect(h.hand.actions.slice(3)).toEqual(["p3 cbr 6", "p1 f", "p2 cc", "d db Tc9c2h", "p2 cbr 10", "p3 f"]);
    expect(h.expected).toEqual({ collected: [0, 12, 0], returned: [0, 10, 0] });
    expect(h.hand.extra?.["rake"]).toBe(1);
    expect(h.hand.extra?.["currency"]).toBe("USD");
    expect(unwrap(checkConverted(h))).toEqual([309, 206, 151]);
  });

  it("fixed limit: stakes are the small and big bet", () => {
    const h = one(`PokerStars Hand #9: Hold'em Limit ($2/$4 USD) - 2024/01/02 10:00:00 ET
Table 'L' 9-max Seat #1 is the button
Seat 1: A ($100 in chips)
Seat 2: B ($100 in chips)
Seat 3: C ($100 in chips)
B: posts small blind $1
C: posts big blind $2
*** HOLE CARDS ***
A: raises $2 to $4
B: folds
C: folds
Uncalled bet ($2) returned to A
A collected $5 from pot
*** SUMMARY ***
Total pot $5 | Rake $0`);
    expect(h.hand.variant).toBe("FT");
    expect(h.hand.smallBet).toBe(200);
    expect(h.hand.bigBet).toBe(400);
    expect(h.hand.minBet).toBeUndefined();
  });

  it("pot limit reads as PT; chat and connection lines are skipped", () => {
    const h = one(`PokerStars Hand #10: Hold'em Pot Limit (5/10) - 2024/01/02 10:00:00 ET
Table 'P' 6-max Seat #1 is the button
Seat 1: A (1000 in chips)
Seat 2: B: the second (1000 in chips)
Seat 3: C (1000 in chips)
B: the second: posts small blind 5
C: posts big blind 10
*** HOLE CARDS ***
A said, "good luck"
A: folds
B: the second is disconnected
B: the second: calls 5
C: checks
*** FLOP *** [2c 3c 4c]
B: the second: checks
C: has timed out
C: checks
*** TURN *** [2c 3c 4c] [5c]
B: the second: checks
C: checks
*** RIVER *** [2c 3c 4c 5c] [6c]
B: the second: checks
C: checks
*** SHOW DOWN ***
B: the second: shows [Ah Kh] (a straight flush, Two to Six)
C: shows [Ad Kd] (a straight flush, Two to Six)
B: the second collected 10 from pot
C collected 10 from pot
*** SUMMARY ***
Total pot 20 | Rake 0`);
    expect(h.hand.variant).toBe("PT");
    expect(h.hand.players).toEqual(["B: the second", "C", "A"]);
    expect(h.hand.actions.slice(-2)).toEqual(["p1 sm AhKh", "p2 sm AdKd"]);
    expect(unwrap(checkConverted(h))).toEqual([1000, 1000, 1000]);
  });
});

describe("PokerStars reader: bad input is a typed error, never a throw", () => {
  it("an unknown line names its line number", () => {
    const text = HEADS_UP.replace("Bob: calls 200", "Bob: dances");
    const r = parsePokerStars(text, "t.txt");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("history/pokerstars-bad-line");
      expect(r.error["line"]).toBe(10);
      expect(r.error.message).toContain("Bob: dances");
    }
  });

  it("a call of the wrong size is inconsistent", () => {
    const r = parsePokerStars(HEADS_UP.replace("Bob: calls 200", "Bob: calls 250"), "t.txt");
    expect(!r.ok && r.error.code).toBe("history/pokerstars-inconsistent");
    expect(!r.ok && r.error["line"]).toBe(10);
  });

  it("other games, empty files and duplicate cards are refused with their own codes", () => {
    const omaha = HEADS_UP.replace("Hold'em No Limit", "Omaha Pot Limit");
    expect(parsePokerStars(omaha, "o.txt")).toMatchObject({ ok: false, error: { code: "history/pokerstars-unsupported-game" } });
    expect(parsePokerStars("\n\n", "e.txt")).toMatchObject({ ok: false, error: { code: "history/pokerstars-empty" } });
    const twice = HEADS_UP.replace("[2c 7d 9s]", "[Ah 7d 9s]");
    expect(parsePokerStars(twice, "d.txt")).toMatchObject({ ok: false, error: { code: "history/pokerstars-bad-cards" } });
  });

  it("one bad hand does not hide the others in parsePokerStarsEach", () => {
    const text = `${HEADS_UP}\n\n\n${HEADS_UP.replace("Bob: calls 200", "Bob: calls 1")}\n\n${HEADS_UP}`;
    const each = parsePokerStarsEach(text, "m.txt");
    expect(each.map((r) => r.ok)).toEqual([true, false, true]);
    expect(!each[1]!.ok && each[1]!.error["hand"]).toBe(2);
    expect(!each[1]!.ok && each[1]!.error.message).toMatch(/^m\.txt#2: line 34/);
  });

  it("property: garbled text (lines dropped, swapped or cut) never throws", () => {
    const lines = `${HEADS_UP}\n\n${HEADS_UP}`.split("\n");
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(lines.length - 1), fc.nat(lines.length - 1), fc.nat(40)), { maxLength: 6 }), (edits) => {
        const l = [...lines];
        for (const [a, b, cut] of edits) {
          [l[a], l[b]] = [l[b]!, l[a]!];
          l[a] = l[a]!.slice(0, cut);
        }
        const r = parsePokerStars(l.join("\n"), "g.txt");
        if (!r.ok) expect(r.error.code).toMatch(/^history\/pokerstars-/);
      }),
      { numRuns: 300 },
    );
  });
});

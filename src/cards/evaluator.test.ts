import fc from "fast-check";
import { evaluateCardCodes } from "phe";
import { describe, expect, it } from "vitest";
import { parseCards, type Card } from "./card.ts";
import { evaluate, evaluate7 } from "./evaluator.ts";
import { evaluateSlow, handCategory, HAND_CATEGORIES } from "./hand-value.ts";
import { randomInt, seededRandomSource, type RandomSource } from "./random.ts";
import { unwrap } from "../lib/result.ts";

const cards = (text: string): Card[] => unwrap(parseCards(text));
/** phe's card code: suits s, h, d, c are 0..3 there, c, d, h, s here. */
const pheCode = (card: Card): number => (card & ~3) | (3 - (card & 3));
const phe = (hand: readonly Card[]): number => evaluateCardCodes(hand.map(pheCode));

/** `k` distinct random cards. */
function draw(rng: RandomSource, k: number): Card[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + randomInt(rng, 52 - i);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck.slice(0, k);
}

const byCategory = (counts: readonly number[]) => Object.fromEntries(HAND_CATEGORIES.map((name, i) => [name, counts[i]])) as Record<string, number>;

describe("R-POT-2: the evaluator, exhaustively", () => {
  it("R-POT-2: all 2,598,960 five-card hands give 7,462 distinct values, the known category counts, and phe's order", () => {
    const counts = new Array<number>(9).fill(0);
    const pheRankOf = new Map<number, number>();
    let conflicts = 0;
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              const v = evaluate([a, b, c, d, e]);
              counts[v >>> 20]!++;
              const p = evaluateCardCodes([pheCode(a), pheCode(b), pheCode(c), pheCode(d), pheCode(e)]);
              const seen = pheRankOf.get(v);
              if (seen === undefined) pheRankOf.set(v, p);
              else if (seen !== p) conflicts++;
            }
    expect(pheRankOf.size).toBe(7462);
    expect(conflicts).toBe(0);
    expect(byCategory(counts)).toEqual(byCategory([1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]));
    // Same order as phe: sorted by Felt value (best first), phe's ranks are 1, 2, ..., 7462.
    const order = [...pheRankOf.entries()].sort((x, y) => y[0] - x[0]).map(([, p]) => p);
    expect(order).toEqual(Array.from({ length: 7462 }, (_, i) => i + 1));
  });

  it("R-POT-2: all 133,784,560 seven-card hands give the known category counts", () => {
    const counts = new Float64Array(9);
    const ev7 = evaluate7; // a local binding, so the loop calls the function directly
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) for (let f = e + 1; f < 52; f++) for (let g = f + 1; g < 52; g++) counts[ev7(a, b, c, d, e, f, g) >>> 20]!++;
    expect(byCategory([...counts])).toEqual(byCategory([23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584]));
  });
});

describe("R-POT-2: the evaluator against phe", () => {
  it("R-POT-2: same winner as phe on 100,000 random pairs of 7-card hands", () => {
    const rng = seededRandomSource(11);
    let disagreements = 0;
    for (let i = 0; i < 100_000; i++) {
      const dealt = draw(rng, 14);
      const x = dealt.slice(0, 7);
      const y = dealt.slice(7);
      if (Math.sign(evaluate(x) - evaluate(y)) !== Math.sign(phe(y) - phe(x))) disagreements++;
    }
    expect(disagreements).toBe(0);
  });

  it("R-POT-2: same winner as phe on 100,000 showdowns sharing a board (ties included)", () => {
    const rng = seededRandomSource(12);
    let disagreements = 0;
    let ties = 0;
    for (let i = 0; i < 100_000; i++) {
      const [h1, h2, h3, h4, ...board] = draw(rng, 9);
      const x = [h1!, h2!, ...board];
      const y = [h3!, h4!, ...board];
      const felt = Math.sign(evaluate7(...(x as [Card, Card, Card, Card, Card, Card, Card])) - evaluate(y));
      if (felt === 0) ties++;
      if (felt !== Math.sign(phe(y) - phe(x))) disagreements++;
    }
    expect(disagreements).toBe(0);
    expect(ties).toBeGreaterThan(1000); // the board plays often enough to test ties
  });

  it("R-POT-2: same winner as phe on 50,000 random pairs of 6-card hands", () => {
    const rng = seededRandomSource(13);
    let disagreements = 0;
    for (let i = 0; i < 50_000; i++) {
      const dealt = draw(rng, 12);
      const x = dealt.slice(0, 6);
      const y = dealt.slice(6);
      if (Math.sign(evaluate(x) - evaluate(y)) !== Math.sign(phe(y) - phe(x))) disagreements++;
    }
    expect(disagreements).toBe(0);
  });
});

describe("R-POT-2: the evaluator's contract", () => {
  const hand = (n: number) => fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: n, maxLength: n });

  it("R-POT-2: the table evaluator equals the plain one for 5, 6 and 7 cards, in any order", () => {
    fc.assert(
      fc.property(fc.oneof(hand(5), hand(6), hand(7)), (h) => {
        const v = evaluate(h);
        expect(v).toBe(evaluateSlow(h));
        expect(evaluate([...h].reverse())).toBe(v);
        if (h.length === 7) expect(evaluate7(...(h as [Card, Card, Card, Card, Card, Card, Card]))).toBe(v);
      }),
      { numRuns: 20_000 },
    );
  });

  it("R-POT-2: a seven-card value is the best of its 21 five-card values", () => {
    fc.assert(
      fc.property(hand(7), (h) => {
        let best = -1;
        for (let skip1 = 0; skip1 < 7; skip1++)
          for (let skip2 = skip1 + 1; skip2 < 7; skip2++) {
            best = Math.max(best, evaluate(h.filter((_, i) => i !== skip1 && i !== skip2)));
          }
        expect(evaluate(h)).toBe(best);
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    ["As Ks Qs Js Ts 2d 3c", "straight-flush"],
    ["5d 4d 3d 2d Ad Kd Qd", "straight-flush"],
    ["9h 9d 9c 9s 2d 2c 2h", "four-of-a-kind"],
    ["Ah Ad Ac Kd Kc Ks 2h", "full-house"],
    ["2h 7h 9h Jh Kh Kd Kc", "flush"],
    ["Ah 2c 3d 4s 5h Kd Kc", "straight"],
    ["Th Tc Td 5s 8h 2c Kc", "three-of-a-kind"],
    ["Th Tc 5d 5s 3h 3c Kc", "two-pair"],
    ["Th Tc 7d 5s 3h 2c Kc", "pair"],
    ["Ah Qc 9d 7s 5h 3c 2d", "high-card"],
  ])("R-POT-2: %s is a %s", (text, category) => {
    expect(handCategory(evaluate(cards(text)))).toBe(category);
  });

  it("R-POT-2: kickers break ties (K K 8 5 A beats K K 8 5 J); suits never do", () => {
    const v = (text: string) => evaluate(cards(text));
    expect(v("Kd Ac Kh 8d 5c 2s 3h")).toBeGreaterThan(v("Kc Jd Kh 8d 5c 2s 3h"));
    expect(v("As Ks Qs Js 9s")).toBe(v("Ah Kh Qh Jh 9h"));
    expect(v("Ac Kd 9h 7s 4c 3d 2h")).toBe(v("As Kh 9d 7c 4s 3h 2c"));
  });

  it("R-POT-2: the orders players argue about", () => {
    const v = (text: string) => evaluate(cards(text));
    expect(v("5h 4d 3c 2s Ah")).toBeLessThan(v("6h 5d 4c 3s 2h")); // the wheel is the lowest straight
    expect(v("5s 4s 3s 2s As")).toBeLessThan(v("6s 5s 4s 3s 2s"));
    expect(v("Ah Kd Qc Js 9h")).toBeLessThan(v("2h 3d 4c 5s 6h")); // any straight beats ace-high
    expect(v("Kh Kd 5c 5s Ah")).toBeGreaterThan(v("Kc Ks 5d 5h Qh")); // two pair: the kicker counts
    expect(v("Kh Kd 5c 5s Ah 2d 3c")).toBe(v("Kc Ks 5d 5h Ac 2h 3s")); // equal hands, different suits
    expect(v("Ah Ad Ac 2s 2h 3d 3c")).toBe(v("Ah Ad Ac 3s 3h 4d 5c")); // the full house plays the higher pair
    expect(v("Ah Ad Ac Ks Kh Kd 2c")).toBeGreaterThan(v("Ah Ad Ac Qs Qh Qd Jc")); // two trips: a full house
    expect(v("2h 2d 2c 2s Ah Kd Qc")).toBeGreaterThan(v("2h 2d 2c 2s Kh Qd Jc")); // quads: the kicker counts
  });

  it("rejects the wrong number of cards", () => {
    expect(() => evaluate(cards("As Ks Qs Js"))).toThrow(RangeError);
    expect(() => evaluate(cards("As Ks Qs Js Ts 9s 8s 7s"))).toThrow(RangeError);
    expect(() => handCategory(9 << 20)).toThrow(RangeError);
  });
});

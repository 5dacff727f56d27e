import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCards, parseCards, type Card } from "./card.ts";
import { bestFive, describeHand } from "./best-five.ts";
import { evaluate } from "./evaluator.ts";
import { unwrap } from "../lib/result.ts";

const cards = (text: string): Card[] => unwrap(parseCards(text));
const show = (text: string) => formatCards(bestFive(cards(text)), " ");

describe("R-POT-2: the best five and the hand's name", () => {
  it.each([
    ["As Ks Qs Js Ts 2d 3c", "As Ks Qs Js Ts", "royal flush"],
    ["9d 8d 7d 6d 5d 4d Ad", "9d 8d 7d 6d 5d", "straight flush, nine high"],
    ["5c 4c 3c 2c Ac Kd Kh", "5c 4c 3c 2c Ac", "straight flush, five high"],
    ["7h 7d 7c 7s Kd Kc 2h", "7s 7h 7d 7c Kd", "four of a kind, sevens, king kicker"],
    ["Ac Ad Ah Ks Kc 2d 3d", "Ah Ad Ac Ks Kc", "full house, aces full of kings"],
    ["3c 3d 3h 9s 9c 9d 2h", "9s 9d 9c 3h 3d", "full house, nines full of threes"],
    ["2h 7h 9h Jh Kh Ah 3c", "Ah Kh Jh 9h 7h", "flush, ace-king-jack-nine-seven"],
    ["Ah 2c 3d 4s 5h Kd Kc", "5h 4s 3d 2c Ah", "straight, five high"],
    ["9c 8d 7h 6s 5c 2d 2h", "9c 8d 7h 6s 5c", "straight, nine high"],
    ["Th Tc Td 5s 8h 2c Kc", "Th Td Tc Kc 8h", "three of a kind, tens, king-eight kickers"],
    ["Kh Kd Jc Js 4c 4d Ah", "Kh Kd Js Jc Ah", "two pair, kings and jacks, ace kicker"],
    ["Th Tc 7d 5s 3h 2c Kc", "Th Tc Kc 7d 5s", "pair of tens, king-seven-five kickers"],
    ["Ah Qc 9d 7s 5h 3c 2d", "Ah Qc 9d 7s 5h", "high card, ace-queen-nine-seven-five"],
    ["2c 3d 4h 5s 7c", "7c 5s 4h 3d 2c", "high card, seven-five-four-three-two"],
  ])("R-POT-2: %s → %s, %s", (text, five, name) => {
    expect(show(text)).toBe(five);
    expect(describeHand(cards(text))).toBe(name);
  });

  it("R-POT-2: the best five are five of the cards, worth the hand's value, whatever the input order", () => {
    const hand = fc.integer({ min: 5, max: 7 }).chain((n) => fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: n, maxLength: n }));
    fc.assert(
      fc.property(hand, (h) => {
        const five = bestFive(h);
        expect(five).toHaveLength(5);
        expect(new Set(five).size).toBe(5);
        for (const c of five) expect(h).toContain(c);
        expect(evaluate(five)).toBe(evaluate(h));
        expect(bestFive([...h].reverse())).toEqual(five);
        expect(describeHand([...h].reverse())).toBe(describeHand(h));
      }),
      { numRuns: 2_000 },
    );
  });

  it("rejects the wrong number of cards", () => {
    expect(() => bestFive(cards("As Ks Qs Js"))).toThrow(RangeError);
    expect(() => describeHand(cards("As Ks Qs Js Ts 9s 8s 7s"))).toThrow(RangeError);
  });
});

// The five cards behind a hand value, and its name in words, for display and hand
// histories (R-POT-2). Off the hot path: a scan of the (at most 21) five-card subsets.
import { rankOf, suitOf, type Card } from "./card.ts";
import { evaluate } from "./evaluator.ts";
import {
  categoryIndex,
  FLUSH,
  FOUR_OF_A_KIND,
  FULL_HOUSE,
  HIGH_CARD,
  PAIR,
  STRAIGHT,
  STRAIGHT_FLUSH,
  THREE_OF_A_KIND,
  TWO_PAIR,
  valueRanks,
} from "./hand-value.ts";

const SINGULAR = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"];
const PLURAL = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces"];

const one = (rank: number): string => SINGULAR[rank]!;
const many = (rank: number): string => PLURAL[rank]!;
const kickerWords = (ranks: readonly number[]): string => (ranks.length === 0 ? "" : `, ${ranks.map(one).join("-")} kicker${ranks.length > 1 ? "s" : ""}`);

/** Words for a hand value: "two pair, kings and jacks, ace kicker", "royal flush", ... */
export function describeValue(value: number): string {
  const r = valueRanks(value);
  switch (categoryIndex(value)) {
    case STRAIGHT_FLUSH:
      return r[0] === 12 ? "royal flush" : `straight flush, ${one(r[0]!)} high`;
    case FOUR_OF_A_KIND:
      return `four of a kind, ${many(r[0]!)}${kickerWords(r.slice(1))}`;
    case FULL_HOUSE:
      return `full house, ${many(r[0]!)} full of ${many(r[1]!)}`;
    case FLUSH:
      return `flush, ${r.map(one).join("-")}`;
    case STRAIGHT:
      return `straight, ${one(r[0]!)} high`;
    case THREE_OF_A_KIND:
      return `three of a kind, ${many(r[0]!)}${kickerWords(r.slice(1))}`;
    case TWO_PAIR:
      return `two pair, ${many(r[0]!)} and ${many(r[1]!)}${kickerWords(r.slice(2))}`;
    case PAIR:
      return `pair of ${many(r[0]!)}${kickerWords(r.slice(1))}`;
    case HIGH_CARD:
      return `high card, ${r.map(one).join("-")}`;
    default:
      throw new RangeError(`${value} is not a hand value`);
  }
}

function checkCount(cards: readonly Card[]): void {
  if (cards.length < 5 || cards.length > 7) {
    throw new RangeError(`a hand has 5 to 7 cards, not ${cards.length}`);
  }
}

/**
 * The five cards that make the best hand, ordered for display: groups first (the quads,
 * trips or pairs, higher group first), then kickers high to low; straights from the top
 * card down, the wheel as 5-4-3-2-A. Among equal cards the higher suit comes first, and
 * when several fives give the same value the one with the higher suits is chosen, so the
 * answer does not depend on the input order.
 */
export function bestFive(cards: readonly Card[]): Card[] {
  checkCount(cards);
  const target = evaluate(cards);
  // Suits only matter for display: take cards high to low (rank, then suit) and keep the
  // first five-card subset, in that order, that reaches the value.
  const sorted = [...cards].sort((a, b) => b - a);
  const n = sorted.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            const five = [sorted[a]!, sorted[b]!, sorted[c]!, sorted[d]!, sorted[e]!];
            if (evaluate(five) === target) return orderForDisplay(five, target);
          }
  throw new Error("unreachable: the best value always comes from some five cards");
}

function orderForDisplay(five: Card[], value: number): Card[] {
  const category = categoryIndex(value);
  if (category === STRAIGHT || category === STRAIGHT_FLUSH) {
    const wheel = valueRanks(value)[0] === 3;
    const key = (c: Card): number => (wheel && rankOf(c) === 12 ? -1 : rankOf(c));
    return five.sort((x, y) => key(y) - key(x) || suitOf(y) - suitOf(x));
  }
  const count = new Map<number, number>();
  for (const c of five) count.set(rankOf(c), (count.get(rankOf(c)) ?? 0) + 1);
  return five.sort((x, y) => count.get(rankOf(y))! - count.get(rankOf(x))! || rankOf(y) - rankOf(x) || suitOf(y) - suitOf(x));
}

export function describeHand(cards: readonly Card[]): string {
  checkCount(cards);
  return describeValue(evaluate(cards));
}

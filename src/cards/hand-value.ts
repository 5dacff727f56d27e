// A hand value is one integer, higher is better, equal means an equal hand (R-POT-2):
//   category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5
// where r1.. are the ranks (0..12 = 2..A) that decide the hand inside its category, in the
// order they are compared (e.g. full house: trips rank, pair rank; two pair: high pair,
// low pair, kicker; straight: its top card, 3 for the wheel). Unused nibbles are 0, so
// the 7,462 distinct five-card hands get 7,462 distinct values.
import { rankOf, suitOf, type Card } from "./card.ts";

export type HandCategory = "high-card" | "pair" | "two-pair" | "three-of-a-kind" | "straight" | "flush" | "full-house" | "four-of-a-kind" | "straight-flush";

export const HAND_CATEGORIES: readonly HandCategory[] = [
  "high-card",
  "pair",
  "two-pair",
  "three-of-a-kind",
  "straight",
  "flush",
  "full-house",
  "four-of-a-kind",
  "straight-flush",
];

export const CATEGORY_SHIFT = 20;
export const HIGH_CARD = 0;
export const PAIR = 1;
export const TWO_PAIR = 2;
export const THREE_OF_A_KIND = 3;
export const STRAIGHT = 4;
export const FLUSH = 5;
export const FULL_HOUSE = 6;
export const FOUR_OF_A_KIND = 7;
export const STRAIGHT_FLUSH = 8;

export const categoryIndex = (value: number): number => value >>> CATEGORY_SHIFT;

export function handCategory(value: number): HandCategory {
  const category = HAND_CATEGORIES[value >>> CATEGORY_SHIFT];
  if (category === undefined) throw new RangeError(`${value} is not a hand value`);
  return category;
}

/** The deciding ranks of a value, most significant first (only the used ones). */
export function valueRanks(value: number): number[] {
  const used = [5, 4, 3, 3, 1, 5, 2, 2, 1][value >>> CATEGORY_SHIFT] ?? 0;
  const ranks: number[] = [];
  for (let i = 0; i < used; i++) ranks.push((value >>> (16 - 4 * i)) & 15);
  return ranks;
}

/** Top rank of a straight in a 13-bit rank mask, or -1. The wheel (A-2-3-4-5) tops at 3. */
export function straightTop(mask: number): number {
  for (let top = 12; top >= 4; top--) {
    const run = 0x1f << (top - 4);
    if ((mask & run) === run) return top;
  }
  return (mask & 0x100f) === 0x100f ? 3 : -1;
}

/** Appends the highest `n` ranks of `mask` to the packed value `v`, one nibble each. */
function appendTop(v: number, mask: number, n: number): number {
  for (let r = 12; r >= 0 && n > 0; r--) {
    if (mask & (1 << r)) {
      v = (v << 4) | r;
      n--;
    }
  }
  return v;
}

/** Left-aligns a value built from `used` rank nibbles after the category. */
const align = (v: number, used: number): number => v << (4 * (5 - used));

/**
 * The value of the best hand made from rank counts alone (flushes ignored): counts[r] is
 * how many cards of rank r, 5..7 cards in all. Plain code, no allocation: the fast
 * tables are built from it at load, and the exhaustive tests check the result.
 */
export function rankCountsValue(counts: ArrayLike<number>): number {
  let mask = 0;
  let quad = -1;
  let trip = -1;
  let trip2 = -1;
  let pair = -1;
  let pair2 = -1;
  for (let r = 12; r >= 0; r--) {
    const n = counts[r] ?? 0;
    if (n > 0) mask |= 1 << r;
    if (n === 4 && quad < 0) quad = r;
    else if (n === 3) {
      if (trip < 0) trip = r;
      else if (trip2 < 0) trip2 = r;
    } else if (n === 2) {
      if (pair < 0) pair = r;
      else if (pair2 < 0) pair2 = r;
    }
  }
  if (quad >= 0) return align(appendTop((FOUR_OF_A_KIND << 4) | quad, mask & ~(1 << quad), 1), 2);
  // A second set of trips plays as the pair of a full house.
  if (trip >= 0 && Math.max(trip2, pair) >= 0) {
    return align((((FULL_HOUSE << 4) | trip) << 4) | Math.max(trip2, pair), 2);
  }
  const top = straightTop(mask);
  if (top >= 0) return align((STRAIGHT << 4) | top, 1);
  if (trip >= 0) return align(appendTop((THREE_OF_A_KIND << 4) | trip, mask & ~(1 << trip), 2), 3);
  if (pair2 >= 0) {
    const v = (((TWO_PAIR << 4) | pair) << 4) | pair2;
    return align(appendTop(v, mask & ~(1 << pair) & ~(1 << pair2), 1), 3);
  }
  if (pair >= 0) return align(appendTop((PAIR << 4) | pair, mask & ~(1 << pair), 3), 4);
  return align(appendTop(HIGH_CARD, mask, 5), 5);
}

/** The value of the best flush or straight flush in a 13-bit mask of one suit's ranks (≥ 5 bits). */
export function flushMaskValue(mask: number): number {
  const top = straightTop(mask);
  if (top >= 0) return align((STRAIGHT_FLUSH << 4) | top, 1);
  return align(appendTop(FLUSH, mask, 5), 5);
}

/** Plain evaluator for 5..7 cards, the reference the fast one is built from and tested against. */
export function evaluateSlow(cards: readonly Card[]): number {
  const counts = new Array<number>(13).fill(0);
  const suitMasks = [0, 0, 0, 0];
  for (const c of cards) {
    counts[rankOf(c)]!++;
    suitMasks[suitOf(c)]! |= 1 << rankOf(c);
  }
  let best = rankCountsValue(counts);
  for (const m of suitMasks) {
    if (popcount(m) >= 5) best = Math.max(best, flushMaskValue(m));
  }
  return best;
}

export function popcount(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}

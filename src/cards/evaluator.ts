// Hand evaluation entry points (R-POT-2). Placeholder: the plain evaluator until the
// table-driven one lands.
import type { Card } from "./card.ts";
import { evaluateSlow } from "./hand-value.ts";

/** Value of the best five of 5, 6 or 7 cards: higher is better, equal means equal hands. */
export function evaluate(cards: readonly Card[]): number {
  if (cards.length < 5 || cards.length > 7) {
    throw new RangeError(`a hand has 5 to 7 cards, not ${cards.length}`);
  }
  return evaluateSlow(cards);
}

export function evaluate7(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card, g: Card): number {
  return evaluateSlow([a, b, c, d, e, f, g]);
}

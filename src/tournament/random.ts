// Randomness is an input (R-DEAL-2, R-DEAL-7): the caller passes a source, tests pass a
// seeded one. The primitives are src/cards' (one shuffle, one unbiased draw in the project).
import { randomInt, simulationRandomSource, shuffle, type RandomSource } from "../cards/index.ts";

export { randomInt, shuffledDeck, type RandomSource } from "../cards/index.ts";

/** Fisher-Yates on a copy. */
export const shuffled = <T>(items: readonly T[], rng: RandomSource): T[] => shuffle(items, rng);

/** One of the items, each equally likely (a "draw" in the rulebook's sense). */
export function pick<T>(items: readonly T[], rng: RandomSource): T {
  if (items.length === 0) throw new RangeError("pick: nothing to draw from");
  return items[randomInt(rng, items.length)]!;
}

/** A deterministic source for tests and seeded replays; not for live play. */
export const seededRandom = (seed: number): RandomSource => simulationRandomSource(seed);

// Randomness is an input (R-DEAL-2, R-DEAL-7): the caller passes a source, tests pass a
// seeded one. Type-compatible with src/cards' RandomSource so either can be handed in.
import { orderedDeck, type Card } from "../cards/index.ts";

export interface RandomSource {
  /** A uniformly distributed integer in 0 .. 2^32-1. */
  nextUint32(): number;
}

const RANGE = 0x1_0000_0000;

/** Uniform integer in 0..n-1. Rejection sampling so no value is favoured by the modulo. */
export function randomInt(rng: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`randomInt: bad bound ${n}`);
  const limit = RANGE - (RANGE % n);
  for (;;) {
    const x = rng.nextUint32() >>> 0;
    if (x < limit) return x % n;
  }
}

/** Fisher-Yates on a copy. */
export function shuffled<T>(items: readonly T[], rng: RandomSource): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

/** One of the items, each equally likely (a "draw" in the rulebook's sense). */
export function pick<T>(items: readonly T[], rng: RandomSource): T {
  if (items.length === 0) throw new RangeError("pick: nothing to draw from");
  return items[randomInt(rng, items.length)]!;
}

export const shuffledDeck = (rng: RandomSource): Card[] => shuffled(orderedDeck(), rng);

/** A small deterministic source (xorshift32) for tests and seeded replays; not for live play. */
export function seededRandom(seed: number): RandomSource {
  let s = seed >>> 0 || 0x9e3779b9;
  return {
    nextUint32() {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      return s;
    },
  };
}

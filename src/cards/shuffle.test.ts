import { beforeAll, describe, expect, it } from "vitest";
import { orderedDeck } from "./card.ts";
import { perPositionTest, positionTable, positionTest, textbookPositionTest } from "./position-chi-square.ts";
import { randomInt, seededRandomSource, type RandomSource } from "./random.ts";
import { shuffle, shuffledDeck } from "./shuffle.ts";

const SHUFFLES = 100_000;
const ALPHA = 0.001;

// The classic off-by-one Fisher–Yates mistakes, which the tests must catch.
/** j drawn from the whole deck at every step: n^n equally likely paths onto n! orders. */
function naiveShuffle<T>(items: readonly T[], rng: RandomSource): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, out.length);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
/** j in [0, i-1] (i itself excluded): only cyclic orders, no card ever stays put. */
function sattoloShuffle<T>(items: readonly T[], rng: RandomSource): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function tally(shuffler: (deck: readonly number[], rng: RandomSource) => number[], seed: number, n = 52, count = SHUFFLES) {
  const rng = seededRandomSource(seed);
  const table = positionTable(n);
  const seen = new Set<string>();
  let duplicates = 0;
  const deck = Array.from({ length: n }, (_, i) => i);
  for (let s = 0; s < count; s++) {
    const shuffled = shuffler(deck, rng);
    table.add(shuffled);
    const key = String.fromCharCode(...shuffled);
    if (seen.has(key)) duplicates++;
    seen.add(key);
  }
  return { table, duplicates };
}

/** A fast seeded generator (splitmix32) for the meta-test that needs millions of draws. */
function splitmix(seed: number): RandomSource {
  let state = seed >>> 0;
  return {
    nextUint32() {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    },
  };
}

describe("R-DEAL-2: the shuffle is unbiased", () => {
  it("R-DEAL-2: every shuffle is a permutation of the deck", () => {
    const rng = seededRandomSource(7);
    for (let i = 0; i < 1000; i++) {
      expect([...shuffledDeck(rng)].sort((a, b) => a - b)).toEqual(orderedDeck());
    }
  });

  let fair: ReturnType<typeof tally>;
  beforeAll(() => {
    fair = tally(shuffle, 2026); // fixed seed: the verdicts are deterministic
  });

  it("R-DEAL-2: card-by-position chi-square (52/51 corrected) accepts Fisher–Yates over 100,000 shuffles", () => {
    const verdict = positionTest(fair.table, ALPHA);
    expect(verdict.df).toBe(2601);
    expect(verdict.reject, JSON.stringify(verdict)).toBe(false);
    const perPosition = perPositionTest(fair.table, ALPHA);
    expect(perPosition.reject, JSON.stringify(perPosition)).toBe(false);
  });

  it("R-DEAL-2: no deck repeats among 100,000 shuffles", () => {
    expect(fair.duplicates).toBe(0);
  });

  it("R-DEAL-2: the same chi-square rejects the off-by-one shuffle with j drawn from the whole deck", () => {
    const { table } = tally(naiveShuffle, 2026);
    expect(positionTest(table, ALPHA).reject).toBe(true);
    expect(perPositionTest(table, ALPHA).reject).toBe(true);
  });

  it("R-DEAL-2: the same chi-square rejects the off-by-one shuffle with j < i (Sattolo)", () => {
    const { table } = tally(sattoloShuffle, 2026);
    expect(positionTest(table, ALPHA).reject).toBe(true);
    expect(perPositionTest(table, ALPHA).reject).toBe(true);
  });

  it("R-DEAL-2: the per-position test catches a bias confined to the first card dealt", () => {
    // Fisher–Yates, except that 1 time in 50 the top card is swapped with the ace of spades.
    const rng = seededRandomSource(5);
    const topHeavy = (deck: readonly number[], r: RandomSource) => {
      const out = shuffle(deck, r);
      if (randomInt(rng, 50) === 0) {
        const at = out.indexOf(51);
        [out[0], out[at]] = [out[at]!, out[0]!];
      }
      return out;
    };
    const verdict = perPositionTest(tally(topHeavy, 2026, 52, 20_000).table, ALPHA);
    expect(verdict.reject).toBe(true);
    expect(verdict.position).toBe(0);
  });

  it("R-DEAL-2: the duplicate test catches a source re-seeded from too few seeds", () => {
    // A dealer that seeds each hand from a 10-bit counter: only 1,024 distinct decks.
    let hand = 0;
    const reseeded = (deck: readonly number[]) => shuffle(deck, seededRandomSource(hand++ % 1024));
    expect(tally(reseeded, 0, 52, 5_000).duplicates).toBeGreaterThan(0);
  });

  it("the 51/52 correction is needed: on small decks the textbook test over-rejects a fair shuffle, the corrected one does not", () => {
    // 400 independent experiments of 600 shuffles of a 6-card deck. The corrected test
    // must reject close to alpha = 5%; the textbook one rejects about 18% (n/(n-1) = 1.2).
    const rng = splitmix(99);
    let corrected = 0;
    let textbook = 0;
    const experiments = 400;
    for (let e = 0; e < experiments; e++) {
      const table = positionTable(6);
      for (let s = 0; s < 600; s++) table.add(shuffle([0, 1, 2, 3, 4, 5], rng));
      if (positionTest(table, 0.05).reject) corrected++;
      if (textbookPositionTest(table, 0.05).reject) textbook++;
    }
    expect(corrected / experiments).toBeGreaterThan(0.02);
    expect(corrected / experiments).toBeLessThan(0.085);
    expect(textbook / experiments).toBeGreaterThan(0.12);
  });
});

import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { formatCards, orderedDeck } from "./card.ts";
import { cryptoRandomSource, randomInt, seededRandomSource, type RandomSource } from "./random.ts";
import { deckFromSeed, newSeed, seedCommitment, shuffledDeck } from "./shuffle.ts";

/** The procedure in deckFromSeed's documentation, re-implemented from the text alone. */
function rederive(seed: Uint8Array): number[] {
  const words: number[] = [];
  let block = 0;
  const word = (): number => {
    if (words.length === 0) {
      const mac = hmac(sha256, seed, new Uint8Array([block >>> 24, (block >>> 16) & 255, (block >>> 8) & 255, block & 255]));
      block++;
      for (let i = 0; i < 32; i += 4) words.push(((mac[i]! << 24) | (mac[i + 1]! << 16) | (mac[i + 2]! << 8) | mac[i + 3]!) >>> 0);
    }
    return words.shift()!;
  };
  const deck = orderedDeck();
  for (let i = 51; i > 0; i--) {
    const n = i + 1;
    let x = word();
    while (x >= 2 ** 32 - (2 ** 32 % n)) x = word();
    const j = x % n;
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}

const seedOf = (fill: (i: number) => number) => Uint8Array.from({ length: 32 }, (_, i) => fill(i) & 255);

describe("R-DEAL-2: provably fair decks", () => {
  it("R-DEAL-2: anyone can re-derive the deck from the published seed by the documented procedure", () => {
    const seeds = [seedOf(() => 0), seedOf((i) => i), seedOf((i) => 255 - 7 * i), newSeed(seededRandomSource(1)), newSeed()];
    for (const seed of seeds) expect(deckFromSeed(seed)).toEqual(rederive(seed));
  });

  it("R-DEAL-2: the all-zero seed gives a fixed deck (a test vector for other implementations)", () => {
    const deck = deckFromSeed(new Uint8Array(32));
    expect([...deck].sort((a, b) => a - b)).toEqual(orderedDeck());
    expect(formatCards(deck.slice(0, 9), " ")).toMatchInlineSnapshot(`"3h 7c 9h 9s Jh 3s 4h Ac Ts"`);
  });

  it("R-DEAL-2: the commitment is the hex SHA-256 of the seed, and it binds the seed", () => {
    const seed = seedOf((i) => i);
    expect(seedCommitment(seed)).toBe(bytesToHex(sha256(seed)));
    expect(seedCommitment(seed)).toMatch(/^[0-9a-f]{64}$/);
    expect(seedCommitment(seedOf((i) => (i === 31 ? 32 : i)))).not.toBe(seedCommitment(seed));
  });

  it("R-DEAL-2: a seed must be exactly 256 bits", () => {
    expect(() => deckFromSeed(new Uint8Array(31))).toThrow(RangeError);
    expect(() => deckFromSeed(new Uint8Array(33))).toThrow(RangeError);
  });

  it("R-DEAL-2: different seeds give different decks; the same seed the same deck", () => {
    const a = seedOf(() => 1);
    const b = seedOf((i) => (i === 0 ? 2 : 1));
    expect(deckFromSeed(a)).toEqual(deckFromSeed(Uint8Array.from(a)));
    expect(deckFromSeed(a)).not.toEqual(deckFromSeed(b));
  });

  it("R-DEAL-2: fresh seeds from Web Crypto are 32 bytes and never repeat", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const seed = newSeed();
      expect(seed.length).toBe(32);
      seen.add(bytesToHex(seed));
    }
    expect(seen.size).toBe(1000);
  });
});

describe("R-DEAL-2: random sources", () => {
  it("R-DEAL-2: a seeded source replays exactly; numeric seeds are their 8-byte big-endian form", () => {
    const draw = (rng: RandomSource) => Array.from({ length: 20 }, () => rng.nextUint32());
    expect(draw(seededRandomSource(42))).toEqual(draw(seededRandomSource(42)));
    expect(draw(seededRandomSource(42))).toEqual(draw(seededRandomSource(new Uint8Array([0, 0, 0, 0, 0, 0, 0, 42]))));
    expect(draw(seededRandomSource(42))).not.toEqual(draw(seededRandomSource(43)));
    expect(() => seededRandomSource(-1)).toThrow(RangeError);
    expect(() => seededRandomSource(1.5)).toThrow(RangeError);
  });

  it("R-DEAL-2: randomInt rejects the words that would favour low indexes", () => {
    // For n = 3 the largest multiple of 3 below 2^32 is 2^32 - 1, so 0xffffffff is redrawn.
    const script = [0xffffffff, 0xffffffff, 5];
    const scripted: RandomSource = { nextUint32: () => script.shift()! };
    expect(randomInt(scripted, 3)).toBe(2);
    expect(script).toEqual([]);
    // For n = 52: 2^32 mod 52 = 48, so the top 48 words are redrawn.
    const top = [0xffffffff - 47, 0xffffffff - 48];
    const source: RandomSource = { nextUint32: () => top.shift()! };
    expect(randomInt(source, 52)).toBe((0xffffffff - 48) % 52);
  });

  it("R-DEAL-2: randomInt covers its whole range and nothing else", () => {
    const rng = seededRandomSource(3);
    for (const n of [1, 2, 7, 52, 2 ** 32]) {
      for (let i = 0; i < 200; i++) {
        const x = randomInt(rng, n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      }
    }
    expect(() => randomInt(rng, 0)).toThrow(RangeError);
    expect(() => randomInt(rng, 2 ** 32 + 1)).toThrow(RangeError);
  });

  it("R-DEAL-2: the Web Crypto source deals proper, distinct decks across its buffer refills", () => {
    const rng = cryptoRandomSource();
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const deck = shuffledDeck(rng);
      expect(new Set(deck).size).toBe(52);
      seen.add(formatCards(deck));
    }
    expect(seen.size).toBe(5000);
  });
});

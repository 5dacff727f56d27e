// Randomness as an input (R-DEAL-2): the core never calls Math.random. Production draws
// from Web Crypto (available in Node 20 and browsers, so no node: import); tests and
// replays inject a seeded source.
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";

export interface RandomSource {
  /** A uniformly distributed integer in [0, 2^32). */
  nextUint32(): number;
}

const CRYPTO_BLOCK = 1024;

/** Cryptographically secure words from `crypto.getRandomValues`, fetched a block at a time. */
export function cryptoRandomSource(): RandomSource {
  const crypto = globalThis.crypto;
  if (crypto === undefined || typeof crypto.getRandomValues !== "function") {
    throw new Error("Web Crypto (globalThis.crypto.getRandomValues) is not available");
  }
  const block = new Uint32Array(CRYPTO_BLOCK);
  let next = CRYPTO_BLOCK;
  return {
    nextUint32() {
      if (next === CRYPTO_BLOCK) {
        crypto.getRandomValues(block);
        next = 0;
      }
      return block[next++]!;
    },
  };
}

/** A seed as HMAC key bytes: bytes as given; a number as its 8-byte big-endian encoding. */
export function seedBytes(seed: number | Uint8Array): Uint8Array {
  if (typeof seed !== "number") return seed;
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`a numeric seed is a non-negative safe integer, not ${seed}`);
  }
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(seed));
  return bytes;
}

/**
 * The deterministic stream behind seeded shuffles and provably fair decks:
 * block i (i = 0, 1, 2, ...) is HMAC-SHA-256(key = seed, message = i as a 4-byte
 * big-endian integer), and each 32-byte block is read as eight 32-bit big-endian words,
 * in order. The same seed always gives the same words, in Node and in a browser.
 */
export function seededRandomSource(seed: number | Uint8Array): RandomSource {
  // The keyed state is computed once and copied into a scratch instance per block.
  const keyed = hmac.create(sha256, seedBytes(seed));
  const scratch = keyed.clone();
  const message = new Uint8Array(4);
  const messageView = new DataView(message.buffer);
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  let counter = 0;
  let next = 8;
  return {
    nextUint32() {
      if (next === 8) {
        if (counter > 0xffffffff) throw new RangeError("seeded stream exhausted (2^32 blocks)");
        messageView.setUint32(0, counter++);
        keyed._cloneInto(scratch).update(message).digestInto(out);
        next = 0;
      }
      return outView.getUint32(4 * next++);
    },
  };
}

/**
 * An unbiased integer in [0, n), 1 <= n <= 2^32: words at or above the largest multiple
 * of n below 2^32 are rejected and redrawn, so every residue is equally likely.
 */
export function randomInt(rng: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`bad range ${n}`);
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = rng.nextUint32();
    if (x < limit) return x % n;
  }
}

/**
 * A fast deterministic source (xorshift32) for simulations and tests, where millions of
 * shuffles need no cryptographic strength. Never for live play: use cryptoRandomSource,
 * or deckFromSeed for provably fair hands.
 */
export function simulationRandomSource(seed: number): RandomSource {
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

/** Floats in [0, 1) from a source (tests and benchmarks that pick sizes and actions at random). */
export function uniformFloats(rng: RandomSource): () => number {
  return () => rng.nextUint32() / 0x1_0000_0000;
}

// The shuffle (R-DEAL-2) and the deck a 256-bit key deals (used by fair-deck.ts).
import { sha256 } from "@noble/hashes/sha2.js";
import { hexOf } from "../lib/hex.ts";
import { orderedDeck, type Card } from "./card.ts";
import { cryptoRandomSource, randomInt, seededRandomSource, type RandomSource } from "./random.ts";

/**
 * Fisher–Yates (Durstenfeld): for i from n-1 down to 1, swap item i with item j drawn
 * uniformly from [0, i] (j = i included). Every permutation has probability 1/n!.
 */
export function shuffle<T>(items: readonly T[], rng: RandomSource): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

/** The ordered deck once (shuffle copies it): the simulator shuffles a deck for every hand. */
const ORDERED: readonly Card[] = orderedDeck();

/** A freshly shuffled 52-card deck; deck[0] is the first card dealt. */
export const shuffledDeck = (rng: RandomSource): Card[] => shuffle(ORDERED, rng);

export const SEED_BYTES = 32;

/**
 * The provably fair deck for a 256-bit seed. Anyone can re-derive it:
 * 1. Start from the ordered deck 2c 2d 2h 2s 3c 3d ... Ac Ad Ah As (card k at position k).
 * 2. Produce 32-bit words: block i = HMAC-SHA-256(key = seed, message = i as 4 bytes
 *    big-endian), for i = 0, 1, 2, ...; each block is eight big-endian 32-bit words.
 * 3. For i = 51 down to 1: n = i + 1; take the next word x, discarding (and taking the
 *    next) while x >= 2^32 - (2^32 mod n); swap positions i and x mod n.
 * 4. Position 0 is the first card dealt, position 1 the second, and so on.
 * A server table shuffles with the deck key of fair-deck.ts, which commits to
 * each position and reveals the key only after the event, as the room chose. Hands stored before
 * that were shuffled from a per-hand seed whose commitment was seedCommitment(seed).
 */
export function deckFromSeed(seed: Uint8Array): Card[] {
  if (seed.length !== SEED_BYTES) throw new RangeError(`a deck seed is ${SEED_BYTES} bytes, not ${seed.length}`);
  return shuffledDeck(seededRandomSource(seed));
}

/** The commitment published before the hand: lowercase hex SHA-256 of the seed bytes. */
export const seedCommitment = (seed: Uint8Array): string => hexOf(sha256(seed));

/** A fresh 256-bit seed from a secure source (Web Crypto unless another is injected). */
export function newSeed(rng: RandomSource = cryptoRandomSource()): Uint8Array {
  const seed = new Uint8Array(SEED_BYTES);
  const view = new DataView(seed.buffer);
  for (let i = 0; i < SEED_BYTES; i += 4) view.setUint32(i, rng.nextUint32());
  return seed;
}

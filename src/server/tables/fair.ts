// Provably fair dealing (issue 6): each hand's deck comes from a 256-bit seed. Before the
// deal the table publishes SHA-256(seed) (the commitment); after the hand, the seed. The
// procedure is src/cards' `deckFromSeed` (documented there and in the README); this file
// only carries seeds as the 64 hex digits that hand histories and the wire use.
import {
  deckFromSeed as deckFromSeedBytes,
  newSeed as newSeedBytes,
  seedCommitment as commitmentOf,
  seededRandomSource,
  type Card,
  type RandomSource,
} from "../../cards/index.ts";

export const SEED_RE = /^[0-9a-f]{64}$/;

const bytes = (seed: string): Uint8Array => {
  if (!SEED_RE.test(seed)) throw new RangeError("a seed is 64 lowercase hex digits");
  return new Uint8Array(Buffer.from(seed, "hex"));
};

/** A fresh seed from the Web Crypto CSPRNG, as 64 hex digits. */
export const newSeed = (): string => Buffer.from(newSeedBytes()).toString("hex");

export const seedCommitment = (seed: string): string => commitmentOf(bytes(seed));

/** The seed's word stream (HMAC-SHA-256 counter mode), for anything else drawn from it. */
export const seedStream = (seed: string): RandomSource => seededRandomSource(bytes(seed));

/** The deck, top card first, that the seed deals. */
export const deckFromSeed = (seed: string): Card[] => deckFromSeedBytes(bytes(seed));

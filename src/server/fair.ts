// Provably fair dealing (issue 6): each hand's deck comes from a 256-bit seed. Before the
// deal the table publishes SHA-256(seed) (the commitment); after the hand, the seed. Anyone
// can then re-derive the deck with `deckFromSeed` and check every card that was dealt.
//
// The deck: Fisher-Yates over the ordered deck (src/tournament `shuffled`, rejection
// sampled so no card is favoured), fed by SHA-256 in counter mode:
//   block_i = SHA-256(seedBytes || uint32be(i)), read as eight big-endian uint32s.
import { createHash, randomBytes } from "node:crypto";
import { orderedDeck, type Card } from "../cards/index.ts";
import { shuffled, type RandomSource } from "../tournament/index.ts";

export const SEED_RE = /^[0-9a-f]{64}$/;

/** A fresh seed from the operating system's CSPRNG, as 64 hex digits. */
export const newSeed = (): string => randomBytes(32).toString("hex");

export function seedCommitment(seed: string): string {
  return createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex");
}

export function seedStream(seed: string): RandomSource {
  const key = Buffer.from(seed, "hex");
  let counter = 0;
  let block: Buffer = Buffer.alloc(0);
  let at = 0;
  return {
    nextUint32() {
      if (at >= block.length) {
        const c = Buffer.alloc(4);
        c.writeUInt32BE(counter++ >>> 0);
        block = createHash("sha256").update(key).update(c).digest();
        at = 0;
      }
      const v = block.readUInt32BE(at);
      at += 4;
      return v;
    },
  };
}

/** The deck, top card first, that the seed deals. */
export function deckFromSeed(seed: string): Card[] {
  if (!SEED_RE.test(seed)) throw new RangeError("a seed is 64 lowercase hex digits");
  return shuffled(orderedDeck(), seedStream(seed));
}

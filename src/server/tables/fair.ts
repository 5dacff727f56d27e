// Provably fair dealing at a server table (the procedure is src/cards'
// fair-deck.ts, repeated in the README). Each table draws one secret 32-byte seed at its
// first hand; every hand's first event publishes SHA-256 of it, the Merkle root of the
// hand's salted deck and the entropy mixed in (the previous hand's public actions and the
// players' contributions). Cards are opened one by one to those who may see them; the
// table seed itself leaves the server only after the event, as the room chose
// (decks-open.ts; by default never).
// Hands before fair dealing carry a per-hand `seed` instead: they still replay from it
// (legacyDeck), but the seed is no longer sent to anyone.
import { sha256 } from "@noble/hashes/sha2.js";
import { hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { hexOf } from "../../lib/hex.ts";
import {
  commitDeck,
  deckFromSeed,
  HEX32_RE,
  newSeed as newSeedBytes,
  seedCommitment,
  type Card,
  type CommittedDeck,
  type HandEntropy,
} from "../../cards/index.ts";

export const SEED_RE = HEX32_RE;
export { tableSeedCommitment } from "../../cards/index.ts";

/** A fresh seed from the Web Crypto CSPRNG, as 64 hex digits. */
export const newSeed = (): string => hexOf(newSeedBytes());

/** Hands before fair dealing: the deck and commitment of their per-hand seed. */
export const legacyDeck = (seed: string): Card[] => deckFromSeed(hexToBytes(seed));
export const legacyCommitment = (seed: string): string => seedCommitment(hexToBytes(seed));

/** What a hand's deck is derived from (the fields of HandRun that matter here). */
export interface FairInputs {
  readonly tableSeed: string | null;
  readonly handNumber: number;
  readonly entropy: HandEntropy | null;
}

// Derived on demand and cached per hand: a HandRun is plain data (it goes into snapshots),
// so the deck and its salts are never stored beside it. The cache is keyed by the hand's
// entropy object, which the hand-start record, the inputs the deal is made from and the
// HandRun all share: the deck (a few hundred SHA-256s) is derived once per hand, not once
// for the deal and again for the hand.
const decks = new WeakMap<HandEntropy, { readonly tableSeed: string; readonly handNumber: number; readonly deck: CommittedDeck }>();

/** The hand's committed deck; null for a hand before fair dealing. */
export function committedDeck(hand: FairInputs): CommittedDeck | null {
  if (hand.tableSeed === null || hand.entropy === null) return null;
  const known = decks.get(hand.entropy);
  if (known !== undefined && known.tableSeed === hand.tableSeed && known.handNumber === hand.handNumber) return known.deck;
  const deck = commitDeck(hand.tableSeed, hand.handNumber, hand.entropy);
  decks.set(hand.entropy, { tableSeed: hand.tableSeed, handNumber: hand.handNumber, deck });
  return deck;
}

/**
 * The `previous` entropy of the next hand: SHA-256 of the finished hand's public player
 * actions (its PHH lines `p3 cbr 600`, `p1 f`, `p2 cc`, joined by "\n"), which everyone
 * at the table saw and the server did not choose; null at a table's first hand.
 */
export function publicActionsDigest(phh: readonly string[] | null): string | null {
  if (phh === null) return null;
  const lines = phh.filter((a) => /^p\d+ (f|cc|cbr \d+)$/.test(a));
  return hexOf(sha256(utf8ToBytes(lines.join("\n"))));
}

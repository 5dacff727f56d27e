// Provably fair decks that reveal no unshown card (R-DEAL-1, R-DEAL-2, R-POT-5).
// The procedure, which the README repeats step by step:
//
//   table seed T      32 random bytes, one per table; SHA-256(T) is published in every
//                     hand's first event from the table's first hand on, and T itself only
//                     after the event, to whom the room chose (by default nobody).
//   hand seed s       HMAC-SHA-256(key = T, message = "felt/hand/" + hand number in decimal)
//   entropy text E    "felt-deck-v1\n" + "previous " + (hex or "-") + "\n" and, for each
//                     player contribution in seat order, "seat " + seat + " " + hex + "\n"
//   deck key k        HMAC-SHA-256(key = s, message = E)
//   deck              the shuffle of deckFromSeed(k) (shuffle.ts): position 0 dealt first
//   salt of i         HMAC-SHA-256(key = s, message = "felt/salt/" + i in decimal)
//   leaf i            SHA-256(0x00 || i || card || salt of i), i and card one byte each
//   root              the Merkle root (merkle.ts) over the 52 leaves, in position order
//
// Before the deal everyone gets the root, SHA-256(T) and the entropy; an opening of
// position i is (i, card, salt, Merkle path), which proves that card was committed there
// and says nothing about any other position (the salts are independent HMAC outputs).
// Everything here is pure; the randomness of T is the caller's (Web Crypto on a server).
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { hexOf } from "../lib/hex.ts";
import { DECK_SIZE, type Card } from "./card.ts";
import { merkleLevels, merklePath, nodeAt, rootFromPath } from "./merkle.ts";
import { deckFromSeed } from "./shuffle.ts";

/** 64 lowercase hex digits: a 32-byte seed, salt, contribution or hash. */
export const HEX32_RE = /^[0-9a-f]{64}$/;

/** A player's random value for a hand (the server cannot choose the deck alone). */
export interface Contribution {
  readonly seat: number;
  readonly value: string;
}

/** What besides the table seed decides a hand's deck; published in the hand's first event. */
export interface HandEntropy {
  /** SHA-256 of the previous hand's public actions at the table (null at a table's first hand). */
  readonly previous: string | null;
  /** At most one per seat, in seat order. */
  readonly contributions: readonly Contribution[];
}

/** An opening of one deck position: the card committed there, its salt and its Merkle path. */
export interface DeckOpening {
  readonly position: number;
  readonly card: Card;
  readonly salt: string;
  readonly path: readonly string[];
}

export interface CommittedDeck {
  /** The deck, position 0 first. Server side only until the table seed is revealed. */
  readonly deck: readonly Card[];
  /** The Merkle root published before the deal, hex. */
  readonly root: string;
  readonly open: (position: number) => DeckOpening;
}

const bytesOf = (hex: string, what: string): Uint8Array => {
  if (!HEX32_RE.test(hex)) throw new RangeError(`${what} is 64 lowercase hex digits`);
  return hexToBytes(hex);
};

/** The commitment to a table seed: lowercase hex SHA-256 of its 32 bytes. */
export const tableSeedCommitment = (tableSeed: string): string => hexOf(sha256(bytesOf(tableSeed, "a table seed")));

/** s = HMAC-SHA-256(T, "felt/hand/N"). */
export function handSeed(tableSeed: string, handNumber: number): Uint8Array {
  if (!Number.isSafeInteger(handNumber) || handNumber < 1) throw new RangeError(`a hand number is a positive integer, not ${handNumber}`);
  return hmac(sha256, bytesOf(tableSeed, "a table seed"), utf8ToBytes(`felt/hand/${handNumber}`));
}

/** The canonical entropy text E (see the top of this file). */
export function entropyText(e: HandEntropy): string {
  if (e.previous !== null && !HEX32_RE.test(e.previous)) throw new RangeError("previous is 64 lowercase hex digits");
  let text = `felt-deck-v1\nprevious ${e.previous ?? "-"}\n`;
  let last = -Infinity;
  for (const c of e.contributions) {
    if (!Number.isSafeInteger(c.seat) || c.seat <= last) throw new RangeError("contributions go one per seat, in seat order");
    if (!HEX32_RE.test(c.value)) throw new RangeError("a contribution is 64 lowercase hex digits");
    last = c.seat;
    text += `seat ${c.seat} ${c.value}\n`;
  }
  return text;
}

/**
 * salt of position i = HMAC-SHA-256(s, "felt/salt/i"), for every i, in one buffer (32 bytes
 * a position, as the tree's levels): the keyed state is computed once.
 */
function saltsOf(seed: Uint8Array, count: number): Uint8Array {
  const keyed = hmac.create(sha256, seed);
  const scratch = keyed.clone();
  const salts = new Uint8Array(32 * count);
  for (let i = 0; i < count; i++)
    salts.set(
      keyed
        ._cloneInto(scratch)
        .update(utf8ToBytes(`felt/salt/${i}`))
        .digest(),
      32 * i,
    );
  return salts;
}

/** leaf = SHA-256(0x00 || position || card || salt). */
export function deckLeaf(position: number, card: Card, salt: Uint8Array): Uint8Array {
  const leaf = new Uint8Array(3 + salt.length);
  leaf.set([0, position, card]);
  leaf.set(salt, 3);
  return sha256(leaf);
}

/** The hand's deck, its root and its openings, from the table seed (server side, or anyone once T is revealed). */
export function commitDeck(tableSeed: string, handNumber: number, entropy: HandEntropy): CommittedDeck {
  const s = handSeed(tableSeed, handNumber);
  const deck = deckFromSeed(hmac(sha256, s, utf8ToBytes(entropyText(entropy))));
  const salts = saltsOf(s, deck.length);
  const levels = merkleLevels(deck.map((card, i) => deckLeaf(i, card, nodeAt(salts, i))));
  return {
    deck,
    root: hexOf(levels.at(-1)!),
    open: (position) => {
      const card = deck[position];
      if (card === undefined) throw new RangeError(`no deck position ${position}`);
      return new Opening(position, card, salts, levels);
    },
  };
}

/**
 * An opening whose salt and path are written as hex when read (or written out as JSON), from
 * the deck's own buffers. A server keeps each hand's openings until the next hand, a table's
 * some 170 hex strings and their arrays; as these they are one object per card. `salt` and
 * `path` are own enumerable properties (getters), so a copy, a spread, JSON and a test's
 * comparison see the same four fields in the same order as a plain opening's.
 */
class Opening implements DeckOpening {
  declare readonly salt: string;
  declare readonly path: readonly string[];
  readonly #salts: Uint8Array;
  readonly #levels: readonly Uint8Array[];

  constructor(
    readonly position: number,
    readonly card: Card,
    salts: Uint8Array,
    levels: readonly Uint8Array[],
  ) {
    this.#salts = salts;
    this.#levels = levels;
    Object.defineProperties(this, Opening.#fields);
  }

  static readonly #fields: PropertyDescriptorMap = {
    salt: {
      enumerable: true,
      get(this: Opening): string {
        return hexOf(nodeAt(this.#salts, this.position));
      },
    },
    path: {
      enumerable: true,
      get(this: Opening): string[] {
        return merklePath(this.#levels, this.position).map(hexOf);
      },
    },
  };
}

/** True when the opening proves its card sits at its position under `root`. */
export function verifyOpening(root: string, o: DeckOpening): boolean {
  if (!HEX32_RE.test(root) || !HEX32_RE.test(o.salt) || !o.path.every((h) => HEX32_RE.test(h))) return false;
  if (!Number.isInteger(o.card) || o.card < 0 || o.card >= DECK_SIZE) return false;
  const leaf = deckLeaf(o.position, o.card, hexToBytes(o.salt));
  const got = rootFromPath(
    leaf,
    o.position,
    DECK_SIZE,
    o.path.map((h) => hexToBytes(h)),
  );
  return got !== null && hexOf(got) === root;
}

/** R-DEAL-3: hole card k (0 or 1) of player p (PHH order, p1 = 0) among n comes from position k·n + p. */
export function holePosition(players: number, player: number, k: 0 | 1): number {
  return k * players + player;
}

/**
 * R-DEAL-4: the deck position of board card b (0–4) with n players dealt in: a burn before
 * each street while the deck can spare it (engine/dealer.ts), then the street's cards.
 */
export function boardPosition(players: number, b: number): number {
  let pos = 2 * players;
  let board = 0;
  for (const need of [3, 1, 1]) {
    if (DECK_SIZE - pos > 5 - board) pos++;
    if (b < board + need) return pos + (b - board);
    pos += need;
    board += need;
  }
  throw new RangeError(`no board card ${b}`);
}

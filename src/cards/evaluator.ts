// The fast evaluator (R-POT-2): per-card keys summed, then two small-table lookups; all
// tables are built at load from the plain evaluator in hand-value.ts:
// - Flush test: every card adds 1 << 4*suit to a counter that starts at 0x3333, so a
//   suit's nibble reaches 8 (bit 3 set) exactly when it holds 5 or more cards. With at
//   most 7 cards a flush leaves no room for quads or a full house, so a flush hand's
//   value is its suit's best flush: FLUSH_VALUE[13-bit rank mask of that suit].
// - Otherwise only the ranks matter: the sum of the cards' RANK_KEYS identifies the rank
//   multiset, and a perfect hash of that sum indexes RANK_VALUE (perfect-hash.ts).
import type { Card } from "./card.ts";
import { flushMaskValue, popcount, rankCountsValue } from "./hand-value.ts";
import { BUCKET_SHIFT, buildPerfectHash, SLOT_BITS, SLOT_SHIFT } from "./perfect-hash.ts";
import { RANK_KEYS, SIZE_BASE } from "./rank-keys.ts";

const SUIT_BIAS = 0x3333;
const FLUSH_BITS = 0x8888;

const CARD_RANK_KEY = new Int32Array(52);
const CARD_SUIT_KEY = new Int32Array(52);
for (let c = 0; c < 52; c++) {
  CARD_RANK_KEY[c] = RANK_KEYS[c >> 2]!;
  CARD_SUIT_KEY[c] = 1 << (4 * (c & 3));
}

const FLUSH_VALUE = new Int32Array(1 << 13);
for (let mask = 0; mask < 1 << 13; mask++) {
  if (popcount(mask) >= 5) FLUSH_VALUE[mask] = flushMaskValue(mask);
}

function buildRankTables() {
  const keys: number[] = [];
  const values: number[] = [];
  const counts = new Array<number>(13).fill(0);
  // Every multiset of 5, 6 or 7 ranks with at most four of each.
  const visit = (rank: number, left: number, size: number, sum: number): void => {
    if (rank === 13) {
      if (left === 0) {
        keys.push(sum + SIZE_BASE[size]!);
        values.push(rankCountsValue(counts));
      }
      return;
    }
    for (let n = 0; n <= Math.min(4, left); n++) {
      counts[rank] = n;
      visit(rank + 1, left - n, size, sum + n * RANK_KEYS[rank]!);
    }
    counts[rank] = 0;
  };
  for (const size of [5, 6, 7]) visit(0, size, size, 0);
  const hash = buildPerfectHash(keys);
  const table = new Int32Array(1 << SLOT_BITS);
  keys.forEach((key, i) => (table[hash.index(key)] = values[i]!));
  return { hash, table };
}

const { hash: RANK_HASH, table: RANK_VALUE } = buildRankTables();
const SLOT_MUL = RANK_HASH.slotMul;
const BUCKET_MUL = RANK_HASH.bucketMul;
const DISPLACEMENT = RANK_HASH.displacement;

function flushValue(suits: number, cards: readonly Card[]): number {
  const suit = (31 - Math.clz32(suits & FLUSH_BITS)) >> 2;
  let mask = 0;
  for (const c of cards) if ((c & 3) === suit) mask |= 1 << (c >> 2);
  return FLUSH_VALUE[mask]!;
}

/** Value of the best five of 7 cards (distinct, 0..51); the hot path, no checks. */
export function evaluate7(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card, g: Card): number {
  const suits =
    SUIT_BIAS + CARD_SUIT_KEY[a]! + CARD_SUIT_KEY[b]! + CARD_SUIT_KEY[c]! + CARD_SUIT_KEY[d]! + CARD_SUIT_KEY[e]! + CARD_SUIT_KEY[f]! + CARD_SUIT_KEY[g]!;
  if ((suits & FLUSH_BITS) !== 0) return flushValue(suits, [a, b, c, d, e, f, g]);
  const key = CARD_RANK_KEY[a]! + CARD_RANK_KEY[b]! + CARD_RANK_KEY[c]! + CARD_RANK_KEY[d]! + CARD_RANK_KEY[e]! + CARD_RANK_KEY[f]! + CARD_RANK_KEY[g]!;
  return RANK_VALUE[(Math.imul(key, SLOT_MUL) >>> SLOT_SHIFT) ^ DISPLACEMENT[Math.imul(key, BUCKET_MUL) >>> BUCKET_SHIFT]!]!;
}

/**
 * Value of the best five of 5, 6 or 7 distinct cards: higher is better, equal means
 * equal hands. Throws on a wrong count (a programming error, not user input).
 */
export function evaluate(cards: readonly Card[]): number {
  const n = cards.length;
  if (n === 7) return evaluate7(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!, cards[5]!, cards[6]!);
  if (n < 5 || n > 7) throw new RangeError(`a hand has 5 to 7 cards, not ${n}`);
  let suits = SUIT_BIAS;
  let key = SIZE_BASE[n]!;
  for (let i = 0; i < n; i++) {
    suits += CARD_SUIT_KEY[cards[i]!]!;
    key += CARD_RANK_KEY[cards[i]!]!;
  }
  if ((suits & FLUSH_BITS) !== 0) return flushValue(suits, cards);
  return RANK_VALUE[(Math.imul(key, SLOT_MUL) >>> SLOT_SHIFT) ^ DISPLACEMENT[Math.imul(key, BUCKET_MUL) >>> BUCKET_SHIFT]!]!;
}

// Per-rank keys whose sums tell rank multisets apart: any two different multisets of
// ranks of the same size (each rank at most 4 times, at most 7 cards) have different key
// sums. They are the greedy smallest such keys (rank 2 gets 0), derived by
// bench/evaluator-keys.ts and re-checked by rank-keys.test.ts.
export const RANK_KEYS: readonly number[] = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181];

/** One more than the largest 7-card key sum (four aces and three kings). */
export const KEY_SPAN = 4 * RANK_KEYS[12]! + 3 * RANK_KEYS[11]! + 1;

/**
 * Key sums of 7-, 6- and 5-card multisets live in one hashed table: a hand of n cards
 * adds SIZE_BASE[n] to its sum, which moves each size into its own band.
 */
export const SIZE_BASE: readonly number[] = [-1, -1, -1, -1, -1, 2 * KEY_SPAN, KEY_SPAN, 0];

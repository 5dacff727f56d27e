// The payout table: about 15% of the field paid by default, a decreasing curve, amounts
// rounded to the currency unit and summing exactly to the pool.
//
// The curve: every paid place first gets a minimum cash (1.5× the average contribution
// per entrant, so a min-cash is worth more than the entry), the rest is shared in
// proportion to 1/place (harmonic). This gives about 50/29/21 for three places and a
// first prize near 25% with 15 paid of 100, which is what rooms publish.
import { fail, ok, type Result } from "../../lib/result.ts";
import { roundToUnit } from "./rounding.ts";

export interface PayoutOptions {
  /** Share of the entries paid; default 0.15. */
  readonly paidFraction?: number;
  /** Exact number of places paid (overrides paidFraction). */
  readonly places?: number;
  /** Rounding unit; default 1. */
  readonly unit?: number;
  /** Min-cash as a multiple of pool ÷ entries; default 1.5. */
  readonly minCashFactor?: number;
}

export function placesPaid(entries: number, options: PayoutOptions = {}): number {
  if (entries <= 0) return 0;
  const n = options.places ?? Math.round(entries * (options.paidFraction ?? 0.15));
  return Math.max(1, Math.min(entries, n));
}

/** Prizes for places 1..n (index 0 = first place), non-increasing, summing to `pool`. */
export function payoutTable(pool: number, entries: number, options: PayoutOptions = {}): Result<number[]> {
  const unit = options.unit ?? 1;
  if (!Number.isInteger(pool) || pool < 0) return fail("tournament/bad-pool", "the prize pool must be a whole non-negative amount", { pool });
  if (!Number.isInteger(unit) || unit <= 0) return fail("tournament/bad-unit", "the rounding unit must be a positive whole amount", { unit });
  if (!Number.isInteger(entries) || entries <= 0) return fail("tournament/no-entries", "a payout table needs at least one entry", { entries });
  const n = placesPaid(entries, options);
  const floor = Math.min(((options.minCashFactor ?? 1.5) * pool) / entries, (0.5 * pool) / n);
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1));
  const wsum = weights.reduce((a, b) => a + b, 0);
  const rest = pool - floor * n;
  const shares = weights.map((w) => floor + (rest * w) / wsum);
  // Leftover units go from the top down, which keeps the table non-increasing.
  return ok(roundToUnit(pool, shares, unit, shares.map((_, i) => i)));
}

// The payout table: about 15% of the field paid by default, a decreasing curve, amounts
// rounded to the currency unit and summing exactly to the pool.
//
// The curve: every paid place first gets a minimum cash (1.5× the average contribution
// per entrant, so a min-cash is worth more than the entry), the rest is shared in
// proportion to 1/place (harmonic). This gives about 50/29/21 for three places and a
// first prize near 25% with 15 paid of 100, which is what rooms publish.
import { fail, ok, type Result } from "../../lib/result.ts";
import { roundToUnit } from "./rounding.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

export interface PayoutOptions {
  /** Share of the entries paid; default 0.15. */
  readonly paidFraction?: number;
  /** Exact number of places paid (overrides paidFraction). */
  readonly places?: number;
  /** Rounding unit; default 1. */
  readonly unit?: number;
  /** Min-cash as a multiple of pool ÷ entries; default 1.5. */
  readonly minCashFactor?: number;
  /**
   * The room's own table in basis points of the pool (5000 = 50%), place 1 first,
   * non-increasing, summing to 10,000. Overrides the curve and `places`.
   */
  readonly percents?: readonly number[];
  /**
   * Fixed prizes, place 1 first, non-increasing. They are guaranteed (the
   * tournament's guarantee is at least their sum); a larger pool is shared in the same
   * proportions.
   */
  readonly fixed?: readonly number[];
}

/** The room's own table (percents or fixed amounts), or null for the curve. */
const ownTable = (o: PayoutOptions): readonly number[] | null => o.percents ?? o.fixed ?? null;

/**
 * A room's own payout table is usable: 1 to 100 places, each a positive whole
 * number, non-increasing; percents (basis points) sum to exactly 10,000.
 */
export function checkPayoutOptions(o: PayoutOptions): Result<PayoutOptions> {
  if (o.percents !== undefined && o.fixed !== undefined)
    return fail(TOURNAMENT_ERRORS.badPayout, "a payout table is in percents or in fixed amounts, not both", { reason: "both" });
  const own = ownTable(o);
  if (own === null) return ok(o);
  const what = o.percents !== undefined ? "percent" : "fixed";
  if (own.length === 0 || own.length > 100)
    return fail(TOURNAMENT_ERRORS.badPayout, "a payout table pays 1 to 100 places", { reason: "places", places: own.length });
  for (let i = 0; i < own.length; i++) {
    const x = own[i]!;
    if (!Number.isSafeInteger(x) || x <= 0)
      return fail(TOURNAMENT_ERRORS.badPayout, `place ${i + 1} must be paid a positive whole amount`, { reason: "not-positive", place: i + 1 });
    if (i > 0 && x > own[i - 1]!)
      return fail(TOURNAMENT_ERRORS.badPayout, `place ${i + 1} is paid more than place ${i}`, { reason: "increasing", place: i + 1 });
  }
  if (what === "percent") {
    const sum = own.reduce((a, b) => a + b, 0);
    if (sum !== 10_000) return fail(TOURNAMENT_ERRORS.badPayout, `the percentages add up to ${sum / 100}%, not 100%`, { reason: "sum", sum: sum / 100 });
  }
  return ok(o);
}

/** The sum of a fixed payout table (0 without one): the least the pool must be. */
export const fixedTotal = (o: PayoutOptions | undefined): number => (o?.fixed ?? []).reduce((a, b) => a + b, 0);

export function placesPaid(entries: number, options: PayoutOptions = {}): number {
  if (entries <= 0) return 0;
  const own = ownTable(options);
  if (own !== null) return Math.max(1, Math.min(entries, own.length));
  const n = options.places ?? Math.round(entries * (options.paidFraction ?? 0.15));
  return Math.max(1, Math.min(entries, n));
}

/** Prizes for places 1..n (index 0 = first place), non-increasing, summing to `pool`. */
export function payoutTable(pool: number, entries: number, options: PayoutOptions = {}): Result<number[]> {
  const unit = options.unit ?? 1;
  if (!Number.isInteger(pool) || pool < 0) return fail(TOURNAMENT_ERRORS.badPool, "the prize pool must be a whole non-negative amount", { pool });
  if (!Number.isInteger(unit) || unit <= 0) return fail(TOURNAMENT_ERRORS.badUnit, "the rounding unit must be a positive whole amount", { unit });
  if (!Number.isInteger(entries) || entries <= 0) return fail(TOURNAMENT_ERRORS.noEntries, "a payout table needs at least one entry", { entries });
  const n = placesPaid(entries, options);
  const own = ownTable(options);
  if (own !== null) {
    // The room's table, cut to the field when it has fewer entries than places paid (the
    // cut places' share goes to the others in the same proportions).
    const weights = own.slice(0, n);
    const wsum = weights.reduce((a, b) => a + b, 0);
    const shares = weights.map((w) => (pool * w) / wsum);
    return ok(
      roundToUnit(
        pool,
        shares,
        unit,
        shares.map((_, i) => i),
      ),
    );
  }
  const floor = Math.min(((options.minCashFactor ?? 1.5) * pool) / entries, (0.5 * pool) / n);
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1));
  const wsum = weights.reduce((a, b) => a + b, 0);
  const rest = pool - floor * n;
  const shares = weights.map((w) => floor + (rest * w) / wsum);
  // Leftover units go from the top down, which keeps the table non-increasing.
  return ok(
    roundToUnit(
      pool,
      shares,
      unit,
      shares.map((_, i) => i),
    ),
  );
}

// Splitting money into amounts rounded to a unit that still sum exactly to the total.

/**
 * Rounds `shares` (non-negative reals summing to about `total`) down to multiples of `unit`,
 * then hands out the whole units left over one each, in the order given by `order` (indices),
 * and finally any remainder smaller than a unit to `order[0]`. The result sums to `total`.
 */
export function roundToUnit(total: number, shares: readonly number[], unit: number, order: readonly number[]): number[] {
  const out = shares.map((s) => Math.floor(s / unit + 1e-9) * unit);
  let left = total - out.reduce((a, b) => a + b, 0);
  if (order.length === 0) return out;
  while (left >= unit) {
    for (const i of order) {
      if (left < unit) break;
      out[i]! += unit;
      left -= unit;
    }
  }
  if (left !== 0) out[order[0]!]! += left;
  return out;
}

/** Indices sorted by descending fractional part (largest-remainder method), ties by index. */
export function byRemainder(shares: readonly number[], unit: number): number[] {
  const frac = shares.map((s) => s / unit - Math.floor(s / unit + 1e-9));
  return shares.map((_, i) => i).sort((a, b) => frac[b]! - frac[a]! || a - b);
}

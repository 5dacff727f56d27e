// Independent Chip Model (Malmuth–Harville) for the deal screen: the chance of each
// finishing place is chips / chips left, recursively. Exact over subsets, fine up to 10.

export function icmEquity(stacks: readonly number[], payouts: readonly number[]): number[] {
  const n = stacks.length;
  if (n === 0) return [];
  if (n > 12) throw new RangeError("ICM deal for at most 12 players");
  const places = Math.min(payouts.length, n);
  const total = stacks.reduce((a, b) => a + b, 0);
  const memo = new Map<number, number[]>();
  // prob[mask] = per-player expected prize from place `depth` down, given `mask` already placed
  function rec(mask: number, depth: number): number[] {
    const zero = new Array<number>(n).fill(0);
    if (depth >= places) return zero;
    const cached = memo.get(mask);
    if (cached) return cached;
    let left = total;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) left -= stacks[i]!;
    const eq = zero;
    const alive = [...Array(n).keys()].filter((i) => !(mask & (1 << i)));
    for (const i of alive) {
      const p = left > 0 ? stacks[i]! / left : 1 / alive.length;
      if (p === 0) continue;
      eq[i]! += p * payouts[depth]!;
      const sub = rec(mask | (1 << i), depth + 1);
      for (let j = 0; j < n; j++) eq[j]! += p * sub[j]!;
    }
    memo.set(mask, eq);
    return eq;
  }
  return rec(0, 0);
}

/** Chip chop: everyone is paid the lowest remaining prize, the rest shared by chips. */
export function chipChop(stacks: readonly number[], payouts: readonly number[]): number[] {
  const n = stacks.length;
  const prizes = payouts.slice(0, n);
  const floor = prizes.length === n ? Math.min(...prizes) : 0;
  const rest = prizes.reduce((a, b) => a + b, 0) - floor * n;
  const total = stacks.reduce((a, b) => a + b, 0);
  return stacks.map((s) => floor + (total > 0 ? (rest * s) / total : rest / n));
}

/** Round to whole units so the sum is exact: leftovers go to the largest fractions. */
export function roundDeal(amounts: readonly number[], total: number): number[] {
  const base = amounts.map(Math.floor);
  let left = total - base.reduce((a, b) => a + b, 0);
  const order = amounts.map((a, i) => [a - Math.floor(a), i] as const).sort((x, y) => y[0] - x[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    base[i]! += 1;
    left -= 1;
  }
  return base;
}

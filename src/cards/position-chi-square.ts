// A card-by-position chi-square test for shuffles (R-DEAL-2), with the n/(n-1)
// correction. Used by the tests; pure, so `felt verify` or a live audit can use it too.
//
// Why the correction: tally O[card][position] over N shuffles of n cards, E = N/n.
// One uniform shuffle is a random permutation matrix P, with
//   Var P_ij = (n-1)/n^2,  Cov(P_ij, P_il) = Cov(P_ij, P_kj) = -1/n^2,
//   Cov(P_ij, P_kl) = 1/(n^2 (n-1))  (i != k, j != l),
// i.e. Cov(vec P) = Q⊗Q / (n-1) with Q = I - J/n, a projection of rank n-1, so Q⊗Q
// is a projection of rank (n-1)^2. By the central limit theorem (O - E)/sqrt(N) tends to
// a normal vector with that covariance, hence
//   X^2 = sum (O - E)^2 / E = (n/N) |O - E|^2  ->  n/(n-1) * chi-square((n-1)^2).
// The textbook test compares X^2 itself with chi-square((n-1)^2): its mean is n(n-1),
// not (n-1)^2, and for n = 52 it rejects a perfect shuffle about 18% of the time at
// alpha = 0.05. The corrected statistic X^2 * (n-1)/n is compared with
// chi-square((n-1)^2), whose null distribution is the right one.

export interface PositionTable {
  readonly n: number;
  readonly shuffles: number;
  /** counts[card * n + position] */
  readonly counts: Float64Array;
}

export function positionTable(n: number): PositionTable & { add(deck: ArrayLike<number>): void } {
  const counts = new Float64Array(n * n);
  const table = {
    n,
    shuffles: 0,
    counts,
    add(deck: ArrayLike<number>) {
      for (let position = 0; position < n; position++) counts[deck[position]! * n + position]!++;
      table.shuffles++;
    },
  };
  return table;
}

/** The textbook Pearson statistic over the whole n×n table. */
export function pearson(table: PositionTable): number {
  const expected = table.shuffles / table.n;
  let x2 = 0;
  for (const o of table.counts) x2 += ((o - expected) * (o - expected)) / expected;
  return x2;
}

/** Upper quantile of chi-square(df) by Wilson–Hilferty (relative error < 1e-3 for df > 20). */
export function chiSquareQuantile(df: number, upperTail: number): number {
  const z = normalUpperQuantile(upperTail);
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

/** z with P(Z > z) = p, by bisection on erfc (ample precision for test thresholds). */
function normalUpperQuantile(p: number): number {
  let lo = -10;
  let hi = 10;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (0.5 * erfc(mid / Math.SQRT2) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// erfc by the Numerical Recipes Chebyshev fit (fractional error < 1.2e-7).
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export interface ChiSquareVerdict {
  /** X^2 * (n-1)/n, distributed as chi-square(df) for a uniform shuffle. */
  readonly statistic: number;
  readonly df: number;
  readonly critical: number;
  readonly reject: boolean;
}

/** The corrected whole-table test at significance alpha. */
export function positionTest(table: PositionTable, alpha: number): ChiSquareVerdict {
  const df = (table.n - 1) ** 2;
  const statistic = (pearson(table) * (table.n - 1)) / table.n;
  const critical = chiSquareQuantile(df, alpha);
  return { statistic, df, critical, reject: statistic > critical };
}

/** The textbook version (no correction), kept to show in tests that it over-rejects. */
export function textbookPositionTest(table: PositionTable, alpha: number): ChiSquareVerdict {
  const df = (table.n - 1) ** 2;
  const statistic = pearson(table);
  const critical = chiSquareQuantile(df, alpha);
  return { statistic, df, critical, reject: statistic > critical };
}

/**
 * Per position: the cards found at one position over N shuffles are a plain multinomial
 * (N, 1/n each), so its Pearson statistic is chi-square(n-1) with no correction. Testing
 * every position at alpha/n (Bonferroni) catches a bias confined to a few positions
 * (say, only the first card dealt) that the whole-table statistic would dilute.
 */
export function perPositionTest(table: PositionTable, alpha: number): ChiSquareVerdict & { position: number } {
  const { n, shuffles, counts } = table;
  const expected = shuffles / n;
  let worst = -1;
  let position = 0;
  for (let p = 0; p < n; p++) {
    let x2 = 0;
    for (let card = 0; card < n; card++) {
      const o = counts[card * n + p]!;
      x2 += ((o - expected) * (o - expected)) / expected;
    }
    if (x2 > worst) [worst, position] = [x2, p];
  }
  const critical = chiSquareQuantile(n - 1, alpha / n);
  return { statistic: worst, df: n - 1, critical, reject: worst > critical, position };
}

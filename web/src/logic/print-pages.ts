/** Entries a printed results page holds: one A4 page at a readable size, with its heading. */
export const RESULTS_PER_PAGE = 40;

/** `rows` cut into pages of `per` (at least one page, so an empty list still prints its heading). */
export function pages<T>(rows: readonly T[], per: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += per) out.push(rows.slice(i, i + per));
  return out.length === 0 ? [[]] : out;
}

import { describe, expect, it } from "vitest";
import { pages, RESULTS_PER_PAGE } from "./print-pages.ts";

describe("results printed 40 entries a page", () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  it("40 fill one page, 41 and 80 two, 81 three; nothing still prints one page", () => {
    expect(pages(rows(40), RESULTS_PER_PAGE).map((p) => p.length)).toEqual([40]);
    expect(pages(rows(41), RESULTS_PER_PAGE).map((p) => p.length)).toEqual([40, 1]);
    expect(pages(rows(80), RESULTS_PER_PAGE).map((p) => p.length)).toEqual([40, 40]);
    expect(pages(rows(81), RESULTS_PER_PAGE).map((p) => p.length)).toEqual([40, 40, 1]);
    expect(pages([], RESULTS_PER_PAGE)).toEqual([[]]);
  });
  it("keeps the order: page two starts at the 41st", () => {
    expect(pages(rows(45), RESULTS_PER_PAGE)[1]![0]).toBe(41);
  });
});

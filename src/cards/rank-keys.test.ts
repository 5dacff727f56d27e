import { describe, expect, it } from "vitest";
import { KEY_SPAN, RANK_KEYS, SIZE_BASE } from "./rank-keys.ts";

/** Key sums (with the size band) of every multiset of `size` ranks, at most four of each. */
function sums(size: number): number[] {
  const out: number[] = [];
  const visit = (rank: number, left: number, sum: number): void => {
    if (rank === 13) {
      if (left === 0) out.push(sum + SIZE_BASE[size]!);
      return;
    }
    for (let n = 0; n <= Math.min(4, left); n++) visit(rank + 1, left - n, sum + n * RANK_KEYS[rank]!);
  };
  visit(0, size, 0);
  return out;
}

describe("rank keys", () => {
  it("R-POT-2: every multiset of 5, 6 or 7 ranks has its own key sum", () => {
    const all = [...sums(5), ...sums(6), ...sums(7)];
    expect([sums(5).length, sums(6).length, sums(7).length]).toEqual([6175, 18395, 49205]);
    expect(new Set(all).size).toBe(all.length);
    expect(Math.max(...sums(7))).toBe(KEY_SPAN - 1);
  });

  it("the keys are the greedy ones: lowering any key makes two 7-card multisets collide", () => {
    // Spot check of minimality for the last key (the search itself is bench/evaluator-keys.ts).
    const keys = [...RANK_KEYS];
    keys[12] = keys[12]! - 1;
    const seen = new Set<number>();
    let collision = false;
    const visit = (rank: number, left: number, sum: number): void => {
      if (rank === 13) {
        if (left === 0) {
          if (seen.has(sum)) collision = true;
          seen.add(sum);
        }
        return;
      }
      for (let n = 0; n <= Math.min(4, left); n++) visit(rank + 1, left - n, sum + n * keys[rank]!);
    };
    visit(0, 7, 0);
    expect(collision).toBe(true);
  });
});

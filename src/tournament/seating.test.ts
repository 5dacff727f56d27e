import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { randomInt, seededRandom, shuffled } from "./random.ts";
import { drawSeating, spreadSeats, tableSizes } from "./seating.ts";

describe("initial seating (R-TBL-1, R-DEAL-7)", () => {
  it("R-TBL-1: 18 → 9+9 not 3×6; 21 → 7+7+7; 11 → 6+5", () => {
    expect(unwrap(tableSizes(18))).toEqual([9, 9]);
    expect(unwrap(tableSizes(21))).toEqual([7, 7, 7]);
    expect(unwrap(tableSizes(11))).toEqual([6, 5]);
    expect(unwrap(tableSizes(100))).toEqual(Array(10).fill(10));
    expect(tableSizes(5, 1).ok).toBe(false);
  });
  it("R-TBL-1 property: fewest tables, none over size, sizes differ by at most one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 2, max: 23 }), (n, size) => {
        const t = unwrap(tableSizes(n, size));
        expect(t.length).toBe(Math.ceil(n / size));
        expect(t.reduce((a, b) => a + b, 0)).toBe(n);
        expect(Math.max(...t) - Math.min(...t)).toBeLessThanOrEqual(1);
        expect(Math.max(...t)).toBeLessThanOrEqual(size);
      }),
    );
  });
  it("R-DEAL-7: every player drawn to exactly one seat, seats spread round the table", () => {
    const players = Array.from({ length: 23 }, (_, i) => `p${i}`);
    const s = unwrap(drawSeating(players, seededRandom(3), 9));
    const all = s.tables.flatMap((t) => t.seats);
    expect(all.map((a) => a.player).sort()).toEqual([...players].sort());
    expect(new Set(all.map((a) => `${a.table}/${a.seat}`)).size).toBe(23);
    expect(spreadSeats(5, 10)).toEqual([1, 3, 5, 7, 9]);
    expect(drawSeating(["a", "a"], seededRandom(1)).ok).toBe(false);
  });
  it("R-DEAL-7: the draw is random: each player reaches each table about equally often", () => {
    const rng = seededRandom(11);
    const counts = [0, 0, 0];
    for (let i = 0; i < 3000; i++) {
      const s = unwrap(drawSeating(["x", ..."abcdefghijklmnopqrst"], rng, 10));
      counts[s.tables.findIndex((t) => t.seats.some((a) => a.player === "x"))]! += 1;
    }
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(120);
  });
});

describe("random source helpers", () => {
  it("randomInt rejects the biased top of the range", () => {
    // 2^32 mod 6 = 4: the top four values would favour 0..3, so they are drawn again.
    const values = [0xffffffff, 0xfffffffc, 0xfffffffb];
    const rng = { nextUint32: () => values.shift()! };
    expect(randomInt(rng, 6)).toBe(0xfffffffb % 6);
    expect(values).toEqual([]);
  });
  it("shuffle keeps every item", () => {
    expect(shuffled([1, 2, 3, 4, 5], seededRandom(9)).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

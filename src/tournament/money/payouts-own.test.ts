import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { checkPayoutOptions, payoutTable, placesPaid } from "./index.ts";

// A room's own payout table, in percents (basis points) or fixed amounts.

describe("own payout tables", () => {
  it("a percent table pays exactly its shares of the pool, summing to the pool", () => {
    expect(unwrap(payoutTable(50_000, 20, { percents: [5000, 3000, 2000] }))).toEqual([25_000, 15_000, 10_000]);
    const odd = unwrap(payoutTable(10_001, 20, { percents: [5000, 3000, 2000] }));
    expect(odd.reduce((a, b) => a + b, 0)).toBe(10_001);
    expect(odd).toEqual([5001, 3000, 2000]);
  });

  it("a field smaller than the table pays its entries only, the cut share spread in the same proportions", () => {
    expect(placesPaid(2, { percents: [5000, 3000, 2000] })).toBe(2);
    expect(unwrap(payoutTable(8000, 2, { percents: [5000, 3000, 2000] }))).toEqual([5000, 3000]);
  });

  it("fixed amounts are paid as they are when the pool is their sum, and scaled when the pool is larger", () => {
    expect(unwrap(payoutTable(6000, 30, { fixed: [3000, 2000, 1000] }))).toEqual([3000, 2000, 1000]);
    expect(unwrap(payoutTable(12_000, 30, { fixed: [3000, 2000, 1000] }))).toEqual([6000, 4000, 2000]);
  });

  it("refuses a table that does not add up to 100%, that rises, or that pays nothing to a place", () => {
    const reason = (o: Parameters<typeof checkPayoutOptions>[0]) => {
      const r = checkPayoutOptions(o);
      return r.ok ? "ok" : `${r.error.code}:${String(r.error["reason"])}`;
    };
    expect(reason({ percents: [5000, 3000, 2000] })).toBe("ok");
    expect(reason({ percents: [5000, 3000, 1000] })).toBe("tournament/bad-payout:sum");
    expect(reason({ percents: [3000, 5000, 2000] })).toBe("tournament/bad-payout:increasing");
    expect(reason({ percents: [10_000, 0] })).toBe("tournament/bad-payout:not-positive");
    expect(reason({ fixed: [] })).toBe("tournament/bad-payout:places");
    expect(reason({ fixed: [100], percents: [10_000] })).toBe("tournament/bad-payout:both");
  });
});

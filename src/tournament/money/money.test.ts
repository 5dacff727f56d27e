import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { STRUCTURE_PRESETS } from "../structure/index.ts";
import {
  checkAddOn,
  checkRebuy,
  checkReEntry,
  decideStart,
  defaultStartRule,
  icmDeal,
  icmEquities,
  payoutTable,
  placesPaid,
  prizePool,
  refunds,
  satellitePayout,
  type EntryContext,
  type MoneyConfig,
  type Payment,
} from "./index.ts";

const casino = STRUCTURE_PRESETS["casino-1900"]!;
const MIN = 60_000;
const ctx = (over: Partial<EntryContext> = {}): EntryContext => ({
  structure: casino,
  elapsedMs: 0,
  stack: 0,
  alive: false,
  reEntries: 0,
  rebuys: 0,
  addOns: 0,
  atFinalTable: false,
  ...over,
});
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? "ok" : r.error!.code);

describe("re-entry (R-TRN-3)", () => {
  const cfg: MoneyConfig = { buyIn: 100, fee: 10, reEntry: { until: { endOfBreak: 2 }, max: 2 } };
  const closes = (8 * 30 + 2 * 15) * MIN;
  it("a busted player re-enters before the end of the 2nd break, as a new entry with a full stack", () => {
    const r = checkReEntry(cfg, ctx({ elapsedMs: closes - 1 }), "ann");
    expect(r).toEqual({ ok: true, value: { player: "ann", kind: "re-entry", toPool: 100, fee: 10, chips: 20000 } });
  });
  it("a re-entry after the window is refused with a clear error", () => {
    const r = checkReEntry(cfg, ctx({ elapsedMs: closes }), "ann");
    expect(code(r)).toBe("tournament/re-entry-closed");
    if (!r.ok) expect(r.error.message).toMatch(/closed/);
  });
  it("refuses a player still in, past the limit, or where there is none", () => {
    expect(code(checkReEntry(cfg, ctx({ alive: true, stack: 5 }), "a"))).toBe("tournament/re-entry-not-busted");
    expect(code(checkReEntry(cfg, ctx({ reEntries: 2 }), "a"))).toBe("tournament/re-entry-limit");
    expect(code(checkReEntry({ buyIn: 1, fee: 0 }, ctx(), "a"))).toBe("tournament/re-entry-not-offered");
  });
});

describe("rebuy (R-TRN-4)", () => {
  const cfg: MoneyConfig = {
    buyIn: 100,
    fee: 10,
    rebuy: { cost: 100, fee: 0, chips: 25000, max: 3, until: { endOfLevel: 6 }, stackAtMost: 20000 },
  };
  it("allowed at or below the starting stack during the window, with its own cost and chips", () => {
    expect(checkRebuy(cfg, ctx({ alive: true, stack: 20000, elapsedMs: 60 * MIN }), "b")).toEqual({
      ok: true,
      value: { player: "b", kind: "rebuy", toPool: 100, fee: 0, chips: 25000 },
    });
  });
  it("a rebuy at the final table is refused", () => {
    expect(code(checkRebuy(cfg, ctx({ alive: true, stack: 100, atFinalTable: true }), "b"))).toBe("tournament/rebuy-at-final-table");
  });
  it("refused after the window, past the limit, or with too many chips", () => {
    expect(code(checkRebuy(cfg, ctx({ elapsedMs: (6 * 30 + 15) * MIN }), "b"))).toBe("tournament/rebuy-closed");
    expect(code(checkRebuy(cfg, ctx({ rebuys: 3 }), "b"))).toBe("tournament/rebuy-limit");
    expect(code(checkRebuy(cfg, ctx({ alive: true, stack: 20001 }), "b"))).toBe("tournament/rebuy-stack-too-big");
    expect(code(checkRebuy({ buyIn: 1, fee: 0 }, ctx(), "b"))).toBe("tournament/rebuy-not-offered");
  });
});

describe("add-on (R-TRN-5)", () => {
  const cfg: MoneyConfig = { buyIn: 100, fee: 10, addOn: { atBreak: 1, cost: 50, fee: 0, chips: 10000 } };
  const breakStart = 4 * 30 * MIN;
  it("once, to a remaining player, during the set break", () => {
    expect(code(checkAddOn(cfg, ctx({ alive: true, stack: 3, elapsedMs: breakStart }), "c"))).toBe("ok");
    expect(code(checkAddOn(cfg, ctx({ alive: true, stack: 3, elapsedMs: breakStart, addOns: 1 }), "c"))).toBe("tournament/add-on-taken");
    expect(code(checkAddOn(cfg, ctx({ alive: true, elapsedMs: breakStart - 1 }), "c"))).toBe("tournament/add-on-closed");
    expect(code(checkAddOn(cfg, ctx({ alive: true, elapsedMs: breakStart + 15 * MIN }), "c"))).toBe("tournament/add-on-closed");
    expect(code(checkAddOn(cfg, ctx({ alive: false, elapsedMs: breakStart }), "c"))).toBe("tournament/add-on-eliminated");
  });
});

describe("start rule and guarantee (R-TRN-6)", () => {
  const day = Date.UTC(2026, 10, 29);
  const rule = defaultStartRule(day);
  const at = (h: number, m: number) => day + h * 3_600_000 + m * MIN;
  it("waits before 19:00, starts with 5 present, waits until 19:15, then cancels", () => {
    expect(decideStart(rule, at(18, 59), 50).kind).toBe("wait");
    expect(decideStart(rule, at(19, 0), 5).kind).toBe("start");
    expect(decideStart(rule, at(19, 10), 4)).toEqual({ kind: "wait", reason: "too-few-players" });
    expect(decideStart(rule, at(19, 15), 4)).toEqual({ kind: "cancel", reason: "too-few-players", present: 4, needed: 5 });
  });
  it("a cancelled tournament refunds everything everyone paid, fees included", () => {
    const pays: Payment[] = [
      { player: "a", kind: "buy-in", toPool: 100, fee: 10, chips: 1 },
      { player: "b", kind: "buy-in", toPool: 100, fee: 10, chips: 1 },
      { player: "a", kind: "re-entry", toPool: 100, fee: 10, chips: 1 },
    ];
    expect(Object.fromEntries(refunds(pays))).toEqual({ a: 220, b: 110 });
  });
  it("pool = max(guarantee, collected); the overlay is the difference", () => {
    const pays = Array.from({ length: 8 }, (_, i): Payment => ({ player: `p${i}`, kind: "buy-in", toPool: 100, fee: 10, chips: 1 }));
    expect(prizePool({ buyIn: 100, fee: 10, guarantee: 1000 }, pays)).toEqual({ collected: 800, fees: 80, overlay: 200, pool: 1000 });
    expect(prizePool({ buyIn: 100, fee: 10, guarantee: 500 }, pays)).toEqual({ collected: 800, fees: 80, overlay: 0, pool: 800 });
  });
  it("freeroll (R-TRN-7): nothing collected, the organiser funds the prizes", () => {
    const pays: Payment[] = [{ player: "z", kind: "buy-in", toPool: 0, fee: 0, chips: 1000 }];
    expect(prizePool({ buyIn: 0, fee: 0, organiserPrizes: 500 }, pays)).toEqual({ collected: 0, fees: 0, overlay: 500, pool: 500 });
  });
});

describe("payout table", () => {
  it("pays about 15% by default", () => {
    expect([placesPaid(100), placesPaid(9), placesPaid(2), placesPaid(253692)]).toEqual([15, 1, 1, 38054]);
    expect(placesPaid(100, { paidFraction: 0.1 })).toBe(10);
  });
  it("three places look like 50/30/20", () => {
    const t = unwrap(payoutTable(2000, 20));
    expect(t.length).toBe(3);
    expect(t[0]! / 2000).toBeGreaterThan(0.45);
    expect(t[0]! / 2000).toBeLessThan(0.55);
  });
  it("min-cash is more than the entry", () => {
    const t = unwrap(payoutTable(1_000_000, 1000));
    expect(t.at(-1)!).toBeGreaterThan(1000);
  });
  it("property: whole units, non-increasing, summing exactly to the pool", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 5000 }), fc.constantFrom(1, 5, 100), (pool, entries, unit) => {
        const t = unwrap(payoutTable(pool, entries, { unit }));
        expect(t.reduce((a, b) => a + b, 0)).toBe(pool);
        for (let i = 1; i < t.length; i++) expect(t[i]!).toBeLessThanOrEqual(t[i - 1]!);
        // all but the first place (which takes any sub-unit remainder) are multiples of the unit
        for (const x of t.slice(1)) expect(x % unit).toBe(0);
        expect(t.every((x) => Number.isInteger(x) && x >= 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
  it("refuses nonsense", () => {
    expect(payoutTable(-1, 10).ok).toBe(false);
    expect(payoutTable(10, 0).ok).toBe(false);
  });
});

describe("satellite (R-TRN-8)", () => {
  it("200 entries × 1,000 → 20 seats of 10,000", () => {
    const s = unwrap(satellitePayout(200_000, 10_000, 200));
    expect([s.seats, s.cashRemainder, s.prizes.length]).toEqual([20, 0, 20]);
  });
  it("a remainder is paid in cash to the first place without a seat", () => {
    const s = unwrap(satellitePayout(205_500, 10_000, 200));
    expect(s.seats).toBe(20);
    expect(s.prizes.at(-1)).toEqual({ place: 21, seat: false, cash: 5_500 });
  });
  it("no seat at all: the winner takes the cash", () => {
    expect(unwrap(satellitePayout(9000, 10_000, 9)).prizes).toEqual([{ place: 1, seat: false, cash: 9000 }]);
  });
});

describe("ICM (Malmuth–Harville)", () => {
  it("oracle: 5,000/3,000/2,000 with 50/30/20 → 38.3929/32.75/28.8571", () => {
    const e = unwrap(icmEquities([5000, 3000, 2000], [50, 30, 20]));
    expect(e.map((x) => x.toFixed(4))).toEqual(["38.3929", "32.7500", "28.8571"]);
  });
  it("oracle: 6,000/4,000 with 600/400 → 520/480", () => {
    const e = unwrap(icmEquities([6000, 4000], [600, 400]));
    expect(e[0]).toBeCloseTo(520, 9);
    expect(e[1]).toBeCloseTo(480, 9);
  });
  it("property: equities sum to the prizes paid; equal stacks get equal shares; more chips never less", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 8 }),
        (stacks, rawPrizes) => {
          const prizes = [...rawPrizes].sort((a, b) => b - a);
          const e = unwrap(icmEquities(stacks, prizes));
          const paid = prizes.slice(0, stacks.length).reduce((a, b) => a + b, 0);
          expect(e.reduce((a, b) => a + b, 0)).toBeCloseTo(paid, 6);
          for (let i = 0; i < stacks.length; i++)
            for (let j = 0; j < stacks.length; j++) if (stacks[i]! > stacks[j]!) expect(e[i]!).toBeGreaterThanOrEqual(e[j]! - 1e-9);
          const deal = unwrap(icmDeal(stacks, prizes));
          expect(deal.reduce((a, b) => a + b, 0)).toBe(paid);
        },
      ),
      { numRuns: 200 },
    );
  });
  it("property: equals the expectation over every finishing order, enumerated (the Malmuth–Harville definition)", () => {
    // Each order's chance: each place goes to one of those left, by stack ÷ chips left.
    const byOrders = (stacks: readonly number[], prizes: readonly number[]): number[] => {
      const out = stacks.map(() => 0);
      const walk = (left: number[], p: number, place: number) => {
        if (place >= prizes.length || left.length === 0) return;
        const chips = left.reduce((a, i) => a + stacks[i]!, 0);
        for (const i of left) {
          const q = (p * stacks[i]!) / chips;
          out[i]! += q * prizes[place]!;
          walk(
            left.filter((x) => x !== i),
            q,
            place + 1,
          );
        }
      };
      walk(
        stacks.map((_, i) => i),
        1,
        0,
      );
      return out;
    };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 7 }),
        (stacks, prizes) => {
          const e = unwrap(icmEquities(stacks, prizes));
          byOrders(stacks, prizes).forEach((x, i) => expect(e[i]!).toBeCloseTo(x, 6));
        },
      ),
      { numRuns: 200 },
    );
  });
  it("20 finalists, the most a deal takes, are answered exactly (the old memo took minutes on the event loop)", () => {
    const stacks = Array.from({ length: 20 }, (_, i) => 1000 + 137 * i);
    const prizes = Array.from({ length: 20 }, (_, i) => 10_000 - 400 * i);
    const e = unwrap(icmEquities(stacks, prizes));
    expect(e.reduce((a, b) => a + b, 0)).toBeCloseTo(
      prizes.reduce((a, b) => a + b, 0),
      6,
    );
    for (let i = 1; i < 20; i++) expect(e[i]!).toBeGreaterThan(e[i - 1]!);
  });
  it("a 9-handed final table is quick and exact", () => {
    const e = unwrap(
      icmEquities(
        [9, 8, 7, 6, 5, 4, 3, 2, 1].map((x) => x * 1000),
        [30, 20, 15, 10, 8, 6, 5, 4, 2],
      ),
    );
    expect(e.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 9);
  });
  it("refuses zero stacks", () => {
    expect(icmEquities([0, 10], [1, 0]).ok).toBe(false);
  });
});

// The contract every HandIndex backend passes (hand-index.sqlite.test.ts, hand-index.postgres.test.ts).
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { HandIndex, HandIndexEntry } from "./hand-index.ts";

export interface HandIndexFixture {
  open(): Promise<HandIndex>;
  destroy(): Promise<void>;
}

const entry = (playerId: string, n: number, startedAt: number, table = "t-t1"): HandIndexEntry => ({
  playerId,
  handId: `${table}-h${n}`,
  tableId: table,
  tournamentId: "t",
  handNumber: n,
  startedAt,
  seat: 3,
  net: n % 2 === 0 ? 40 : -40,
  cards: [n % 52, (n + 13) % 52],
});

export function describeHandIndexContract(name: string, factory: () => Promise<HandIndexFixture>): void {
  describe(`HandIndex contract: ${name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const c of cleanups.splice(0).reverse()) await c();
    });
    async function fresh(): Promise<{ index: HandIndex; fixture: HandIndexFixture }> {
      const fixture = await factory();
      cleanups.push(() => fixture.destroy());
      const index = await fixture.open();
      cleanups.push(() => index.close());
      return { index, fixture };
    }

    it("lists a player's hands newest first, only theirs, and a row written twice stays one", async () => {
      const { index } = await fresh();
      await index.record([entry("a", 1, 100), entry("b", 1, 100), entry("a", 2, 200)]);
      await index.record([entry("a", 2, 200), entry("b", 3, 300)]);
      expect((await index.list("a", { limit: 10 })).map((e) => e.handId)).toEqual(["t-t1-h2", "t-t1-h1"]);
      expect(await index.list("a", { limit: 10 })).toContainEqual(entry("a", 1, 100));
      expect(await index.list("nobody", { limit: 10 })).toEqual([]);
      expect(await index.get("a", "t-t1-h2")).toEqual(entry("a", 2, 200));
      expect(await index.get("a", "t-t1-h3")).toBeNull();
    });

    it("pages by keyset: every hand once, in order, across equal start times", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 0, maxLength: 30 }), fc.integer({ min: 1, max: 7 }), async (times, limit) => {
          const { index } = await fresh();
          const rows = times.map((t, i) => entry("p", i + 1, 1_000 + t, i % 2 === 0 ? "t-t1" : "t-t2"));
          await Promise.all(rows.map((r) => index.record([r])));
          const seen: HandIndexEntry[] = [];
          let before: { startedAt: number; handId: string } | undefined;
          for (let guard = 0; guard < 100; guard++) {
            const page = await index.list("p", before === undefined ? { limit } : { limit, before });
            expect(page.length).toBeLessThanOrEqual(limit);
            seen.push(...page);
            const last = page.at(-1);
            if (page.length < limit || last === undefined) break;
            before = { startedAt: last.startedAt, handId: last.handId };
          }
          const byNewest = (x: HandIndexEntry, y: HandIndexEntry) => y.startedAt - x.startedAt || (x.handId < y.handId ? 1 : x.handId > y.handId ? -1 : 0);
          expect(seen).toEqual([...rows].sort(byNewest));
          for (const c of cleanups.splice(0).reverse()) await c();
        }),
        { numRuns: 8 },
      );
    });

    it("a player's page is the same however many hands others played", async () => {
      const { index } = await fresh();
      await index.record([entry("me", 1, 10), entry("me", 2, 20)]);
      const alone = await index.list("me", { limit: 5 });
      const others: HandIndexEntry[] = [];
      for (let i = 0; i < 2_000; i++) others.push(entry(`o${i % 50}`, i + 10, 5 + i, "t-t9"));
      await index.record(others);
      expect(await index.list("me", { limit: 5 })).toEqual(alone);
    });

    it("rows survive a reopen; an index is empty until its first row", async () => {
      const { index, fixture } = await fresh();
      expect(await index.isEmpty()).toBe(true);
      await index.record([entry("a", 1, 100)]);
      expect(await index.isEmpty()).toBe(false);
      await index.close();
      const again = await fixture.open();
      cleanups.push(() => again.close());
      expect(await again.list("a", { limit: 1 })).toEqual([entry("a", 1, 100)]);
    });

    it("a row without cards gets them from a later write (the backfill); a row with cards keeps its own", async () => {
      const { index } = await fresh();
      expect(await index.lacksCards()).toBe(false);
      await index.record([{ ...entry("a", 1, 100), cards: null }, entry("a", 2, 200)]);
      expect(await index.lacksCards()).toBe(true);
      expect((await index.get("a", "t-t1-h1"))?.cards).toBeNull();
      await index.record([entry("a", 1, 100), { ...entry("a", 2, 200), cards: [50, 51] }]);
      expect(await index.lacksCards()).toBe(false);
      expect((await index.get("a", "t-t1-h1"))?.cards).toEqual([1, 14]);
      expect((await index.get("a", "t-t1-h2"))?.cards).toEqual([2, 15]);
    });

    it("one write of many players' rows, one of them outside any tournament, reads back as written", async () => {
      const { index } = await fresh();
      const rows = [...Array.from({ length: 9 }, (_, i) => entry(`p${i}`, 7, 700 + i)), { ...entry("q", 1, 50, "cash-1"), tournamentId: null, net: -120 }];
      await index.record(rows);
      for (const row of rows) expect(await index.get(row.playerId, row.handId)).toEqual(row);
    });
  });
}

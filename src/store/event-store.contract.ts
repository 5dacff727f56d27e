// The one contract every EventStore backend passes (run by event-store.sqlite.test.ts and
// event-store.postgres.test.ts). A fixture is a fresh, empty database per test.
import { afterEach, describe, expect, it } from "vitest";
import type { EventStore, NewEvent } from "./event-store.ts";

export interface EventStoreFixture {
  /** Opens (and migrates) the fixture's database; may be called again after close. */
  open(options?: { now?: () => number }): Promise<EventStore>;
  destroy(): Promise<void>;
}

const ev = (type: string, data: unknown, meta?: Record<string, unknown>): NewEvent => (meta === undefined ? { type, data } : { type, data, meta });

export function describeEventStoreContract(name: string, factory: () => Promise<EventStoreFixture>): void {
  describe(`EventStore contract: ${name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const c of cleanups.splice(0).reverse()) await c();
    });
    async function fresh(now?: () => number): Promise<{ store: EventStore; fixture: EventStoreFixture }> {
      const fixture = await factory();
      cleanups.push(() => fixture.destroy());
      const store = await fixture.open(now === undefined ? {} : { now });
      cleanups.push(() => store.close());
      return { store, fixture };
    }

    it("an unknown stream is at version 0, empty, without snapshot", async () => {
      const { store } = await fresh();
      expect(await store.streamVersion("table:none")).toBe(0);
      expect(await store.read("table:none")).toEqual([]);
      expect(await store.loadSnapshot("table:none")).toBeNull();
      expect(await store.listStreams()).toEqual([]);
    });

    it("appends with versions 1..n, round-trips type, data, meta and the injected time", async () => {
      const { store } = await fresh(() => 1_700_000_000_123);
      const data = { seat: 3, amount: 1200, cards: [0, 51], name: "Zoë 🂡", nested: { a: [null, true, -1.5] } };
      const r = await store.append("table:t1", 0, [ev("HandStarted", { hand: 1 }), ev("Bet", data, { command: "c-1" })]);
      expect(r).toEqual({ ok: true, value: { version: 2, position: expect.any(Number) } });
      const events = await store.read("table:t1");
      expect(events.map((e) => [e.version, e.type, e.stream])).toEqual([
        [1, "HandStarted", "table:t1"],
        [2, "Bet", "table:t1"],
      ]);
      expect(events[1]?.data).toEqual(data);
      expect(events[1]?.meta).toEqual({ command: "c-1" });
      expect(events[0]?.meta).toEqual({});
      expect(events.every((e) => e.recordedAt === 1_700_000_000_123)).toBe(true);
      expect(r.ok && r.value.position).toBe(events[1]?.position);
      expect(await store.streamVersion("table:t1")).toBe(2);
    });

    it("store/version-conflict when the expected version moved, and nothing is written", async () => {
      const { store } = await fresh();
      await store.append("table:t1", 0, [ev("A", 1), ev("B", 2)]);
      const stale = await store.append("table:t1", 1, [ev("C", 3)]);
      expect(stale.ok).toBe(false);
      if (!stale.ok) {
        expect(stale.error.code).toBe("store/version-conflict");
        expect(stale.error).toMatchObject({ stream: "table:t1", expected: 1, actual: 2 });
      }
      const again = await store.append("table:t1", 0, [ev("C", 3)]);
      expect(!again.ok && again.error.code).toBe("store/version-conflict");
      const ahead = await store.append("table:t1", 5, [ev("C", 3)]);
      expect(!ahead.ok && ahead.error.code).toBe("store/version-conflict");
      const missing = await store.append("table:t9", 1, [ev("C", 3)]);
      expect(!missing.ok && missing.error).toMatchObject({ code: "store/version-conflict", actual: 0 });
      expect((await store.read("table:t1")).map((e) => e.type)).toEqual(["A", "B"]);
      expect(await store.streamVersion("table:t9")).toBe(0);
      const next = await store.append("table:t1", 2, [ev("C", 3)]);
      expect(next.ok && next.value.version).toBe(3);
    });

    it('"any" appends without a check, creating the stream when needed', async () => {
      const { store } = await fresh();
      expect((await store.append("tournament:1", "any", [ev("A", 1)])).ok).toBe(true);
      const r = await store.append("tournament:1", "any", [ev("B", 2), ev("C", 3)]);
      expect(r.ok && r.value.version).toBe(3);
      expect((await store.read("tournament:1")).map((e) => e.version)).toEqual([1, 2, 3]);
    });

    it("only one of many concurrent appends at the same expected version wins", async () => {
      const { store } = await fresh();
      await store.append("table:race", 0, [ev("Start", 0)]);
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => store.append("table:race", 1, [ev("Act", i), ev("Act2", i)])));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.error.code === "store/version-conflict")).toHaveLength(7);
      const events = await store.read("table:race");
      expect(events.map((e) => e.version)).toEqual([1, 2, 3]);
      expect(events[1]?.data).toBe(events[2]?.data);
    });

    it("appends issued back to back without waiting apply in issue order", async () => {
      const { store } = await fresh();
      const results = await Promise.all([
        store.append("table:o", 0, [ev("A", 1)]),
        store.append("table:p", 0, [ev("X", 1)]),
        store.append("table:o", 1, [ev("B", 2), ev("C", 3)]),
        store.append("table:o", 1, [ev("Late", 0)]),
        store.append("table:o", 3, [ev("D", 4)]),
      ]);
      expect(results.map((r) => (r.ok ? r.value.version : r.error.code))).toEqual([1, 1, 3, "store/version-conflict", 4]);
      expect((await store.read("table:o")).map((e) => e.type)).toEqual(["A", "B", "C", "D"]);
    });

    it("concurrent appends to different streams all land with gapless versions", async () => {
      const { store } = await fresh();
      await Promise.all(
        Array.from({ length: 6 }, async (_, t) => {
          for (let v = 0; v < 5; v += 1) {
            const r = await store.append(`table:p${t}`, v, [ev("E", { t, v })]);
            expect(r.ok).toBe(true);
          }
        }),
      );
      for (let t = 0; t < 6; t += 1) {
        expect((await store.read(`table:p${t}`)).map((e) => e.version)).toEqual([1, 2, 3, 4, 5]);
      }
    });

    it("reads from a version with a limit; positions increase within a stream and are unique", async () => {
      const { store } = await fresh();
      for (let i = 0; i < 4; i += 1) {
        await store.append("table:a", i * 2, [ev("E", i * 2 + 1), ev("E", i * 2 + 2)]);
        await store.append("table:b", i, [ev("F", i)]);
      }
      const some = await store.read("table:a", 3, 4);
      expect(some.map((e) => e.data)).toEqual([3, 4, 5, 6]);
      const a = await store.read("table:a");
      const b = await store.read("table:b");
      const positions = [...a, ...b].map((e) => e.position);
      expect(new Set(positions).size).toBe(positions.length);
      expect(a.map((e) => e.position)).toEqual([...a.map((e) => e.position)].sort((x, y) => x - y));
      expect(await store.read("table:a", 9)).toEqual([]);
    });

    it("lists streams by type and by prefix with their versions", async () => {
      const { store } = await fresh();
      await store.append("table:t1", 0, [ev("E", 1)]);
      await store.append("table:t2", 0, [ev("E", 1), ev("E", 2)]);
      await store.append("tournament:t1", 0, [ev("E", 1)]);
      expect(await store.listStreams({ type: "table" })).toEqual([
        { stream: "table:t1", type: "table", version: 1 },
        { stream: "table:t2", type: "table", version: 2 },
      ]);
      expect((await store.listStreams({ prefix: "tournament:" })).map((s) => s.stream)).toEqual(["tournament:t1"]);
      expect((await store.listStreams({ prefix: "table:t2" })).map((s) => s.stream)).toEqual(["table:t2"]);
      expect((await store.listStreams()).map((s) => s.stream)).toEqual(["table:t1", "table:t2", "tournament:t1"]);
      expect(await store.listStreams({ type: "table", prefix: "tournament:" })).toEqual([]);
    });

    it("snapshots: the newest wins, an older one is ignored, one ahead of the stream is refused", async () => {
      const { store } = await fresh();
      await store.append("table:s", 0, [ev("E", 1), ev("E", 2), ev("E", 3)]);
      expect((await store.saveSnapshot("table:s", 2, { stacks: [100, 200] })).ok).toBe(true);
      expect(await store.loadSnapshot("table:s")).toEqual({ stream: "table:s", version: 2, state: { stacks: [100, 200] } });
      expect((await store.saveSnapshot("table:s", 3, { stacks: [50, 250] })).ok).toBe(true);
      expect((await store.saveSnapshot("table:s", 1, { stale: true })).ok).toBe(true);
      expect(await store.loadSnapshot("table:s")).toMatchObject({ version: 3, state: { stacks: [50, 250] } });
      const ahead = await store.saveSnapshot("table:s", 4, {});
      expect(!ahead.ok && ahead.error.code).toBe("store/snapshot-ahead");
      const none = await store.saveSnapshot("table:none", 1, {});
      expect(!none.ok && none.error.code).toBe("store/snapshot-ahead");
    });

    it("readAll catches up over every stream exactly once, page by page", async () => {
      const { store } = await fresh();
      const first = await store.readAll(null);
      expect(first.events).toEqual([]);
      for (let i = 0; i < 7; i += 1) {
        await store.append(`table:${i % 3}`, "any", [ev("E", i), ev("E2", i)]);
      }
      const seen: string[] = [];
      let cursor = first.cursor;
      for (;;) {
        const page = await store.readAll(cursor, 3);
        if (page.events.length === 0) break;
        expect(page.events.length).toBeLessThanOrEqual(3);
        seen.push(...page.events.map((e) => `${e.stream}#${e.version}`));
        cursor = page.cursor;
      }
      expect(seen).toHaveLength(14);
      expect(new Set(seen).size).toBe(14);
      const again = await store.readAll(cursor);
      expect(again).toEqual({ events: [], cursor });
      await store.append("table:9", 0, [ev("Late", 1)]);
      const late = await store.readAll(cursor);
      expect(late.events.map((e) => e.type)).toEqual(["Late"]);
    });

    it("readAll polled during concurrent appends still sees every event exactly once", async () => {
      const { store } = await fresh();
      let writing = true;
      const writers = Promise.all(
        Array.from({ length: 8 }, async (_, w) => {
          for (let i = 0; i < 15; i += 1) {
            const r = await store.append(`table:w${w}`, i * 2, [ev("E", { w, i }), ev("F", { w, i })]);
            expect(r.ok).toBe(true);
          }
        }),
      ).finally(() => (writing = false));
      const seen: string[] = [];
      let cursor: string | null = null;
      const poll = async () => {
        const page = await store.readAll(cursor, 7);
        seen.push(...page.events.map((e) => `${e.stream}#${e.version}`));
        cursor = page.cursor;
        return page.events.length;
      };
      while (writing) {
        await poll();
        // Let the writers' I/O run (SQLite reads never leave the microtask queue).
        await new Promise((r) => setImmediate(r));
      }
      await writers;
      while ((await poll()) > 0);
      expect(seen).toHaveLength(8 * 15 * 2);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it("refuses bad input with a typed error and writes nothing (an append is all or nothing)", async () => {
      const { store } = await fresh();
      const badStream = await store.append("no colon", 0, [ev("E", 1)]);
      expect(!badStream.ok && badStream.error.code).toBe("store/bad-stream");
      const empty = await store.append("table:x", 0, []);
      expect(!empty.ok && empty.error.code).toBe("store/bad-events");
      const cyclic: Record<string, unknown> = {};
      cyclic["self"] = cyclic;
      const unserialisable = await store.append("table:x", 0, [ev("E", 1), ev("E", cyclic)]);
      expect(!unserialisable.ok && unserialisable.error).toMatchObject({ code: "store/bad-events", index: 1 });
      const big = await store.append("table:x", 0, [ev("E", 1), ev("E", 10n)]);
      expect(!big.ok && big.error.code).toBe("store/bad-events");
      const negative = await store.append("table:x", -1, [ev("E", 1)]);
      expect(!negative.ok && negative.error.code).toBe("store/bad-events");
      expect(await store.streamVersion("table:x")).toBe(0);
      expect(await store.read("table:x")).toEqual([]);
    });

    it("survives close and reopen; opening twice reruns no migration and loses nothing", async () => {
      const { store, fixture } = await fresh();
      await store.append("table:p", 0, [ev("E", 1), ev("E", 2)]);
      await store.saveSnapshot("table:p", 2, { s: 1 });
      await store.close();
      const again = await fixture.open();
      cleanups.push(() => again.close());
      const third = await fixture.open();
      cleanups.push(() => third.close());
      expect((await again.read("table:p")).map((e) => e.data)).toEqual([1, 2]);
      expect(await third.loadSnapshot("table:p")).toMatchObject({ version: 2 });
      const r = await third.append("table:p", 2, [ev("E", 3)]);
      expect(r.ok && r.value.version).toBe(3);
      expect(await again.streamVersion("table:p")).toBe(3);
    });
  });
}

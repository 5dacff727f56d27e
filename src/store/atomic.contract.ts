// The contract of EventStore.appendWithPostings: a tournament's events and the
// ledger postings they pay for commit in one database transaction, all or nothing. Run on
// every backend by storage.sqlite.test.ts and storage.postgres.test.ts; a fixture is a
// fresh, empty database per test.
import { afterEach, describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import type { NewEvent } from "./event-store.ts";
import * as post from "./ledger-postings.ts";
import type { Storage } from "./target.ts";

export interface StorageFixture {
  /** Opens (and migrates) the fixture's database; may be called again after close. */
  open(): Promise<Storage>;
  destroy(): Promise<void>;
}

const EUR = "EUR";
const ev = (type: string, data: unknown = {}): NewEvent => ({ type, data, meta: { commandId: "c1" } });

export function describeStorageContract(name: string, factory: () => Promise<StorageFixture>, options: { reopen: boolean } = { reopen: true }): void {
  describe(`appendWithPostings contract: ${name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterEach(async () => {
      for (const c of cleanups.splice(0).reverse()) await c();
    });
    async function fresh(): Promise<Storage & { fixture: StorageFixture }> {
      const fixture = await factory();
      cleanups.push(() => fixture.destroy());
      const s = await fixture.open();
      cleanups.push(async () => {
        await s.store.close();
        await s.ledger.close();
      });
      return { ...s, fixture };
    }
    const deposit = (key: string, player: string, amount: number) => unwrap(post.deposit({ key, asset: EUR, player, amount, director: "d" }));
    const buyIn = (key: string, player: string, amount = 1_000, fee = 100) => unwrap(post.buyIn({ key, asset: EUR, player, tournament: "t1", amount, fee }));

    it("the events and the buy-in they pay for land together", async () => {
      const { store, ledger } = await fresh();
      unwrap(await ledger.post(deposit("d1", "p1", 5_000)));
      const r = unwrap(await store.appendWithPostings("tournament:t1", 0, [ev("entrant"), ev("registered")], [buyIn("b1", "p1")]));
      expect(r.version).toBe(2);
      expect(r.posted.map((p) => [p.key, p.kind, p.replayed])).toEqual([["b1", "buy-in", false]]);
      expect((await store.read("tournament:t1")).map((e) => e.type)).toEqual(["entrant", "registered"]);
      expect(await ledger.balance("player:p1", EUR)).toBe(3_900);
      expect(await ledger.balance("pool:t1", EUR)).toBe(1_000);
      expect(await ledger.totals()).toEqual({ EUR: 0 });
    });

    it("a refused posting writes neither the events nor the postings before it (ledger/insufficient-funds)", async () => {
      const { store, ledger } = await fresh();
      unwrap(await ledger.post(deposit("d1", "p1", 500)));
      const r = await store.appendWithPostings("tournament:t1", 0, [ev("registered")], [deposit("cash1", "p2", 2_000), buyIn("b1", "p1")]);
      expect(!r.ok && r.error.code).toBe("ledger/insufficient-funds");
      expect(await store.streamVersion("tournament:t1")).toBe(0);
      expect(await store.read("tournament:t1")).toEqual([]);
      expect(await ledger.transaction("cash1")).toBeNull();
      expect(await ledger.balance("player:p2", EUR)).toBe(0);
      expect(await ledger.balance("player:p1", EUR)).toBe(500);
      // The stream is still free: the same append with money that covers it goes through.
      unwrap(await ledger.post(deposit("d2", "p1", 600)));
      expect(unwrap(await store.appendWithPostings("tournament:t1", 0, [ev("registered")], [buyIn("b1", "p1")])).version).toBe(1);
    });

    it("a version conflict posts nothing (store/version-conflict)", async () => {
      const { store, ledger } = await fresh();
      unwrap(await ledger.post(deposit("d1", "p1", 5_000)));
      unwrap(await store.append("tournament:t1", 0, [ev("created")]));
      const r = await store.appendWithPostings("tournament:t1", 0, [ev("registered")], [buyIn("b1", "p1")]);
      expect(!r.ok && r.error.code).toBe("store/version-conflict");
      expect(await ledger.transaction("b1")).toBeNull();
      expect(await ledger.balance("player:p1", EUR)).toBe(5_000);
      expect(await store.streamVersion("tournament:t1")).toBe(1);
    });

    it("a key already posted is replayed, not paid twice; the same key for other content refuses the whole (ledger/idempotency-mismatch)", async () => {
      const { store, ledger } = await fresh();
      unwrap(await ledger.post(deposit("d1", "p1", 5_000)));
      unwrap(await ledger.post(buyIn("b1", "p1")));
      const again = unwrap(await store.appendWithPostings("tournament:t1", 0, [ev("registered")], [buyIn("b1", "p1")]));
      expect(again.posted[0]?.replayed).toBe(true);
      expect(await ledger.balance("player:p1", EUR)).toBe(3_900);
      const other = await store.appendWithPostings("tournament:t1", 1, [ev("rebought")], [buyIn("b1", "p1", 2_000)]);
      expect(!other.ok && other.error.code).toBe("ledger/idempotency-mismatch");
      expect(await store.streamVersion("tournament:t1")).toBe(1);
      expect(await ledger.balance("player:p1", EUR)).toBe(3_900);
    });

    it("an unbalanced posting or bad events change nothing", async () => {
      const { store, ledger } = await fresh();
      const unbalanced = await store.appendWithPostings(
        "tournament:t1",
        0,
        [ev("x")],
        [
          {
            key: "u1",
            kind: "prize",
            legs: [
              { account: "pool:t1", asset: EUR, amount: -5 },
              { account: "player:p1", asset: EUR, amount: 6 },
            ],
          },
        ],
      );
      expect(!unbalanced.ok && unbalanced.error.code).toBe("ledger/unbalanced");
      const noEvents = await store.appendWithPostings("tournament:t1", 0, [], [deposit("d1", "p1", 5)]);
      expect(!noEvents.ok && noEvents.error.code).toBe("store/bad-events");
      expect(await store.streamVersion("tournament:t1")).toBe(0);
      expect(await ledger.transaction("d1")).toBeNull();
    });

    it("ledger/amount-unsafe: a deposit past 2^53 − 1 refuses the events with it", async () => {
      const { store, ledger } = await fresh();
      unwrap(await ledger.post(deposit("d1", "p1", Number.MAX_SAFE_INTEGER - 1)));
      const r = await store.appendWithPostings("tournament:t1", 0, [ev("walk-in")], [deposit("cash1", "p1", 2)]);
      expect(!r.ok && r.error.code).toBe("ledger/amount-unsafe");
      expect(await store.streamVersion("tournament:t1")).toBe(0);
      expect(await ledger.balance("player:p1", EUR)).toBe(Number.MAX_SAFE_INTEGER - 1);
    });

    it("appends on many streams at once, each with its posting: every one lands with its money", async () => {
      const { store, ledger } = await fresh();
      unwrap(await ledger.post(deposit("d1", "p1", 100_000)));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.appendWithPostings(
            `tournament:t${i}`,
            0,
            [ev("registered")],
            [unwrap(post.buyIn({ key: `b${i}`, asset: EUR, player: "p1", tournament: `t${i}`, amount: 1_000, fee: 0 }))],
          ),
        ),
      );
      expect(results.every((r) => r.ok)).toBe(true);
      expect(await ledger.balance("player:p1", EUR)).toBe(80_000);
      // Plain appends mixed in with them are unaffected.
      expect(unwrap(await store.append("table:x", 0, [ev("hand")])).version).toBe(1);
    });

    // Many commands' events and postings in one transaction.
    const group = (command: string, player: string, amount = 1_000) => ({
      events: [
        { type: "entrant", data: { player }, meta: { commandId: command } },
        { type: "registered", data: { player }, meta: { commandId: command } },
      ],
      postings: [buyIn(`b-${command}`, player, amount)],
    });

    it("appendGroups: every group lands with its money in one call, at consecutive versions", async () => {
      const { store, ledger } = await fresh();
      for (const p of ["p1", "p2", "p3"]) unwrap(await ledger.post(deposit(`d-${p}`, p, 5_000)));
      unwrap(await store.append("tournament:t1", 0, [ev("created")]));
      const r = unwrap(await store.appendGroups("tournament:t1", 1, [group("c1", "p1"), group("c2", "p2"), group("c3", "p3")]));
      expect(r.version).toBe(7);
      expect(r.groups.map((g) => g.ok && g.value.version)).toEqual([3, 5, 7]);
      expect(r.groups.map((g) => g.ok && g.value.posted.map((x) => x.key))).toEqual([["b-c1"], ["b-c2"], ["b-c3"]]);
      const stored = await store.read("tournament:t1");
      expect(stored.map((e) => `${e.version}:${e.type}:${String(e.meta["commandId"] ?? "")}`)).toEqual([
        "1:created:c1",
        "2:entrant:c1",
        "3:registered:c1",
        "4:entrant:c2",
        "5:registered:c2",
        "6:entrant:c3",
        "7:registered:c3",
      ]);
      expect(await ledger.balance("pool:t1", EUR)).toBe(3_000);
      expect(await ledger.totals()).toEqual({ EUR: 0 });
    });

    it("appendGroups: a group the ledger refuses is left out alone, the others take its versions (ledger/insufficient-funds)", async () => {
      const { store, ledger } = await fresh();
      unwrap(await ledger.post(deposit("d1", "p1", 5_000)));
      unwrap(await ledger.post(deposit("d2", "p2", 500)));
      unwrap(await ledger.post(deposit("d3", "p3", 5_000)));
      const r = unwrap(await store.appendGroups("tournament:t1", 0, [group("c1", "p1"), group("c2", "p2"), group("c3", "p3")]));
      expect(r.version).toBe(4);
      expect(r.groups.map((g) => (g.ok ? g.value.version : g.error.code))).toEqual([2, "ledger/insufficient-funds", 4]);
      expect((await store.read("tournament:t1")).map((e) => e.meta["commandId"])).toEqual(["c1", "c1", "c3", "c3"]);
      expect(await ledger.transaction("b-c2")).toBeNull();
      expect(await ledger.balance("player:p2", EUR)).toBe(500);
      expect(await ledger.balance("pool:t1", EUR)).toBe(2_000);
      expect(await ledger.totals()).toEqual({ EUR: 0 });
    });

    it("appendGroups: a malformed group is refused alone; one key for two contents refuses the second; all refused writes nothing", async () => {
      const { store, ledger } = await fresh();
      unwrap(await ledger.post(deposit("d1", "p1", 50_000)));
      const empty = { events: [], postings: [] };
      const unbalanced = {
        events: [ev("x")],
        postings: [
          {
            key: "u1",
            kind: "prize" as const,
            legs: [
              { account: "pool:t1", asset: EUR, amount: -5 },
              { account: "player:p1", asset: EUR, amount: 6 },
            ],
          },
        ],
      };
      const twice = { events: [ev("registered")], postings: [buyIn("b-c1", "p1", 2_000)] };
      const r = unwrap(await store.appendGroups("tournament:t1", 0, [empty, group("c1", "p1"), unbalanced, twice]));
      expect(r.groups.map((g) => (g.ok ? g.value.version : g.error.code))).toEqual(["store/bad-events", 2, "ledger/unbalanced", "ledger/idempotency-mismatch"]);
      expect(await store.streamVersion("tournament:t1")).toBe(2);
      expect(await ledger.balance("player:p1", EUR)).toBe(48_900);
      const none = unwrap(await store.appendGroups("tournament:t2", 0, [empty, unbalanced]));
      expect(none.version).toBe(0);
      expect(await store.streamVersion("tournament:t2")).toBe(0);
      expect((await store.listStreams()).map((x) => x.stream)).toEqual(["tournament:t1"]);
    });

    it("appendGroups: a version conflict refuses the whole batch and posts nothing (store/version-conflict)", async () => {
      const { store, ledger } = await fresh();
      unwrap(await ledger.post(deposit("d1", "p1", 5_000)));
      unwrap(await store.append("tournament:t1", 0, [ev("created")]));
      const r = await store.appendGroups("tournament:t1", 0, [group("c1", "p1")]);
      expect(!r.ok && r.error.code).toBe("store/version-conflict");
      expect(await ledger.transaction("b-c1")).toBeNull();
      expect(await store.streamVersion("tournament:t1")).toBe(1);
      const bad = await store.appendGroups("nope", 0, [group("c1", "p1")]);
      expect(!bad.ok && bad.error.code).toBe("store/bad-stream");
    });

    if (options.reopen) {
      it("both halves are there after the database is closed and opened again", async () => {
        const { store, ledger, fixture } = await fresh();
        unwrap(await ledger.post(deposit("d1", "p1", 5_000)));
        unwrap(await store.appendWithPostings("tournament:t1", 0, [ev("registered")], [buyIn("b1", "p1")]));
        await store.close();
        await ledger.close();
        const again = await fixture.open();
        cleanups.push(async () => {
          await again.store.close();
          await again.ledger.close();
        });
        expect(await again.store.streamVersion("tournament:t1")).toBe(1);
        expect(await again.ledger.balance("player:p1", EUR)).toBe(3_900);
        expect((await again.ledger.transaction("b1"))?.kind).toBe("buy-in");
      });

      it("appendGroups: the batch is there whole after the database is closed and opened again", async () => {
        const { store, ledger, fixture } = await fresh();
        unwrap(await ledger.post(deposit("d1", "p1", 5_000)));
        unwrap(await ledger.post(deposit("d2", "p2", 5_000)));
        unwrap(await store.appendGroups("tournament:t1", 0, [group("c1", "p1"), group("c2", "p2")]));
        await store.close();
        await ledger.close();
        const again = await fixture.open();
        cleanups.push(async () => {
          await again.store.close();
          await again.ledger.close();
        });
        expect(await again.store.streamVersion("tournament:t1")).toBe(4);
        expect(await again.ledger.balance("pool:t1", EUR)).toBe(2_000);
      });
    }
  });
}

import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { fsync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeEventStoreContract } from "../event-store.contract.ts";
import { tempSqlite } from "../../../testkit/store/backends.ts";
import { openSqliteEventStore } from "./event-store.ts";
import { syncWalOffLoop } from "./wal-sync.ts";
import { unwrap } from "../../lib/result.ts";
import * as postings from "../ledger-postings.ts";

// The same contract as every event store: the WAL sync off the loop changes when an append
// answers, never what it answers.
describeEventStoreContract("SQLite, WAL synced off the event loop", async () => {
  const tmp = tempSqlite();
  return {
    open: async (o = {}) => syncWalOffLoop(openSqliteEventStore(tmp.path, { durability: "normal", ...(o.now === undefined ? {} : { now: o.now }) }), tmp.path),
    destroy: async () => tmp.destroy(),
  };
});

describe("WAL sync off the event loop", () => {
  it("answers appends only after an fsync, and appends of one moment share it (group sync)", async () => {
    const tmp = tempSqlite();
    try {
      const store = syncWalOffLoop(openSqliteEventStore(tmp.path, { durability: "normal" }), tmp.path) as ReturnType<typeof syncWalOffLoop> & { syncs: number };
      const rs = await Promise.all(Array.from({ length: 50 }, (_, i) => store.append(`table:t${i}`, 0, [{ type: "E", data: i }])));
      expect(rs.every((r) => r.ok)).toBe(true);
      expect(store.syncs).toBeGreaterThanOrEqual(1);
      expect(store.syncs).toBeLessThan(10);
      const before = store.syncs;
      expect((await store.append("table:t0", 1, [{ type: "E", data: 99 }])).ok).toBe(true);
      expect(store.syncs).toBe(before + 1);
      // a refused append is not synced and answers as before
      expect(await store.append("table:t0", 1, [{ type: "E", data: 1 }])).toMatchObject({ ok: false });
      expect(store.syncs).toBe(before + 1);
      expect((await store.read("table:t0")).map((e) => e.data)).toEqual([0, 99]);
      await store.close();
    } finally {
      tmp.destroy();
    }
  });

  it("appends arriving while an fsync runs share one commit after it, not one commit each", async () => {
    const tmp = tempSqlite();
    const commits: number[] = [];
    const count = (m: unknown) => commits.push((m as { appends: number }).appends);
    subscribe("felt:sqlite-commit", count);
    // An fsync that ends when the test says so.
    const running: Array<() => void> = [];
    const heldSync = (fd: number, done: (e: Error | null) => void) => running.push(() => fsync(fd, done));
    try {
      const store = syncWalOffLoop(openSqliteEventStore(tmp.path, { durability: "normal" }), tmp.path, heldSync);
      const first = store.append("table:a", 0, [{ type: "E", data: 0 }]);
      while (running.length === 0) await new Promise((r) => setImmediate(r));
      // Each arrives in its own turn of the event loop, while the first one's fsync runs.
      const later: Promise<{ ok: boolean }>[] = [];
      for (let i = 1; i <= 20; i++) {
        later.push(store.append(`table:b${i}`, 0, [{ type: "E", data: i }]));
        await new Promise((r) => setImmediate(r));
      }
      expect(commits).toEqual([1]);
      running.shift()!();
      expect((await first).ok).toBe(true);
      while (running.length === 0) await new Promise((r) => setImmediate(r));
      // The twenty went in one commit after the first fsync, and wait for their own fsync.
      expect(commits).toEqual([1, 20]);
      running.shift()!();
      expect((await Promise.all(later)).every((r) => r.ok)).toBe(true);
      expect((await store.listStreams({ prefix: "table:b" })).length).toBe(20);
      await store.close();
    } finally {
      unsubscribe("felt:sqlite-commit", count);
      tmp.destroy();
    }
  });

  it("events with their postings are answered only after the fsync of their commit; a refused one at once, with no fsync", async () => {
    const tmp = tempSqlite();
    const running: Array<() => void> = [];
    const heldSync = (fd: number, done: (e: Error | null) => void) => running.push(() => fsync(fd, done));
    try {
      const store = syncWalOffLoop(openSqliteEventStore(tmp.path, { durability: "normal" }), tmp.path, heldSync);
      const deposit = unwrap(postings.deposit({ key: "d1", asset: "EUR", player: "p1", amount: 500, director: "d" }));
      let answered = false;
      const paid = store.appendWithPostings("tournament:t1", 0, [{ type: "E", data: 1 }], [deposit]).then((r) => {
        answered = true;
        return r;
      });
      while (running.length === 0) await new Promise((r) => setImmediate(r));
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      expect(answered).toBe(false);
      running.shift()!();
      expect((await paid).ok).toBe(true);
      const overdraft = unwrap(postings.buyIn({ key: "b1", asset: "EUR", player: "p1", tournament: "t1", amount: 1_000, fee: 0 }));
      const refused = await store.appendWithPostings("tournament:t1", 1, [{ type: "E", data: 2 }], [overdraft]);
      expect(!refused.ok && refused.error.code).toBe("ledger/insufficient-funds");
      expect(running).toEqual([]);
      expect(await store.streamVersion("tournament:t1")).toBe(1);
      await store.close();
    } finally {
      tmp.destroy();
    }
  });
});

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
      const store = syncWalOffLoop(openSqliteEventStore(tmp.path, { durability: "normal" }), tmp.path, { sync: heldSync });
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
      const store = syncWalOffLoop(openSqliteEventStore(tmp.path, { durability: "normal" }), tmp.path, { sync: heldSync });
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
  it("keeps a gap between commits: appends soon after one wait out the gap and share the next; one after a quiet spell commits at once", async () => {
    const tmp = tempSqlite();
    const commits: number[] = [];
    const count = (m: unknown) => commits.push((m as { appends: number }).appends);
    subscribe("felt:sqlite-commit", count);
    // The test's own clock and timer: the gap ends when the test says so.
    let clock = 1_000;
    const timers: Array<() => void> = [];
    const turns = async (k = 5) => {
      for (let i = 0; i < k; i++) await new Promise((r) => setImmediate(r));
    };
    try {
      const store = syncWalOffLoop(openSqliteEventStore(tmp.path, { durability: "normal" }), tmp.path, {
        gapMs: 4,
        now: () => clock,
        wait: (_ms, then) => timers.push(then),
      });
      // The first append ever: nothing to wait for.
      expect((await store.append("table:a", 0, [{ type: "E", data: 0 }])).ok).toBe(true);
      expect(commits).toEqual([1]);
      expect(timers).toEqual([]);
      // Three more within the gap: held, not committed, until the gap ends.
      clock += 1;
      let answered = 0;
      const soon = [1, 2, 3].map((i) => store.append(`table:b${i}`, 0, [{ type: "E", data: i }]).then((r) => (answered++, r)));
      await turns();
      expect(commits).toEqual([1]);
      expect(answered).toBe(0);
      expect(timers.length).toBe(1);
      clock += 3;
      timers.shift()!();
      expect((await Promise.all(soon)).every((r) => r.ok)).toBe(true);
      expect(commits).toEqual([1, 3]);
      // After a quiet spell longer than the gap: committed at once, no timer.
      clock += 10;
      expect((await store.append("table:c", 0, [{ type: "E", data: 4 }])).ok).toBe(true);
      expect(commits).toEqual([1, 3, 1]);
      expect(timers).toEqual([]);
      expect((await store.listStreams({ prefix: "table:" })).length).toBe(5);
      await store.close();
    } finally {
      unsubscribe("felt:sqlite-commit", count);
      tmp.destroy();
    }
  });
});

import { describe, expect, it } from "vitest";
import { describeEventStoreContract } from "../event-store.contract.ts";
import { tempSqlite } from "../testing/backends.ts";
import { openSqliteEventStore } from "./event-store.ts";
import { syncWalOffLoop } from "./wal-sync.ts";

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
});

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeEventStoreContract } from "./event-store.contract.ts";
import { openSqliteEventStore } from "./sqlite/event-store.ts";
import { tempSqlite } from "../../testkit/store/backends.ts";

describeEventStoreContract("SQLite", async () => {
  const tmp = tempSqlite();
  return {
    open: async (o = {}) => openSqliteEventStore(tmp.path, o.now === undefined ? {} : { now: o.now }),
    destroy: async () => tmp.destroy(),
  };
});

describe("SQLite specifics", () => {
  it("creates the data directory of a fresh install", async () => {
    const tmp = tempSqlite();
    try {
      const store = openSqliteEventStore(join(tmp.path, "..", "data", "nested", "felt.sqlite"));
      expect((await store.append("table:x", 0, [{ type: "E", data: 1 }])).ok).toBe(true);
      await store.close();
    } finally {
      tmp.destroy();
    }
  });

  it("runs in WAL mode with synchronous=FULL for the ledger and by default for events", async () => {
    const { openSqlite } = await import("./sqlite/db.ts");
    const tmp = tempSqlite();
    try {
      const full = openSqlite(tmp.path);
      expect(full.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(full.pragma("synchronous", { simple: true })).toBe(2);
      const normal = openSqlite(tmp.path, "normal");
      expect(normal.pragma("synchronous", { simple: true })).toBe(1);
      full.close();
      normal.close();
    } finally {
      tmp.destroy();
    }
  });
});

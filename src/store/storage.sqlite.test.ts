import { describeStorageContract } from "./atomic.contract.ts";
import { openStorage } from "./target.ts";
import { tempSqlite } from "../../testkit/store/backends.ts";

// A file as `felt serve` opens it: events answered after the WAL fsync off the loop (wal-sync.ts).
describeStorageContract("SQLite file (WAL synced off the loop)", async () => {
  const tmp = tempSqlite();
  return { open: () => openStorage({ kind: "sqlite", path: tmp.path }), destroy: async () => tmp.destroy() };
});

describeStorageContract("SQLite file (events with synchronous=NORMAL, as --bench)", async () => {
  const tmp = tempSqlite();
  return { open: () => openStorage({ kind: "sqlite", path: tmp.path }, { eventDurability: "normal" }), destroy: async () => tmp.destroy() };
});

describeStorageContract(
  "SQLite :memory: (one connection for both)",
  async () => ({ open: () => openStorage({ kind: "sqlite", path: ":memory:" }), destroy: async () => {} }),
  { reopen: false },
);

import { describeEventStoreContract } from "./event-store.contract.ts";
import { openSqliteEventStore } from "./sqlite/event-store.ts";
import { tempSqlite } from "./testing/backends.ts";

describeEventStoreContract("SQLite", async () => {
  const tmp = tempSqlite();
  return {
    open: async (o = {}) => openSqliteEventStore(tmp.path, o.now === undefined ? {} : { now: o.now }),
    destroy: async () => tmp.destroy(),
  };
});

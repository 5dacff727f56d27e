import { describeEventStoreContract } from "./event-store.contract.ts";
import { openPostgresEventStore } from "./postgres/event-store.ts";
import { tempPgSchema } from "../../testkit/store/backends.ts";

describeEventStoreContract("PostgreSQL", async () => {
  const tmp = await tempPgSchema();
  return {
    open: async (o = {}) => openPostgresEventStore(tmp.url, { schema: tmp.schema, ...(o.now === undefined ? {} : { now: o.now }) }),
    destroy: () => tmp.destroy(),
  };
});

import { tempPgSchema } from "../../testkit/store/backends.ts";
import { describeAccountsContract } from "./accounts.contract.ts";
import { openPostgresAccountStore } from "./postgres-store.ts";

describeAccountsContract("PostgreSQL", async () => {
  const tmp = await tempPgSchema();
  return { open: () => openPostgresAccountStore(tmp.url, { schema: tmp.schema }), destroy: () => tmp.destroy() };
});

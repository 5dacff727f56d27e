import { describeStorageContract } from "./atomic.contract.ts";
import { openStorage } from "./target.ts";
import { tempPgSchema } from "../../testkit/store/backends.ts";

describeStorageContract("PostgreSQL", async () => {
  const tmp = await tempPgSchema();
  return { open: () => openStorage({ kind: "postgres", url: tmp.url, schema: tmp.schema }), destroy: () => tmp.destroy() };
});

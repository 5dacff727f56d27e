import { describeHandIndexContract } from "./hand-index.contract.ts";
import { openPostgresHandIndex } from "./postgres/hand-index.ts";
import { tempPgSchema } from "../../testkit/store/backends.ts";

describeHandIndexContract("PostgreSQL", async () => {
  const tmp = await tempPgSchema();
  return { open: () => openPostgresHandIndex(tmp.url, { schema: tmp.schema }), destroy: () => tmp.destroy() };
});

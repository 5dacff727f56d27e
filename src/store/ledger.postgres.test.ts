import { describeLedgerContract } from "./ledger.contract.ts";
import { openPostgresLedger } from "./postgres/ledger.ts";
import { tempPgSchema } from "../../testkit/store/backends.ts";

describeLedgerContract(
  "PostgreSQL",
  async () => {
    const tmp = await tempPgSchema();
    return {
      open: async (o = {}) => openPostgresLedger(tmp.url, { schema: tmp.schema, ...o }),
      destroy: () => tmp.destroy(),
    };
  },
  { propertyRuns: 15 },
);

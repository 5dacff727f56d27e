import { describeLedgerContract } from "./ledger.contract.ts";
import { openSqliteLedger } from "./sqlite/ledger.ts";
import { tempSqlite } from "../../testkit/store/backends.ts";

describeLedgerContract(
  "SQLite",
  async () => {
    const tmp = tempSqlite();
    return { open: async (o = {}) => openSqliteLedger(tmp.path, o), destroy: async () => tmp.destroy() };
  },
  { propertyRuns: 100 },
);

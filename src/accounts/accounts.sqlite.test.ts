import { tempSqlite } from "../../testkit/store/backends.ts";
import { describeAccountsContract } from "./accounts.contract.ts";
import { openSqliteAccountStore } from "./sqlite-store.ts";

describeAccountsContract("SQLite", async () => {
  const tmp = tempSqlite();
  return { open: async () => openSqliteAccountStore(tmp.path), destroy: async () => tmp.destroy() };
});

import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { describeHandIndexContract } from "./hand-index.contract.ts";
import { HAND_PAGE_SQL, openSqliteHandIndex } from "./sqlite/hand-index.ts";
import { tempSqlite } from "../../testkit/store/backends.ts";

describeHandIndexContract("SQLite", async () => {
  const tmp = tempSqlite();
  return { open: async () => openSqliteHandIndex(tmp.path), destroy: async () => tmp.destroy() };
});

describe("HandIndex on SQLite", () => {
  it("a page is an index search over the player's own rows, never a scan of the table", async () => {
    const tmp = tempSqlite();
    const index = openSqliteHandIndex(tmp.path);
    await index.close();
    const db = new Database(tmp.path);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${HAND_PAGE_SQL}`).all("p", 1, 1, "h", 5) as { detail: string }[]).map((r) => r.detail).join("; ");
    db.close();
    tmp.destroy();
    expect(plan).toMatch(/SEARCH hand_index USING (COVERING )?INDEX hand_index_newest \(player_id=/);
    expect(plan).not.toMatch(/SCAN|TEMP B-TREE/);
  });
});

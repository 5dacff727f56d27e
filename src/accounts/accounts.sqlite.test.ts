import { afterEach, describe, expect, it } from "vitest";
import { tempSqlite } from "../../testkit/store/backends.ts";
import { migrateSqlite, openSqlite } from "../store/index.ts";
import { describeAccountsContract } from "./accounts.contract.ts";
import { SQLITE_ACCOUNT_MIGRATIONS } from "./migrations.ts";
import { openSqliteAccountStore } from "./sqlite-store.ts";

describeAccountsContract("SQLite", async () => {
  const tmp = tempSqlite();
  return { open: async () => openSqliteAccountStore(tmp.path), destroy: async () => tmp.destroy() };
});

describe("player numbers on an existing database", () => {
  const tmp = tempSqlite();
  afterEach(() => tmp.destroy());

  it("users made before player numbers get theirs in the order they were made; the next new one follows", async () => {
    const db = openSqlite(tmp.path);
    migrateSqlite(db, SQLITE_ACCOUNT_MIGRATIONS.slice(0, 1));
    const add = db.prepare("INSERT INTO users (id, name, name_key, role, password_hash, created_at) VALUES (?, ?, ?, 'player', 'x', ?)");
    add.run("u_b", "Bob", "bob", 2000);
    add.run("u_a", "Ann", "ann", 1000);
    add.run("u_c", "Cid", "cid", 2000);
    db.close();
    const store = openSqliteAccountStore(tmp.path);
    try {
      expect((await store.listUsers()).map((u) => [u.name, u.number, u.displayName])).toEqual([
        ["Ann", 1001, "Ann"],
        ["Bob", 1002, "Bob"],
        ["Cid", 1003, "Cid"],
      ]);
      const made = await store.insertUser({ id: "u_d", name: "Dan", displayName: "Dan", role: "player", passwordHash: "x", createdAt: 3000 });
      expect(made.ok && made.value.number).toBe(1004);
    } finally {
      await store.close();
    }
  });
});

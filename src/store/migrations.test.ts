// Migrations run on open and are safe to run twice, also from two processes at once.
import { describe, expect, it } from "vitest";
import { migrateSqlite, openSqlite } from "./sqlite/db.ts";
import { EVENT_MIGRATIONS, LEDGER_MIGRATIONS } from "./sqlite/migrations.ts";
import { migratePostgres, pgPool } from "./postgres/db.ts";
import * as pgm from "./postgres/migrations.ts";
import { openPostgresEventStore } from "./postgres/event-store.ts";
import { openPostgresLedger } from "./postgres/ledger.ts";
import { tempPgSchema, tempSqlite } from "../../testkit/store/backends.ts";

describe("schema migrations", () => {
  it("SQLite: the first run applies each migration, the second applies none", () => {
    const tmp = tempSqlite();
    try {
      const db = openSqlite(tmp.path);
      expect(migrateSqlite(db, [...EVENT_MIGRATIONS, ...LEDGER_MIGRATIONS])).toEqual(["store/001-events", "ledger/001-double-entry"]);
      expect(migrateSqlite(db, [...EVENT_MIGRATIONS, ...LEDGER_MIGRATIONS])).toEqual([]);
      const ids = db.prepare("SELECT id FROM felt_migrations ORDER BY id").pluck().all();
      expect(ids).toEqual(["ledger/001-double-entry", "store/001-events"]);
      db.close();
    } finally {
      tmp.destroy();
    }
  });

  it("SQLite: a failing migration leaves nothing behind and is retried next time", () => {
    const tmp = tempSqlite();
    try {
      const db = openSqlite(tmp.path);
      const broken = { id: "test/broken", sql: "CREATE TABLE half (a INT); CREATE TABLE oops (" };
      expect(() => migrateSqlite(db, [broken])).toThrow();
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
      expect(migrateSqlite(db, [{ id: "test/broken", sql: "CREATE TABLE half (a INT)" }])).toEqual(["test/broken"]);
      db.close();
    } finally {
      tmp.destroy();
    }
  });

  it("PostgreSQL: three processes' worth of opens at once all succeed, each migration applied once", async () => {
    const tmp = await tempPgSchema();
    try {
      const opened = await Promise.all([
        openPostgresEventStore(tmp.url, { schema: tmp.schema }),
        openPostgresEventStore(tmp.url, { schema: tmp.schema }),
        openPostgresLedger(tmp.url, { schema: tmp.schema }),
      ]);
      const { pool } = pgPool(tmp.url, { schema: tmp.schema, maxConnections: 1 });
      try {
        const r = await pool.query<{ id: string }>("SELECT id FROM felt_migrations ORDER BY id");
        expect(r.rows.map((x) => x.id)).toEqual(["ledger/001-double-entry", "store/001-events", "store/fences-001"]);
        expect(await migratePostgres(pool, tmp.schema, [...pgm.EVENT_MIGRATIONS, ...pgm.LEDGER_MIGRATIONS, ...pgm.FENCE_MIGRATIONS])).toEqual([]);
      } finally {
        await pool.end();
      }
      for (const s of opened) await s.close();
    } finally {
      await tmp.destroy();
    }
  });
});

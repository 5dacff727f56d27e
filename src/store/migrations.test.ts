// Migrations run on open and are safe to run twice, also from two processes at once.
import { describe, expect, it } from "vitest";
import { migrateSqlite, openSqlite } from "./sqlite/db.ts";
import { EVENT_MIGRATIONS, LEDGER_MIGRATIONS } from "./sqlite/migrations.ts";
import { migratePostgres, pgPool } from "./postgres/db.ts";
import * as pgm from "./postgres/migrations.ts";
import { openPostgresEventStore } from "./postgres/event-store.ts";
import { openSqliteEventStore } from "./sqlite/event-store.ts";
import { openPostgresLedger } from "./postgres/ledger.ts";
import { tempPgSchema, tempSqlite } from "../../testkit/store/backends.ts";

describe("schema migrations", () => {
  it("SQLite: the first run applies each migration, the second applies none", () => {
    const tmp = tempSqlite();
    try {
      const db = openSqlite(tmp.path);
      expect(migrateSqlite(db, [...EVENT_MIGRATIONS, ...LEDGER_MIGRATIONS])).toEqual([
        "store/001-events",
        "store/002-stream-version-from-events",
        "store/003-events-position-without-counter",
        "ledger/001-double-entry",
      ]);
      expect(migrateSqlite(db, [...EVENT_MIGRATIONS, ...LEDGER_MIGRATIONS])).toEqual([]);
      const ids = db.prepare("SELECT id FROM felt_migrations ORDER BY id").pluck().all();
      expect(ids).toEqual(["ledger/001-double-entry", "store/001-events", "store/002-stream-version-from-events", "store/003-events-position-without-counter"]);
      db.close();
    } finally {
      tmp.destroy();
    }
  });

  it("SQLite: a file written before the stream versions came from the events keeps every event, position and version, and goes on from them", async () => {
    const tmp = tempSqlite();
    try {
      // The file as the first schema left it: versions kept in `streams`, positions by AUTOINCREMENT.
      const old = openSqlite(tmp.path);
      migrateSqlite(old, EVENT_MIGRATIONS.slice(0, 1));
      const put = old.prepare("INSERT INTO events (stream, version, type, data, meta, recorded_at) VALUES (?, ?, 'x', '{}', '{}', 0)");
      for (let v = 1; v <= 3; v++) put.run("table:T1-t1", v);
      for (let v = 1; v <= 2; v++) put.run("tournament:T1", v);
      old.exec("INSERT INTO streams (stream, type, version) VALUES ('table:T1-t1', 'table', 3), ('tournament:T1', 'tournament', 2)");
      old.close();

      const store = openSqliteEventStore(tmp.path, { durability: "normal" });
      expect(await store.listStreams()).toEqual([
        { stream: "table:T1-t1", type: "table", version: 3 },
        { stream: "tournament:T1", type: "tournament", version: 2 },
      ]);
      expect(await store.streamVersion("table:T1-t1")).toBe(3);
      expect((await store.read("table:T1-t1")).map((e) => [e.version, e.position])).toEqual([
        [1, 1],
        [2, 2],
        [3, 3],
      ]);
      // The stale version is refused, the kept one goes on; positions go on after the last.
      expect((await store.append("table:T1-t1", 2, [{ type: "y", data: {} }])).ok).toBe(false);
      const next = await store.append("table:T1-t1", 3, [{ type: "y", data: {} }]);
      expect(next.ok && next.value).toEqual({ version: 4, position: 6 });
      const fresh = await store.append("table:T2-t1", 0, [{ type: "y", data: {} }]);
      expect(fresh.ok && fresh.value).toEqual({ version: 1, position: 7 });
      expect((await store.listStreams({ type: "table" })).map((x) => [x.stream, x.version])).toEqual([
        ["table:T1-t1", 4],
        ["table:T2-t1", 1],
      ]);
      await store.close();
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

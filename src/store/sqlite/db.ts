// One SQLite file, opened once per concern (events, ledger, accounts) so each connection
// can carry its own durability: `synchronous` is a per-connection setting in SQLite.
// - Ledger connections always use synchronous=FULL: in WAL mode every commit fsyncs the WAL,
//   so a money movement acknowledged to a user survives power loss, not only a process crash.
// - Event connections default to FULL as well (an acknowledged action must not be lost);
//   `durability: "normal"` trades the last few commits on power loss (never on a process
//   crash such as kill -9, never corruption) for throughput, e.g. in benchmarks.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Database as Db } from "better-sqlite3";

export type Durability = "full" | "normal";

export interface SqliteMigration {
  readonly id: string;
  readonly sql: string;
}

export function openSqlite(path: string, durability: Durability = "full"): Db {
  // A fresh install's data directory may not exist yet ("sqlite:./data/felt.sqlite").
  if (path !== ":memory:" && !path.startsWith("file:")) mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${durability === "full" ? "FULL" : "NORMAL"}`);
  db.pragma("busy_timeout = 5000");
  // Every connection to the file shares its WAL, and SQLite's automatic checkpoint runs in
  // whichever connection's commit crosses the threshold, on its thread (the event loop).
  // The server's events store checkpoints on a worker thread instead (checkpointer.ts); the
  // other connections (ledger, accounts, hand index) step in only if that one falls far
  // behind (10,000 pages, 40 MB, not SQLite's default 1,000).
  db.pragma("wal_autocheckpoint = 10000");
  db.pragma("foreign_keys = ON");
  return db;
}

/**
 * Runs each migration not yet recorded, each in its own IMMEDIATE transaction together with
 * its record, so a crash mid-migration leaves it unapplied and running twice is harmless.
 */
export function migrateSqlite(db: Db, migrations: readonly SqliteMigration[]): string[] {
  db.exec("CREATE TABLE IF NOT EXISTS felt_migrations (id TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const applied: string[] = [];
  const has = db.prepare("SELECT 1 FROM felt_migrations WHERE id = ?");
  const record = db.prepare("INSERT INTO felt_migrations (id, applied_at) VALUES (?, ?)");
  for (const m of migrations) {
    const run = db.transaction(() => {
      if (has.get(m.id) !== undefined) return false;
      db.exec(m.sql);
      record.run(m.id, Date.now());
      return true;
    });
    if (run.immediate()) applied.push(m.id);
  }
  return applied;
}

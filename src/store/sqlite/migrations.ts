import type { SqliteMigration } from "./db.ts";

export const EVENT_MIGRATIONS: readonly SqliteMigration[] = [
  {
    id: "store/001-events",
    sql: `
      CREATE TABLE streams (
        stream TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        version INTEGER NOT NULL
      );
      CREATE INDEX streams_by_type ON streams (type, stream);
      CREATE TABLE events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        stream TEXT NOT NULL,
        version INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        meta TEXT NOT NULL,
        recorded_at INTEGER NOT NULL,
        UNIQUE (stream, version)
      );
      CREATE TABLE snapshots (
        stream TEXT PRIMARY KEY,
        version INTEGER NOT NULL,
        state TEXT NOT NULL,
        saved_at INTEGER NOT NULL
      );`,
  },
];

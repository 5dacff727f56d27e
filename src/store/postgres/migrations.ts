import type { PgMigration } from "./db.ts";

export const EVENT_MIGRATIONS: readonly PgMigration[] = [
  {
    id: "store/001-events",
    sql: `
      CREATE TABLE streams (
        stream TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        version BIGINT NOT NULL
      );
      CREATE INDEX streams_by_type ON streams (type, stream);
      CREATE TABLE events (
        position BIGSERIAL PRIMARY KEY,
        tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream TEXT NOT NULL,
        version BIGINT NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        meta TEXT NOT NULL,
        recorded_at BIGINT NOT NULL,
        UNIQUE (stream, version)
      );
      CREATE INDEX events_by_tx ON events (tx_id, position);
      CREATE TABLE snapshots (
        stream TEXT PRIMARY KEY,
        version BIGINT NOT NULL,
        state TEXT NOT NULL,
        saved_at BIGINT NOT NULL
      );`,
  },
];

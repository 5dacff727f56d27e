import type { PgMigration } from "./db.ts";
import { NON_NEGATIVE_CHECK } from "../ledger-accounts.ts";

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

export const LEDGER_MIGRATIONS: readonly PgMigration[] = [
  {
    id: "ledger/001-double-entry",
    sql: `
      CREATE TABLE ledger_balances (
        account TEXT NOT NULL,
        asset TEXT NOT NULL,
        balance BIGINT NOT NULL CHECK (${NON_NEGATIVE_CHECK}),
        PRIMARY KEY (account, asset)
      );
      CREATE TABLE ledger_transactions (
        id BIGSERIAL PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        memo TEXT NOT NULL,
        at BIGINT NOT NULL
      );
      CREATE TABLE ledger_postings (
        tx_id BIGINT NOT NULL REFERENCES ledger_transactions (id),
        seq INT NOT NULL,
        account TEXT NOT NULL,
        asset TEXT NOT NULL,
        amount BIGINT NOT NULL CHECK (amount <> 0),
        PRIMARY KEY (tx_id, seq)
      );
      CREATE INDEX ledger_postings_by_account ON ledger_postings (account, tx_id);`,
  },
];

/** One row per partition a cluster fences (safe to run twice: recorded by id, and created only if missing). */
export const FENCE_MIGRATIONS: readonly PgMigration[] = [
  {
    id: "store/fences-001",
    sql: "CREATE TABLE IF NOT EXISTS fences (scope TEXT PRIMARY KEY, epoch BIGINT NOT NULL CHECK (epoch >= 0))",
  },
];

import type { SqliteMigration } from "./db.ts";
import { NON_NEGATIVE_CHECK } from "../ledger-accounts.ts";

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
  {
    // A stream's version is read from its events (event-store.ts). The column goes, so a
    // server of an older version opening this file fails at once instead of reading a
    // version that is no longer kept.
    id: "store/002-stream-version-from-events",
    sql: "ALTER TABLE streams DROP COLUMN version;",
  },
  {
    // Positions without AUTOINCREMENT: the next is the last plus one, as before, since events
    // are never deleted; AUTOINCREMENT's counter row cost a page in every commit's WAL. The
    // table is copied once, positions kept (readers' cursors stay valid).
    id: "store/003-events-position-without-counter",
    sql: `
      CREATE TABLE events_next (
        position INTEGER PRIMARY KEY,
        stream TEXT NOT NULL,
        version INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        meta TEXT NOT NULL,
        recorded_at INTEGER NOT NULL,
        UNIQUE (stream, version)
      );
      INSERT INTO events_next (position, stream, version, type, data, meta, recorded_at)
        SELECT position, stream, version, type, data, meta, recorded_at FROM events ORDER BY position;
      DROP TABLE events;
      ALTER TABLE events_next RENAME TO events;
      DELETE FROM sqlite_sequence WHERE name = 'events';`,
  },
];

export const LEDGER_MIGRATIONS: readonly SqliteMigration[] = [
  {
    id: "ledger/001-double-entry",
    sql: `
      CREATE TABLE ledger_balances (
        account TEXT NOT NULL,
        asset TEXT NOT NULL,
        balance INTEGER NOT NULL CHECK (${NON_NEGATIVE_CHECK}),
        PRIMARY KEY (account, asset)
      ) WITHOUT ROWID;
      CREATE TABLE ledger_transactions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        memo TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE TABLE ledger_postings (
        tx_id INTEGER NOT NULL REFERENCES ledger_transactions (id),
        seq INTEGER NOT NULL,
        account TEXT NOT NULL,
        asset TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount <> 0),
        PRIMARY KEY (tx_id, seq)
      );
      CREATE INDEX ledger_postings_by_account ON ledger_postings (account, tx_id);`,
  },
];

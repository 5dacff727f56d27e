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

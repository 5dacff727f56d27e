import type { PgMigration, SqliteMigration } from "../store/index.ts";

const TABLES = (int: string) => `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('player', 'director')),
    password_hash TEXT NOT NULL,
    created_at ${int} NOT NULL
  );
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    created_at ${int} NOT NULL,
    expires_at ${int} NOT NULL
  );
  CREATE INDEX sessions_by_user ON sessions (user_id);
  CREATE INDEX sessions_by_expiry ON sessions (expires_at);`;

export const SQLITE_ACCOUNT_MIGRATIONS: readonly SqliteMigration[] = [{ id: "accounts/001-users-sessions", sql: TABLES("INTEGER") }];
export const PG_ACCOUNT_MIGRATIONS: readonly PgMigration[] = [{ id: "accounts/001-users-sessions", sql: TABLES("BIGINT") }];

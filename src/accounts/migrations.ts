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

// Player numbers: existing users get theirs in the order they were made, from 1001.
const NUMBERS = (int: string) => `
  ALTER TABLE users ADD COLUMN number ${int};
  ALTER TABLE users ADD COLUMN display_name TEXT;
  ALTER TABLE users ADD COLUMN display_key TEXT;
  UPDATE users SET
    number = 1000 + (SELECT COUNT(*) FROM users u WHERE u.created_at < users.created_at OR (u.created_at = users.created_at AND u.id <= users.id)),
    display_name = name,
    display_key = name_key;
  CREATE UNIQUE INDEX users_by_number ON users (number);
  CREATE INDEX users_by_display_key ON users (display_key);`;

export const SQLITE_ACCOUNT_MIGRATIONS: readonly SqliteMigration[] = [
  { id: "accounts/001-users-sessions", sql: TABLES("INTEGER") },
  { id: "accounts/002-player-numbers", sql: NUMBERS("INTEGER") },
];
export const PG_ACCOUNT_MIGRATIONS: readonly PgMigration[] = [
  { id: "accounts/001-users-sessions", sql: TABLES("BIGINT") },
  { id: "accounts/002-player-numbers", sql: NUMBERS("BIGINT") },
];

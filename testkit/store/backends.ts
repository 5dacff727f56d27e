// Test backends: SQLite in a fresh temp dir, PostgreSQL in a fresh schema of the machine's
// own server (FELT_TEST_PG, default postgres://localhost:5432/test). PostgreSQL being
// unreachable is a test failure, never a skip: CI must notice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { pgPool } from "../../src/store/postgres/db.ts";

export const PG_TEST_URL = process.env["FELT_TEST_PG"] ?? "postgres://localhost:5432/test";

export interface SqliteFixture {
  readonly path: string;
  destroy(): void;
}

export function tempSqlite(): SqliteFixture {
  const dir = mkdtempSync(join(tmpdir(), "felt-store-"));
  return { path: join(dir, "felt.db"), destroy: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface PgFixture {
  readonly url: string;
  readonly schema: string;
  destroy(): Promise<void>;
}

let reachable: Promise<void> | undefined;

/**
 * A fresh schema name; rejects (failing the calling test, not skipping it) when the server
 * is unreachable. Checked per test rather than in beforeAll: a failed hook only marks tests
 * skipped, which a summary can miss.
 */
export async function tempPgSchema(): Promise<PgFixture> {
  reachable ??= assertPgReachable();
  await reachable;
  const schema = `felt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  return {
    url: PG_TEST_URL,
    schema,
    async destroy() {
      const { pool } = pgPool(PG_TEST_URL, { schema, maxConnections: 1 });
      try {
        await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await pool.end();
      }
    },
  };
}

/** Throws (so the suite fails) when the PostgreSQL server cannot be reached. */
export async function assertPgReachable(): Promise<void> {
  const { pool } = pgPool(PG_TEST_URL, { maxConnections: 1 });
  try {
    await pool.query("SELECT 1");
  } catch (e) {
    throw new Error(`PostgreSQL at ${PG_TEST_URL} is unreachable: ${(e as Error).message}`);
  } finally {
    await pool.end();
  }
}

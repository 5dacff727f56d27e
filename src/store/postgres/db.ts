// PostgreSQL connections. Each Felt schema lives in its own PostgreSQL schema (search_path
// set per connection), so tests can use a throwaway schema and drop it afterwards.
import { userInfo } from "node:os";
import pg from "pg";

export interface PgOptions {
  /** PostgreSQL schema holding Felt's tables; created if missing. Default "felt". */
  readonly schema?: string;
  readonly maxConnections?: number;
  /**
   * PostgreSQL ends a session idle inside a transaction for this long (its locks go with it).
   * Cluster mode sets it for the event store: a process frozen mid-append (SIGSTOP, a long
   * pause) must not hold its partition's fence row and stall the new owner's raise for ever.
   */
  readonly idleInTransactionMs?: number;
  /**
   * A connection not made (or no pooled one free) within this long fails (default 5 s). With
   * the query timeout it bounds every answer while PostgreSQL is unreachable or drops
   * packets: a request answers 503 + Retry-After within seconds instead of hanging.
   */
  readonly connectTimeoutMs?: number;
  /** A query with no answer within this long fails, and its connection is dropped (default 10 s; the URL's query_timeout wins). */
  readonly queryTimeoutMs?: number;
}

/** Migrations (an index built on a big table, waiting for another process's migration) may take longer than a request's query. */
export const LONG_QUERY_MS = 300_000;

/** The client timed the query out (the answer may never come: the connection is not reused). */
export const isQueryTimeout = (e: unknown): boolean => e instanceof Error && e.message === "Query read timeout";

export interface PgMigration {
  readonly id: string;
  readonly sql: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function pgPool(url: string, options: PgOptions = {}): { pool: pg.Pool; schema: string } {
  const schema = options.schema ?? "felt";
  if (!SCHEMA_NAME.test(schema)) throw new Error(`bad PostgreSQL schema name ${JSON.stringify(schema)}`);
  const parsed = new URL(url);
  // A URL without a user (postgres://localhost:5432/test) means "the local user", as psql does.
  if (parsed.username === "") {
    parsed.username = encodeURIComponent(process.env["PGUSER"] || process.env["USER"] || userInfo().username);
  }
  const config: pg.PoolConfig = {
    connectionString: parsed.toString(),
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    query_timeout: options.queryTimeoutMs ?? 10_000,
    // A peer that vanished (packets dropped, no RST) is noticed on idle connections too.
    keepAlive: true,
    options: `-c search_path=${schema}${options.idleInTransactionMs === undefined ? "" : ` -c idle_in_transaction_session_timeout=${Math.max(1, Math.floor(options.idleInTransactionMs))}`}`,
  };
  const pool = new pg.Pool(config);
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on("error", () => {});
  return { pool, schema };
}

/**
 * Runs one function in a transaction on one client; rolls back on any throw.
 *
 * A checked-out client has no error listener (the pool's `error` covers idle ones only), so a
 * connection PostgreSQL ends between two of the transaction's queries would crash the process
 * with an unhandled 'error' event: a cluster member paused inside an append (SIGSTOP, a long
 * stall) finds its session ended by idle_in_transaction_session_timeout when it wakes. Here it
 * fails the transaction's next query instead, and the broken client leaves the pool.
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (e: Error) => {
    broken ??= e;
  };
  client.on("error", onError);
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (e) {
    // A timed-out query may still be running on this connection: it cannot roll back or be
    // reused (PostgreSQL rolls the transaction back when the connection goes).
    if (isQueryTimeout(e)) broken ??= e as Error;
    if (broken === undefined) await client.query("ROLLBACK").catch(() => {});
    throw e;
  } finally {
    client.removeListener("error", onError);
    client.release(broken);
  }
}

/**
 * Creates the schema and runs each unrecorded migration in its own transaction, under an
 * advisory lock so two processes starting together do not both apply one.
 */
export async function migratePostgres(pool: pg.Pool, schema: string, migrations: readonly PgMigration[]): Promise<string[]> {
  // Waiting for another process's migration, or building an index on a big table, may take
  // longer than a request's query.
  const lock = { text: `SELECT pg_advisory_xact_lock(hashtext('felt_migrations:' || '${schema}'))`, query_timeout: LONG_QUERY_MS } as pg.QueryConfig;
  await inTransaction(pool, async (c) => {
    await c.query(lock);
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await c.query(`CREATE TABLE IF NOT EXISTS ${schema}.felt_migrations (id TEXT PRIMARY KEY, applied_at BIGINT NOT NULL)`);
  });
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await inTransaction(pool, async (c) => {
      await c.query(lock);
      const seen = await c.query(`SELECT 1 FROM ${schema}.felt_migrations WHERE id = $1`, [m.id]);
      if (seen.rowCount !== 0) return false;
      await c.query({ text: m.sql, query_timeout: LONG_QUERY_MS } as pg.QueryConfig);
      await c.query(`INSERT INTO ${schema}.felt_migrations (id, applied_at) VALUES ($1, $2)`, [m.id, Date.now()]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}

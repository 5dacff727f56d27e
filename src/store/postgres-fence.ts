// Fencing for cluster mode (issue 16), PostgreSQL only: SQLite stays single-process. A
// partition's owner writes with its lease epoch (the KV revision that acquired it, see
// src/cluster/leases.ts). Taking a partition raises its fence to the new epoch, in one
// transaction; from then on an append carrying an older epoch is refused with
// `store/fenced` and writes nothing, so an ex-owner that was frozen past its lease and
// wakes up cannot write (spike: epoch 13 vs 19).
//
// The check and the append are one transaction: the append holds the fence row FOR SHARE
// until it commits, and raising the fence updates that row, so a raise waits for in-flight
// appends and every append that commits after a raise saw the raised fence.
//
// Kept apart from the EventStore interface on purpose (a small interface of its own) until
// the cluster's actors write through it. It does not use the store's group commit: one
// transaction per append.
import type pg from "pg";
import { fail, ok, type Result } from "../lib/result.ts";
import { STORE_ERRORS } from "./errors.ts";
import { encodeAppend } from "./event-codec.ts";
import type { AppendResult, ExpectedVersion, NewEvent } from "./event-store.ts";
import { inTransaction, migratePostgres, pgPool, type PgMigration, type PgOptions } from "./postgres/db.ts";
import { PgEventStore } from "./postgres/event-store.ts";
import { Abort } from "./postgres/ledger.ts";
import { EVENT_MIGRATIONS } from "./postgres/migrations.ts";

/** Safe to run twice: recorded by id, and the table is created only if missing. */
export const FENCE_MIGRATIONS: readonly PgMigration[] = [
  {
    id: "store/fences-001",
    sql: "CREATE TABLE IF NOT EXISTS fences (scope TEXT PRIMARY KEY, epoch BIGINT NOT NULL CHECK (epoch >= 0))",
  },
];

export interface FencedAppender {
  /**
   * Raises `scope`'s fence to `epoch` (one transaction). Raising to the current fence again
   * is fine; lowering it is refused with `store/fenced` (a stale owner taking over).
   */
  raiseFence(scope: string, epoch: number): Promise<Result<{ readonly scope: string; readonly epoch: number }>>;
  /** The scope's fence; 0 when it was never raised. */
  fence(scope: string): Promise<number>;
  /**
   * Appends as `append` does (all or nothing, `store/version-conflict`), but only while
   * `epoch` is at least the scope's fence; otherwise `store/fenced`, nothing written.
   */
  append(scope: string, epoch: number, stream: string, expected: ExpectedVersion, events: readonly NewEvent[]): Promise<Result<AppendResult>>;
  close(): Promise<void>;
}

export interface PgFencedAppenderOptions extends PgOptions {
  readonly now?: () => number;
}

export function fenced(scope: string, epoch: number, fence: number) {
  return fail(STORE_ERRORS.fenced, `epoch ${epoch} is below the fence ${fence} of ${scope}: another process owns it now`, {
    scope,
    epoch,
    fence,
  });
}

function checkEpoch(scope: string, epoch: number): Result<true> {
  if (typeof scope !== "string" || scope === "") return fail(STORE_ERRORS.badStream, "a fence scope is a non-empty string", { scope });
  if (!Number.isSafeInteger(epoch) || epoch < 0) return fail(STORE_ERRORS.badEvents, `epoch ${String(epoch)} is not a non-negative integer`, { epoch });
  return ok(true);
}

export async function openPostgresFencedAppender(url: string, options: PgFencedAppenderOptions = {}): Promise<FencedAppender> {
  const { pool, schema } = pgPool(url, options);
  try {
    await migratePostgres(pool, schema, EVENT_MIGRATIONS);
    await migratePostgres(pool, schema, FENCE_MIGRATIONS);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return new PgFencedAppender(pool, options.now ?? Date.now);
}

class PgFencedAppender implements FencedAppender {
  private readonly store: PgEventStore;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {
    this.store = new PgEventStore(pool, now);
  }

  async raiseFence(scope: string, epoch: number): Promise<Result<{ readonly scope: string; readonly epoch: number }>> {
    const checked = checkEpoch(scope, epoch);
    if (!checked.ok) return checked;
    const r = await this.pool.query<{ epoch: string }>(
      `INSERT INTO fences (scope, epoch) VALUES ($1, $2::bigint)
       ON CONFLICT (scope) DO UPDATE SET epoch = EXCLUDED.epoch WHERE fences.epoch <= EXCLUDED.epoch
       RETURNING epoch`,
      [scope, epoch],
    );
    if (r.rows[0] === undefined) return fenced(scope, epoch, await this.fence(scope));
    return ok({ scope, epoch });
  }

  async fence(scope: string): Promise<number> {
    const r = await this.pool.query<{ epoch: string }>("SELECT epoch FROM fences WHERE scope = $1", [scope]);
    return r.rows[0] === undefined ? 0 : Number(r.rows[0].epoch);
  }

  async append(scope: string, epoch: number, stream: string, expected: ExpectedVersion, events: readonly NewEvent[]): Promise<Result<AppendResult>> {
    const checked = checkEpoch(scope, epoch);
    if (!checked.ok) return checked;
    const encoded = encodeAppend(stream, expected, events);
    if (!encoded.ok) return encoded;
    const at = this.now();
    try {
      return await inTransaction(this.pool, async (c) => {
        // The row must exist to be locked: a first append creates it at fence 0.
        await c.query("INSERT INTO fences (scope, epoch) VALUES ($1, 0) ON CONFLICT (scope) DO NOTHING", [scope]);
        const f = await c.query<{ epoch: string }>("SELECT epoch FROM fences WHERE scope = $1 FOR SHARE", [scope]);
        const fence = Number(f.rows[0]?.epoch ?? 0);
        if (epoch < fence) throw new Abort(fenced(scope, epoch, fence));
        const appended = await this.store.appendOne(c, { stream, expected, rows: encoded.value }, at);
        if (!appended.ok) throw new Abort(appended);
        return appended;
      });
    } catch (e) {
      if (e instanceof Abort) return e.result as Result<never>;
      throw e;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

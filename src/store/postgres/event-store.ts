// EventStore on PostgreSQL. Appends from different streams run concurrently (the per-stream
// row in `streams` is the only lock), so BIGSERIAL positions may commit out of order. The
// catch-up reader therefore orders by (transaction id, position) and returns only events
// whose transaction is older than every transaction still running that may write this
// schema (readAll says how): nothing can later appear before the cursor it hands out.
//
// Cluster mode: opened with a FenceResolver, every write to a fenced stream
// (append, appendWithPostings, saveSnapshot) checks its epoch against the scope's fence inside
// its own transaction (postgres/fence.ts); the group commit checks each append on its own, so
// one fenced append in a batch is refused alone.
import { channel } from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { fail, ok, type Result } from "../../lib/result.ts";
import { STORE_ERRORS, versionConflict } from "../errors.ts";
import { checkStream, decodeEvent, encodeAppend, encodeJson, type EventRow } from "../event-codec.ts";
import { checkTransaction, type CheckedTransaction, type PostResult, type TransactionInput } from "../ledger.ts";
import { Abort, postOnClient } from "./ledger.ts";
import {
  streamType,
  type AppendGroup,
  type AppendGroupsResult,
  type AppendResult,
  type AppendWithPostingsResult,
  type GroupAppended,
  type EventStore,
  type ExpectedVersion,
  type GlobalCursor,
  type NewEvent,
  type Snapshot,
  type StoredEvent,
  type StreamInfo,
} from "../event-store.ts";
import { checkGroups } from "../append-groups.ts";
import { inTransaction, migratePostgres, pgPool, type PgOptions } from "./db.ts";
import type { EncodedEvent } from "../event-codec.ts";
import { EVENT_MIGRATIONS, FENCE_MIGRATIONS, LEDGER_MIGRATIONS } from "./migrations.ts";
import { fenced, fenceFor, type FenceResolver, type Fences } from "../fence.ts";
import { passFence, pgFences } from "./fence.ts";

export interface PgEventStoreOptions extends PgOptions {
  readonly now?: () => number;
  /** Cluster mode: which streams are fenced and with which epoch this process writes them. */
  readonly fence?: FenceResolver;
}

/** Cluster mode: a session frozen inside a transaction is ended after this, so the new owner's fence raise waits at most that long. */
export const FENCED_IDLE_IN_TRANSACTION_MS = 3_000;

export async function openPostgresEventStore(url: string, options: PgEventStoreOptions = {}): Promise<PgEventStore> {
  const { pool, schema } = pgPool(
    url,
    options.fence === undefined || options.idleInTransactionMs !== undefined ? options : { ...options, idleInTransactionMs: FENCED_IDLE_IN_TRANSACTION_MS },
  );
  try {
    await migratePostgres(pool, schema, EVENT_MIGRATIONS);
    await migratePostgres(pool, schema, LEDGER_MIGRATIONS);
    await migratePostgres(pool, schema, FENCE_MIGRATIONS);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return new PgEventStore(pool, options.now ?? Date.now, options.fence);
}

/** How many statements one readAll may run when transactions keep ending during them. */
const READ_ALL_TRIES = 8;

/**
 * One page of readAll (the method says why the horizon is what it is). `ended` says whether
 * the horizon is a transaction that ended during the statement; the one row with no event
 * carries it when the page is empty.
 */
const READ_ALL = `WITH snap AS (SELECT pg_current_snapshot() AS s),
  locks AS MATERIALIZED (SELECT locktype, database, relation, transactionid, virtualtransaction, mode, granted FROM pg_locks),
  here AS (
    SELECT l.virtualtransaction FROM locks l JOIN pg_class c ON c.oid = l.relation
    WHERE l.locktype = 'relation' AND c.relnamespace = current_schema()::regnamespace
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  ),
  elsewhere AS (
    SELECT transactionid FROM locks
    WHERE locktype = 'transactionid' AND mode = 'ExclusiveLock' AND granted
      AND virtualtransaction NOT IN (SELECT virtualtransaction FROM here)
  ),
  running AS MATERIALIZED (
    SELECT x FROM pg_snapshot_xip((SELECT s FROM snap)) AS x
    WHERE (SELECT count(*) FROM locks) >= 0 AND pg_xact_status(x) = 'in progress'
  ),
  holding AS (
    SELECT x, x NOT IN (SELECT x FROM running) AS ended FROM pg_snapshot_xip((SELECT s FROM snap)) AS x
    WHERE xid(x) NOT IN (SELECT transactionid FROM elsewhere) OR x NOT IN (SELECT x FROM running)
  ),
  horizon AS (
    SELECT coalesce((SELECT min(x) FROM holding), pg_snapshot_xmax(snap.s)) AS h,
      coalesce((SELECT ended FROM holding ORDER BY x LIMIT 1), false) AS ended
    FROM snap
  )
  SELECT e.*, e.tx_id::text AS tx, horizon.ended FROM horizon LEFT JOIN LATERAL (
    SELECT * FROM events
    WHERE (tx_id, position) > ($1::xid8, $2::bigint) AND tx_id < horizon.h
    ORDER BY tx_id, position LIMIT $3
  ) e ON true
  ORDER BY e.tx_id, e.position`;

const LANES = 4;

/**
 * Each group-commit batch (bench/load-probe.mjs listens): how long its appends waited in the
 * queue before the batch began, how long the batch took, and how many appends it carried.
 */
const commitChannel = channel("felt:pg-commit");

export function laneOf(stream: string): number {
  let h = 0;
  for (let i = 0; i < stream.length; i += 1) h = (h * 31 + stream.charCodeAt(i)) | 0;
  return Math.abs(h) % LANES;
}

interface PendingAppend {
  readonly stream: string;
  readonly expected: ExpectedVersion;
  readonly rows: readonly EncodedEvent[];
  /** The fence this append must pass (cluster mode), null when its stream is not fenced. */
  readonly fence: { readonly scope: string; readonly epoch: number } | null;
  /** performance.now() when the append was asked for. */
  readonly asked: number;
  resolve(r: Result<AppendResult>): void;
  reject(e: unknown): void;
}

interface Lane {
  readonly pending: PendingAppend[];
  flushing: Promise<void> | null;
}

/**
 * The start of a transaction that moves money: committed durably (synchronous_commit on)
 * and, for a fenced stream, only while this process's epoch is at least the partition's
 * fence (otherwise `store/fenced` aborts it, nothing written).
 */
async function beginMoneyTransaction(c: pg.PoolClient, fence: { readonly scope: string; readonly epoch: number } | null): Promise<void> {
  await c.query("SET LOCAL synchronous_commit = on");
  if (fence === null) return;
  const passed = await passFence(c, fence.scope, fence.epoch);
  if (!passed.ok) throw new Abort(passed);
}

export class PgEventStore implements EventStore {
  /** Raising a partition's fence (cluster mode: the new owner, before it serves). */
  readonly fences: Fences;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
    private readonly resolver?: FenceResolver,
  ) {
    this.fences = pgFences(pool);
  }

  /**
   * Group commit, as on SQLite: appends requested while a batch is being written wait and go
   * together in the next transaction (one fsync for all). Each append is one statement that
   * moves the stream row on only if it is at the expected version (under READ COMMITTED a
   * concurrent writer's change is re-checked, so exactly one of two racing appends matches)
   * and inserts the events only if it did; a version conflict is an answer, not an error,
   * so it does not abort the batch. Should a statement fail anyway, the batch is rolled back
   * and its appends are retried one by one, each in its own transaction.
   */
  append(stream: string, expected: ExpectedVersion, events: readonly NewEvent[]): Promise<Result<AppendResult>> {
    const encoded = encodeAppend(stream, expected, events);
    if (!encoded.ok) return Promise.resolve(encoded);
    const fence = fenceFor(this.resolver, stream);
    if (!fence.ok) return Promise.resolve(fence);
    const lane = this.lanes[laneOf(stream)]!;
    return new Promise((resolve, reject) => {
      lane.pending.push({ stream, expected, rows: encoded.value, fence: fence.value, asked: performance.now(), resolve, reject });
      if (lane.flushing === null) {
        lane.flushing = new Promise((r) => setImmediate(r))
          .then(() => this.flush(lane))
          .catch((e: unknown) => {
            lane.flushing = null;
            for (const item of lane.pending.splice(0)) item.reject(e);
          });
      }
    });
  }

  /**
   * Up to LANES transactions at once on separate connections, each lane its own group-commit
   * queue: one stream's appends stay in one lane, in order, so they never race each other, and
   * a slow batch in one lane does not hold the next batch of another (it did when every lane
   * waited for all of them: the split-table bench).
   */
  private readonly lanes: Lane[] = Array.from({ length: LANES }, () => ({ pending: [], flushing: null }));

  private async flush(lane: Lane): Promise<void> {
    while (lane.pending.length > 0) await this.writeBatch(lane.pending.splice(0, 2_000));
    // Synchronously after the last check of `pending`: an append arriving later starts anew.
    lane.flushing = null;
  }

  private async writeBatch(batch: PendingAppend[]): Promise<void> {
    if (!commitChannel.hasSubscribers) return this.writeBatchUntimed(batch);
    const began = performance.now();
    await this.writeBatchUntimed(batch);
    const waited = Math.max(...batch.map((b) => began - b.asked));
    commitChannel.publish({ ms: performance.now() - began, waitedMs: waited, appends: batch.length });
  }

  private async writeBatchUntimed(batch: PendingAppend[]): Promise<void> {
    const at = this.now();
    if (batch.length === 1) {
      await this.settle(batch[0]!, () => this.appendAlone(batch[0]!, at));
      return;
    }
    let results: Result<AppendResult>[];
    try {
      results = await inTransaction(this.pool, async (c) => {
        const out: Result<AppendResult>[] = [];
        const locked = new Map<string, number>();
        for (const item of batch) out.push(await this.appendFenced(c, item, at, locked));
        return out;
      });
    } catch {
      for (const item of batch) await this.settle(item, () => this.appendAlone(item, at));
      return;
    }
    batch.forEach((item, i) => item.resolve(results[i]!));
  }

  /**
   * One append on its own: a single statement, so one round trip and PostgreSQL's implicit
   * transaction. A fenced one checks its fence inside that statement (the fence row read FOR
   * SHARE, as in a transaction); only when the fence row does not exist yet does it take the
   * transaction path that creates it. Four round trips (BEGIN, fence, append, COMMIT) were
   * most of an action's store time on a busy 2-core machine (split tables).
   */
  private async appendAlone(item: PendingAppend, at: number): Promise<Result<AppendResult>> {
    if (item.fence === null) return this.appendOne(this.pool, item, at);
    const r = await this.appendOne(this.pool, item, at, item.fence);
    if (r !== "no-fence-row") return r;
    return inTransaction(this.pool, (c) => this.appendFenced(c, item, at));
  }

  /** An append inside the caller's transaction, after its fence check: a fenced one writes nothing and leaves the transaction usable. */
  private async appendFenced(c: pg.PoolClient, item: PendingAppend, at: number, locked?: Map<string, number>): Promise<Result<AppendResult>> {
    if (item.fence !== null) {
      const passed = await passFence(c, item.fence.scope, item.fence.epoch, locked);
      if (!passed.ok) return passed;
    }
    return this.appendOne(c, item, at, null);
  }

  private async settle(item: PendingAppend, run: () => Promise<Result<AppendResult>>): Promise<void> {
    try {
      item.resolve(await run());
    } catch (e) {
      item.reject(e);
    }
  }

  /**
   * One transaction of its own (not the group commit): the stream row is locked by the
   * append, then each posting's balance rows in (account, asset) order; any refusal rolls
   * all of it back.
   */
  async appendWithPostings(
    stream: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    postings: readonly TransactionInput[],
  ): Promise<Result<AppendWithPostingsResult>> {
    const encoded = encodeAppend(stream, expected, events);
    if (!encoded.ok) return encoded;
    const checked: CheckedTransaction[] = [];
    for (const tx of postings) {
      const c = checkTransaction(tx);
      if (!c.ok) return c;
      checked.push(c.value);
    }
    const fence = fenceFor(this.resolver, stream);
    if (!fence.ok) return fence;
    const at = this.now();
    try {
      return await inTransaction(this.pool, async (c) => {
        await beginMoneyTransaction(c, fence.value);
        const appended = await this.appendOne(c, { stream, expected, rows: encoded.value }, at);
        if (!appended.ok) throw new Abort(appended);
        const posted: PostResult[] = [];
        for (const x of checked) {
          const r = await postOnClient(c, x, at);
          if (!r.ok) throw new Abort(r);
          posted.push(r.value);
        }
        return ok({ ...appended.value, posted });
      });
    } catch (e) {
      if (e instanceof Abort) return e.result as Result<never>;
      throw e;
    }
  }

  /**
   * Many commands' events and postings in one transaction: the stream row is
   * locked first, each group's postings are posted inside a savepoint (a refusal rolls back
   * that group alone), then the events of the groups that stand are appended in one
   * statement. Any error rolls back all of it.
   */
  async appendGroups(stream: string, expected: ExpectedVersion, groups: readonly AppendGroup[]): Promise<Result<AppendGroupsResult>> {
    const checked = checkGroups(stream, expected, groups);
    if (!checked.ok) return checked;
    const fence = fenceFor(this.resolver, stream);
    if (!fence.ok) return fence;
    const at = this.now();
    try {
      return await inTransaction(this.pool, async (c) => {
        await beginMoneyTransaction(c, fence.value);
        const locked = await c.query<{ version: string }>("SELECT version FROM streams WHERE stream = $1 FOR UPDATE", [stream]);
        const current = locked.rows[0] === undefined ? 0 : Number(locked.rows[0].version);
        if (expected !== "any" && current !== expected) throw new Abort(versionConflict(stream, expected, current));
        const answers: Array<Result<{ rows: number; posted: PostResult[] }>> = [];
        for (const g of checked.value) {
          if (!g.ok) {
            answers.push(g);
            continue;
          }
          await c.query("SAVEPOINT felt_group");
          const posted: PostResult[] = [];
          let refused: Result<never> | null = null;
          for (const x of g.value.postings) {
            const r = await postOnClient(c, x, at);
            if (!r.ok) {
              refused = r;
              break;
            }
            posted.push(r.value);
          }
          await c.query(refused === null ? "RELEASE SAVEPOINT felt_group" : "ROLLBACK TO SAVEPOINT felt_group");
          answers.push(refused ?? ok({ rows: g.value.rows.length, posted }));
        }
        const rows = checked.value.flatMap((g, i) => (g.ok && answers[i]!.ok ? g.value.rows : []));
        let version = current;
        if (rows.length > 0) {
          const appended = await this.appendOne(c, { stream, expected: current, rows }, at);
          if (!appended.ok) throw new Abort(appended);
          version = appended.value.version;
        }
        let upTo = version - rows.length;
        const out = answers.map((a): Result<GroupAppended> => (a.ok ? ok({ version: (upTo += a.value.rows), posted: a.value.posted }) : a));
        return ok({ version, groups: out });
      });
    } catch (e) {
      if (e instanceof Abort) return e.result as Result<never>;
      throw e;
    }
  }

  /**
   * One append on `c`, inside the caller's transaction when `c` is a client. With `fence`, the
   * statement itself checks the epoch against the scope's fence row (locked FOR SHARE) and
   * writes nothing below it; "no-fence-row" when that row does not exist (nothing written).
   */
  appendOne(c: pg.Pool | pg.PoolClient, item: Pick<PendingAppend, "stream" | "expected" | "rows">, at: number): Promise<Result<AppendResult>>;
  appendOne(c: pg.Pool | pg.PoolClient, item: Pick<PendingAppend, "stream" | "expected" | "rows">, at: number, fence: null): Promise<Result<AppendResult>>;
  appendOne(
    c: pg.Pool | pg.PoolClient,
    item: Pick<PendingAppend, "stream" | "expected" | "rows">,
    at: number,
    fence: { readonly scope: string; readonly epoch: number },
  ): Promise<Result<AppendResult> | "no-fence-row">;
  async appendOne(
    c: pg.Pool | pg.PoolClient,
    item: Pick<PendingAppend, "stream" | "expected" | "rows">,
    at: number,
    fence: { readonly scope: string; readonly epoch: number } | null = null,
  ): Promise<Result<AppendResult> | "no-fence-row"> {
    const { stream, expected, rows } = item;
    const guard = fence === null ? "" : " AND (SELECT epoch FROM f) <= $10::bigint";
    const moved =
      expected === "any"
        ? `INSERT INTO streams (stream, type, version) SELECT $1, $2, $3::bigint WHERE true${guard}
           ON CONFLICT (stream) DO UPDATE SET version = streams.version + $3::bigint RETURNING version`
        : expected === 0
          ? `INSERT INTO streams (stream, type, version) SELECT $1, $2, $3::bigint WHERE true${guard} ON CONFLICT (stream) DO NOTHING RETURNING version`
          : `UPDATE streams SET version = version + $3::bigint WHERE stream = $1 AND version = $4::bigint AND $2::text <> ''${guard} RETURNING version`;
    const params: unknown[] = [
      stream,
      streamType(stream),
      rows.length,
      expected === "any" ? 0 : expected,
      at,
      rows.map((x) => x.type),
      rows.map((x) => x.data),
      rows.map((x) => x.meta),
    ];
    if (fence !== null) params.push(fence.scope, fence.epoch);
    // A named statement: each connection has PostgreSQL parse and plan it once, not at every
    // append (there are six: the expected version's three kinds, fenced or not).
    const r = await c.query<{ version: string | null; position: string | null; fence: string | null }>({
      name: `felt-append-${expected === "any" ? "any" : expected === 0 ? "new" : "at"}${fence === null ? "" : "-fenced"}`,
      text: `WITH ${fence === null ? "" : "f AS (SELECT epoch FROM fences WHERE scope = $9 FOR SHARE),\n       "}s AS (${moved}),
       ins AS (
         INSERT INTO events (stream, version, type, data, meta, recorded_at)
         SELECT $1, (SELECT version FROM s) - $3::bigint + x.ord, x.t, x.d, x.m, $5::bigint
         FROM unnest($6::text[], $7::text[], $8::text[]) WITH ORDINALITY AS x(t, d, m, ord)
         WHERE EXISTS (SELECT 1 FROM s)
         ORDER BY x.ord
         RETURNING position
       )
       SELECT (SELECT version FROM s) AS version, (SELECT max(position) FROM ins) AS position, $4::bigint AS expected, ${fence === null ? "NULL" : "(SELECT epoch FROM f)"} AS fence`,
      values: params,
    });
    const row = r.rows[0];
    if (row === undefined || row.version === null) {
      if (fence !== null) {
        if (row?.fence === null || row?.fence === undefined) return "no-fence-row";
        if (fence.epoch < Number(row.fence)) return fenced(fence.scope, fence.epoch, Number(row.fence));
      }
      return versionConflict(stream, expected as number, await this.currentVersion(c, stream));
    }
    return ok({ version: Number(row.version), position: Number(row.position) });
  }

  private async currentVersion(c: pg.PoolClient | pg.Pool, stream: string): Promise<number> {
    const r = await c.query<{ version: string }>("SELECT version FROM streams WHERE stream = $1", [stream]);
    return r.rows[0] === undefined ? 0 : Number(r.rows[0].version);
  }

  async read(stream: string, fromVersion = 1, limit = Number.MAX_SAFE_INTEGER): Promise<StoredEvent[]> {
    const r = await this.pool.query<EventRow>("SELECT * FROM events WHERE stream = $1 AND version >= $2 ORDER BY version LIMIT $3", [
      stream,
      fromVersion,
      limit,
    ]);
    return r.rows.map(decodeEvent);
  }

  async streamVersion(stream: string): Promise<number> {
    return this.currentVersion(this.pool, stream);
  }

  async listStreams(filter: { type?: string; prefix?: string } = {}): Promise<StreamInfo[]> {
    const r = await this.pool.query<{ stream: string; type: string; version: string }>(
      `SELECT stream, type, version FROM streams
       WHERE ($1 = '' OR type = $1) AND left(stream, length($2)) = $2 ORDER BY stream COLLATE "C"`,
      [filter.type ?? "", filter.prefix ?? ""],
    );
    return r.rows.map((x) => ({ stream: x.stream, type: x.type, version: Number(x.version) }));
  }

  /**
   * The horizon is the oldest transaction in the statement's snapshot that may still write
   * this schema's events: one holding a lock on any relation of the schema, or one that has
   * ended since the snapshot (it may have written them; the next read sees it). A transaction
   * of another schema or database holding no lock here is ignored: the server-wide
   * pg_snapshot_xmin held this reader back behind every writer on the server. Safe because
   * every writer here takes its first lock in this schema before it has a transaction id
   * (its first write is to this schema's tables, whose lock comes before the write), and
   * holds it to the end; pg_locks is read once, after the snapshot.
   * A transaction that is ending lets go of its locks one by one, and pg_locks is not read at
   * one instant: one seen holding its transaction id but no lock here may be one that had
   * written here and was just letting go (its events still out of this snapshot). So it is
   * left out of the horizon only if it is still running once pg_locks has been read (the
   * gate `(SELECT count(*) FROM locks)` runs before any `pg_xact_status`; a transaction's
   * end is in the commit log before it lets go of a lock). Without this, a concurrent reader
   * skipped a commit now and then on a busy machine.
   */
  async readAll(cursor: GlobalCursor, limit = 1000): Promise<{ events: StoredEvent[]; cursor: GlobalCursor }> {
    const [tx, pos] = cursor === null ? ["0", "0"] : cursor.split("/");
    // A short page whose horizon is a transaction that ended during the statement only says
    // the statement began too early to see that transaction's events: a new statement's
    // snapshot has it as ended, so asking again returns what is already committed (a caller
    // that appended and then drains sees its own events). Each try can meet another such
    // ending, so the tries are bounded; the page is correct either way, only shorter.
    for (let attempt = 1; ; attempt += 1) {
      const r = await this.pool.query<(EventRow & { tx: string; ended: boolean }) | { tx: null; ended: boolean }>(READ_ALL, [tx ?? "0", pos ?? "0", limit]);
      const rows = r.rows.filter((x): x is EventRow & { tx: string; ended: boolean } => x.tx !== null);
      if (rows.length < limit && r.rows[0]?.ended === true && attempt < READ_ALL_TRIES) continue;
      const last = rows.at(-1);
      return { events: rows.map(decodeEvent), cursor: last === undefined ? cursor : `${last.tx}/${last.position}` };
    }
  }

  async saveSnapshot(stream: string, version: number, state: unknown): Promise<Result<void>> {
    const s = checkStream(stream);
    if (!s.ok) return s;
    const text = encodeJson(state);
    if (text === undefined) return fail(STORE_ERRORS.badEvents, "snapshot state is not JSON-serialisable");
    const fence = fenceFor(this.resolver, stream);
    if (!fence.ok) return fence;
    const save = async (c: pg.Pool | pg.PoolClient): Promise<Result<void>> => {
      const current = await this.currentVersion(c, stream);
      if (!Number.isSafeInteger(version) || version < 1 || version > current) {
        return fail(STORE_ERRORS.snapshotAhead, `snapshot version ${version} is not in stream ${stream} (at ${current})`, {
          stream,
          version,
          current,
        });
      }
      await c.query(
        `INSERT INTO snapshots (stream, version, state, saved_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (stream) DO UPDATE SET version = excluded.version, state = excluded.state, saved_at = excluded.saved_at
         WHERE excluded.version >= snapshots.version`,
        [stream, version, text, this.now()],
      );
      return ok(undefined);
    };
    const f = fence.value;
    if (f === null) return save(this.pool);
    return inTransaction(this.pool, async (c) => {
      const passed = await passFence(c, f.scope, f.epoch);
      return passed.ok ? save(c) : passed;
    });
  }

  async loadSnapshot(stream: string): Promise<Snapshot | null> {
    const r = await this.pool.query<{ stream: string; version: string; state: string }>("SELECT stream, version, state FROM snapshots WHERE stream = $1", [
      stream,
    ]);
    const row = r.rows[0];
    return row === undefined ? null : { stream: row.stream, version: Number(row.version), state: JSON.parse(row.state) as unknown };
  }

  private closed = false;

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.lanes.map((l) => l.flushing));
    await this.pool.end();
  }
}

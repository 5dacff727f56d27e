// EventStore on SQLite. better-sqlite3 is synchronous and SQLite has one writer, so every
// append is one IMMEDIATE transaction and global positions are committed in order: the
// catch-up cursor is simply the last position read.
//
// Group commit: appends requested in the same turn of the event loop are written in one
// transaction (each in its own savepoint, so one failing append does not sink the others)
// and all resolve after that one commit. With synchronous=FULL a commit costs an fsync
// (~4 ms on the CI disk); a thousand tables acting at once then pay one fsync, not a thousand.
import { channel } from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";
import type { Database as Db } from "better-sqlite3";
import { fail, ok, type Result } from "../../lib/result.ts";
import { STORE_ERRORS, versionConflict } from "../errors.ts";
import { checkStream, decodeEvent, encodeAppend, encodeJson, type EventRow } from "../event-codec.ts";
import { checkTransaction, type CheckedTransaction, type PostResult, type TransactionInput } from "../ledger.ts";
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
import { checkGroups, type CheckedGroup } from "../append-groups.ts";
import { checkpointInBackground, type Checkpointer } from "./checkpointer.ts";
import { migrateSqlite, openSqlite, type Durability } from "./db.ts";
import { ledgerStatements, postOn } from "./ledger.ts";
import { EVENT_MIGRATIONS, LEDGER_MIGRATIONS } from "./migrations.ts";

export interface SqliteEventStoreOptions {
  readonly durability?: Durability;
  readonly now?: () => number;
  /**
   * "background": WAL checkpoints run on a worker thread, not inside a commit on the event
   * loop (checkpointer.ts; the server's store). Default "auto": SQLite's own, in the commit.
   */
  readonly checkpoints?: "auto" | "background";
}

export function openSqliteEventStore(path: string, options: SqliteEventStoreOptions = {}): EventStore {
  const db = openSqlite(path, options.durability ?? "full");
  const background = options.checkpoints === "background" && path !== ":memory:";
  if (background) db.pragma("wal_autocheckpoint = 0");
  return sqliteEventStoreOn(db, options.now ?? Date.now, background ? checkpointInBackground(path) : null);
}

/** An event store over an open connection; the ledger's tables are migrated too (appendWithPostings). */
export function sqliteEventStoreOn(db: Db, now: () => number, checkpointer: Checkpointer | null = null): EventStore {
  migrateSqlite(db, EVENT_MIGRATIONS);
  migrateSqlite(db, LEDGER_MIGRATIONS);
  return new SqliteEventStore(db, now, checkpointer);
}

/** Thrown inside a savepoint to roll it back (events included), carrying the refusal out. */
class Refused {
  constructor(readonly result: Result<never>) {}
}

/** Each group commit's duration on the event loop and its appends (bench/load-probe.mjs listens). */
const commitChannel = channel("felt:sqlite-commit");

class SqliteEventStore implements EventStore {
  private readonly q;
  private readonly ledger;
  private readonly appendTx;
  private readonly appendPostTx;
  private readonly groupsTx;
  private queue: Array<{
    run: () => Result<unknown>;
    resolve: (r: Result<never>) => void;
    reject: (e: unknown) => void;
  }> = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly checkpointer: Checkpointer | null,
  ) {
    this.q = {
      // A stream's version is its last event's, one seek in the (stream, version) index: a
      // row rewritten with every append cost its table page in every commit's WAL.
      version: db.prepare<[string], { version: number | null }>("SELECT MAX(version) AS version FROM events WHERE stream = ?"),
      newStream: db.prepare("INSERT INTO streams (stream, type) VALUES (?, ?) ON CONFLICT (stream) DO NOTHING"),
      insert: db.prepare("INSERT INTO events (stream, version, type, data, meta, recorded_at) VALUES (?, ?, ?, ?, ?, ?)"),
      read: db.prepare<[string, number, number], EventRow>("SELECT * FROM events WHERE stream = ? AND version >= ? ORDER BY version LIMIT ?"),
      readAll: db.prepare<[number, number], EventRow>("SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?"),
      list: db.prepare<[{ type: string; prefix: string }], StreamInfo>(
        `SELECT s.stream, s.type, COALESCE((SELECT MAX(e.version) FROM events e WHERE e.stream = s.stream), 0) AS version FROM streams s
         WHERE (@type = '' OR s.type = @type) AND substr(s.stream, 1, length(@prefix)) = @prefix ORDER BY s.stream`,
      ),
      snapshot: db.prepare<[string], { stream: string; version: number; state: string }>("SELECT stream, version, state FROM snapshots WHERE stream = ?"),
      saveSnapshot: db.prepare(
        `INSERT INTO snapshots (stream, version, state, saved_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (stream) DO UPDATE SET version = excluded.version, state = excluded.state, saved_at = excluded.saved_at
         WHERE excluded.version >= snapshots.version`,
      ),
    };
    this.appendTx = db.transaction((stream: string, expected: ExpectedVersion, events: ReturnType<typeof encodeAppend> & { ok: true }) => {
      const current = this.q.version.get(stream)?.version ?? 0;
      if (expected !== "any" && current !== expected) return versionConflict(stream, expected, current);
      const at = this.now();
      let version = current;
      let position = 0;
      for (const e of events.value) {
        version += 1;
        position = Number(this.q.insert.run(stream, version, e.type, e.data, e.meta, at).lastInsertRowid);
      }
      if (current === 0) this.q.newStream.run(stream, streamType(stream));
      return ok<AppendResult>({ version, position });
    });
    this.ledger = ledgerStatements(db);
    // A savepoint inside the batch's transaction: a refused posting rolls back the events too.
    this.appendPostTx = db.transaction(
      (stream: string, expected: ExpectedVersion, events: ReturnType<typeof encodeAppend> & { ok: true }, postings: readonly CheckedTransaction[]) => {
        const appended = this.appendTx(stream, expected, events);
        if (!appended.ok) return appended;
        const at = this.now();
        const posted: PostResult[] = [];
        for (const c of postings) {
          const r = postOn(this.ledger, c, at);
          if (!r.ok) throw new Refused(r);
          posted.push(r.value);
        }
        return ok<AppendWithPostingsResult>({ ...appended.value, posted });
      },
    );
    // One savepoint per group inside the batch's: a refused group rolls back alone.
    const groupTx = db.transaction((stream: string, after: number, g: CheckedGroup) => {
      const at = this.now();
      let version = after;
      for (const e of g.rows) this.q.insert.run(stream, ++version, e.type, e.data, e.meta, at);
      const posted: PostResult[] = [];
      for (const c of g.postings) {
        const r = postOn(this.ledger, c, at);
        if (!r.ok) throw new Refused(r);
        posted.push(r.value);
      }
      return { version, posted };
    });
    this.groupsTx = db.transaction((stream: string, expected: ExpectedVersion, groups: readonly Result<CheckedGroup>[]) => {
      const current = this.q.version.get(stream)?.version ?? 0;
      if (expected !== "any" && current !== expected) return versionConflict(stream, expected, current);
      let version = current;
      const answers: Result<GroupAppended>[] = groups.map((g) => {
        if (!g.ok) return g;
        try {
          const r = groupTx(stream, version, g.value);
          version = r.version;
          return ok(r);
        } catch (e) {
          if (e instanceof Refused) return e.result;
          throw e;
        }
      });
      if (current === 0 && version !== current) this.q.newStream.run(stream, streamType(stream));
      return ok<AppendGroupsResult>({ version, groups: answers });
    });
  }

  async appendGroups(stream: string, expected: ExpectedVersion, groups: readonly AppendGroup[]): Promise<Result<AppendGroupsResult>> {
    const checked = checkGroups(stream, expected, groups);
    if (!checked.ok) return checked;
    return this.enqueue(() => this.groupsTx(stream, expected, checked.value));
  }

  async append(stream: string, expected: ExpectedVersion, events: readonly NewEvent[]): Promise<Result<AppendResult>> {
    const encoded = encodeAppend(stream, expected, events);
    if (!encoded.ok) return encoded;
    return this.enqueue(() => this.appendTx(stream, expected, encoded));
  }

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
    return this.enqueue(() => {
      try {
        return this.appendPostTx(stream, expected, encoded, checked);
      } catch (e) {
        if (e instanceof Refused) return e.result;
        throw e;
      }
    });
  }

  private enqueue<T>(run: () => Result<T>): Promise<Result<T>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (r: Result<never>) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0);
    if (batch.length === 0) return;
    const outcomes: Array<{ value: Result<unknown> } | { error: unknown }> = [];
    const began = performance.now();
    try {
      this.db
        .transaction(() => {
          for (const item of batch) {
            try {
              outcomes.push({ value: item.run() });
            } catch (error) {
              outcomes.push({ error });
            }
          }
        })
        .immediate();
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    if (commitChannel.hasSubscribers) commitChannel.publish({ ms: performance.now() - began, appends: batch.length });
    batch.forEach((item, i) => {
      const o = outcomes[i];
      if (o !== undefined && "value" in o) item.resolve(o.value as Result<never>);
      else item.reject(o?.error);
    });
  }

  async read(stream: string, fromVersion = 1, limit = Number.MAX_SAFE_INTEGER): Promise<StoredEvent[]> {
    return this.q.read.all(stream, fromVersion, limit).map(decodeEvent);
  }

  async streamVersion(stream: string): Promise<number> {
    return this.q.version.get(stream)?.version ?? 0;
  }

  async listStreams(filter: { type?: string; prefix?: string } = {}): Promise<StreamInfo[]> {
    return this.q.list.all({ type: filter.type ?? "", prefix: filter.prefix ?? "" });
  }

  async readAll(cursor: GlobalCursor, limit = 1000): Promise<{ events: StoredEvent[]; cursor: GlobalCursor }> {
    const after = cursor === null ? 0 : Number(cursor);
    const events = this.q.readAll.all(after, limit).map(decodeEvent);
    const last = events.at(-1);
    return { events, cursor: last === undefined ? cursor : String(last.position) };
  }

  async saveSnapshot(stream: string, version: number, state: unknown): Promise<Result<void>> {
    const s = checkStream(stream);
    if (!s.ok) return s;
    const text = encodeJson(state);
    if (text === undefined) return fail(STORE_ERRORS.badEvents, "snapshot state is not JSON-serialisable");
    const current = this.q.version.get(stream)?.version ?? 0;
    if (!Number.isSafeInteger(version) || version < 1 || version > current) {
      return fail(STORE_ERRORS.snapshotAhead, `snapshot version ${version} is not in stream ${stream} (at ${current})`, {
        stream,
        version,
        current,
      });
    }
    this.q.saveSnapshot.run(stream, version, text, this.now());
    return ok(undefined);
  }

  async loadSnapshot(stream: string): Promise<Snapshot | null> {
    const row = this.q.snapshot.get(stream);
    return row === undefined ? null : { stream: row.stream, version: row.version, state: JSON.parse(row.state) as unknown };
  }

  async close(): Promise<void> {
    this.flush();
    await this.checkpointer?.close();
    if (this.db.open) this.db.close();
  }
}

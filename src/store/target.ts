// Where Felt keeps its data: `--db` values. SQLite by default ("felt.db", "sqlite:path",
// ":memory:" for throwaway runs); PostgreSQL with a postgres:// or postgresql:// URL
// (optionally "?schema=name" to pick the PostgreSQL schema, default "felt", and "pool=N" for
// how many connections each of the process's stores may hold, default 10).
import { fail, ok, type Result } from "../lib/result.ts";
import { STORE_ERRORS } from "./errors.ts";
import type { Durability } from "./sqlite/db.ts";
import type { EventStore } from "./event-store.ts";
import type { Ledger } from "./ledger.ts";
import { openSqlite } from "./sqlite/db.ts";
import { openSqliteEventStore, sqliteEventStoreOn } from "./sqlite/event-store.ts";
import { openSqliteLedger, sqliteLedgerOn } from "./sqlite/ledger.ts";
import { syncWalOffLoop } from "./sqlite/wal-sync.ts";
import { openPostgresEventStore, PgEventStore } from "./postgres/event-store.ts";
import { openPostgresLedger } from "./postgres/ledger.ts";
import type { HandIndex } from "./hand-index.ts";
import type { FenceResolver, Fences } from "./fence.ts";
import { openSqliteHandIndex } from "./sqlite/hand-index.ts";
import { openPostgresHandIndex } from "./postgres/hand-index.ts";

export type StorageTarget =
  | { readonly kind: "sqlite"; readonly path: string }
  | {
      readonly kind: "postgres";
      readonly url: string;
      readonly schema: string;
      /**
       * The most connections each pool of the process holds (the event store, the ledger and
       * the accounts; the hand index 2 at most): absent, 10 each. A cluster's members share
       * one server's `max_connections`, so a big cluster sets it lower (or puts a pooler in front).
       */
      readonly pool?: number;
    };

/** The most a pool may be given (`?pool=N`): more than PostgreSQL's default server takes in all. */
const MAX_POOL = 100;

/** The options of a pool of `target`'s: its schema and, when set, its size. */
export function poolOptions(target: { readonly schema: string; readonly pool?: number }): { schema: string; maxConnections?: number } {
  return target.pool === undefined ? { schema: target.schema } : { schema: target.schema, maxConnections: target.pool };
}

export function parseDbUrl(value: string): Result<StorageTarget> {
  if (/^postgres(ql)?:\/\//.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return fail(STORE_ERRORS.badUrl, `not a valid PostgreSQL URL: ${value}`);
    }
    const schema = url.searchParams.get("schema") ?? "felt";
    url.searchParams.delete("schema");
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) return fail(STORE_ERRORS.badUrl, `bad schema name ${schema}`);
    const poolText = url.searchParams.get("pool");
    url.searchParams.delete("pool");
    if (poolText === null) return ok({ kind: "postgres", url: url.toString(), schema });
    const pool = Number(poolText);
    if (!/^[0-9]+$/.test(poolText) || pool < 1 || pool > MAX_POOL) {
      return fail(STORE_ERRORS.badUrl, `pool must be a whole number of connections from 1 to ${MAX_POOL}, not ${poolText}`);
    }
    return ok({ kind: "postgres", url: url.toString(), schema, pool });
  }
  const path = value.startsWith("sqlite:") ? value.slice("sqlite:".length) : value;
  if (path.length === 0) return fail(STORE_ERRORS.badUrl, "empty SQLite path");
  if (path.includes("://")) return fail(STORE_ERRORS.badUrl, `unsupported database URL ${value}`);
  return ok({ kind: "sqlite", path });
}

export interface OpenOptions {
  readonly now?: () => number;
  /** SQLite events only; the ledger is always "full". */
  readonly eventDurability?: Durability;
  /** Cluster mode (PostgreSQL only): writes to fenced streams carry this process's epoch (fence.ts). */
  readonly fence?: FenceResolver;
}

export async function openEventStore(target: StorageTarget, options: OpenOptions = {}): Promise<EventStore> {
  const now = options.now === undefined ? {} : { now: options.now };
  if (target.kind === "sqlite") {
    if (options.fence !== undefined) throw new Error("fencing (cluster mode) needs a PostgreSQL database: SQLite is single-process");
    // "full" (the default) for a file: commits write the WAL and the append is answered after
    // an fsync of it run off the event loop (wal-sync.ts), so one slow fsync does not stall
    // every table; durability is the same as synchronous=FULL. ":memory:" has nothing to sync.
    if (options.eventDurability !== "normal" && target.path !== ":memory:") {
      return syncWalOffLoop(openSqliteEventStore(target.path, { ...now, durability: "normal", checkpoints: "background" }), target.path);
    }
    // Checkpoints on a worker thread either way: never a copy of the WAL inside a commit on the loop.
    return openSqliteEventStore(target.path, {
      ...now,
      checkpoints: "background",
      ...(options.eventDurability ? { durability: options.eventDurability } : {}),
    });
  }
  return openPostgresEventStore(target.url, { ...poolOptions(target), ...now, ...(options.fence ? { fence: options.fence } : {}) });
}

export async function openLedger(target: StorageTarget, options: OpenOptions = {}): Promise<Ledger> {
  const now = options.now === undefined ? {} : { now: options.now };
  if (target.kind === "sqlite") return openSqliteLedger(target.path, now);
  return openPostgresLedger(target.url, { ...poolOptions(target), ...now });
}

/** The per-player index of finished hands (hand-index.ts). */
export async function openHandIndex(target: StorageTarget): Promise<HandIndex> {
  if (target.kind === "sqlite") return openSqliteHandIndex(target.path);
  return openPostgresHandIndex(target.url, poolOptions(target));
}

/** The event store and the ledger of one database (appendWithPostings writes to both). */
export interface Storage {
  readonly store: EventStore;
  readonly ledger: Ledger;
  /** PostgreSQL only: raising a partition's fence (cluster mode). */
  readonly fences?: Fences;
}

/**
 * Both halves of one target. On a SQLite file each has its own connection (the ledger's with
 * synchronous=FULL); `:memory:` is one database per connection, so there both share one.
 */
export async function openStorage(target: StorageTarget, options: OpenOptions = {}): Promise<Storage> {
  if (target.kind === "sqlite" && target.path === ":memory:") {
    if (options.fence !== undefined) throw new Error("fencing (cluster mode) needs a PostgreSQL database: SQLite is single-process");
    const db = openSqlite(":memory:", "full");
    const now = options.now ?? Date.now;
    return { store: sqliteEventStoreOn(db, now), ledger: sqliteLedgerOn(db, now) };
  }
  const store = await openEventStore(target, options);
  try {
    const ledger = await openLedger(target, options);
    return store instanceof PgEventStore ? { store, ledger, fences: store.fences } : { store, ledger };
  } catch (e) {
    await store.close();
    throw e;
  }
}

// Durable appends without blocking the event loop. better-sqlite3 is synchronous:
// with synchronous=FULL every commit's fsync of the WAL runs on the event loop, and on a busy
// disk one fsync can stall every table of the server for hundreds of milliseconds (bench/load:
// p99 532 ms with FULL, 12 ms with NORMAL, at 1,000 tables). This wraps an event store opened
// with `durability: "normal"` (commits write the WAL but do not fsync it) and answers an
// append only after an fsync of the WAL file that began after its commit, run on libuv's
// thread pool. An acknowledged append is then on disk as with FULL (the same file, synced
// after the commit), and the caller still broadcasts only after that answer (persist, then
// broadcast). Appends that arrive while an fsync runs are committed together after it and
// share the next fsync (group commit and group sync).
// The WAL stays one file for the life of the connection (SQLite deletes it only when the
// last connection closes), so one descriptor serves every sync.
import { channel } from "node:diagnostics_channel";
import { close as closeFd, fsync, open } from "node:fs";
import { performance } from "node:perf_hooks";
import type { Result } from "../../lib/result.ts";
import type { AppendGroup, AppendGroupsResult, AppendResult, AppendWithPostingsResult, EventStore, ExpectedVersion, NewEvent } from "../event-store.ts";
import type { TransactionInput } from "../ledger.ts";

/** Each fsync's duration and how many appends it served (bench/load-probe.mjs listens). */
const syncChannel = channel("felt:wal-sync");

/** How the WAL file is synced: node:fs's fsync on libuv's thread pool (tests pass their own to hold it). */
export type SyncFile = (fd: number, done: (e: Error | null) => void) => void;

/**
 * At most one commit and fsync each this many milliseconds. On a busy server an fsync's CPU
 * (the file system's journal, the disk's doorbell) is a tenth of the whole, and the appends
 * of a few milliseconds then share one; an append to a store that has not committed for
 * that long is committed at once, so a quiet table waits for nothing.
 */
export const SYNC_GAP_MS = 4;

export interface WalSyncOptions {
  /** How the WAL file is synced (tests pass their own to hold it). */
  readonly sync?: SyncFile;
  readonly gapMs?: number;
  /** The clock and the timer of the gap (tests pass their own). */
  readonly now?: () => number;
  readonly wait?: (ms: number, then: () => void) => void;
}

export function syncWalOffLoop(store: EventStore, dbPath: string, options: WalSyncOptions = {}): EventStore {
  return new WalSyncedStore(store, `${dbPath}-wal`, {
    sync: options.sync ?? fsync,
    gapMs: options.gapMs ?? SYNC_GAP_MS,
    now: options.now ?? (() => performance.now()),
    wait: options.wait ?? ((ms, then) => void setTimeout(then, ms)),
  });
}

interface Held {
  /** Hands the append (with its postings, if any) to the inner store. */
  readonly run: () => Promise<Result<unknown>>;
  readonly resolve: (r: Result<never>) => void;
  readonly reject: (e: unknown) => void;
}

class WalSyncedStore implements EventStore {
  private fd: Promise<number> | null = null;
  /**
   * idle: nothing in flight; committing: appends go straight to the inner store's group
   * commit; syncing: they are held for the commit after the fsync; waiting: held until the
   * gap since the last commit has passed.
   */
  private stage: "idle" | "committing" | "syncing" | "waiting" = "idle";
  /** When the last commit was taken for an fsync (the gap counts from it). */
  private lastCommit = Number.NEGATIVE_INFINITY;
  /** Appends handed to the inner store for the commit the next fsync covers. */
  private current: { readonly held: Held; readonly outcome: Promise<Result<unknown>> }[] = [];
  /** Appends that arrived while an fsync ran: they go together in the next commit. */
  private held: Held[] = [];

  constructor(
    private readonly inner: EventStore,
    private readonly walPath: string,
    private readonly o: Required<WalSyncOptions>,
  ) {}

  append(stream: string, expected: ExpectedVersion, events: readonly NewEvent[]): Promise<Result<AppendResult>> {
    return this.hold(() => this.inner.append(stream, expected, events));
  }

  /** Events and the postings they pay for: one commit, answered after its fsync like any append. */
  appendWithPostings(
    stream: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    postings: readonly TransactionInput[],
  ): Promise<Result<AppendWithPostingsResult>> {
    return this.hold(() => this.inner.appendWithPostings(stream, expected, events, postings));
  }

  /** Many commands' events and postings: one commit, answered after its fsync. */
  appendGroups(stream: string, expected: ExpectedVersion, groups: readonly AppendGroup[]): Promise<Result<AppendGroupsResult>> {
    return this.hold(() => this.inner.appendGroups(stream, expected, groups));
  }

  private hold<T>(run: () => Promise<Result<T>>): Promise<Result<T>> {
    return new Promise((resolve, reject) => {
      const h: Held = { run, resolve: resolve as (r: Result<never>) => void, reject };
      if (this.stage === "syncing" || this.stage === "waiting") this.held.push(h);
      else if (this.stage === "idle" && this.gapLeft() > 0) {
        this.held.push(h);
        this.stage = "waiting";
        this.o.wait(this.gapLeft(), () => {
          this.stage = "idle";
          for (const x of this.held.splice(0)) this.forward(x);
        });
      } else this.forward(h);
    });
  }

  private gapLeft(): number {
    return this.lastCommit + this.o.gapMs - this.o.now();
  }

  /** Number of fsyncs run (tests: commits share them). */
  syncs = 0;

  /** To the inner store at once: the appends of this moment share its next group commit. */
  private forward(h: Held): void {
    this.current.push({ held: h, outcome: h.run() });
    if (this.stage !== "idle") return;
    this.stage = "committing";
    void this.cycle();
  }

  /**
   * Commit, fsync, answer; again with what arrived meanwhile. An append that
   * arrives during an fsync would wait for the next fsync anyway, so holding it until then
   * costs it nothing, and the appends of a whole fsync share one commit: the pages they
   * touch are written to the WAL once per cycle, not once per append (one commit per action
   * filled the WAL, and the disk, with the same hot pages ~10 MB/s at 1,000 tables). The
   * slower the disk, the more each commit carries; an idle store commits at once.
   */
  private async cycle(): Promise<void> {
    while (this.current.length > 0) {
      // The commit the first of them joined; the others of that commit settle with it.
      await this.current[0]!.outcome.then(
        () => undefined,
        () => undefined,
      );
      const batch = this.current.splice(0);
      this.lastCommit = this.o.now();
      this.stage = "syncing";
      const outcomes = await Promise.allSettled(batch.map((b) => b.outcome));
      let wrote = false;
      outcomes.forEach((o, i) => {
        if (o.status === "fulfilled" && o.value.ok) wrote = true;
        // Refused (nothing written) or failed: answered now, not after the fsync.
        else if (o.status === "fulfilled") batch[i]!.held.resolve(o.value as Result<never>);
        else batch[i]!.held.reject(o.reason);
      });
      if (wrote) {
        let synced: { ok: true } | { ok: false; error: unknown };
        try {
          const fd = await (this.fd ??= openFd(this.walPath));
          const began = performance.now();
          await new Promise<void>((res, rej) => this.o.sync(fd, (e) => (e ? rej(e) : res())));
          this.syncs++;
          if (syncChannel.hasSubscribers) syncChannel.publish({ ms: performance.now() - began, appends: batch.length });
          synced = { ok: true };
        } catch (error) {
          synced = { ok: false, error };
        }
        outcomes.forEach((o, i) => {
          if (o.status !== "fulfilled" || !o.value.ok) return;
          // The record is committed but its durability is unknown: fail loudly, never "not stored".
          if (synced.ok) batch[i]!.held.resolve(o.value as Result<never>);
          else batch[i]!.held.reject(synced.error);
        });
      }
      // What arrived meanwhile waits out the rest of the gap (still held), then commits together.
      const left = this.held.length > 0 ? this.gapLeft() : 0;
      if (left > 0) await new Promise<void>((r) => this.o.wait(left, r));
      this.stage = "committing";
      for (const h of this.held.splice(0)) this.forward(h);
    }
    this.stage = "idle";
  }

  read: EventStore["read"] = (...a) => this.inner.read(...a);
  streamVersion: EventStore["streamVersion"] = (...a) => this.inner.streamVersion(...a);
  listStreams: EventStore["listStreams"] = (...a) => this.inner.listStreams(...a);
  readAll: EventStore["readAll"] = (...a) => this.inner.readAll(...a);
  saveSnapshot: EventStore["saveSnapshot"] = (...a) => this.inner.saveSnapshot(...a);
  loadSnapshot: EventStore["loadSnapshot"] = (...a) => this.inner.loadSnapshot(...a);

  async close(): Promise<void> {
    while (this.stage !== "idle") await new Promise((r) => setTimeout(r, 1));
    const fd = this.fd;
    this.fd = null;
    if (fd !== null)
      await fd.then(
        (n) => new Promise<void>((r) => closeFd(n, () => r())),
        () => undefined,
      );
    await this.inner.close();
  }
}

function openFd(path: string): Promise<number> {
  return new Promise((res, rej) => open(path, "r+", (e, fd) => (e ? rej(e) : res(fd))));
}

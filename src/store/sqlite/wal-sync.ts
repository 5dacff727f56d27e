// Durable appends without blocking the event loop (issue 6). better-sqlite3 is synchronous:
// with synchronous=FULL every commit's fsync of the WAL runs on the event loop, and on a busy
// disk one fsync can stall every table of the server for hundreds of milliseconds (bench/load:
// p99 532 ms with FULL, 12 ms with NORMAL, at 1,000 tables). This wraps an event store opened
// with `durability: "normal"` (commits write the WAL but do not fsync it) and answers an
// append only after an fsync of the WAL file that began after its commit, run on libuv's
// thread pool. An acknowledged append is then on disk as with FULL (the same file, synced
// after the commit), and the caller still broadcasts only after that answer (persist, then
// broadcast). Appends that commit while an fsync runs share the next one (group sync).
// The WAL stays one file for the life of the connection (SQLite deletes it only when the
// last connection closes), so one descriptor serves every sync.
import { channel } from "node:diagnostics_channel";
import { close as closeFd, fsync, open } from "node:fs";
import { performance } from "node:perf_hooks";
import type { Result } from "../../lib/result.ts";
import type { AppendResult, EventStore, ExpectedVersion, NewEvent } from "../event-store.ts";

/** Each fsync's duration and how many appends it served (bench/load-probe.mjs listens). */
const syncChannel = channel("felt:wal-sync");

export function syncWalOffLoop(store: EventStore, dbPath: string): EventStore {
  return new WalSyncedStore(store, `${dbPath}-wal`);
}

class WalSyncedStore implements EventStore {
  private fd: Promise<number> | null = null;
  private running = false;
  /** Appends committed since the running fsync began: they wait for the next one. */
  private waiting: { resolve: () => void; reject: (e: unknown) => void }[] = [];

  constructor(
    private readonly inner: EventStore,
    private readonly walPath: string,
  ) {}

  async append(stream: string, expected: ExpectedVersion, events: readonly NewEvent[]): Promise<Result<AppendResult>> {
    const r = await this.inner.append(stream, expected, events);
    if (!r.ok) return r; // nothing was written
    await new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.running) void this.syncLoop();
    });
    return r;
  }

  /** Number of fsyncs run (tests: commits share them). */
  syncs = 0;

  private async syncLoop(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        const fd = await (this.fd ??= openFd(this.walPath));
        const began = performance.now();
        await new Promise<void>((res, rej) => fsync(fd, (e) => (e ? rej(e) : res())));
        this.syncs++;
        if (syncChannel.hasSubscribers) syncChannel.publish({ ms: performance.now() - began, appends: batch.length });
        for (const w of batch) w.resolve();
      } catch (e) {
        // The record is committed but its durability is unknown: fail loudly, never "not stored".
        for (const w of batch) w.reject(e);
      }
    }
    this.running = false;
  }

  read: EventStore["read"] = (...a) => this.inner.read(...a);
  streamVersion: EventStore["streamVersion"] = (...a) => this.inner.streamVersion(...a);
  listStreams: EventStore["listStreams"] = (...a) => this.inner.listStreams(...a);
  readAll: EventStore["readAll"] = (...a) => this.inner.readAll(...a);
  saveSnapshot: EventStore["saveSnapshot"] = (...a) => this.inner.saveSnapshot(...a);
  loadSnapshot: EventStore["loadSnapshot"] = (...a) => this.inner.loadSnapshot(...a);

  async close(): Promise<void> {
    while (this.running) await new Promise((r) => setTimeout(r, 1));
    const fd = this.fd;
    this.fd = null;
    if (fd !== null) await fd.then((n) => new Promise<void>((r) => closeFd(n, () => r())), () => undefined);
    await this.inner.close();
  }
}

function openFd(path: string): Promise<number> {
  return new Promise((res, rej) => open(path, "r+", (e, fd) => (e ? rej(e) : res(fd))));
}

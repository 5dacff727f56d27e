// WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside
// the commit that crosses `wal_autocheckpoint` pages, on the thread that commits: with
// better-sqlite3 that is the server's event loop, which then copies megabytes back into the
// database file and waits for two fsyncs while every table waits behind it (100-300 ms on a
// busy disk at 1,000 tables). The events connection turns it off and a worker thread with
// its own connection checkpoints instead (checkpoint-worker.mjs), PASSIVE: it copies what it
// can without waiting for the writer and never blocks it; once it has copied everything,
// the writer starts the WAL from its beginning again, so the file stays small.
import { channel } from "node:diagnostics_channel";
import { Worker } from "node:worker_threads";

/** Each checkpoint's duration and pages (bench/load-probe.mjs listens). */
const checkpointChannel = channel("felt:sqlite-checkpoint");

export interface Checkpointer {
  /** Runs a last checkpoint and stops the thread. */
  close(): Promise<void>;
}

/**
 * Every 2 s: a checkpoint with nothing new to copy costs nothing, one with work copies the
 * latest version of each page once and syncs twice, so seldom is cheaper for the disk (the
 * hot pages are rewritten in the WAL at every commit); SQLite's own default is every
 * 1,000 pages (4 MB), about as often at 1,000 tables.
 */
export function checkpointInBackground(path: string, everyMs = 2000): Checkpointer {
  const worker = new Worker(new URL("./checkpoint-worker.mjs", import.meta.url), { workerData: { path, everyMs } });
  worker.unref();
  worker.on("message", (m: unknown) => {
    if (checkpointChannel.hasSubscribers) checkpointChannel.publish(m);
  });
  // A checkpointer that fails leaves only a longer WAL (SQLite checkpoints it at close).
  worker.on("error", () => undefined);
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    async close() {
      worker.ref();
      worker.postMessage("close");
      await exited;
    },
  };
}

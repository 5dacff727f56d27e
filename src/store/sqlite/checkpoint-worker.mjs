// The WAL checkpointer's thread (checkpointer.ts): its own connection to the database file
// copies the WAL back into it with PASSIVE checkpoints (never waiting for, nor blocking, the
// writer) every `everyMs`, so the copy and its two fsyncs never run on the server's event
// loop. Plain JavaScript: a worker thread starts without the main thread's TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const db = new Database(workerData.path);
// A checkpoint syncs the WAL before copying it and the database after (as with FULL).
db.pragma("synchronous = NORMAL");
db.pragma("wal_autocheckpoint = 0");

function checkpoint() {
  const began = performance.now();
  try {
    const [r] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ ms: performance.now() - began, walPages: r.log, copied: r.checkpointed });
  } catch (e) {
    // Busy (another checkpoint) or the file went away: the next round tries again.
    parentPort.postMessage({ ms: performance.now() - began, error: String(e) });
  }
}

const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on("message", (m) => {
  if (m !== "close") return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});

// Preloaded into the server process by bench/load.ts (`node --import ./bench/load-probe.mjs`):
// the server's own event-loop delay (perf_hooks.monitorEventLoopDelay), event-loop
// utilisation and CPU over the measured window, asked for over the IPC channel; and, for
// the latency breakdown, every command's stage marks (src/runtime/trace.ts: received,
// started, stored, applied, written), each SQLite group commit and WAL fsync, and the
// loop delay second by second, all on node:diagnostics_channel.
import { subscribe } from "node:diagnostics_channel";
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";

/** Nanoseconds the main thread waited for a CPU while runnable (Linux /proc schedstat), or null. */
function runqueueNs() {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[1]);
  } catch {
    return null;
  }
}

const epoch = () => performance.timeOrigin + performance.now();
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let cpu = process.cpuUsage();
let at = performance.now();
let elu = performance.eventLoopUtilization();
let waited = runqueueNs();

let measuring = false;
/** command id → [received, started, stored, applied, written] (epoch ms; 0 = not seen). */
let marks = new Map();
const STAGES = ["received", "started", "stored", "applied", "written"];
/** Per second: [epoch ms at the end of the second, loop delay max ms, commit max ms, commits, fsync max ms, fsyncs]. */
let seconds = [];
let commitMax = 0;
let commits = 0;
let syncMax = 0;
let syncs = 0;
/** Every commit's and fsync's duration over the window (their p99 in the summary). */
let commitMs = [];
let syncMs = [];
/** Background WAL checkpoints (src/store/sqlite/checkpointer.ts): duration, pages copied. */
let checkpointMs = [];
let checkpointPages = 0;

subscribe("felt:command-stage", (m) => {
  if (!measuring) return;
  let row = marks.get(m.id);
  if (row === undefined) marks.set(m.id, (row = [0, 0, 0, 0, 0]));
  const i = STAGES.indexOf(m.stage);
  // The first time a stage is reached (a resent command is answered from memory).
  if (i >= 0 && row[i] === 0) row[i] = m.at;
});
subscribe("felt:sqlite-commit", (m) => {
  if (!measuring) return;
  commits++;
  commitMax = Math.max(commitMax, m.ms);
  commitMs.push(m.ms);
});
/** PostgreSQL group-commit batches: the longest queue wait before a batch began, per batch. */
let pgWaitMs = [];
subscribe("felt:pg-commit", (m) => {
  if (!measuring) return;
  commits++;
  commitMax = Math.max(commitMax, m.ms);
  commitMs.push(m.ms);
  pgWaitMs.push(m.waitedMs);
});
subscribe("felt:wal-sync", (m) => {
  if (!measuring) return;
  syncs++;
  syncMax = Math.max(syncMax, m.ms);
  syncMs.push(m.ms);
});

subscribe("felt:sqlite-checkpoint", (m) => {
  if (!measuring || m.error !== undefined) return;
  checkpointMs.push(m.ms);
  checkpointPages += m.copied ?? 0;
});

const perSecond = monitorEventLoopDelay({ resolution: 1 });
perSecond.enable();
setInterval(() => {
  if (measuring) seconds.push([epoch(), perSecond.max / 1e6, commitMax, commits, syncMax, syncs]);
  perSecond.reset();
  commitMax = commits = syncMax = syncs = 0;
}, 1000).unref();

process.on("message", (m) => {
  if (m === "reset") {
    delay.reset();
    cpu = process.cpuUsage();
    at = performance.now();
    elu = performance.eventLoopUtilization();
    waited = runqueueNs();
    marks = new Map();
    seconds = [];
    commitMs = [];
    pgWaitMs = [];
    syncMs = [];
    checkpointMs = [];
    checkpointPages = 0;
    perSecond.reset();
    commitMax = commits = syncMax = syncs = 0;
    measuring = true;
  } else if (m === "stats") {
    measuring = false;
    const used = process.cpuUsage(cpu);
    const ms = (x) => Number((x / 1e6).toFixed(1));
    const now = runqueueNs();
    const p = (xs, q) => {
      xs.sort((a, b) => a - b);
      return xs.length === 0 ? null : Number(xs[Math.min(xs.length - 1, Math.floor((xs.length * q) / 100))].toFixed(1));
    };
    process.send?.({
      loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      cpu: Number(((used.user + used.system) / 1000 / (performance.now() - at)).toFixed(4)),
      elu: Number(performance.eventLoopUtilization(elu).utilization.toFixed(2)),
      // Share of the window the event loop was ready to run but other processes held the CPUs.
      cpuWait: now === null || waited === null ? null : Number(((now - waited) / 1e6 / (performance.now() - at)).toFixed(2)),
      commits: { count: commitMs.length, p99: p(commitMs, 99), max: p(commitMs, 100) },
      pgQueueWait: { p99: p(pgWaitMs, 99), max: p(pgWaitMs, 100) },
      fsyncs: { count: syncMs.length, p99: p(syncMs, 99), max: p(syncMs, 100) },
      checkpoints: { count: checkpointMs.length, pages: checkpointPages, max: p(checkpointMs, 100) },
      marks: [...marks],
      seconds,
    });
  }
});
// The channel must not keep the server alive after SIGTERM.
process.channel?.unref();

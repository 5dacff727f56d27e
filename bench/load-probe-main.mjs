// Loaded into the server's main thread by bench/load-probe.mjs (preloaded by bench/load.ts):
// the server's event-loop utilisation and CPU over the measured window, and its event-loop
// delay (perf_hooks.monitorEventLoopDelay) when the bench asks for it, asked for over the
// IPC channel; and, for
// the latency breakdown, every command's stage marks (src/runtime/trace.ts: received,
// started, stored, applied, written), each SQLite group commit and WAL fsync, and the
// loop delay second by second, all on node:diagnostics_channel.
import { subscribe } from "node:diagnostics_channel";
import { Session } from "node:inspector";
import { readFileSync, writeFileSync } from "node:fs";
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
// The loop-delay monitor is a 1 ms timer: a thousand wake-ups a second, which cost an idle
// process of this machine 13-23 ms of CPU a second and a cluster member at 30 actions a
// second some 0.6 ms per action, all of it charged to the server. So it runs only when the
// bench is asked for the loop delay (FELT_LOOP_DELAY=1, the benches' --loop-delay), for
// diagnosing stalls; CPU figures are taken without it.
const loopDelay = process.env["FELT_LOOP_DELAY"] === "1";
/** The window's loop delay, and the current second's (reset each second). */
const delay = monitorEventLoopDelay({ resolution: 1 });
const perSecond = monitorEventLoopDelay({ resolution: 1 });
if (loopDelay) {
  delay.enable();
  perSecond.enable();
}
let cpu = process.cpuUsage();
let at = performance.now();
let elu = performance.eventLoopUtilization();
let waited = runqueueNs();

let measuring = false;

// Where the server's CPU goes over the measured window, by stage: V8's sampling profiler runs
// only then, and each sample is put in the stage of the nearest frame (leaf first) that one
// of these names; the rest is "other". Order matters: the first rule that matches wins.
const STAGE_RULES = [
  ["gc", /^\(garbage collector\)$/],
  ["parse", /src\/protocol\/parse\.ts|node_modules\/zod\/|node_modules\/ws\/lib\/(receiver|buffer-util|validation)/],
  ["send", /node_modules\/ws\/lib\/sender|node:net|stream_base_commons|internal\/streams\/writable|^writev$|^writeUtf8String$/],
  ["views", /src\/server\/tables\/(view-fanout|table-view|table-wire)\.ts/],
  ["store", /src\/store\/|node_modules\/better-sqlite3|node_modules\/pg/],
  ["rules", /src\/engine\/|src\/cards\/|src\/tournament\//],
  ["actor", /src\/runtime\/|src\/server\/tables\/|src\/server\/tournaments\//],
  ["gateway", /src\/server\/gateway\/|src\/server\/felt-server\.ts|node_modules\/fastify|node_modules\/ws\//],
  ["timers", /internal\/timers|src\/server\/clock\.ts/],
];
const profiling = process.env["FELT_STAGE_PROFILE"] === "1";
const inspector = profiling ? new Session() : null;
inspector?.connect();
const post = (method, params = {}) => new Promise((resolve, reject) => inspector.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));

/** The share of the window's busy samples in each stage (idle and program samples left out). */
function stagesOf(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map();
  const stageOfNode = (id) => {
    if (stageOf.has(id)) return stageOf.get(id);
    const n = byId.get(id);
    const key = n.callFrame.url === "" ? n.callFrame.functionName : n.callFrame.url;
    let stage = STAGE_RULES.find(([, re]) => re.test(key))?.[0];
    if (stage === undefined) stage = parent.has(id) ? stageOfNode(parent.get(id)) : "other";
    stageOf.set(id, stage);
    return stage;
  };
  const counts = new Map();
  let busy = 0;
  for (const id of profile.samples) {
    const name = byId.get(id).callFrame.functionName;
    if (name === "(idle)" || name === "(program)" || name === "(root)") continue;
    busy++;
    const st = stageOfNode(id);
    counts.set(st, (counts.get(st) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Number(((100 * v) / Math.max(1, busy)).toFixed(1))]));
}
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

setInterval(() => {
  if (measuring) seconds.push([epoch(), loopDelay ? perSecond.max / 1e6 : null, commitMax, commits, syncMax, syncs]);
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
    if (profiling) void post("Profiler.enable").then(() => post("Profiler.start"));
  } else if (m === "stats") {
    measuring = false;
    if (profiling) {
      void post("Profiler.stop").then(({ profile }) => {
        // FELT_STAGE_PROFILE_OUT=file: the whole profile too (open it in Chrome's DevTools);
        // "{pid}" in it is the server's pid, so each process of a cluster bench keeps its own.
        const out = process.env["FELT_STAGE_PROFILE_OUT"]?.replaceAll("{pid}", String(process.pid));
        if (out) writeFileSync(out, JSON.stringify(profile));
        sendStats(stagesOf(profile));
      });
      return;
    }
    sendStats(undefined);
  }
});

function sendStats(stages) {
  const used = process.cpuUsage(cpu);
  const ms = (x) => Number((x / 1e6).toFixed(1));
  const now = runqueueNs();
  const p = (xs, q) => {
    xs.sort((a, b) => a - b);
    return xs.length === 0 ? null : Number(xs[Math.min(xs.length - 1, Math.floor((xs.length * q) / 100))].toFixed(1));
  };
  process.send?.({
    loopDelayMs: loopDelay ? { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) } : null,
    cpu: Number(((used.user + used.system) / 1000 / (performance.now() - at)).toFixed(4)),
    // The kernel's part (sockets, fsync; on loopback also the readers' TCP input).
    cpuSystem: Number((used.system / 1000 / (performance.now() - at)).toFixed(4)),
    elu: Number(performance.eventLoopUtilization(elu).utilization.toFixed(2)),
    // Share of the window the event loop was ready to run but other processes held the CPUs.
    cpuWait: now === null || waited === null ? null : Number(((now - waited) / 1e6 / (performance.now() - at)).toFixed(2)),
    commits: { count: commitMs.length, p99: p(commitMs, 99), max: p(commitMs, 100) },
    pgQueueWait: { p99: p(pgWaitMs, 99), max: p(pgWaitMs, 100) },
    fsyncs: { count: syncMs.length, p99: p(syncMs, 99), max: p(syncMs, 100) },
    checkpoints: { count: checkpointMs.length, pages: checkpointPages, max: p(checkpointMs, 100) },
    marks: [...marks],
    seconds,
    ...(stages === undefined ? {} : { stages }),
  });
}
// The channel must not keep the server alive after SIGTERM.
process.channel?.unref();

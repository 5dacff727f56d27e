// Load benchmark: N bot connections on loopback against one `felt serve`
// process. Each table is a one-table tournament of `--per-table` bots that call or check, so
// tables keep playing for the whole run. Measures actions per second (acknowledged commands)
// and the time from a bot sending an action to the `action` event reaching each other player
// at the table (p50 / p99 / max). Goal at 1,000 tables / 9,000 players: p99 < 50 ms, max < 500 ms.
//
// Run: npx tsx bench/load.ts [--tables 1000] [--per-table 9] [--seconds 30] [--think-ms 0]
//                            [--runs 1] [--bot-procs 3] [--warmup 10] [--timeline]
//                            [--db sqlite:PATH|postgres://...] [--protocol 2|1] [--durability normal|full]
//                            [--heartbeat silent|every|off]   (how the bots ping: load-kit.ts)
//                            [--server-dir CHECKOUT]   (another checkout's server, for before/after)
//                            [--profile]   (where the server's CPU goes, by stage)
//                            [--loop-delay]   (the server's event-loop delay; costs it CPU)
//
// `--runs N` runs N times in a row, each with a fresh server and database, and prints every
// run (never only the best) and at the end one README-ready table row per run.
//
// Where the time goes: the server marks every command at each stage
// (src/runtime/trace.ts, read by bench/load-probe.mjs preloaded into it) and the bots stamp
// when they send it and when each other player receives it, all in epoch milliseconds, so
// each action splits into
//   in      bot sends → server reads the frame          (bots' loop, kernel, server's loop)
//   queue   read → its table's actor starts it          (commands ahead of it at that table)
//   store   started → stored                            (group commit, WAL fsync / PostgreSQL)
//   apply   stored → applied                            (the table's fold)
//   fanout  applied → frames written to the sockets      (views and patches)
//   out     written → received by each other player      (kernel, bots' loop)
// The run prints each stage's p50/p99/max and a per-second timeline (p99, max, the stage the
// worst action of the second lost its time in, each process's loop delay max, the slowest
// SQLite commit and WAL fsync of that second), so a stall shows when and where it happened.
//
// The bots run in `--bot-procs` child processes (bench/load-bots.ts), whole tables each,
// so the load generator's own garbage collection or event loop holds only its share of the
// tables, and its stalls show in its own loop delay. --think-ms 0 (bots act at once)
// measures the server's throughput; a human pace such as --think-ms 2000 measures latency at
// the load real tables offer.
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { freePort } from "./free-port.ts";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { BotsStats } from "./load-bots.ts";
import {
  BotProcess,
  loopDelayText,
  measure,
  pct,
  r1,
  setupTables,
  heartbeatOption,
  startBots,
  startServer,
  startTables,
  stopServer,
  withSchema,
  type ServerStats,
} from "./load-kit.ts";
import { options } from "./args.ts";

const args = process.argv.slice(2);
const opt = options(args);
const TABLES = Number(opt("tables", "1000"));
const PER_TABLE = Number(opt("per-table", "9"));
const SECONDS = Number(opt("seconds", "30"));
const RUNS = Number(opt("runs", "1"));
const CONCURRENCY = Number(opt("concurrency", "32"));
/** Mean think time before each action (uniform 0.5x..1.5x); 0 = act at once (throughput test). */
const THINK_MS = Number(opt("think-ms", "0"));
/**
 * Seconds between the bots following their tables and the measured window (default 10). The
 * bench connects all 9,000 players and starts every table within a second or two, a burst
 * real players arriving over minutes never make; `--warmup 3` (the old default) measures
 * its tail as well, and the timeline shows it in the first seconds. With `--think-ms 2000`
 * every table is still in its first hand after 10 s (the output's "hands begun" is 0):
 * `--warmup 80 --seconds 60` measures hands' starts and ends too.
 */
const WARMUP_S = Number(opt("warmup", "10"));
/**
 * `--profile`: the server samples its CPU over the measured window (V8's profiler, started and
 * stopped by bench/load-probe.mjs) and each run prints where it went by stage: parse, gateway,
 * actor, rules, store, views, send, timers, gc. Sampling costs a little CPU itself.
 * The shares are of V8's samples of the main thread, not of CPU time: the kernel's side of a
 * write and V8's helper threads are not split out, and on a machine short of CPU the main
 * thread's wait for a core after a write seems to land in that write (send read 34–37 % where
 * `perf record -g -p SERVER_PID` put the socket writes, kernel included, at 13 % of the CPU).
 * FELT_STAGE_PROFILE_OUT=file also writes the whole profile there (Chrome's DevTools open it).
 */
if (args.includes("--profile")) process.env["FELT_STAGE_PROFILE"] = "1";
/**
 * `--loop-delay`: the server's event-loop delay too (overall and per second in the timeline).
 * Off by default: its monitor wakes the server every millisecond, CPU the bench would count
 * as the server's (bench/load-probe-main.mjs).
 */
if (args.includes("--loop-delay")) process.env["FELT_LOOP_DELAY"] = "1";
/** Processes the bots run in (whole tables each). */
const BOT_PROCS = Math.max(1, Math.min(TABLES, Number(opt("bot-procs", "3"))));
/** Table events' fsync: "normal" (`felt serve --bench`) or "full" (the default of `felt serve`, one fsync per group commit; the server's own rate limit then applies, 20/s per connection). */
const DURABILITY = opt("durability", "normal");
/** Protocol version the bots speak: 2 (table steps as patches) or 1 (a whole view after every step). */
const PROTOCOL = Number(opt("protocol", "2"));
/** How the bots ping the server (load-kit.ts: heartbeatOption). */
const HEARTBEAT = heartbeatOption(args);
/** Print the per-second timeline always (by default only for a run that misses the goal). */
const TIMELINE = args.includes("--timeline");
const DB_OPT = opt("db", "");
/** Another checkout's server under the same bots (before/after comparisons on a busy machine). */
const SERVER_DIR = opt("server-dir", join(import.meta.dirname, ".."));

const STAGES = ["in", "queue", "store", "apply", "fanout", "out"] as const;
type Stage = (typeof STAGES)[number];

interface RunResult {
  readonly run: number;
  readonly tables: number;
  readonly players: number;
  readonly seconds: number;
  readonly actionsPerSecond: number;
  /** Pings answered a second (the bots' heartbeat). */
  readonly pongsPerSecond: number;
  /**
   * Hands begun in the window. Every table deals its first hand at once; with check-or-call
   * bots a hand is some 36 actions, so a short window after a short warm-up may hold none,
   * and the figures then leave out what a hand's start and end cost (`--warmup` past a hand).
   */
  readonly handsBegun: number;
  readonly cpuMsPerAction: number | null;
  /** Of it, the kernel's (system time): on loopback it also runs the bots' TCP input. */
  readonly systemMsPerAction: number | null;
  readonly broadcastSamples: number;
  readonly p50ms: number;
  readonly p99ms: number;
  readonly maxMs: number;
  /** p99 of each stage (ms); `out` per recipient, the others per action. */
  readonly stageP99ms: Record<Stage, number>;
  readonly stageMaxMs: Record<Stage, number>;
  readonly server: Omit<ServerStats, "marks" | "seconds"> | null;
  readonly bots: { loopDelayMs: { p99: number; max: number }; cpu: number; cpuWait: number | null };
  /** The machine's 1-minute load average at the end (2 cores here; other work counts too). */
  readonly loadavg: number;
  readonly thinkMs: number;
  readonly protocol: number;
  readonly heartbeat: string;
  readonly durability: string;
  readonly db: string;
  readonly botProcs: number;
}

async function oneRun(run: number): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), "felt-load-"));
  const db =
    DB_OPT === "" ? `sqlite:${join(dir, "load.sqlite")}` : DB_OPT.includes("postgres") ? withSchema(DB_OPT, `load_${Date.now().toString(36)}`) : DB_OPT;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  const server = await startServer({ port, db, durability: DURABILITY, serverDir: SERVER_DIR });
  console.log(
    `run ${run}: server up in ${Date.now() - t0} ms; setting up ${TABLES} tables × ${PER_TABLE} players (db ${db.split("?")[0]}), bots in ${BOT_PROCS} processes`,
  );
  const setup = await setupTables([base], TABLES, PER_TABLE, CONCURRENCY);
  const players = setup.players;
  console.log(`run ${run}: setup done in ${((Date.now() - t0) / 1000).toFixed(1)} s; connecting ${players.length} bots`);
  const procs = Array.from({ length: BOT_PROCS }, () => new BotProcess());
  const ok = await startBots(procs, players, PER_TABLE, base, THINK_MS, PROTOCOL, HEARTBEAT);
  if (ok !== players.length) console.log(`run ${run}: only ${ok} of ${players.length} bots connected`);
  await startTables(base, setup, CONCURRENCY);
  await Promise.all(procs.map((p) => p.ask({ type: "watch" })));
  console.log(`run ${run}: all bots seated; warming up ${WARMUP_S} s, then measuring ${SECONDS} s`);
  const { start, elapsed, bots: botStats, servers } = await measure([server], procs, WARMUP_S, SECONDS);
  const srv = servers[0] ?? null;
  const load = loadavg()[0]!;
  const result = analyse(run, start, elapsed, botStats, srv, load, db);
  await Promise.all(procs.map((p) => p.close()));
  await stopServer(server);
  if (db.startsWith("sqlite:")) dbFigures(run, db.slice("sqlite:".length));
  rmSync(dir, { recursive: true, force: true });
  return result;
}

/** What the run wrote: events and snapshots (count, mean size), and the files' sizes. */
function dbFigures(run: number, path: string): void {
  const size = (p: string) => (existsSync(p) ? statSync(p).size : 0);
  const mb = (n: number) => (n / 2 ** 20).toFixed(1);
  const wal = size(`${path}-wal`);
  const file = size(path);
  const sq = new Database(path, { readonly: true });
  try {
    const ev = sq.prepare("SELECT count(*) AS n, avg(length(data) + length(meta)) AS mean FROM events").get() as { n: number; mean: number };
    const sn = sq.prepare("SELECT count(*) AS n, avg(length(state)) AS mean, max(length(state)) AS max FROM snapshots").get() as {
      n: number;
      mean: number;
      max: number;
    };
    console.log(
      `run ${run}: database ${mb(file)} MB + WAL ${mb(wal)} MB at the end; ${ev.n} events (mean ${Math.round(ev.mean)} B), ${sn.n} snapshots kept (mean ${Math.round(sn.mean)} B, max ${sn.max} B)`,
    );
  } finally {
    sq.close();
  }
}

function analyse(run: number, start: number, elapsed: number, bots: BotsStats[], srv: ServerStats | null, load: number, db: string): RunResult {
  const sentAt = new Map<string, number>();
  for (const b of bots) for (const [id, at] of b.acts) sentAt.set(id, at);
  const marks = new Map(srv?.marks ?? []);
  const latencies: number[] = [];
  const stage: Record<Stage, number[]> = { in: [], queue: [], store: [], apply: [], fanout: [], out: [] };
  /** Per second of sending: latencies, and the worst delivery with its stage split. */
  const bins = new Map<number, { lat: number[]; worst: number; worstSplit: number[] | null }>();
  const splitOf = (id: string): number[] | null => {
    const s = sentAt.get(id);
    const m = marks.get(id);
    if (s === undefined || m === undefined || m.some((x) => x === 0)) return null;
    return [m[0]! - s, m[1]! - m[0]!, m[2]! - m[1]!, m[3]! - m[2]!, m[4]! - m[3]!];
  };
  for (const [id] of sentAt) {
    const split = splitOf(id);
    if (split !== null) split.forEach((x, i) => stage[STAGES[i]!].push(x));
  }
  for (const b of bots) {
    for (const [id, at] of b.deliveries) {
      const s = sentAt.get(id);
      if (s === undefined) continue;
      const lat = at - s;
      latencies.push(lat);
      const m = marks.get(id);
      if (m !== undefined && m[4]! > 0) stage.out.push(at - m[4]!);
      const sec = Math.floor((s - start) / 1000);
      let bin = bins.get(sec);
      if (bin === undefined) bins.set(sec, (bin = { lat: [], worst: -1, worstSplit: null }));
      bin.lat.push(lat);
      if (lat > bin.worst) {
        bin.worst = lat;
        const split = splitOf(id);
        bin.worstSplit = split === null || m === undefined ? null : [...split, at - m[4]!];
      }
    }
  }
  latencies.sort((a, b) => a - b);
  for (const k of STAGES) stage[k].sort((a, b) => a - b);
  const acks = bots.reduce((n, b) => n + b.acks, 0);
  const botDelay = { p99: Math.max(...bots.map((b) => b.loopDelayMs.p99)), max: Math.max(...bots.map((b) => b.loopDelayMs.max)) };
  const result: RunResult = {
    run,
    tables: TABLES,
    players: TABLES * PER_TABLE,
    seconds: r1(elapsed),
    actionsPerSecond: Math.round(acks / elapsed),
    pongsPerSecond: Math.round(bots.reduce((n, b) => n + b.pongs, 0) / elapsed),
    handsBegun: bots.reduce((n, b) => n + b.handsBegun, 0),
    // What a room pays for: the server's CPU time (user + system) per acknowledged action.
    cpuMsPerAction: srv === null || acks === 0 ? null : Math.round((srv.cpu * 1000 * elapsed * 1000) / acks) / 1000,
    systemMsPerAction: srv === null || acks === 0 ? null : Math.round((srv.cpuSystem * 1000 * elapsed * 1000) / acks) / 1000,
    broadcastSamples: latencies.length,
    p50ms: r1(pct(latencies, 50)),
    p99ms: r1(pct(latencies, 99)),
    maxMs: r1(latencies.at(-1) ?? NaN),
    stageP99ms: Object.fromEntries(STAGES.map((k) => [k, r1(pct(stage[k], 99))])) as Record<Stage, number>,
    stageMaxMs: Object.fromEntries(STAGES.map((k) => [k, r1(stage[k].at(-1) ?? NaN)])) as Record<Stage, number>,
    server:
      srv === null
        ? null
        : {
            loopDelayMs: srv.loopDelayMs,
            cpu: srv.cpu,
            cpuSystem: srv.cpuSystem,
            elu: srv.elu,
            cpuWait: srv.cpuWait,
            commits: srv.commits,
            fsyncs: srv.fsyncs,
            checkpoints: srv.checkpoints,
            ...(srv.stages === undefined ? {} : { stages: srv.stages }),
          },
    bots: {
      loopDelayMs: botDelay,
      cpu: r1(bots.reduce((n, b) => n + b.cpu, 0) * 100) / 100,
      cpuWait: bots[0]?.cpuWait === null ? null : r1(bots.reduce((n, b) => n + (b.cpuWait ?? 0), 0) * 100) / 100,
    },
    loadavg: Number(load.toFixed(2)),
    thinkMs: THINK_MS,
    protocol: PROTOCOL,
    heartbeat: HEARTBEAT ?? "off",
    durability: DURABILITY,
    db: db.split(":")[0]!,
    botProcs: BOT_PROCS,
  };
  const s = result.server;
  console.log(
    `run ${run}: actions/s ${result.actionsPerSecond}, pings/s ${result.pongsPerSecond} (--heartbeat ${HEARTBEAT ?? "off"}), hands begun ${result.handsBegun}, server CPU ${result.cpuMsPerAction} ms per action (kernel ${result.systemMsPerAction}), action→broadcast p50 ${result.p50ms} ms, p99 ${result.p99ms} ms, max ${result.maxMs} ms (${result.broadcastSamples} samples); load average ${result.loadavg}`,
  );
  console.log(`run ${run}: stage p99 / max (ms): ${STAGES.map((k) => `${k} ${result.stageP99ms[k]} / ${result.stageMaxMs[k]}`).join(", ")}`);
  console.log(
    `run ${run}: server loop delay ${s?.loopDelayMs === null ? "not measured (--loop-delay)" : `p50 ${s?.loopDelayMs.p50} / p99 ${s?.loopDelayMs.p99} / max ${s?.loopDelayMs.max} ms`}, cpu ${s?.cpu}, elu ${s?.elu}, waiting for a CPU ${s?.cpuWait}; commits ${s?.commits.count} (p99 ${s?.commits.p99}, max ${s?.commits.max} ms), WAL fsyncs ${s?.fsyncs.count} (p99 ${s?.fsyncs.p99}, max ${s?.fsyncs.max} ms), checkpoints off the loop ${s?.checkpoints?.count} (${s?.checkpoints?.pages} pages, max ${s?.checkpoints?.max} ms); bots (${BOT_PROCS} processes): loop delay p99 ${botDelay.p99} / max ${botDelay.max} ms, cpu ${result.bots.cpu}, waiting for a CPU ${result.bots.cpuWait}`,
  );
  if (s?.stages !== undefined)
    console.log(
      `run ${run}: server CPU by stage (% of busy samples): ${Object.entries(s.stages)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  const missed = !(result.p99ms < 50 && result.maxMs < 500);
  if (TIMELINE || missed) {
    const srvSec = new Map((srv?.seconds ?? []).map((x) => [Math.floor((x[0] - start) / 1000) - 1, x]));
    const botSec = new Map<number, number>();
    for (const b of bots)
      for (const [at, max] of b.seconds) {
        const k = Math.floor((at - start) / 1000) - 1;
        botSec.set(k, Math.max(botSec.get(k) ?? 0, max));
      }
    console.log(
      `run ${run}: timeline (second: actions' p99 / max ms; worst action's stages ${STAGES.join("/")}; loop delay max server / bots; slowest commit, slowest fsync)`,
    );
    for (const sec of [...bins.keys()].sort((a, b) => a - b)) {
      const bin = bins.get(sec)!;
      bin.lat.sort((a, b) => a - b);
      const sv = srvSec.get(sec);
      const split = bin.worstSplit === null ? "?" : bin.worstSplit.map((x) => x.toFixed(0)).join("/");
      console.log(
        `  ${String(sec).padStart(3)}s: ${pct(bin.lat, 99).toFixed(1).padStart(7)} / ${bin.worst.toFixed(1).padStart(7)}  [${split}]  loop ${sv === undefined ? "?" : (sv[1]?.toFixed(0) ?? "off")} / ${botSec.get(sec)?.toFixed(0) ?? "?"}  commit ${sv === undefined ? "?" : sv[2].toFixed(1)} fsync ${sv === undefined ? "?" : sv[4].toFixed(1)}`,
      );
    }
  }
  console.log(JSON.stringify(result));
  return result;
}

/** One README table row: | run | actions/s | p50 | p99 | max | server loop p99 / max | stage p99s | load average |. */
function row(r: RunResult): string {
  const s = r.server;
  return `| ${r.run} | ${r.tables.toLocaleString("en")} / ${r.players.toLocaleString("en")} | ${r.actionsPerSecond} | ${r.handsBegun} | ${r.cpuMsPerAction ?? "?"} ms (${r.systemMsPerAction ?? "?"}) | ${r.p50ms} ms | ${r.p99ms} ms | ${r.maxMs} ms | ${loopDelayText(s?.loopDelayMs)} | ${STAGES.map((k) => r.stageP99ms[k]).join(" / ")} | ${r.loadavg} |`;
}

async function main() {
  const results: RunResult[] = [];
  for (let run = 1; run <= RUNS; run++) results.push(await oneRun(run));
  console.log(
    `\n${TABLES} tables, --think-ms ${THINK_MS}, --heartbeat ${HEARTBEAT ?? "off"}, durability ${DURABILITY}, ${results[0]?.db}, bots in ${BOT_PROCS} processes; ${RUNS} run(s), each printed:`,
  );
  console.log(
    `| run | tables / players | actions/s | hands begun | server CPU per action (kernel) | p50 | p99 | max | server loop delay p99 / max | stage p99 ms (${STAGES.join(" / ")}) | load average |`,
  );
  console.log(`|---|---|---|---|---|---|---|---|---|---|---|`);
  for (const r of results) console.log(row(r));
  const met = results.every((r) => r.p99ms < 50 && r.maxMs < 500);
  console.log(`goal (p99 < 50 ms and max < 500 ms in every run): ${met ? "met" : "missed"}`);
}

await main();

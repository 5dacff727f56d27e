// Load benchmark (issue 6): N bot connections on loopback against one `felt serve` process.
// Each table is a one-table tournament of `--per-table` bots that call or check, so tables
// keep playing for the whole run. Measures actions per second (acknowledged commands) and
// the time from a bot sending an action to the `action` event reaching each other player
// at the table (p50 / p99). Goal at 1,000 tables / 9,000 players: p99 < 50 ms.
//
// Run: npx tsx bench/load.ts [--tables 1000] [--per-table 9] [--seconds 30] [--think-ms 0]
//                            [--db sqlite:PATH|postgres://...] [--protocol 2|1] [--durability normal|full]
// Besides the latencies it reports each process's event-loop delay (monitorEventLoopDelay),
// event-loop utilisation and CPU (cores) over the measured window: the server's from
// bench/load-probe.mjs preloaded into it, the bots' from this process; and the load average.
// --think-ms 0 (bots act at once) measures the server's throughput; a human pace such as
// --think-ms 2000 measures latency at the load real tables offer.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { join } from "node:path";
import { Bot } from "../src/server/testing/bot.ts";
import { api, cmd, DIRECTOR, must } from "../src/server/testing/harness.ts";

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : dflt;
};
const TABLES = Number(opt("tables", "1000"));
const PER_TABLE = Number(opt("per-table", "9"));
const SECONDS = Number(opt("seconds", "30"));
const CONCURRENCY = Number(opt("concurrency", "32"));
/** Mean think time before each action (uniform 0.5x..1.5x); 0 = act at once (throughput test). */
const THINK_MS = Number(opt("think-ms", "0"));
const WARMUP_S = Number(opt("warmup", "3"));
/** Table events' fsync: "normal" (`felt serve --bench`) or "full" (the default of `felt serve`, one fsync per group commit; the server's own rate limit then applies, 20/s per connection). */
const DURABILITY = opt("durability", "normal");
/** Protocol version the bots speak: 2 (table steps as patches) or 1 (a whole view after every step). */
const PROTOCOL = Number(opt("protocol", "2"));
const dir = mkdtempSync(join(tmpdir(), "felt-load-"));
const DB = opt("db", `sqlite:${join(dir, "load.sqlite")}`);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...(process.env["FELT_PROF"] ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []), "--max-old-space-size=4096", "--import", "./bench/load-probe.mjs", "bin/felt.mjs", "serve", "--port", String(port), "--db", DB, ...(DURABILITY === "full" ? ["--scrypt-n", "1024"] : ["--bench"]), "--director", `${DIRECTOR.name}:${DIRECTOR.password}`, "--action-ms", "60000", "--hand-pause-ms", "0"],
    { cwd: join(import.meta.dirname, ".."), stdio: ["ignore", "pipe", "inherit", "ipc"] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("listening on") && resolve(child));
    child.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function pool<T>(items: readonly T[], n: number, fn: (x: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  }));
}

interface ProcessStats {
  readonly loopDelayMs: { p50: number; p99: number; max: number };
  /** CPU seconds per second (1 = one core busy). */
  readonly cpu: number;
  /** Event-loop utilisation: the share of time the loop was not idle. */
  readonly elu: number;
  /** Share of the time the event loop was runnable but waited for a CPU (Linux), null elsewhere. */
  readonly cpuWait: number | null;
}

/** The server's own figures over the measured window (bench/load-probe.mjs answers over IPC). */
function serverStats(child: ChildProcess, what: "reset" | "stats"): Promise<ProcessStats | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5000);
    if (what === "stats") child.once("message", (m) => (clearTimeout(timer), resolve(m as ProcessStats)));
    child.send(what);
    if (what === "reset") (clearTimeout(timer), resolve(null));
  });
}

/** Nanoseconds this thread waited for a CPU while runnable (Linux /proc schedstat), or null. */
function runqueueNs(): number | null {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[1]);
  } catch {
    return null;
  }
}

/** The same figures for this process (the bots). */
function selfProbe(): { reset(): void; stats(): ProcessStats } {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let cpu = process.cpuUsage();
  let at = performance.now();
  let elu = performance.eventLoopUtilization();
  let waited = runqueueNs();
  const ms = (x: number) => Number((x / 1e6).toFixed(1));
  return {
    reset() {
      delay.reset();
      cpu = process.cpuUsage();
      at = performance.now();
      elu = performance.eventLoopUtilization();
      waited = runqueueNs();
    },
    stats() {
      const used = process.cpuUsage(cpu);
      const now = runqueueNs();
      return {
        loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
        cpu: Number(((used.user + used.system) / 1000 / (performance.now() - at)).toFixed(2)),
        elu: Number(performance.eventLoopUtilization(elu).utilization.toFixed(2)),
        cpuWait: now === null || waited === null ? null : Number(((now - waited) / 1e6 / (performance.now() - at)).toFixed(2)),
      };
    },
  };
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = Date.now();
  const server = await startServer(port);
  console.log(`server up in ${Date.now() - t0} ms; setting up ${TABLES} tables × ${PER_TABLE} players (db ${DB.split("?")[0]})`);
  const d = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-in", DIRECTOR));
  const ids: string[] = [];
  await pool(Array.from({ length: TABLES }, (_, i) => i), CONCURRENCY, async (i) => {
    const r = await must<{ tournament: { id: string } }>(api(base, "POST", "/api/v1/director/tournaments", { commandId: `load-${i}-${cmd()}`, presetId: "seed", name: `Load ${i}`, kind: "online", startsAt: 0, buyIn: 10, fee: 0 }, d.token));
    ids[i] = r.tournament.id;
  });
  const players: { name: string; token: string; t: number }[] = [];
  await pool(Array.from({ length: TABLES * PER_TABLE }, (_, i) => i), CONCURRENCY, async (i) => {
    const name = `ld${i}`;
    const s = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-up", { name, password: "load-password-1" }));
    await must(api(base, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 10 }, d.token));
    const t = Math.floor(i / PER_TABLE);
    await must(api(base, "POST", `/api/v1/tournaments/${ids[t]}/register`, { commandId: cmd() }, s.token));
    players[i] = { name, token: s.token, t };
  });
  console.log(`setup done in ${((Date.now() - t0) / 1000).toFixed(1)} s; connecting ${players.length} bots`);
  const sent = new Map<string, { at: number; version: number }>();
  const latencies: number[] = [];
  let measuring = false;
  let acks = 0;
  const bots = players.map(
    (p, i) =>
      new Bot(base, p.name, p.token, {
        seed: i + 1,
        trustFrames: true,
        protocol: PROTOCOL,
        thinkMs: THINK_MS,
        onAct: (tableId, version) => sent.set(tableId, { at: performance.now(), version }),
        onBroadcast: (m, bot) => {
          if (!measuring) return;
          if (m.type === "ack") acks++;
          // v2: the action arrives in a table-step; v1 (--protocol 1): as an event frame
          if (m.type !== "table-step" && m.type !== "event") return;
          for (const e of m.type === "table-step" ? m.events : [m.event]) {
            if (e.kind !== "action" || e.timeout) continue;
            const s = sent.get(m.tableId);
            if (s !== undefined && m.version === s.version + 1 && bot.view?.mySeat !== e.seat) latencies.push(performance.now() - s.at);
          }
        },
      }),
  );
  await pool(bots, 64, async (b) => void (await b.connect()));
  await pool(ids, CONCURRENCY, async (id) => void (await must(api(base, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, d.token))));
  // Each tournament here is one table (9 seats), whose id the server derives from the tournament's.
  bots.forEach((b, i) => b.watch(`${ids[players[i]!.t]}-t1`));
  console.log(`all bots seated; warming up ${WARMUP_S} s, then measuring ${SECONDS} s`);
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  const probe = selfProbe();
  await serverStats(server, "reset");
  probe.reset();
  measuring = true;
  const start = performance.now();
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  const elapsed = (performance.now() - start) / 1000;
  const botStats = probe.stats();
  const srvStats = await serverStats(server, "stats");
  latencies.sort((a, b) => a - b);
  const result = {
    tables: TABLES,
    players: TABLES * PER_TABLE,
    seconds: Number(elapsed.toFixed(1)),
    actionsPerSecond: Math.round(acks / elapsed),
    broadcastSamples: latencies.length,
    p50ms: Number(pct(latencies, 50).toFixed(1)),
    p99ms: Number(pct(latencies, 99).toFixed(1)),
    maxMs: Number((latencies.at(-1) ?? NaN).toFixed(1)),
    thinkMs: THINK_MS,
    protocol: PROTOCOL,
    durability: DURABILITY,
    db: DB.split(":")[0],
    server: srvStats,
    bots: botStats,
    /** The machine's 1-minute load average at the end (2 cores here; other work counts too). */
    loadavg: Number(loadavg()[0]!.toFixed(2)),
  };
  console.log(`actions/s ${result.actionsPerSecond}, action→broadcast p50 ${result.p50ms} ms, p99 ${result.p99ms} ms (${result.broadcastSamples} samples)`);
  console.log(`server: loop delay p50 ${srvStats?.loopDelayMs.p50} / p99 ${srvStats?.loopDelayMs.p99} / max ${srvStats?.loopDelayMs.max} ms, cpu ${srvStats?.cpu}, elu ${srvStats?.elu}, waiting for a CPU ${srvStats?.cpuWait}; bots: loop delay p99 ${botStats.loopDelayMs.p99} ms, cpu ${botStats.cpu}, waiting for a CPU ${botStats.cpuWait}; load average ${result.loadavg}`);
  console.log(JSON.stringify(result));
  bots.forEach((b) => b.close());
  server.kill("SIGTERM");
  const killer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await new Promise((r) => server.once("exit", r));
  clearTimeout(killer);
  rmSync(dir, { recursive: true, force: true });
}

await main();

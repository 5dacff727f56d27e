// What bench/load.ts and bench/cluster.ts share: a `felt serve` child with the probe
// preloaded (bench/load-probe.mjs) and its figures over IPC, the bot processes
// (bench/load-bots.ts), and the setup of one-table freeroll tournaments with their players.
import { fork, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { api, cmd, DIRECTOR, must } from "../testkit/server/harness.ts";
import type { BotSpec, BotsStats, FromBots, Heartbeat, ToBots } from "./load-bots.ts";

export interface ServeChild {
  readonly port: number;
  readonly db: string;
  /** "normal" (`felt serve --bench`) or "full" (the default of `felt serve`). */
  readonly durability: string;
  /** The checkout whose server runs (another one for before/after comparisons). */
  readonly serverDir: string;
  /** More `felt serve` arguments (`--cluster ...`). */
  readonly extra?: readonly string[];
  /** Where the server's stdout goes besides the "listening on" check (default: nowhere). */
  readonly onOutput?: (text: string) => void;
  /** The server's stderr: this process's (default) or an open file. */
  readonly stderr?: "inherit" | number;
}

/**
 * Every player signs up from this machine's one address: the sign-up limit is lifted
 * (`--bench` does so itself). A checkout from before the limit has neither limit nor flag.
 */
function unlimitedSignUps(serverDir: string): string[] {
  try {
    return readFileSync(join(serverDir, "src", "cli", "commands", "serve.ts"), "utf8").includes("--sign-ups-per-address")
      ? ["--sign-ups-per-address", "0"]
      : [];
  } catch {
    return [];
  }
}

/** Starts `felt serve` with the probe preloaded; resolves once it listens. */
export function startServer(o: ServeChild): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env["FELT_PROF"] ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
      "--max-old-space-size=4096",
      "--import",
      pathToFileURL(join(import.meta.dirname, "load-probe.mjs")).href,
      "bin/felt.mjs",
      "serve",
      "--port",
      String(o.port),
      "--db",
      o.db,
      ...(o.durability === "full" ? ["--scrypt-n", "1024", ...unlimitedSignUps(o.serverDir)] : ["--bench"]),
      "--ws-per-address",
      "1000000",
      "--action-ms",
      "60000",
      "--hand-pause-ms",
      "0",
      ...(o.extra ?? []),
    ],
    // The director account comes from the environment (a password is not a command-line argument).
    {
      cwd: o.serverDir,
      stdio: ["ignore", "pipe", o.stderr ?? "inherit", "ipc"],
      env: { ...process.env, FELT_DIRECTOR: `${DIRECTOR.name}:${DIRECTOR.password}` },
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      o.onOutput?.(d.toString());
      if (d.toString().includes("listening on")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

/** SIGTERM, then SIGKILL after 10 s; resolves when it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(killer);
}

export async function pool<T>(items: readonly T[], n: number, fn: (x: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/** A server's event-loop delay over the window; null unless the bench was run with `--loop-delay`. */
export type LoopDelay = { p50: number; p99: number; max: number } | null;

/** A loop delay for print: its p99 / max, or "off" when it was not measured. */
export const loopDelayText = (d: LoopDelay | undefined): string => (d === undefined ? "?" : d === null ? "off" : `${d.p99} / ${d.max} ms`);

export interface ServerStats {
  /** Measured only with `--loop-delay`: its 1 ms timer costs the server CPU the bench would charge to it. */
  readonly loopDelayMs: LoopDelay;
  /** CPU seconds per second (1 = one core busy). */
  readonly cpu: number;
  /** Of `cpu`, the kernel's part (system time): socket writes and reads, fsyncs; on loopback also the readers' TCP input. */
  readonly cpuSystem: number;
  /** Event-loop utilisation: the share of time the loop was not idle. */
  readonly elu: number;
  /** Share of the time the event loop was runnable but waited for a CPU (Linux), null elsewhere. */
  readonly cpuWait: number | null;
  readonly commits: { count: number; p99: number | null; max: number | null };
  /** PostgreSQL only: the longest wait of a batch's appends in the group-commit queue (p99, max of the batches). */
  readonly pgQueueWait?: { p99: number | null; max: number | null };
  readonly fsyncs: { count: number; p99: number | null; max: number | null };
  /** Background WAL checkpoints (on their worker thread): how many, pages copied, the longest. */
  readonly checkpoints: { count: number; pages: number; max: number | null };
  /** [command id, [received, started, stored, applied, written]] in epoch ms (0: not reached). */
  readonly marks: Array<[string, number[]]>;
  /** [epoch ms at the end of the second, loop delay max (null without `--loop-delay`), commit max, commits, fsync max, fsyncs]. */
  readonly seconds: Array<[number, number | null, number, number, number, number]>;
  /** With FELT_STAGE_PROFILE=1 (`--profile`): the share of the window's CPU samples per stage, in percent. */
  readonly stages?: Record<string, number>;
}

/** The server's own figures over the measured window (bench/load-probe.mjs answers over IPC). */
export function serverStats(child: ChildProcess): Promise<ServerStats | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 30_000);
    child.once("message", (m) => (clearTimeout(timer), resolve(m as ServerStats)));
    child.send("stats");
  });
}

/** A child process of bots, spoken to over IPC. */
export class BotProcess {
  private readonly child: ChildProcess;
  private readonly waiting: Array<(m: FromBots) => void> = [];
  constructor() {
    this.child = fork(join(import.meta.dirname, "load-bots.ts"), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    this.child.on("message", (m: FromBots) => this.waiting.shift()?.(m));
  }
  ask(m: ToBots): Promise<FromBots> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.send(m);
    });
  }
  tell(m: ToBots): void {
    this.child.send(m);
  }
  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once("exit", r));
    this.child.send({ type: "close" } satisfies ToBots);
    const killer = setTimeout(() => this.child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(killer);
  }
}

export const pct = (xs: readonly number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;
export const r1 = (x: number) => Number(x.toFixed(1));

export function withSchema(url: string, schema: string): string {
  const u = new URL(url);
  if (!u.searchParams.has("schema")) u.searchParams.set("schema", schema);
  return u.toString();
}

export interface LoadSetup {
  /** The tournaments' ids, one table each (`<id>-t1`). */
  readonly ids: string[];
  readonly players: BotSpec[];
  readonly director: string;
}

/**
 * `tables` one-table freerolls of `perTable` players each (R-TRN-7: no deposit and no
 * buy-in to post, so setting up 9,000 players is not 18,000 ledger commits; the tables play
 * the same hands). The director works through `bases[0]`; player i signs up and registers
 * through `bases[i mod bases.length]` and plays there (`BotSpec.base`).
 */
export async function setupTables(bases: readonly string[], tables: number, perTable: number, concurrency: number): Promise<LoadSetup> {
  const base0 = bases[0]!;
  const d = await must<{ token: string }>(api(base0, "POST", "/api/v1/auth/sign-in", DIRECTOR));
  const ids: string[] = [];
  await pool(
    Array.from({ length: tables }, (_, i) => i),
    concurrency,
    async (i) => {
      const r = await must<{ tournament: { id: string } }>(
        api(
          base0,
          "POST",
          "/api/v1/director/tournaments",
          {
            commandId: `load-${i}-${cmd()}`,
            presetId: "seed",
            name: `Load ${i}`,
            kind: "online",
            settings: { start: "manual" },
            startsAt: 0,
            buyIn: 0,
            fee: 0,
          },
          d.token,
        ),
      );
      ids[i] = r.tournament.id;
    },
  );
  const players: BotSpec[] = [];
  await pool(
    Array.from({ length: tables * perTable }, (_, i) => i),
    concurrency,
    async (i) => {
      const name = `ld${i}`;
      const base = bases[i % bases.length]!;
      const s = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-up", { name, password: "load-password-1" }));
      const t = Math.floor(i / perTable);
      await must(api(base, "POST", `/api/v1/tournaments/${ids[t]}/register`, { commandId: cmd() }, s.token));
      // Each tournament here is one table (9 seats), whose id the server derives from the tournament's.
      players[i] = { name, token: s.token, tableId: `${ids[t]}-t1`, seed: i + 1, base };
    },
  );
  return { ids, players, director: d.token };
}

/** Starts every tournament through the director's server. */
export async function startTables(base: string, s: LoadSetup, concurrency: number): Promise<void> {
  await pool(
    s.ids,
    concurrency,
    async (id) => void (await must(api(base, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, s.director))),
  );
}

/**
 * `--heartbeat silent|every|off`: how the bots ping. "silent" (the default) as the web client
 * does, only after 3 s without a frame; "every", a ping each 3 s whatever they hear (the web
 * client before, 2026-12-08); "off", never (the benches before).
 */
export function heartbeatOption(args: readonly string[]): Heartbeat | null {
  const i = args.indexOf("--heartbeat");
  const v = i < 0 ? "silent" : args[i + 1];
  if (v === "silent" || v === "every") return v;
  if (v === "off") return null;
  throw new Error(`--heartbeat takes silent, every or off, not ${v}`);
}

/** Bots in `n` processes, whole tables each (table t in process t mod n), connected and following their tables; returns how many connected. */
export async function startBots(
  procs: readonly BotProcess[],
  players: readonly BotSpec[],
  perTable: number,
  base: string,
  thinkMs: number,
  protocol: number,
  heartbeat: Heartbeat | null,
): Promise<number> {
  const n = procs.length;
  const shares = procs.map((_, k) => players.filter((_, i) => Math.floor(i / perTable) % n === k));
  const connected = await Promise.all(procs.map((p, k) => p.ask({ type: "start", base, bots: shares[k]!, thinkMs, protocol, heartbeat })));
  return connected.reduce((sum, m) => sum + (m.type === "connected" ? m.ok : 0), 0);
}

export interface Window {
  /** Epoch ms when measuring began. */
  readonly start: number;
  /** Seconds measured. */
  readonly elapsed: number;
  readonly bots: BotsStats[];
  /** Each server's figures, in the order given (null: it did not answer). */
  readonly servers: Array<ServerStats | null>;
}

/** Waits `warmupS`, then measures `seconds` on every server and bot process at once. */
export async function measure(servers: readonly ChildProcess[], procs: readonly BotProcess[], warmupS: number, seconds: number): Promise<Window> {
  await new Promise((r) => setTimeout(r, warmupS * 1000));
  for (const s of servers) s.send("reset");
  for (const p of procs) p.tell({ type: "reset" });
  const start = performance.timeOrigin + performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const bots = (await Promise.all(procs.map((p) => p.ask({ type: "stats" })))).map((m) => (m as Extract<FromBots, { type: "stats" }>).stats);
  const end = performance.timeOrigin + performance.now();
  const stats = await Promise.all(servers.map(serverStats));
  return { start, elapsed: (end - start) / 1000, bots, servers: stats };
}

// Pace benchmark (a benchmark, not a test): one online tournament of `--players`
// bots on a real `felt serve` process, the bots thinking for a heavy-tailed time before
// each action (most 1–3 s, one in ten from 3 s up to the action clock, a Pareto tail), all
// scaled by `--scale` so a run takes minutes. Measures hands per table-hour over the
// measured window, from the tournament's own stream (hands recorded, and the tables alive
// at each moment), and the same for one table alone (`--players 9 --tournaments 20`: twenty
// one-table tournaments side by side, so the sample is not a dozen hands).
//
// Run: npx tsx bench/pace.ts [--players 1000] [--tournaments 1] [--scale 0.25] [--warmup 30]
//                            [--seconds 150] [--server-dir DIR]   (another checkout's felt, e.g. the lockstep code)
//                            [--alongside 20]  (that many one-table tournaments of 9 in the same run, the lone pace under the same load)
//                            [--keep DIR]      (keep the database and run.json there: npx tsx bench/pace-measure.ts DIR)
//                            [--lone DIR]      (compare with a lone run kept with --keep)
//                            [--watch]         (each bot follows its tournament, as a player's web client does)
// After the run it prints where the tables' time went and, with a lone reference, the share
// of its pace raw and standardised by table size (bench/pace-measure.ts).
//
// The bots run in this process (check or call, now and then all in, so players bust and
// tables are balanced and broken); each follows its seat through the director's seating.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { freePort } from "./free-port.ts";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { measureAll, measureRun, report } from "./pace-measure.ts";
import { BotClient } from "../src/clients/bot-client.ts";
import { api, cmd, DIRECTOR, must } from "../testkit/server/harness.ts";
import { options } from "./args.ts";

const args = process.argv.slice(2);
const opt = options(args);
const PLAYERS = Number(opt("players", "1000"));
const TOURNAMENTS = Number(opt("tournaments", "1"));
const SCALE = Number(opt("scale", "0.25"));
const WARMUP_S = Number(opt("warmup", "30"));
const SECONDS = Number(opt("seconds", "150"));
const SERVER_DIR = opt("server-dir", join(import.meta.dirname, ".."));
/** Keep the run's database in this directory (for bench/pace-measure.ts) instead of a temporary one. */
const KEEP = opt("keep", "");
/** A lone-table run kept with --keep: the field's hands are compared with it, table size for table size. */
const LONE = opt("lone", "");
/**
 * One-table tournaments of 9 to run in the same server, with the same bots' process, at the
 * same time as the field: the lone pace under the very load the field sees (the machine may
 * be shared), measured apart and compared with the field.
 */
const ALONGSIDE = Number(opt("alongside", "0"));
/**
 * `--watch`: each bot also follows its tournament (a `tournament` channel), as the web
 * client of a registered player does, and the run prints the tournament views pushed a second
 * and the server's CPU over the window.
 */
const WATCH = args.includes("--watch");
/** The action clock: 30 s scaled. */
const ACTION_MS = Math.round(30_000 * SCALE);
const HAND_PAUSE_MS = Math.round(2_000 * SCALE);

/** Most 1–3 s; one in ten a Pareto tail (α 1.2) from 3 s, cut below the action clock. Scaled. */
function think(u: number): number {
  const s = u < 0.9 ? 1 + (u / 0.9) * 2 : Math.min(3 * (1 - (u - 0.9) / 0.1) ** (-1 / 1.2), 29);
  return Math.round(s * 1000 * SCALE);
}

function startServer(port: number, db: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      "--max-old-space-size=4096",
      "bin/felt.mjs",
      "serve",
      "--port",
      String(port),
      "--db",
      db,
      "--bench",
      "--action-ms",
      String(ACTION_MS),
      "--hand-pause-ms",
      String(HAND_PAUSE_MS),
    ],
    { cwd: SERVER_DIR, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, FELT_DIRECTOR: `${DIRECTOR.name}:${DIRECTOR.password}` } },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("listening on") && resolve(child));
    child.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

let views = 0;

/** A process's CPU time so far (user and kernel), from Linux's /proc. */
function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
}

async function pool<T>(items: readonly T[], n: number, fn: (x: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

async function main(): Promise<void> {
  const dir = KEEP !== "" ? (mkdirSync(KEEP, { recursive: true }), KEEP) : mkdtempSync(join(tmpdir(), "felt-pace-"));
  const path = join(dir, "pace.sqlite");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, `sqlite:${path}`);
  const bots: BotClient[] = [];
  try {
    const d = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-in", DIRECTOR));
    const ids: string[] = [];
    for (let k = 0; k < TOURNAMENTS; k++) {
      const created = await must<{ tournament: { id: string } }>(
        api(
          base,
          "POST",
          "/api/v1/director/tournaments",
          { commandId: cmd(), presetId: "seed", name: `Pace ${k}`, kind: "online", settings: { start: "manual" }, startsAt: 0, buyIn: 0, fee: 0 },
          d.token,
        ),
      );
      ids.push(created.tournament.id);
    }
    const lone: string[] = [];
    for (let k = 0; k < ALONGSIDE; k++) {
      const created = await must<{ tournament: { id: string } }>(
        api(
          base,
          "POST",
          "/api/v1/director/tournaments",
          { commandId: cmd(), presetId: "seed", name: `Lone ${k}`, kind: "online", settings: { start: "manual" }, startsAt: 0, buyIn: 0, fee: 0 },
          d.token,
        ),
      );
      lone.push(created.tournament.id);
    }
    const tournamentOf = (i: number) => (i < PLAYERS * TOURNAMENTS ? ids[Math.floor(i / PLAYERS)]! : lone[Math.floor((i - PLAYERS * TOURNAMENTS) / 9)]!);
    const t0 = Date.now();
    await pool(
      Array.from({ length: PLAYERS * TOURNAMENTS + 9 * ALONGSIDE }, (_, i) => i),
      16,
      async (i) => {
        const name = `pace${i}`;
        const s = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-up", { name, password: "pace-password-1" }));
        await must(api(base, "POST", `/api/v1/tournaments/${tournamentOf(i)}/register`, { commandId: cmd() }, s.token));
        bots[i] = new BotClient(base, name, s.token, {
          style: "check-call",
          seed: i + 1,
          allInChance: 0.03,
          minSendGapMs: 0,
          trustFrames: true,
          thinkDraw: think,
          localAddress: `127.0.0.${2 + Math.floor(i / 50)}`,
          onBroadcast: (m) => void (m.type === "tournament-view" && views++),
        });
      },
    );
    console.log(
      `${TOURNAMENTS} × ${PLAYERS} players${ALONGSIDE > 0 ? ` and ${ALONGSIDE} × 9 alongside` : ""} registered in ${((Date.now() - t0) / 1000).toFixed(1)} s; server ${SERVER_DIR}; action clock ${ACTION_MS} ms, think × ${SCALE}`,
    );
    let connected = 0;
    await pool(bots, 32, async (b) => void ((await b.connect()) && connected++));
    if (connected !== bots.length) console.log(`only ${connected} of ${bots.length} bots connected`);
    if (WATCH) bots.forEach((b, i) => b.send({ type: "subscribe", channel: { kind: "tournament", tournamentId: tournamentOf(i) } }));
    for (const id of [...ids, ...lone]) await must(api(base, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, d.token));
    const byName = new Map(bots.map((b) => [b.name, b]));
    let following = true;
    const follow = async () => {
      while (following) {
        for (const id of [...ids, ...lone]) {
          const r = await api<{ seats: { name: string; tableNumber: number }[] }>(
            base,
            "GET",
            `/api/v1/director/tournaments/${id}/seating`,
            undefined,
            d.token,
          );
          if (r.status === 200) for (const s of r.body.seats) byName.get(s.name)?.watch(`${id}-t${s.tableNumber}`);
        }
        await new Promise((res) => setTimeout(res, 250));
      }
    };
    const follower = follow();
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
    const from = Date.now();
    const cpuFrom = cpuSeconds(server.pid!);
    const viewsFrom = views;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const to = Date.now();
    const serverCpu = (cpuSeconds(server.pid!) - cpuFrom) / ((to - from) / 1000);
    const viewsPerSecond = Math.round((views - viewsFrom) / ((to - from) / 1000));
    following = false;
    await follower;
    const load = loadavg()[0]!;
    const m = measureAll(path, ids, from, to, HAND_PAUSE_MS);
    const along = ALONGSIDE > 0 ? measureAll(path, lone, from, to, HAND_PAUSE_MS) : undefined;
    const rate = m.recorded / m.tableHours;
    // Time runs SCALE times faster than play at full scale.
    console.log(
      `server CPU ${serverCpu.toFixed(3)} of a core over the window, ${viewsPerSecond} tournament views pushed a second${WATCH ? " (each bot following its tournament)" : ""}`,
    );
    console.log(
      `${TOURNAMENTS} × ${PLAYERS} players: ${m.recorded} hands in ${SECONDS} s on ${m.tables[0]}→${m.tables[1]} tables = ${rate.toFixed(0)} hands per table-hour (${(rate * SCALE).toFixed(1)} at full scale); load average ${load.toFixed(1)}`,
    );
    const summary = JSON.stringify({
      players: PLAYERS,
      tournaments: TOURNAMENTS,
      scale: SCALE,
      seconds: SECONDS,
      hands: m.recorded,
      tableHours: m.tableHours,
      perTableHour: rate,
      perTableHourFullScale: rate * SCALE,
      tables: m.tables,
      loadavg: load,
      serverCpu,
      watch: WATCH,
      tournamentViewsPerSecond: viewsPerSecond,
      serverDir: SERVER_DIR,
      from,
      to,
      ids,
      alongside: lone,
    });
    console.log(summary);
    if (KEEP !== "") writeFileSync(join(dir, "run.json"), summary);
    console.log(report(`${TOURNAMENTS} × ${PLAYERS} players`, m, LONE !== "" ? measureRun(LONE).m : along));
    if (along !== undefined) console.log(report(`${ALONGSIDE} lone tables alongside`, along));
  } finally {
    for (const b of bots) b.ws?.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    if (KEEP === "") rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);

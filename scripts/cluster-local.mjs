#!/usr/bin/env node
// A local cluster: three `felt serve --cluster` processes on this machine sharing
// NATS (JetStream) and one PostgreSQL schema, on ports 8081-8083. Ctrl-C (or SIGTERM) stops
// them all with SIGTERM (each hands its partitions over and closes cleanly).
//
//   FELT_DIRECTOR=floor:secret-pass node scripts/cluster-local.mjs [--processes 3]
//       [--base-port 8081] [--schema NAME] [--db postgres://127.0.0.1:5432/test] [--tables-with-director]
//       [--nats nats://127.0.0.1:4222] [--logs DIR]
//
// Without --schema the data goes to a throwaway schema (cluster_local_<time>) that is dropped,
// with the run's NATS buckets, at exit; --schema NAME keeps its data and buckets for the next
// start. Each process writes its output to LOGS/felt-<port>.log (default ./data/cluster-local).
// Then, e.g. (the same FELT_DIRECTOR): npm run -s felt -- simulate --server http://127.0.0.1:8081,http://127.0.0.1:8082,http://127.0.0.1:8083 --players 18
import { spawn } from "node:child_process";
import { mkdirSync, openSync, readFileSync, existsSync } from "node:fs";
import { connect as tcp } from "node:net";
import { userInfo } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : dflt;
};
if (args.includes("--help")) {
  console.log(
    readFileSync(import.meta.filename, "utf8")
      .split("\n")
      .slice(1, 13)
      .map((l) => l.replace(/^\/\/ ?/, ""))
      .join("\n"),
  );
  process.exit(0);
}
const N = Number(opt("processes", "3"));
/** Each table in its own partition (the default), or every table beside its director (`felt serve --help`). */
const LAYOUT = args.includes("--tables-with-director") ? ["--tables-with-director"] : [];
const BASE_PORT = Number(opt("base-port", "8081"));
const KEEP = opt("schema", "");
const SCHEMA = KEEP || `cluster_local_${Date.now().toString(36)}`;
const PG = opt("db", process.env["FELT_CLUSTER_DB"] ?? "postgres://127.0.0.1:5432/test");
const NATS = opt("nats", process.env["FELT_NATS"] ?? "nats://127.0.0.1:4222");
const LOGS = resolve(opt("logs", join(root, "data", "cluster-local")));
const PREFIX = KEEP ? `felt_${KEEP}` : `felt_${SCHEMA}`;

function die(message) {
  console.error(`cluster-local: ${message}`);
  process.exit(1);
}

/** Whether something accepts TCP connections at host:port (2 s). */
function listening(host, port) {
  return new Promise((ok) => {
    const s = tcp({ host, port, timeout: 2000 });
    s.once("connect", () => (s.destroy(), ok(true)));
    s.once("timeout", () => (s.destroy(), ok(false)));
    s.once("error", () => ok(false));
  });
}

if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(SCHEMA)) die(`--schema must be letters, digits and _ (got ${SCHEMA})`);
if (!process.env["FELT_DIRECTOR"]) die("set FELT_DIRECTOR=NAME:PASSWORD (the director account every process knows), e.g. FELT_DIRECTOR=floor:secret-pass");
const nats = new URL(NATS);
const pgUrl = new URL(PG);
if (!(await listening(nats.hostname, Number(nats.port || 4222))))
  die(`NATS is not answering at ${NATS}: start it with JetStream (nats-server -js), or give --nats URL / FELT_NATS`);
if (!(await listening(pgUrl.hostname, Number(pgUrl.port || 5432))))
  die(`PostgreSQL is not answering at ${pgUrl.host}: start it, or give --db postgres://HOST:PORT/DB / FELT_CLUSTER_DB`);
for (let k = 0; k < N; k++)
  if (await listening("127.0.0.1", BASE_PORT + k)) die(`port ${BASE_PORT + k} is taken: stop what listens there, or give --base-port`);

mkdirSync(LOGS, { recursive: true });
pgUrl.searchParams.set("schema", SCHEMA);
const db = pgUrl.toString();
const children = [];
let stopping = false;

/** Starts member k; resolves when it listens (or rejects with its log's tail when it exits). */
function start(k) {
  const port = BASE_PORT + k;
  const log = join(LOGS, `felt-${port}.log`);
  const fd = openSync(log, "w");
  const child = spawn(
    process.execPath,
    [
      "bin/felt.mjs",
      "serve",
      "--port",
      String(port),
      "--db",
      db,
      "--cluster",
      "--nats",
      NATS,
      "--member",
      `local-${port}`,
      "--cluster-prefix",
      PREFIX,
      ...LAYOUT,
      // Each member's own address, and the others' pages allowed: a player's web app or bot
      // goes to the member that runs its table (table-home), as it would past a balancer.
      "--public-url",
      `http://127.0.0.1:${port}`,
      ...Array.from({ length: N }, (_, j) => BASE_PORT + j)
        .filter((p) => p !== port)
        .flatMap((p) => ["--origin", `http://127.0.0.1:${p}`]),
      // a development cluster: the simulation's bots all sign up from this machine
      "--sign-ups-per-address",
      "0",
    ],
    { cwd: root, stdio: ["ignore", fd, fd], detached: true },
  );
  children.push(child);
  return new Promise((ok, fail) => {
    const timer = setInterval(() => {
      if (readFileSync(log, "utf8").includes("listening on")) clearInterval(timer), ok({ port, log });
    }, 200);
    child.once("exit", (code, signal) => {
      clearInterval(timer);
      if (!stopping)
        fail(new Error(`felt serve on ${port} exited (${signal ?? code}); ${log}:\n${readFileSync(log, "utf8").split("\n").slice(-8).join("\n")}`));
    });
  });
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  console.log(`cluster-local: stopping ${children.length} processes with SIGTERM`);
  await Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((ok) => (c.once("exit", ok), c.kill("SIGTERM"))))));
  if (!KEEP) await cleanup();
  process.exit(code);
}

/** The throwaway schema and the run's NATS buckets. */
async function cleanup() {
  try {
    const { default: pg } = await import("pg");
    // A URL without a user means the local user, as psql and felt serve take it.
    const admin = new URL(PG);
    if (admin.username === "") admin.username = userInfo().username;
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
    await client.end();
    const { connect } = await import("nats");
    const nc = await connect({ servers: NATS });
    const jsm = await nc.jetstreamManager();
    for (const b of ["owners", "alive", "lobby"]) await jsm.streams.delete(`KV_${PREFIX}_${b}`).catch(() => false);
    await nc.close();
    console.log(`cluster-local: schema ${SCHEMA} and buckets ${PREFIX}_* removed`);
  } catch (e) {
    console.error(`cluster-local: cleanup failed: ${e.message}`);
  }
}

process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

console.log(
  `cluster-local: ${N} process(es), PostgreSQL ${pgUrl.host}${pgUrl.pathname} schema ${SCHEMA}${KEEP ? " (kept)" : " (throwaway)"}, NATS ${NATS} buckets ${PREFIX}_*, logs in ${LOGS}`,
);
try {
  // The first alone: on a fresh schema it migrates and creates the director account (two
  // processes creating the same account at once would make one of them exit).
  const up = [await start(0)];
  up.push(...(await Promise.all(Array.from({ length: N - 1 }, (_, k) => start(k + 1)))));
  for (const u of up) console.log(`cluster-local: http://127.0.0.1:${u.port}  (log ${u.log})`);
} catch (e) {
  console.error(`cluster-local: ${e.message}`);
  await stop(1);
}
const urls = children.map((_, k) => `http://127.0.0.1:${BASE_PORT + k}`).join(",");
console.log(
  `cluster-local: up; any process answers any client. Try (with the same FELT_DIRECTOR):\n  FELT_DIRECTOR=${process.env["FELT_DIRECTOR"].split(":")[0]}:… npm run -s felt -- simulate --server ${urls} --players 18\ncluster-local: Ctrl-C stops them all.`,
);
// A member that dies while running: say so and stop the rest.
for (const c of children)
  c.once("exit", (code, signal) => stopping || (console.error(`cluster-local: a process exited (${signal ?? code}); see its log`), void stop(1)));
if (!existsSync(join(root, "web", "dist")))
  console.log("cluster-local: (no web/dist: run npm run build:web for the web app; the API and WebSocket work without it)");
// The children keep this process alive until stop() exits it.

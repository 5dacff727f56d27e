// `felt serve`: the online server (HTTP API, WebSocket tables, the web app).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FeltServer, type ServerOptions } from "../../server/index.ts";
import { DEMO_DIRECTOR, DEMO_PASSWORD, DEMO_PLAYERS, seedDemo } from "../../server/demo.ts";
import type { TableLayout } from "../../cluster/index.ts";
import type { Command } from "../command.ts";
import { DIRECTOR_FLAG_REFUSED, directorSecrets } from "../director-secret.ts";

const usage = `Usage: felt serve [--port 8080] [--host 127.0.0.1] [--db sqlite:PATH | postgres://...]
                  [--origin URL]... [--director-file PATH] [--action-ms MS] [--hand-pause-ms MS]
                  [--scrypt-n N] [--ws-per-address N] [--ws-per-account N]
                  [--sign-ups-per-address N] [--play-money N] [--bench] [--demo]
                  [--cluster --nats URL [--member NAME] [--cluster-prefix NAME] [--tables-with-director]
                   [--public-url URL]]

Serves the HTTP API (${"/api/v1"}, OpenAPI at /api/docs), the WebSocket tables (/ws/v1) and
the built web app (web/dist) at /. Data goes to ./data/felt.sqlite unless --db says
otherwise (PostgreSQL: postgres://host:5432/db?schema=name). FELT_DIRECTOR=NAME:PASSWORD in
the environment, or a file holding NAME:PASSWORD given with --director-file, creates a
director account at start if it does not exist (never on the command line, where \`ps\`
shows it). --origin allows a browser origin besides the server's own (repeatable).
--ws-per-address and --ws-per-account bound WebSocket connections (default 64 and 16; a
load test from one address needs more). --sign-ups-per-address bounds the accounts one
address may make: N at once, then N per 10 minutes (default 5; 0: no limit). Behind a
reverse proxy every client shares its address: raise both. --bench and --demo lift the
sign-up limit unless it is given.
--play-money N makes a play-money room: each new account gets N (in the smallest unit of the
room's money, so 100000 is 1,000.00) and may top up back to N once a day (UTC). Without it
the room credits players at its desk (the director's deposit), and the lobby tells players so.
--demo seeds a demo room (a running live tournament of walk-ins, an online one open for
registration, players with money) on a throwaway SQLite file deleted at exit, unless --db
says otherwise; it allows the Vite dev server's origin (npm run dev:web) and prints the
accounts.
--cluster joins a cluster of felt serve processes sharing one PostgreSQL database (--db
postgres://... is required) and NATS with JetStream (--nats URL, or FELT_NATS in the
environment; default nats://127.0.0.1:4222): this process serves the tournaments of the
partitions it owns. --member names it (default host-pid, unique in the cluster);
--cluster-prefix names the cluster's NATS buckets (default felt).
In a cluster every table is in a partition of its own, so one event's tables spread over
the processes (--split-tables, the default). --tables-with-director keeps each table in its
tournament's partition instead, beside its director: a little cheaper for many small events,
but one event cannot outgrow one process. Every member runs one layout: a process refuses to
join live members on the other; to change it, stop every member.
--public-url URL is where clients can reach this member itself, past the balancer (an
http(s) address of the same server): a player's client (protocol v3) goes to the member that
runs its table, which spares each action two crossings between members. The members must
allow the site's origin (--origin) for the web app to connect there.`;

type Parsed = ServerOptions & { readonly demo?: boolean };

/** The server's options from `felt serve`'s arguments, or what is wrong with them. */
export function parseServeArgs(args: readonly string[]): Parsed | string {
  const o: { -readonly [K in keyof ServerOptions]: ServerOptions[K] } = {};
  const origins: string[] = [];
  let demo = false;
  let bench = false;
  let signUps: number | undefined;
  let directorFile: string | undefined;
  let cluster = false;
  let nats: string | undefined;
  let member: string | undefined;
  let prefix: string | undefined;
  let layout: TableLayout | undefined;
  let publicUrl: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = args[i + 1];
    const need = () => {
      if (v === undefined) throw new Error(`${a} needs a value`);
      i++;
      return v;
    };
    try {
      if (a === "--port") o.port = Number(need());
      else if (a === "--host") o.host = need();
      else if (a === "--db") o.db = need();
      else if (a === "--origin") origins.push(need());
      else if (a === "--director" || a.startsWith("--director=")) return DIRECTOR_FLAG_REFUSED;
      else if (a === "--director-file") directorFile = need();
      else if (a === "--action-ms") o.actionMs = Number(need());
      else if (a === "--hand-pause-ms") o.handPauseMs = Number(need());
      else if (a === "--scrypt-n") o.scrypt = { N: Number(need()), r: 8, p: 1 };
      else if (a === "--ws-per-address") o.wsLimits = { ...o.wsLimits, perAddress: Number(need()) };
      else if (a === "--ws-per-account") o.wsLimits = { ...o.wsLimits, perAccount: Number(need()) };
      else if (a === "--sign-ups-per-address") signUps = Number(need());
      else if (a === "--play-money") o.playMoney = Number(need());
      else if (a === "--demo") demo = true;
      else if (a === "--cluster") cluster = true;
      else if (a === "--nats") nats = need();
      else if (a === "--member") member = need();
      else if (a === "--cluster-prefix") prefix = need();
      else if (a === "--split-tables") layout = "split";
      else if (a === "--tables-with-director") layout = "with-director";
      else if (a === "--public-url") publicUrl = need();
      else if (a === "--bench") {
        // throughput settings for bench/load.ts: fast password hashing, relaxed fsync of table events
        o.scrypt = { N: 1024, r: 8, p: 1 };
        o.eventDurability = "normal";
        o.rateLimit = { perSecond: 1000, burst: 1000 };
        o.wsLimits = { ...o.wsLimits, perAddress: 1_000_000 };
        bench = true;
      } else return `unknown option ${a}`;
    } catch (e) {
      return (e as Error).message;
    }
  }
  if (o.port !== undefined && !(Number.isInteger(o.port) && o.port >= 0 && o.port < 65536)) return "--port must be 0..65535";
  for (const [k, v] of Object.entries(o.wsLimits ?? {}))
    if (!(Number.isSafeInteger(v) && v >= 1)) return `--ws-${k === "perAddress" ? "per-address" : "per-account"} must be a whole number ≥ 1`;
  if (signUps !== undefined && !(Number.isSafeInteger(signUps) && signUps >= 0)) return "--sign-ups-per-address must be a whole number ≥ 0";
  // A load test and a demo room (its seed, the browser tests, a developer trying things) make
  // many accounts from one address on purpose.
  signUps ??= bench || demo ? 0 : undefined;
  if (signUps !== undefined) o.signUpLimits = { perAddress: signUps };
  if (o.playMoney !== undefined && !(Number.isSafeInteger(o.playMoney) && o.playMoney >= 1)) return "--play-money must be a whole number ≥ 1";
  if (!cluster && (nats !== undefined || member !== undefined || prefix !== undefined || layout !== undefined || publicUrl !== undefined))
    return "--nats, --member, --cluster-prefix, --split-tables, --tables-with-director and --public-url go with --cluster";
  if (cluster) {
    if (!/^postgres(ql)?:\/\//.test(o.db ?? "")) return "--cluster needs --db postgres://... (SQLite is single-process)";
    if (prefix !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(prefix)) return "--cluster-prefix is letters, digits, - and _";
    if (publicUrl !== undefined && !isPublicUrl(publicUrl))
      return "--public-url must be an http:// or https:// address with no path, query or fragment (http://10.0.0.2:8080)";
    o.cluster = {
      nats: nats ?? process.env["FELT_NATS"] ?? "nats://127.0.0.1:4222",
      ...(member !== undefined ? { member } : {}),
      ...(prefix !== undefined ? { prefix } : {}),
      ...(layout !== undefined ? { layout } : {}),
      ...(publicUrl !== undefined ? { publicUrl: new URL(publicUrl).origin } : {}),
    };
  }
  const secrets = directorSecrets(process.env, directorFile);
  if (!secrets.ok) return secrets.error.message;
  const directors = [...secrets.value];
  if (demo) {
    directors.push({ ...DEMO_DIRECTOR });
    // The Vite dev server (npm run dev:web) proxies the API and the WebSocket here.
    origins.push("http://127.0.0.1:5173", "http://localhost:5173");
    o.scrypt ??= { N: 1024, r: 8, p: 1 };
  }
  return { ...o, allowedOrigins: origins, directors, demo };
}

/** An origin clients can open `/ws/v1` at: http(s), a host, nothing after it. */
function isPublicUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return (
      (u.protocol === "http:" || u.protocol === "https:") &&
      u.username === "" &&
      u.password === "" &&
      (u.pathname === "/" || u.pathname === "") &&
      u.search === "" &&
      u.hash === "" &&
      raw.length <= 2048
    );
  } catch {
    return false;
  }
}

export const command: Command = {
  summary: "run the online server (HTTP API, WebSocket tables, web app)",
  usage,
  async run(args) {
    if (args.includes("--help")) {
      console.log(usage);
      return 0;
    }
    const options = parseServeArgs(args);
    if (typeof options === "string") {
      console.error(`felt serve: ${options}\n\n${usage}`);
      return 2;
    }
    const { demo, ...serverOptions } = options;
    // --demo without --db: a throwaway SQLite file, deleted at exit.
    const scratch = demo === true && serverOptions.db === undefined ? mkdtempSync(join(tmpdir(), "felt-demo-")) : null;
    let server: FeltServer;
    // Set once the server cannot go on (its NATS connection closed for good): stop, exit 1, be restarted.
    let fatal: () => void = () => {};
    let failed = false;
    const onFatal = () => {
      failed = true;
      fatal();
    };
    try {
      server = await FeltServer.start({ ...serverOptions, onFatal, ...(scratch === null ? {} : { db: `sqlite:${join(scratch, "felt.sqlite")}` }) });
      if (demo === true) {
        const room = await seedDemo(server.url, Date.now());
        console.log(`felt serve: demo room seeded: live tournament ${room.liveId}, online tournament ${room.onlineId}`);
        console.log(`felt serve: director ${DEMO_DIRECTOR.name} / ${DEMO_DIRECTOR.password}; players ${DEMO_PLAYERS.join(", ")} / ${DEMO_PASSWORD}`);
      }
    } catch (e) {
      console.error(`felt serve: ${(e as Error).message}`);
      if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
      return 1;
    }
    console.log(`felt serve: listening on ${server.url} (API docs: ${server.url}/api/docs)`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      fatal = stop;
      if (failed) stop();
    });
    await server.close().catch((e: unknown) => console.error(`felt serve: stopping: ${(e as Error).message}`));
    if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
    return failed ? 1 : 0;
  },
};

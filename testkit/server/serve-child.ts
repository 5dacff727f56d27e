// A real `felt serve` as a child process for crash tests: started on a given database and
// port (the director from FELT_DIRECTOR, never on the command line), resolved once it
// listens, killed with any signal. Sign-ups are not limited: every bot signs up from loopback.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { DIRECTOR } from "./harness.ts";

const root = join(import.meta.dirname, "..", "..");

/** Listens on `port` (0: any the kernel picks) and closes again: the port, or null when taken. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(null));
    s.listen(port, "127.0.0.1", () => {
      const got = (s.address() as { port: number }).port;
      s.close(() => resolve(got));
    });
  });
}

/** The first port of the kernel's range for outgoing connections' local ports (Linux; else the usual 32768). */
function ephemeralFloor(): number {
  try {
    const lo = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(lo) && lo > 0 ? lo : 32_768;
  } catch {
    return 32_768;
  }
}

/** Ports at 10,000 and above that the Fetch standard blocks (every test's HTTP calls use fetch). */
const FETCH_BAD_PORTS: ReadonlySet<number> = new Set([10080]);

/**
 * A free port below the kernel's ephemeral range, for a server the test stops and starts
 * again on the same port (the crash and cluster tests): a port the kernel hands out for
 * listen(0) is in that range, where any outgoing connection meanwhile (a bot, PostgreSQL,
 * NATS) can take it as its local port, and the restart then failed with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const top = Math.min(ephemeralFloor(), 32_768);
  if (top > 12_000) {
    for (let i = 0; i < 100; i++) {
      const candidate = 10_000 + Math.floor(Math.random() * (top - 10_000));
      // fetch refuses the WHATWG "bad ports" ("fetch failed: bad port"); 10080 is the one here.
      if (FETCH_BAD_PORTS.has(candidate)) continue;
      const port = await tryPort(candidate);
      if (port !== null) return port;
    }
  }
  return (await tryPort(0))!;
}

export interface ServeChild {
  readonly child: ChildProcess;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** Each line it printed with when the test received it (Date.now()). */
  lines(): readonly { readonly at: number; readonly text: string }[];
}

/** `env`: more environment (a crash test's FELT_CRASH_AT, src/server/crash-point.ts). */
export function startServeChild(db: string, port: number, extra: readonly string[] = [], env: Readonly<Record<string, string>> = {}): Promise<ServeChild> {
  const child = spawn(
    process.execPath,
    ["bin/felt.mjs", "serve", "--port", String(port), "--db", db, "--scrypt-n", "1024", "--sign-ups-per-address", "0", ...extra],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env, FELT_DIRECTOR: `${DIRECTOR.name}:${DIRECTOR.password}` },
    },
  );
  let out = "";
  const lines: { at: number; text: string }[] = [];
  let partial = "";
  const take = (d: Buffer) => {
    const text = d.toString();
    out += text;
    const parts = (partial + text).split("\n");
    partial = parts.pop()!;
    for (const l of parts) lines.push({ at: Date.now(), text: l });
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    child.stdout!.on("data", (d: Buffer) => {
      take(d);
      if (out.includes("listening on")) {
        clearTimeout(timer);
        resolve({ child, output: () => out, lines: () => lines });
      }
    });
    child.stderr!.on("data", take);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${out}`));
    });
  });
}

export async function killChild(c: ServeChild, signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return;
  const gone = new Promise((r) => c.child.once("exit", r));
  c.child.kill(signal);
  await gone;
}

import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

// `felt serve` as a child process, exactly as a user starts it: the CLI, a free port on
// 127.0.0.1, its own SQLite file, and the built web app found as ./web/dist of its
// working directory (the server's default), so the test never touches the repo's web/dist.

export interface FeltProcess {
  readonly url: string;
  readonly output: () => string;
  stop(): Promise<void>;
  /**
   * The server process killed (SIGKILL, no goodbye to anyone), nothing listening for
   * `downMs`, then `felt serve` started again on the same port and file: the browsers that
   * had it open find it again at the same address.
   */
  outage(downMs: number): Promise<void>;
}

export interface FeltProcessOptions {
  readonly repo: string;
  /** Working directory: holds web/dist. */
  readonly cwd: string;
  /** A SQLite file's path, or a database URL (postgres://…, a cluster's). */
  readonly db: string;
  /** The port to listen on (a cluster member's, named in its --public-url before it starts); default any free one. */
  readonly port?: number;
  readonly director: { readonly name: string; readonly password: string };
  readonly args?: readonly string[];
  readonly startTimeoutMs?: number;
}

function launch(o: FeltProcessOptions, extra: readonly string[], port = o.port ?? 0): { child: ChildProcess; ready: Promise<string>; output: () => string } {
  const db = /^[a-z]+:\/\//.test(o.db) ? o.db : `sqlite:${o.db}`;
  const args = [join(o.repo, "bin", "felt.mjs"), "serve", "--host", "127.0.0.1", "--port", String(port), "--db", db, ...(o.args ?? []), ...extra];
  // The director's password goes in the environment, never the command line (`ps` shows that).
  const env = { ...process.env, FELT_DIRECTOR: `${o.director.name}:${o.director.password}` };
  const child = spawn(process.execPath, args, { cwd: o.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`felt serve did not start in time:\n${log}`)), o.startTimeoutMs ?? 90_000);
    const seen = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on("data", seen);
    child.stderr!.on("data", seen);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`felt serve exited with ${code}:\n${log}`));
    });
  });
  return { child, ready, output: () => log };
}

/** Starts the server; `preferred` flags are dropped (one retry) if this server does not know them. */
export async function startFelt(o: FeltProcessOptions, preferred: readonly string[] = []): Promise<FeltProcess> {
  let flags = preferred;
  let run = launch(o, flags);
  let url: string;
  try {
    url = await run.ready;
  } catch (e) {
    if (preferred.length === 0 || !/unknown option/.test(run.output())) throw e;
    flags = [];
    run = launch(o, flags);
    url = await run.ready;
  }
  let earlier = "";
  const halt = (child: ChildProcess, signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill(signal);
    });
  return {
    url,
    output: () => earlier + run.output(),
    stop: () => halt(run.child, "SIGTERM"),
    async outage(downMs) {
      await halt(run.child, "SIGKILL");
      earlier += `${run.output()}\n--- killed, down for ${downMs} ms ---\n`;
      await new Promise((r) => setTimeout(r, downMs));
      run = launch(o, flags, Number(new URL(url).port));
      const again = await run.ready;
      if (again !== url) throw new Error(`felt serve came back at ${again}, not ${url}`);
    },
  };
}

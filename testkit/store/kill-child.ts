// The crash tests' writer process (store/crash.test.ts, server/tables/table-crash.test.ts):
// a TypeScript child started with tsx that prints "ready" once it writes and "ack …" for each
// write it saw acknowledged, killed with SIGKILL after a while. Its acknowledgements are
// what the test then checks the store against.
import { spawn } from "node:child_process";

/**
 * Runs `script` with `args`, waits for its "ready" line, lets it write for `afterMs`, kills it
 * -9 and returns the text after "ack " of every acknowledgement it printed. A child that dies
 * before it is ready, or writes anything to stderr, fails the test.
 */
export async function runUntilKilled(script: string, args: readonly string[], afterMs: number): Promise<string[]> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const t = setInterval(() => {
      if (out.includes("ready\n")) {
        clearInterval(t);
        resolve();
      } else if (child.exitCode !== null) {
        clearInterval(t);
        reject(new Error(`${script} died: ${err}`));
      }
    }, 5);
  });
  await new Promise((r) => setTimeout(r, afterMs));
  child.kill("SIGKILL");
  await exited;
  if (err !== "") throw new Error(`${script} wrote to stderr: ${err}`);
  return out
    .split("\n")
    .filter((l) => l.startsWith("ack "))
    .map((l) => l.slice(4));
}

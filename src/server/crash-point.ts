// Test-only crash points ('s crash proof): with FELT_CRASH_AT=NAME or NAME:N in the
// environment, the process kills itself with SIGKILL the N-th time (default the first) it
// passes point NAME, after writing "crash-point NAME DETAIL" to stderr, so a crash test
// lands exactly mid-settle or mid-move and can prove where it landed. Without the variable
// (always, outside those tests) a point is one comparison.
import { writeSync } from "node:fs";

export type CrashPointName =
  /** A table's hand is recorded with its director events; its settle (table-settle, the moves) has not run. */
  | "settle"
  /** A moved player is unseated at the table they leave; not yet seated at the one they join (R-TBL-2/3). */
  | "move";

function parse(v: string | undefined): { name: string; n: number } | null {
  if (v === undefined || v === "") return null;
  const [name, n] = v.split(":");
  return { name: name!, n: n === undefined ? 1 : Math.max(1, Number(n) || 1) };
}

const armed = parse(process.env["FELT_CRASH_AT"]);
let passed = 0;

/** `detail` is asked only when armed; null: the point is not reached this time (not counted). */
export function crashPoint(name: CrashPointName, detail: () => string | null): void {
  if (armed === null || armed.name !== name) return;
  const d = detail();
  if (d === null) return;
  passed += 1;
  if (passed < armed.n) return;
  writeSync(2, `crash-point ${name} ${d}\n`);
  process.kill(process.pid, "SIGKILL");
}

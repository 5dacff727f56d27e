// Command ids over an evening: what a server's remembered command ids cost once every table
// remembers its last thousand (src/runtime/command-memory.ts), against the two maps of
// strings the stream actor held them in before (kept here as the baseline). Each kind runs
// in a child process of its own with `--expose-gc`, the two in turns, every round printed:
// the heap the ids hold (V8's heap and the typed arrays' buffers), the CPU of a full
// collection with them alive, and of remembering and looking up one id.
//
// Run: npx tsx bench/command-ids.ts [--tables 1000] [--ids 1000] [--rounds 3]
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { CommandMemory } from "../src/runtime/command-memory.ts";
import { options, positiveInteger } from "./args.ts";

const args = process.argv.slice(2);
const opt = options(args);
const TABLES = positiveInteger(args, "tables", 1000);
const IDS = positiveInteger(args, "ids", 1000);
const ROUNDS = positiveInteger(args, "rounds", 3);

interface Remembered {
  remember(id: string, version: number, sender: string | null): void;
  version(id: string): number | undefined;
  sender(id: string): string | undefined;
}

/** How the actor held its ids before: two maps keyed by the id's string, one string per sender. */
class TwoMaps implements Remembered {
  private readonly commands = new Map<string, number>();
  private readonly senders = new Map<string, string>();
  private readonly senderNames = new Map<string, string>();
  constructor(private readonly limit: number) {}
  remember(id: string, version: number, sender: string | null): void {
    this.commands.set(id, version);
    if (sender !== null) {
      let name = this.senderNames.get(sender);
      if (name === undefined) {
        if (this.senderNames.size >= 256) this.senderNames.clear();
        this.senderNames.set(sender, sender);
        name = sender;
      }
      this.senders.set(id, name);
    } else this.senders.delete(id);
    if (this.commands.size > this.limit) {
      const oldest = this.commands.keys().next().value;
      if (oldest !== undefined) {
        this.commands.delete(oldest);
        this.senders.delete(oldest);
      }
    }
  }
  version(id: string): number | undefined {
    return this.commands.get(id);
  }
  sender(id: string): string | undefined {
    return this.senders.get(id);
  }
}

/** An id as the gateway gets it: a fresh string out of a parsed frame (the web app's form). */
function frameId(n: number): string {
  const hex = (Math.imul(n, 0x9e3779b1) >>> 0).toString(16).padStart(8, "0") + n.toString(16).padStart(16, "0");
  return (JSON.parse(`{"commandId":"c${hex}"}`) as { commandId: string }).commandId;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function child(kind: string): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with --expose-gc");
  const players = Array.from({ length: 9 }, (_, i) => JSON.parse(`"u-${i}-5b1f0c7e-3d2a-4e8f-9a61"`) as string);
  gc();
  const before = process.memoryUsage();
  const tables: Remembered[] = [];
  let n = 0;
  let rememberMs = 0;
  for (let t = 0; t < TABLES; t++) {
    const m: Remembered = kind === "maps" ? new TwoMaps(IDS) : new CommandMemory(IDS);
    // Past the limit, as a table is after half an hour: the oldest are being forgotten.
    const ids = Array.from({ length: IDS + IDS / 4 }, () => frameId(n++));
    const t0 = cpuMs();
    for (let i = 0; i < ids.length; i++) m.remember(ids[i]!, n - ids.length + i, players[i % 9]!);
    rememberMs += cpuMs() - t0;
    tables.push(m);
  }
  const rememberNs = (rememberMs * 1e6) / n;
  gc();
  gc();
  const after = process.memoryUsage();
  let t0 = cpuMs();
  for (let i = 0; i < 5; i++) gc();
  const gcMs = (cpuMs() - t0) / 5;
  // Look-ups as the actor makes them, each of a fresh string: a resent id (found) and a new one (not).
  const probes = 200_000;
  // Table t was sent ids t × 1.25 IDS onwards and remembers the last IDS of them.
  const per = IDS + IDS / 4;
  const resent = Array.from({ length: probes }, (_, i) => frameId((i % TABLES) * per + IDS / 4 + ((i * 7919) % IDS)));
  const fresh = Array.from({ length: probes }, (_, i) => frameId(n + i));
  t0 = cpuMs();
  let found = 0;
  for (let i = 0; i < probes; i++) {
    const m = tables[i % TABLES]!;
    if (m.version(resent[i]!) !== undefined) found++;
    if (m.version(fresh[i]!) !== undefined) found--;
  }
  const lookupNs = ((cpuMs() - t0) * 1e6) / (2 * probes);
  const heapMb = (after.heapUsed - before.heapUsed) / 1e6;
  const buffersMb = (after.arrayBuffers - before.arrayBuffers) / 1e6;
  if (found !== probes) throw new Error(`${kind}: ${found} of ${probes} resent ids found`);
  console.log(JSON.stringify({ kind, heapMb, buffersMb, gcMs, rememberNs, lookupNs }));
}

function parent(): void {
  const self = fileURLToPath(import.meta.url);
  const runs: Record<string, { heapMb: number; buffersMb: number; gcMs: number; rememberNs: number; lookupNs: number }[]> = { maps: [], memory: [] };
  console.log(`${TABLES} tables × ${IDS} ids remembered (each table past its limit), ${ROUNDS} rounds, the two kinds in turns`);
  for (let r = 0; r < ROUNDS; r++) {
    for (const kind of r % 2 === 0 ? ["maps", "memory"] : ["memory", "maps"]) {
      const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", self, "--child", kind, "--tables", String(TABLES), "--ids", String(IDS)], {
        encoding: "utf8",
      });
      const x = JSON.parse(out.trim().split("\n").pop()!);
      runs[kind]!.push(x);
      console.log(
        `round ${r + 1} ${kind.padEnd(6)}: heap ${x.heapMb.toFixed(1)} MB + buffers ${x.buffersMb.toFixed(1)} MB, full collection ${x.gcMs.toFixed(1)} ms of CPU, remember ${x.rememberNs.toFixed(0)} ns, look-up ${x.lookupNs.toFixed(0)} ns`,
      );
    }
  }
  const mean = (k: string, f: "heapMb" | "buffersMb" | "gcMs" | "rememberNs" | "lookupNs") => runs[k]!.reduce((a, x) => a + x[f], 0) / runs[k]!.length;
  for (const k of ["maps", "memory"]) {
    console.log(
      `${k.padEnd(6)} mean: ${(mean(k, "heapMb") + mean(k, "buffersMb")).toFixed(1)} MB in all (heap ${mean(k, "heapMb").toFixed(1)}), full collection ${mean(k, "gcMs").toFixed(1)} ms, remember ${mean(k, "rememberNs").toFixed(0)} ns, look-up ${mean(k, "lookupNs").toFixed(0)} ns`,
    );
  }
  console.log(
    `ratio maps / memory: bytes ${((mean("maps", "heapMb") + mean("maps", "buffersMb")) / (mean("memory", "heapMb") + mean("memory", "buffersMb"))).toFixed(2)}×, full collection ${(mean("maps", "gcMs") / mean("memory", "gcMs")).toFixed(2)}×`,
  );
}

const kind = opt("child", "");
if (kind !== "") child(kind);
else parent();

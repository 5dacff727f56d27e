// PostgreSQL store benchmark: what one table's append costs the client (this process) and
// the database server (every PostgreSQL process on this machine, from /proc), the way a table
// appends when the group commit has one append to write: one statement per append. 1,000
// streams as at 1,000 tables; each append is a group of 1-2 events of about 250 bytes to a
// stream picked at random, at its expected version. Prints, for every pass: CPU per append in
// this process and in PostgreSQL, and appends per second. Needs a PostgreSQL it may make a
// schema in (dropped at the end).
//
// Run: npx tsx bench/pg-append.ts [--db postgres://127.0.0.1:5432/test] [--streams 1000]
//                                 [--appends 5000] [--passes 3]
import { readdirSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { openPostgresEventStore } from "../src/store/postgres/event-store.ts";
import { pgPool } from "../src/store/postgres/db.ts";
import { options, positiveInteger } from "./args.ts";

const args = process.argv.slice(2);
const opt = options(args);
const DB = opt("db", process.env["FELT_TEST_PG"] ?? "postgres://127.0.0.1:5432/test");
const STREAMS = positiveInteger(args, "streams", 1000);
const APPENDS = positiveInteger(args, "appends", 5000);
const PASSES = positiveInteger(args, "passes", 3);
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU (user + system, ms) of every PostgreSQL process on this machine. */
function postgresCpuMs(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (name !== "postgres") continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * TICK_MS;
}

const event = (i: number) => ({
  type: "action",
  data: { seat: (i % 9) + 1, kind: i % 3 === 0 ? "call" : "check", amount: i % 3 === 0 ? 200 : 0, street: "flop", pot: 1200 + i, deadline: 1764900000000 + i },
  meta: { commandId: `c-${i.toString(36)}-${"x".repeat(40)}`, userId: `u${i % 9000}` },
});

async function pass(n: number): Promise<void> {
  const schema = `felt_bench_${randomBytes(4).toString("hex")}`;
  const store = await openPostgresEventStore(DB, { schema });
  const versions = new Array<number>(STREAMS).fill(0);
  let seed = n * 7919 + 1;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  try {
    // Every stream exists before the measured appends, as at tables already running.
    for (let s = 0; s < STREAMS; s++) {
      const r = await store.append(`table:bench-${s}`, 0, [event(s)]);
      if (!r.ok) throw new Error(r.error.message);
      versions[s] = 1;
    }
    const cpu = process.cpuUsage();
    const pgBefore = postgresCpuMs();
    const began = performance.now();
    for (let i = 0; i < APPENDS; i++) {
      const s = next() % STREAMS;
      const events = i % 4 === 0 ? [event(i), event(i + 1)] : [event(i)];
      const r = await store.append(`table:bench-${s}`, versions[s]!, events);
      if (!r.ok) throw new Error(r.error.message);
      versions[s] = versions[s]! + events.length;
    }
    const wall = performance.now() - began;
    const used = process.cpuUsage(cpu);
    const pgMs = postgresCpuMs() - pgBefore;
    const client = (used.user + used.system) / 1000 / APPENDS;
    console.log(
      `pass ${n}: ${APPENDS} appends to ${STREAMS} streams, one at a time: this process ${(client * 1000).toFixed(0)} µs per append, PostgreSQL ${((pgMs / APPENDS) * 1000).toFixed(0)} µs per append, ${Math.round(APPENDS / (wall / 1000))} appends/s`,
    );
  } finally {
    await store.close();
    const { pool } = pgPool(DB);
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  }
}

for (let n = 1; n <= PASSES; n++) await pass(n);

// Store benchmark: what one table's append costs the server's event store on SQLite, the
// way a table appends (one group of a command's events to its own stream, a few tables'
// appends landing in each group commit). 1,000 streams as at 1,000 tables; each round,
// `--per-commit` streams picked at random append a group of 1-2 events of about 250 bytes
// together, so they share a commit. Prints, for every pass: CPU (user + system) per
// append, commits, and the WAL bytes written per append (read from the file's growth, with
// the automatic checkpoint off so the WAL only grows).
//
// Run: npx tsx bench/store.ts [--streams 1000] [--appends 20000] [--per-commit 1] [--passes 5]
//                              [--durability normal|full]
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqlite, migrateSqlite } from "../src/store/sqlite/db.ts";
import { EVENT_MIGRATIONS } from "../src/store/sqlite/migrations.ts";
import { sqliteEventStoreOn } from "../src/store/sqlite/event-store.ts";
import { randomInt, simulationRandomSource } from "../src/cards/index.ts";
import { options } from "./args.ts";

const args = process.argv.slice(2);
const opt = options(args);
const STREAMS = Number(opt("streams", "1000"));
const APPENDS = Number(opt("appends", "20000"));
const PER_COMMIT = Number(opt("per-commit", "1"));
const PASSES = Number(opt("passes", "5"));
const DURABILITY = opt("durability", "normal") === "full" ? "full" : "normal";

/** An action's event as a table stores it, about 250 bytes of JSON. */
const event = (i: number) => ({
  type: "action",
  data: { seat: (i % 9) + 1, kind: i % 3 === 0 ? "call" : "check", amount: i % 3 === 0 ? 200 : 0, street: "flop", pot: 1200 + i, deadline: 1764900000000 + i },
  meta: { commandId: `c-${i.toString(36)}-${"x".repeat(40)}`, userId: `u${i % 9000}` },
});

async function pass(n: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "felt-store-bench-"));
  const path = join(dir, "events.sqlite");
  try {
    const db = openSqlite(path, DURABILITY);
    migrateSqlite(db, EVENT_MIGRATIONS);
    db.pragma("wal_autocheckpoint = 0");
    let clock = 1764900000000;
    const store = sqliteEventStoreOn(db, () => clock++);
    // The same picks in pass n of every run: runs compare like with like.
    const source = simulationRandomSource(n);
    const rng = { int: (k: number) => randomInt(source, k) };
    const streams = Array.from({ length: STREAMS }, (_, i) => `table:T${i}-t1`);
    // Every stream opened first (a table's first events), then checkpointed, so the
    // measured appends are those of tables in play.
    for (const s of streams) await store.appendGroups(s, 0, [{ events: [event(0)], postings: [] }]);
    db.pragma("wal_checkpoint(TRUNCATE)");
    const versions = new Map(streams.map((s) => [s, 1]));
    const wal0 = statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    const cpu0 = process.cpuUsage();
    let i = 0;
    let commits = 0;
    while (i < APPENDS) {
      const batch: Promise<unknown>[] = [];
      const picked = new Set<string>();
      while (picked.size < PER_COMMIT && picked.size < STREAMS) picked.add(streams[rng.int(STREAMS)]!);
      for (const s of picked) {
        const v = versions.get(s)!;
        const events = rng.int(2) === 0 ? [event(i)] : [event(i), event(i + 1)];
        versions.set(s, v + events.length);
        batch.push(store.appendGroups(s, v, [{ events, postings: [] }]));
        i++;
      }
      const results = (await Promise.all(batch)) as { ok: boolean }[];
      if (results.some((r) => !r.ok)) throw new Error("an append was refused");
      commits++;
    }
    const cpu = process.cpuUsage(cpu0);
    const wal = (statSync(`${path}-wal`).size - wal0) / i;
    const us = (cpu.user + cpu.system) / i;
    console.log(
      `pass ${n}: ${i} appends in ${commits} commits (${PER_COMMIT} a commit), ${us.toFixed(1)} µs CPU per append (user ${(cpu.user / i).toFixed(1)}, system ${(cpu.system / i).toFixed(1)}), WAL ${Math.round(wal)} bytes per append (${(wal / 4120).toFixed(2)} pages)`,
    );
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`store bench: ${STREAMS} streams, ${APPENDS} appends a pass, ${PER_COMMIT} a commit, durability ${DURABILITY}`);
for (let p = 1; p <= PASSES; p++) await pass(p);

// Registration benchmark (a benchmark, not a test): N players register for one
// online tournament at once, on a SQLite file opened as `felt serve` opens it (WAL synced
// off the loop) or on PostgreSQL. "one by one" is the path before batching (each command
// stored with its money in its own transaction, the next decided after it is durable);
// "batched" is today's (tournament-registrations.ts: those that arrive while a batch is
// written go together in the next, one transaction). Prints registrations per second and
// the store's write calls.
//
// Run: npx tsx bench/registrations.ts [--players 2000] [--db sqlite|postgres://localhost:5432/test]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { unwrap } from "../src/lib/result.ts";
import { pgPool } from "../src/store/postgres/db.ts";
import { openStorage, postings, type EventStore, type StorageTarget } from "../src/store/index.ts";
import { structurePreset } from "../src/tournament/structure/index.ts";
import { systemClock } from "../src/server/clock.ts";
import { cryptoRandom, type Services } from "../src/server/services.ts";
import { entryCommand, entryCommandAlone } from "../src/server/tournaments/tournament-entries.ts";
import { TournamentRuntime } from "../src/server/tournaments/tournament-runtime.ts";
import { options } from "./args.ts";

const args = process.argv.slice(2);
const opt = options(args);
const PLAYERS = Number(opt("players", "2000"));
const DB = opt("db", "sqlite");

async function run(mode: "one by one" | "batched"): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "felt-bench-reg-"));
  const target: StorageTarget =
    DB === "sqlite"
      ? { kind: "sqlite", path: join(dir, "felt.sqlite") }
      : { kind: "postgres", url: DB, schema: `felt_bench_${process.pid}_${mode === "batched" ? "b" : "o"}` };
  const storage = await openStorage(target);
  const writes = { n: 0 };
  const inner = storage.store;
  const store: EventStore = Object.assign(Object.create(inner) as EventStore, {
    append: (...a: Parameters<EventStore["append"]>) => (writes.n++, inner.append(...a)),
    appendWithPostings: (...a: Parameters<EventStore["appendWithPostings"]>) => (writes.n++, inner.appendWithPostings(...a)),
    appendGroups: (...a: Parameters<EventStore["appendGroups"]>) => (writes.n++, inner.appendGroups(...a)),
  });
  const svc = { store, ledger: storage.ledger, clock: systemClock, asset: "EUR", handPauseMs: 0, rng: cryptoRandom(), log: () => {} } as unknown as Services;
  const now = Date.now();
  const id = "Tbench";
  const t = unwrap(
    await TournamentRuntime.create(
      svc,
      {
        id,
        name: "bench",
        kind: "online",
        presetId: "seed",
        startsAt: now + 3_600_000,
        actionMs: 30_000,
        timeBankMs: 0,
        maxEntries: null,
        guarantee: 0,
        createdAt: now,
      },
      {
        id,
        name: "bench",
        format: { kind: "freezeout" },
        structure: unwrap(structurePreset("seed")),
        money: { buyIn: 1000, fee: 100, guarantee: 0 },
        tableSize: 9,
      },
      "create",
    ),
  );
  const players = Array.from({ length: PLAYERS }, (_, i) => `p${i}`);
  await Promise.all(
    players.map((p) => storage.ledger.post(unwrap(postings.deposit({ key: `d-${p}`, asset: "EUR", player: p, amount: 5_000, director: "d" })))),
  );
  const before = writes.n;
  const began = performance.now();
  const register = mode === "batched" ? entryCommand : entryCommandAlone;
  const answers = await Promise.all(players.map((p) => register(t, svc, { id: p, name: p }, "register", `c-${p}`)));
  const ms = performance.now() - began;
  if (!answers.every((a) => a.ok) || t.dir.entries.size !== PLAYERS) throw new Error(`${mode}: not every registration landed`);
  console.log(
    `${mode.padEnd(10)} ${PLAYERS} registrations in ${(ms / 1000).toFixed(2)} s: ${Math.round((PLAYERS / ms) * 1000)}/s, ${writes.n - before} store writes`,
  );
  await storage.store.close();
  await storage.ledger.close();
  rmSync(dir, { recursive: true, force: true });
  if (target.kind === "postgres") {
    const { pool } = pgPool(target.url, { schema: target.schema, maxConnections: 1 });
    await pool.query(`DROP SCHEMA IF EXISTS ${target.schema} CASCADE`).finally(() => pool.end());
  }
}

console.log(
  `registrations, ${DB}, load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
await run("one by one");
await run("batched");

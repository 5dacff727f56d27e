// Fencing in the PostgreSQL event store, against the machine's PostgreSQL, a fresh
// schema per test: every write to a fenced stream (append, the group commit, appendWithPostings,
// snapshots) carries this process's epoch and is refused with `store/fenced`, writing nothing,
// once another process raised the scope's fence above it.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { inTransaction, migratePostgres, pgPool } from "./postgres/db.ts";
import { laneOf, openPostgresEventStore, type PgEventStore } from "./postgres/event-store.ts";
import { openPostgresLedger } from "./postgres/ledger.ts";
import { FENCE_MIGRATIONS } from "./postgres/migrations.ts";
import * as post from "./ledger-postings.ts";
import { openStorage } from "./target.ts";
import { tempPgSchema, type PgFixture } from "../../testkit/store/backends.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** One process: the epochs it writes with, per scope (absent = it does not serve the scope). */
interface Proc {
  readonly store: PgEventStore;
  readonly epochs: Map<string, number>;
}

/** Streams "x:<scope>-<name>" are fenced by <scope>; "free:..." streams by nothing. */
const scopeOf = (stream: string): string | null => (stream.startsWith("free:") ? null : (stream.slice(stream.indexOf(":") + 1).split("-")[0] ?? null));

async function fixture(): Promise<{ tmp: PgFixture; open(): Promise<Proc> }> {
  const tmp = await tempPgSchema();
  cleanups.push(() => tmp.destroy());
  return {
    tmp,
    async open() {
      const epochs = new Map<string, number>();
      const store = await openPostgresEventStore(tmp.url, {
        schema: tmp.schema,
        maxConnections: 4,
        now: () => 1,
        fence: { scopeOf, epochOf: (s) => epochs.get(s) },
      });
      cleanups.push(() => store.close());
      return { store, epochs };
    },
  };
}

async function plainStore(tmp: PgFixture) {
  const store = await openPostgresEventStore(tmp.url, { schema: tmp.schema, maxConnections: 1 });
  cleanups.push(() => store.close());
  return store;
}

const ev = (n: number) => ({ type: "test", data: { n } });
const S = "S130";

describe("fenced appends in the PostgreSQL event store", () => {
  it("a frozen owner at epoch 13 is refused (store/fenced) once the new owner raised the fence to 19; the new owner's append lands", async () => {
    const { tmp, open } = await fixture();
    const a = await open(); // the old owner's process
    const b = await open(); // the new owner's process
    expect(await a.store.fences.raiseFence(S, 13)).toEqual({ ok: true, value: { scope: S, epoch: 13 } });
    a.epochs.set(S, 13);
    expect(await a.store.append(`table:${S}-t1`, 0, [ev(1), ev(2)])).toMatchObject({ ok: true, value: { version: 2 } });

    expect((await b.store.fences.raiseFence(S, 19)).ok).toBe(true);
    b.epochs.set(S, 19);
    expect(await a.store.fences.fence(S)).toBe(19);
    const refused = await a.store.append(`table:${S}-t1`, 2, [ev(3)]);
    expect(refused).toMatchObject({ ok: false, error: { code: "store/fenced", scope: S, epoch: 13, fence: 19 } });
    // A fenced append on a stream that does not exist yet does not create it either.
    expect((await a.store.append(`table:${S}-t2`, 0, [ev(1)])).ok).toBe(false);
    // Nor does a snapshot of it land.
    expect(await a.store.saveSnapshot(`table:${S}-t1`, 2, { at: 2 })).toMatchObject({ ok: false, error: { code: "store/fenced" } });

    expect(await b.store.append(`table:${S}-t1`, 2, [ev(4)])).toMatchObject({ ok: true, value: { version: 3 } });
    const store = await plainStore(tmp);
    expect((await store.read(`table:${S}-t1`)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }]);
    expect(await store.streamVersion(`table:${S}-t2`)).toBe(0);
    expect(await store.loadSnapshot(`table:${S}-t1`)).toBeNull();
  });

  it("a lone append is one statement that checks the fence itself, for every expected version (0, n, any); a scope without a fence row yet takes the transaction path and creates it", async () => {
    const { tmp, open } = await fixture();
    const a = await open();
    a.epochs.set("S140", 5); // no fence row for S140 yet: the fallback creates it at 0
    expect(await a.store.append(`table:S140-t`, 0, [ev(1)])).toMatchObject({ ok: true, value: { version: 1 } });
    expect(await a.store.append(`table:S140-t`, "any", [ev(2)])).toMatchObject({ ok: true, value: { version: 2 } });
    expect(await a.store.fences.raiseFence("S140", 9)).toMatchObject({ ok: true });
    for (const expected of [0, 2, "any"] as const) {
      const stream = expected === 0 ? `table:S140-u` : `table:S140-t`;
      expect(await a.store.append(stream, expected, [ev(3)])).toMatchObject({ ok: false, error: { code: "store/fenced", scope: "S140", epoch: 5, fence: 9 } });
    }
    a.epochs.set("S140", 9);
    expect(await a.store.append(`table:S140-t`, 1, [ev(3)])).toMatchObject({ ok: false, error: { code: "store/version-conflict" } });
    expect(await a.store.append(`table:S140-t`, "any", [ev(3)])).toMatchObject({ ok: true, value: { version: 3 } });
    expect(await a.store.append(`table:S140-u`, 0, [ev(1)])).toMatchObject({ ok: true, value: { version: 1 } });
    const store = await plainStore(tmp);
    expect((await store.read(`table:S140-t`)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it("a process that does not serve the scope is refused at once; streams no scope owns are not fenced", async () => {
    const { tmp, open } = await fixture();
    const a = await open();
    expect(await a.store.append(`table:${S}-t1`, 0, [ev(1)])).toMatchObject({ ok: false, error: { code: "store/fenced", scope: S } });
    expect(await a.store.appendWithPostings(`tournament:${S}-x`, 0, [ev(1)], [])).toMatchObject({ ok: false, error: { code: "store/fenced" } });
    expect((await a.store.append("free:lobby", 0, [ev(1)])).ok).toBe(true);
    expect(await (await plainStore(tmp)).streamVersion(`table:${S}-t1`)).toBe(0);
  });

  it("one fenced append inside a group-commit batch is refused alone; the others in the same transaction land", async () => {
    const { tmp, open } = await fixture();
    const a = await open();
    const b = await open();
    await a.store.fences.raiseFence("A1", 5);
    await a.store.fences.raiseFence("B1", 5);
    a.epochs.set("A1", 5).set("B1", 5);
    await b.store.fences.raiseFence("A1", 9); // someone else took A1
    // Streams of one lane go in one transaction of the group commit.
    const names: string[] = [];
    for (let i = 0; names.length < 6; i++) {
      const s = `table:${i % 2 === 0 ? "A1" : "B1"}-t${i}`;
      if (laneOf(s) === 0) names.push(s);
    }
    const results = await Promise.all(names.map((s) => a.store.append(s, 0, [ev(1), ev(2)])));
    const store = await plainStore(tmp);
    for (const [i, s] of names.entries()) {
      const r = results[i]!;
      if (s.startsWith("table:A1")) expect(r).toMatchObject({ ok: false, error: { code: "store/fenced", epoch: 5, fence: 9 } });
      else expect(r.ok).toBe(true);
      expect(await store.streamVersion(s)).toBe(s.startsWith("table:A1") ? 0 : 2);
    }
    expect(names.some((s) => s.startsWith("table:A1")) && names.some((s) => s.startsWith("table:B1"))).toBe(true);
  });

  it("appendWithPostings from a stale epoch writes neither its events nor its postings: the ledger is unchanged", async () => {
    const { tmp, open } = await fixture();
    const a = await open();
    const ledger = await openPostgresLedger(tmp.url, { schema: tmp.schema, maxConnections: 1 });
    cleanups.push(() => ledger.close());
    unwrap(await ledger.post(unwrap(post.deposit({ key: "d1", asset: "EUR", player: "p1", amount: 5_000, director: "d" }))));
    await a.store.fences.raiseFence(S, 3);
    a.epochs.set(S, 3);
    const buyIn = (key: string) => unwrap(post.buyIn({ key, asset: "EUR", player: "p1", tournament: S, amount: 1_000, fee: 100 }));
    expect((await a.store.appendWithPostings(`tournament:${S}`, 0, [ev(1)], [buyIn("b1")])).ok).toBe(true);
    const before = { totals: await ledger.totals(), p1: await ledger.balance("player:p1", "EUR") };
    await a.store.fences.raiseFence(S, 4);
    const r = await a.store.appendWithPostings(`tournament:${S}`, 1, [ev(2)], [buyIn("b2")]);
    expect(r).toMatchObject({ ok: false, error: { code: "store/fenced", epoch: 3, fence: 4 } });
    expect(await ledger.transaction("b2")).toBeNull();
    expect(await ledger.balance("player:p1", "EUR")).toBe(before.p1);
    expect(await ledger.totals()).toEqual(before.totals);
    expect(await a.store.streamVersion(`tournament:${S}`)).toBe(1);
  });

  it("appendGroups from a stale epoch writes no group's events nor postings (batches under fences)", async () => {
    const { tmp, open } = await fixture();
    const a = await open();
    const ledger = await openPostgresLedger(tmp.url, { schema: tmp.schema, maxConnections: 1 });
    cleanups.push(() => ledger.close());
    unwrap(await ledger.post(unwrap(post.deposit({ key: "d1", asset: "EUR", player: "p1", amount: 5_000, director: "d" }))));
    await a.store.fences.raiseFence(S, 3);
    a.epochs.set(S, 3);
    const buyIn = (key: string) => unwrap(post.buyIn({ key, asset: "EUR", player: "p1", tournament: S, amount: 1_000, fee: 100 }));
    const landed = unwrap(await a.store.appendGroups(`tournament:${S}`, 0, [{ events: [ev(1)], postings: [buyIn("b1")] }]));
    expect(landed.groups.every((g) => g.ok)).toBe(true);
    await a.store.fences.raiseFence(S, 4);
    const r = await a.store.appendGroups(`tournament:${S}`, 1, [
      { events: [ev(2)], postings: [buyIn("b2")] },
      { events: [ev(3)], postings: [] },
    ]);
    expect(r).toMatchObject({ ok: false, error: { code: "store/fenced", epoch: 3, fence: 4 } });
    expect(await ledger.transaction("b2")).toBeNull();
    expect(await ledger.balance("player:p1", "EUR")).toBe(3_900);
    expect(await a.store.streamVersion(`tournament:${S}`)).toBe(1);
  });

  it("a raise waits for a transaction holding the fence row FOR SHARE (an append in flight), then lands", async () => {
    const { tmp, open } = await fixture();
    const a = await open();
    await a.store.fences.raiseFence(S, 1);
    const { pool } = pgPool(tmp.url, { schema: tmp.schema, maxConnections: 2 });
    cleanups.push(() => pool.end());
    const inFlight = await pool.connect();
    await inFlight.query("BEGIN");
    await inFlight.query("SELECT epoch FROM fences WHERE scope = $1 FOR SHARE", [S]);
    let raised = false;
    const raise = a.store.fences.raiseFence(S, 2).then((r) => ((raised = true), r));
    // Until PostgreSQL shows the raise waiting on a lock, and it still waits then.
    for (;;) {
      const w = await pool.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO fences%'");
      if ((w.rowCount ?? 0) > 0) break;
      expect(raised).toBe(false);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(raised).toBe(false);
    await inFlight.query("COMMIT");
    inFlight.release();
    expect((await raise).ok).toBe(true);
    expect(await a.store.fences.fence(S)).toBe(2);
  });

  it("a process frozen inside its transaction (holding the fence row) does not stall the raise for ever: PostgreSQL ends its session after the idle-in-transaction timeout", async () => {
    const { tmp, open } = await fixture();
    const a = await open();
    await a.store.fences.raiseFence(S, 1);
    const { pool } = pgPool(tmp.url, { schema: tmp.schema, maxConnections: 1, idleInTransactionMs: 100 });
    pool.on("error", () => {});
    cleanups.push(() => pool.end().catch(() => {}));
    const frozen = await pool.connect();
    frozen.on("error", () => {});
    await frozen.query("BEGIN");
    await frozen.query("SELECT epoch FROM fences WHERE scope = $1 FOR SHARE", [S]);
    // The frozen holder never commits; the raise lands once PostgreSQL ended its session.
    expect((await a.store.fences.raiseFence(S, 2)).ok).toBe(true);
    await expect(frozen.query("SELECT 1")).rejects.toThrow();
    frozen.release(true);
    expect(await a.store.fences.fence(S)).toBe(2);
  });

  it("a process paused inside its own transaction (inTransaction) wakes to that transaction failed, not to a crash: PostgreSQL ended the session; the pool goes on with a new connection", async () => {
    const { tmp } = await fixture();
    const { pool } = pgPool(tmp.url, { schema: tmp.schema, maxConnections: 1, idleInTransactionMs: 100 });
    cleanups.push(() => pool.end().catch(() => {}));
    const { pool: watcher } = pgPool(tmp.url, { schema: tmp.schema, maxConnections: 1 });
    cleanups.push(() => watcher.end().catch(() => {}));
    const paused = inTransaction(pool, async (c) => {
      const pid = (await c.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
      // Idle inside the transaction (no query in flight) until PostgreSQL has ended the session.
      while ((await watcher.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid])).rowCount !== 0) await new Promise((r) => setTimeout(r, 20));
      await c.query("SELECT 2");
    });
    await expect(paused).rejects.toThrow();
    expect((await pool.query("SELECT 3 AS n")).rows[0].n).toBe(3);
  });

  it("appends racing a fence raise either land whole or are refused whole, and none lands after the raise commits", async () => {
    const { tmp, open } = await fixture();
    const a = await open();
    const b = await open();
    await a.store.fences.raiseFence(S, 13);
    a.epochs.set(S, 13);
    const appends = Array.from({ length: 12 }, (_, i) => a.store.append(`table:${S}-race${i}`, 0, [ev(1), ev(2)]));
    const raised = await b.store.fences.raiseFence(S, 19);
    expect(raised.ok).toBe(true);
    const late = await a.store.append(`table:${S}-late`, 0, [ev(1)]);
    expect(late).toMatchObject({ ok: false, error: { code: "store/fenced" } });
    const results = await Promise.all(appends);
    const store = await plainStore(tmp);
    for (const [i, r] of results.entries()) {
      if (!r.ok) expect(r.error.code).toBe("store/fenced");
      expect(await store.streamVersion(`table:${S}-race${i}`)).toBe(r.ok ? 2 : 0);
    }
    expect(await store.streamVersion(`table:${S}-late`)).toBe(0);
  });

  it("a fence never goes down: a stale owner cannot take the partition back; raising to the same epoch again is fine", async () => {
    const { open } = await fixture();
    const { store } = await open();
    expect((await store.fences.raiseFence(S, 19)).ok).toBe(true);
    expect(await store.fences.raiseFence(S, 13)).toMatchObject({ ok: false, error: { code: "store/fenced", epoch: 13, fence: 19 } });
    expect((await store.fences.raiseFence(S, 19)).ok).toBe(true);
    expect(await store.fences.fence(S)).toBe(19);
    expect(await store.fences.fence("S131")).toBe(0);
  });

  it("fences are per scope; version conflicts and bad input are still answered, writing nothing", async () => {
    const { open } = await fixture();
    const a = await open();
    await a.store.fences.raiseFence("S001", 50);
    a.epochs.set("S002", 3);
    expect((await a.store.append("table:S002-x", 0, [ev(1)])).ok).toBe(true);
    expect(await a.store.append("table:S002-x", 0, [ev(2)])).toMatchObject({ ok: false, error: { code: "store/version-conflict" } });
    a.epochs.set("S002", -1);
    expect(await a.store.append("table:S002-x", 1, [ev(2)])).toMatchObject({ ok: false, error: { code: "store/bad-events" } });
    expect(await a.store.fences.raiseFence("", 1)).toMatchObject({ ok: false, error: { code: "store/bad-stream" } });
    expect(await a.store.fences.fence("S002")).toBe(0);
  });

  it("openStorage passes the resolver on and hands out the fences on PostgreSQL; SQLite refuses a resolver (single-process)", async () => {
    const { tmp } = await fixture();
    const s = await openStorage({ kind: "postgres", url: tmp.url, schema: tmp.schema }, { fence: { scopeOf, epochOf: () => undefined } });
    cleanups.push(async () => {
      await s.store.close();
      await s.ledger.close();
    });
    expect(s.fences).toBeDefined();
    expect(await s.store.append(`table:${S}-t1`, 0, [ev(1)])).toMatchObject({ ok: false, error: { code: "store/fenced" } });
    await expect(openStorage({ kind: "sqlite", path: ":memory:" }, { fence: { scopeOf, epochOf: () => 1 } })).rejects.toThrow(/PostgreSQL/);
  });

  it("the fence migration is safe to run twice (and opening twice is fine)", async () => {
    const { tmp, open } = await fixture();
    await open();
    await open();
    const { pool, schema } = pgPool(tmp.url, { schema: tmp.schema, maxConnections: 1 });
    try {
      expect(await migratePostgres(pool, schema, FENCE_MIGRATIONS)).toEqual([]);
      await pool.query(FENCE_MIGRATIONS[0]!.sql); // even unrecorded, it does not fail
    } finally {
      await pool.end();
    }
  });

  it("property: an append lands exactly when its epoch is at least the highest fence raised so far", async () => {
    const { open } = await fixture();
    const a = await open();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ raise: fc.boolean(), epoch: fc.integer({ min: 0, max: 20 }) }), { minLength: 1, maxLength: 8 }), async (ops) => {
        run += 1;
        const scope = `P${run}`;
        const stream = `table:${scope}-r`;
        let fence = 0;
        let version = 0;
        for (const op of ops) {
          if (op.raise) {
            const r = await a.store.fences.raiseFence(scope, op.epoch);
            expect(r.ok).toBe(op.epoch >= fence);
            fence = Math.max(fence, op.epoch);
          } else {
            a.epochs.set(scope, op.epoch);
            const r = await a.store.append(stream, version, [ev(version + 1)]);
            expect(r.ok).toBe(op.epoch >= fence);
            if (r.ok) version += 1;
            else expect(r.error.code).toBe("store/fenced");
          }
        }
        expect(await a.store.fences.fence(scope)).toBe(fence);
      }),
      { numRuns: 25 },
    );
  });
});

// Fencing (issue 16) against the machine's PostgreSQL, a fresh schema per test.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { migratePostgres, pgPool } from "./postgres/db.ts";
import { openPostgresEventStore } from "./postgres/event-store.ts";
import { FENCE_MIGRATIONS, openPostgresFencedAppender, type FencedAppender } from "./postgres-fence.ts";
import { tempPgSchema, type PgFixture } from "./testing/backends.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fixture(): Promise<{ tmp: PgFixture; open(): Promise<FencedAppender> }> {
  const tmp = await tempPgSchema();
  cleanups.push(() => tmp.destroy());
  return {
    tmp,
    async open() {
      const f = await openPostgresFencedAppender(tmp.url, { schema: tmp.schema, maxConnections: 2, now: () => 1 });
      cleanups.push(() => f.close());
      return f;
    },
  };
}

const ev = (n: number) => ({ type: "test", data: { n } });
const SCOPE = "table.130";

describe("fencing in the PostgreSQL event store (issue 16)", () => {
  it("a frozen owner at epoch 13 is refused (store/fenced) once the new owner raised the fence to 19; the new owner's append lands", async () => {
    const { tmp, open } = await fixture();
    const a = await open(); // the old owner's process
    const b = await open(); // the new owner's process
    expect(await a.raiseFence(SCOPE, 13)).toEqual({ ok: true, value: { scope: SCOPE, epoch: 13 } });
    expect(await a.append(SCOPE, 13, "table:t1", 0, [ev(1), ev(2)])).toMatchObject({ ok: true, value: { version: 2 } });

    expect((await b.raiseFence(SCOPE, 19)).ok).toBe(true);
    expect(await a.fence(SCOPE)).toBe(19);
    const refused = await a.append(SCOPE, 13, "table:t1", 2, [ev(3)]);
    expect(refused).toMatchObject({ ok: false, error: { code: "store/fenced", scope: SCOPE, epoch: 13, fence: 19 } });
    // A fenced append on a stream that does not exist yet does not create it either.
    expect((await a.append(SCOPE, 13, "table:t2", 0, [ev(1)])).ok).toBe(false);

    expect(await b.append(SCOPE, 19, "table:t1", 2, [ev(4)])).toMatchObject({ ok: true, value: { version: 3 } });
    const store = await openPostgresEventStore(tmp.url, { schema: tmp.schema, maxConnections: 1 });
    cleanups.push(() => store.close());
    expect((await store.read("table:t1")).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }]);
    expect(await store.streamVersion("table:t2")).toBe(0);
  });

  it("appends racing a fence raise either land whole or are refused whole, and none lands after the raise commits", async () => {
    const { tmp, open } = await fixture();
    const a = await open();
    const b = await open();
    await a.raiseFence(SCOPE, 13);
    const appends = Array.from({ length: 12 }, (_, i) => a.append(SCOPE, 13, `table:race${i}`, 0, [ev(1), ev(2)]));
    const raised = await b.raiseFence(SCOPE, 19);
    expect(raised.ok).toBe(true);
    const late = await a.append(SCOPE, 13, "table:late", 0, [ev(1)]);
    expect(late).toMatchObject({ ok: false, error: { code: "store/fenced" } });
    const results = await Promise.all(appends);
    const store = await openPostgresEventStore(tmp.url, { schema: tmp.schema, maxConnections: 1 });
    cleanups.push(() => store.close());
    for (const [i, r] of results.entries()) {
      if (!r.ok) expect(r.error.code).toBe("store/fenced");
      expect(await store.streamVersion(`table:race${i}`)).toBe(r.ok ? 2 : 0);
    }
    expect(await store.streamVersion("table:late")).toBe(0);
  });

  it("a fence never goes down: a stale owner cannot take the partition back; raising to the same epoch again is fine", async () => {
    const { open } = await fixture();
    const f = await open();
    expect((await f.raiseFence(SCOPE, 19)).ok).toBe(true);
    expect(await f.raiseFence(SCOPE, 13)).toMatchObject({ ok: false, error: { code: "store/fenced", epoch: 13, fence: 19 } });
    expect((await f.raiseFence(SCOPE, 19)).ok).toBe(true);
    expect(await f.fence(SCOPE)).toBe(19);
    expect(await f.fence("table.131")).toBe(0);
  });

  it("fences are per scope; version conflicts and bad input are still answered, writing nothing", async () => {
    const { open } = await fixture();
    const f = await open();
    await f.raiseFence("table.001", 50);
    expect((await f.append("table.002", 3, "table:x", 0, [ev(1)])).ok).toBe(true);
    expect(await f.append("table.002", 3, "table:x", 0, [ev(2)])).toMatchObject({ ok: false, error: { code: "store/version-conflict" } });
    expect(await f.append("table.002", -1, "table:x", 1, [ev(2)])).toMatchObject({ ok: false, error: { code: "store/bad-events" } });
    expect(await f.raiseFence("", 1)).toMatchObject({ ok: false, error: { code: "store/bad-stream" } });
    expect(await f.fence("table.002")).toBe(0);
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
    const f = await open();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ raise: fc.boolean(), epoch: fc.integer({ min: 0, max: 20 }) }), { minLength: 1, maxLength: 8 }),
        async (ops) => {
          run += 1;
          const scope = `p.${run}`;
          const stream = `table:r${run}`;
          let fence = 0;
          let version = 0;
          for (const op of ops) {
            if (op.raise) {
              const r = await f.raiseFence(scope, op.epoch);
              expect(r.ok).toBe(op.epoch >= fence);
              fence = Math.max(fence, op.epoch);
            } else {
              const r = await f.append(scope, op.epoch, stream, version, [ev(version + 1)]);
              expect(r.ok).toBe(op.epoch >= fence);
              if (r.ok) version += 1;
              else expect(r.error.code).toBe("store/fenced");
            }
          }
          expect(await f.fence(scope)).toBe(fence);
        },
      ),
      { numRuns: 25 },
    );
  });
});

// PostgreSQL readAll's horizon: positions commit out of order, so a transaction still open
// that will commit events sorting before a cursor holds the reader back at it, and only it:
// a transaction open in another schema (other tests, other Felt schemas on one server)
// does not (the flake seen when readAll used the server-wide pg_snapshot_xmin).
import { afterEach, describe, expect, it } from "vitest";
import type pg from "pg";
import { pgPool } from "./postgres/db.ts";
import { openPostgresEventStore, type PgEventStore } from "./postgres/event-store.ts";
import { PG_TEST_URL, tempPgSchema } from "../../testkit/store/backends.ts";
import type { GlobalCursor } from "./event-store.ts";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function schema(): Promise<{ store: PgEventStore; schema: string; client: () => Promise<pg.PoolClient> }> {
  const tmp = await tempPgSchema();
  cleanups.push(() => tmp.destroy());
  const store = await openPostgresEventStore(tmp.url, { schema: tmp.schema });
  cleanups.push(() => store.close());
  const { pool } = pgPool(tmp.url, { schema: tmp.schema, maxConnections: 2 });
  cleanups.push(() => pool.end());
  const client = async () => {
    const c = await pool.connect();
    cleanups.push(async () => {
      await c.query("ROLLBACK").catch(() => {});
      c.release();
    });
    return c;
  };
  return { store, schema: tmp.schema, client };
}

/** Every event after `cursor` readAll returns now, page after page until an empty one. */
async function drain(store: PgEventStore, cursor: GlobalCursor): Promise<{ seen: string[]; cursor: GlobalCursor }> {
  const seen: string[] = [];
  for (;;) {
    const page = await store.readAll(cursor, 2);
    if (page.events.length === 0) return { seen, cursor };
    seen.push(...page.events.map((e) => `${e.stream}#${e.version}`));
    cursor = page.cursor;
  }
}

/** Writes an event of `stream` inside the open transaction on `c` (as an append does). */
async function insertEvent(c: pg.PoolClient, stream: string): Promise<number> {
  await c.query("INSERT INTO streams (stream, type, version) VALUES ($1, 'table', 1)", [stream]);
  const r = await c.query<{ position: string }>(
    "INSERT INTO events (stream, version, type, data, meta, recorded_at) VALUES ($1, 1, 'E', '1', '{}', 0) RETURNING position",
    [stream],
  );
  return Number(r.rows[0]!.position);
}

describe("PostgreSQL readAll: the horizon", () => {
  it("an open transaction holding a lower position blocks readAll before it; once it commits readAll returns it, then the rest: no gap", async () => {
    const { store, client } = await schema();
    await store.append("table:a", 0, [{ type: "E", data: 0 }]);
    const a = await drain(store, null);
    expect(a.seen).toEqual(["table:a#1"]);
    const open = await client();
    await open.query("BEGIN");
    const low = await insertEvent(open, "table:low");
    const later = await store.append("table:high", 0, [{ type: "E", data: 1 }]);
    expect(later.ok && later.value.position).toBeGreaterThan(low);
    // table:high is committed, but returning it would move the cursor past table:low.
    const held = await drain(store, a.cursor);
    expect(held).toEqual({ seen: [], cursor: a.cursor });
    await open.query("COMMIT");
    const after = await drain(store, held.cursor);
    expect(after.seen).toEqual(["table:low#1", "table:high#1"]);
  });

  it("a transaction of this schema with a transaction id but no events yet (a fence row locked first) blocks too", async () => {
    const { store, client } = await schema();
    expect((await store.fences.raiseFence("t1", 1)).ok).toBe(true);
    const open = await client();
    await open.query("BEGIN");
    // FOR SHARE gives the transaction its id before it writes any event (passFence does this).
    await open.query("SELECT epoch FROM fences WHERE scope = 't1' FOR SHARE");
    const id = await open.query<{ x: string | null }>("SELECT pg_current_xact_id_if_assigned()::text AS x");
    expect(id.rows[0]!.x).not.toBeNull();
    await store.append("table:high", 0, [{ type: "E", data: 1 }]);
    expect((await drain(store, null)).seen).toEqual([]);
    await insertEvent(open, "table:low");
    await open.query("COMMIT");
    expect((await drain(store, null)).seen).toEqual(["table:low#1", "table:high#1"]);
  });

  it("a transaction open in another schema, older than the append, does not hold this schema's readAll back", async () => {
    const here = await schema();
    const other = await schema();
    const open = await other.client();
    await open.query("BEGIN");
    await insertEvent(open, "table:elsewhere");
    const xid = await open.query<{ x: string }>("SELECT pg_current_xact_id()::text AS x");
    const r = await here.store.append("table:here", 0, [{ type: "E", data: 1 }]);
    expect(r.ok).toBe(true);
    const mine = await (await here.client()).query<{ x: string }>("SELECT tx_id::text AS x FROM events");
    // The other schema's transaction is older (the server-wide xmin would hold the event back).
    expect(BigInt(xid.rows[0]!.x)).toBeLessThan(BigInt(mine.rows[0]!.x));
    expect((await drain(here.store, null)).seen).toEqual(["table:here#1"]);
    expect((await drain(other.store, null)).seen).toEqual([]);
    await open.query("COMMIT");
    expect((await drain(other.store, null)).seen).toEqual(["table:elsewhere#1"]);
  });
});

describe("PostgreSQL readAll: transactions ending while it reads", () => {
  it("another schema's transactions, older than the appends and ending during the reads, do not make a drain stop short", async () => {
    const here = await schema();
    const other = await schema();
    const { pool: busy } = pgPool(PG_TEST_URL, { schema: other.schema, maxConnections: 12 });
    cleanups.push(() => busy.end());
    let running = true;
    // Each holds a transaction id a few milliseconds, so most of them are older than an
    // append made meanwhile, and some end in the middle of a readAll's statement.
    const churn = Array.from({ length: 12 }, async (_, i) => {
      const c = await busy.connect();
      try {
        for (let n = 0; running; n += 1) {
          await c.query("BEGIN");
          await c.query("SELECT pg_current_xact_id()");
          await c.query(`SELECT pg_sleep(${((i * 7 + n) % 5) / 1000})`);
          await c.query("COMMIT");
        }
      } finally {
        c.release();
      }
    });
    let cursor: GlobalCursor = null;
    let short = 0;
    for (let round = 0; round < 150; round += 1) {
      const r = await here.store.append(`table:r${round}`, 0, [
        { type: "E", data: 0 },
        { type: "E", data: 1 },
      ]);
      expect(r.ok).toBe(true);
      const page = await drain(here.store, cursor);
      if (page.seen.join() !== `table:r${round}#1,table:r${round}#2`) short += 1;
      cursor = page.cursor;
    }
    running = false;
    await Promise.all(churn);
    expect(short).toBe(0);
  });
});

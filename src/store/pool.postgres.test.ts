// `--db postgres://…?pool=N`: each of the process's stores holds at most N connections. A
// cluster's members share one server's max_connections (about 32 a member by default), so a
// big cluster is given fewer per member; the server's own count is what is checked here.
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { openAccountStore } from "../accounts/index.ts";
import { pgPool } from "./postgres/db.ts";
import { openEventStore, openHandIndex, openLedger, parseDbUrl } from "./target.ts";
import { tempPgSchema, type PgFixture } from "../../testkit/store/backends.ts";

let pg: PgFixture | undefined;
afterEach(async () => {
  await pg?.destroy();
});

/** Connections the server has open for `application`, counted by the server. */
async function serverCount(url: string, application: string): Promise<number> {
  const { pool } = pgPool(url, { maxConnections: 1 });
  try {
    const r = await pool.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1", [application]);
    return Number(r.rows[0]!.n);
  } finally {
    await pool.end();
  }
}

describe("the pool parameter of a PostgreSQL URL", () => {
  it("caps every store's connections while many appends, postings and reads run at once; without it a store opens more", async () => {
    pg = await tempPgSchema();
    const counts: Record<string, number> = {};
    for (const pool of [2, null] as const) {
      const application = `felt_pool_${randomBytes(4).toString("hex")}`;
      const url = `${pg.url}?schema=${pg.schema}&application_name=${application}${pool === null ? "" : `&pool=${pool}`}`;
      const target = parseDbUrl(url);
      if (!target.ok) throw new Error(target.error.message);
      const store = await openEventStore(target.value);
      const ledger = await openLedger(target.value);
      const accounts = await openAccountStore(target.value);
      const hands = await openHandIndex(target.value);
      try {
        // Many streams at once: the event store's lanes and reads each want a connection.
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            Promise.all([store.append(`table:p${i}`, 0, [{ type: "note", data: { i } }]), store.read(`table:p${i}`), ledger.balance(`player:${i}`, "chips")]),
          ),
        );
        counts[String(pool)] = await serverCount(pg.url, application);
      } finally {
        await store.close();
        await ledger.close();
        await accounts.close();
        await hands.close();
      }
    }
    // Four pools: event store, ledger, accounts (2 each at most) and the hand index (2 at most).
    expect(counts["2"]).toBeGreaterThan(0);
    expect(counts["2"]).toBeLessThanOrEqual(8);
    expect(counts["null"]).toBeGreaterThan(8);
  });
});

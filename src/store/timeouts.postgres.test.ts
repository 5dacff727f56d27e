// PostgreSQL that stops answering (packets dropped, not refused) is an outage with an end:
// every query fails within the timeouts, as an outage (503 + Retry-After at the gateway),
// the connections that timed out are dropped, and once PostgreSQL answers again the store
// works on fresh ones, its streams whole.
import { afterEach, describe, expect, it } from "vitest";
import { isStorageOutage } from "../server/gateway/outage.ts";
import { openPostgresEventStore } from "./postgres/event-store.ts";
import { proxyInFront, type BlackholeProxy } from "../../testkit/store/blackhole-proxy.ts";
import { tempPgSchema, type PgFixture } from "../../testkit/store/backends.ts";

let proxy: BlackholeProxy | undefined;
let pg: PgFixture | undefined;
afterEach(async () => {
  await proxy?.close();
  await pg?.destroy();
});

const event = (n: number) => [{ type: "note", data: { n } }];

describe("PostgreSQL that drops packets", () => {
  it("every query fails within the timeouts as an outage, and the store works again once PostgreSQL answers", async () => {
    pg = await tempPgSchema();
    const front = await proxyInFront(pg.url, 5432);
    proxy = front.proxy;
    const store = await openPostgresEventStore(front.url, { schema: pg.schema, connectTimeoutMs: 1_000, queryTimeoutMs: 1_000 });
    try {
      expect((await store.append("t:1", 0, event(1))).ok).toBe(true);

      proxy.blackhole();
      // An append on a pooled connection (its answer never comes) and a read that needs a new
      // one (never made): both fail as outages instead of hanging (the test's own timeout).
      const failed = await Promise.allSettled([store.append("t:1", 1, event(2)), store.read("t:1"), store.streamVersion("t:1")]);
      for (const f of failed) {
        expect(f.status).toBe("rejected");
        expect(isStorageOutage((f as PromiseRejectedResult).reason), String((f as PromiseRejectedResult).reason)).toBe(true);
      }

      proxy.heal();
      // Fresh connections: the stream is as it was before the cut, and appends go on.
      const version = await store.streamVersion("t:1");
      expect(version).toBe(1);
      expect((await store.append("t:1", version, event(2))).ok).toBe(true);
      expect((await store.read("t:1")).map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
    } finally {
      await store.close();
    }
  }, 60_000);
});

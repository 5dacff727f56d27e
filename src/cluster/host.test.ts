// The partition host against the machine's NATS and PostgreSQL: throwaway buckets
// (a prefix per test) and a throwaway schema for the fences. Two hosts in one process stand
// for two `felt serve --cluster` processes; a fake server records what it was asked to load
// and close. Assertions are about ownership, epochs and fences, never about how fast.
import { randomBytes } from "node:crypto";
import type { NatsConnection } from "nats";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPostgresEventStore } from "../store/index.ts";
import { tempPgSchema } from "../../testkit/store/backends.ts";
import { HOST_ERRORS, PartitionHost, scopeOfStream, TABLE_KEYS, TOURNAMENT_KEYS, type PartitionServer } from "./host.ts";
import { LEASE_BUCKETS } from "./leases.ts";
import { everything, tableKey, tournamentKey } from "./ownership.ts";
import type { PartitionKind } from "./partition.ts";
import { CLUSTER_BUCKETS, testNats, until } from "../../testkit/cluster/nats.ts";

let nc: NatsConnection;
beforeAll(async () => {
  nc = await testNats();
});
afterAll(async () => {
  await nc?.close();
});
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A server that only records which partitions it holds. */
function fakeServer(): PartitionServer & { held: Set<string>; adopted: string[] } {
  const held = new Set<string>();
  const adopted: string[] = [];
  return {
    held,
    adopted,
    async adoptPartition(key) {
      expect(held.has(key)).toBe(false);
      held.add(key);
      adopted.push(key);
    },
    async dropPartition(key) {
      held.delete(key);
    },
  };
}

async function cluster() {
  const prefix = `felt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const tmp = await tempPgSchema();
  cleanups.push(() => tmp.destroy());
  const store = await openPostgresEventStore(tmp.url, { schema: tmp.schema, maxConnections: 2 });
  cleanups.push(() => store.close());
  cleanups.push(async () => {
    const js = nc.jetstreamManager ? await nc.jetstreamManager() : null;
    for (const b of CLUSTER_BUCKETS) await js?.streams.delete(`KV_${prefix}_${b}`).catch(() => false);
  });
  const logs: string[] = [];
  const start = async (member: string, kinds?: readonly PartitionKind[]) => {
    const host = new PartitionHost({ nc, member, prefix, log: (m) => logs.push(m), ...(kinds ? { kinds } : {}) });
    const server = fakeServer();
    await host.start(store.fences, server);
    cleanups.push(() => host.stop());
    return { host, server };
  };
  return { start, store, logs, prefix };
}

describe("the partition host", () => {
  it("a tournament's stream and its tables' streams are fenced by its partition; other streams are not", () => {
    expect(scopeOfStream("tournament:Tabc")).toBe(tournamentKey("Tabc"));
    expect(scopeOfStream("table:Tabc-t12")).toBe(tournamentKey("Tabc"));
    expect(scopeOfStream("table:t1")).toBeNull();
    expect(scopeOfStream("accounts:x")).toBeNull();
  });

  it("stage 1 (the default): a table belongs to its tournament's partition; with table partitions (stage 2) to its own, and its stream is fenced there", () => {
    const stage1 = new PartitionHost({ nc, member: "a" });
    const split = new PartitionHost({ nc, member: "a", kinds: ["tournament", "table"] });
    expect(stage1.keyOfTable("Tabc-t12")).toBe(tournamentKey("Tabc"));
    expect(everything().keyOfTable("Tabc-t12")).toBe(tournamentKey("Tabc"));
    expect(split.keyOfTable("Tabc-t12")).toBe(tableKey("Tabc-t12"));
    expect(tableKey("Tabc-t12")).toMatch(/^table\.\d{3}$/);
    expect(split.keyOf("Tabc")).toBe(tournamentKey("Tabc"));
    expect(stage1.resolver.scopeOf("table:Tabc-t12")).toBe(tournamentKey("Tabc"));
    expect(split.resolver.scopeOf("table:Tabc-t12")).toBe(tableKey("Tabc-t12"));
    expect(split.resolver.scopeOf("tournament:Tabc")).toBe(tournamentKey("Tabc"));
    expect(scopeOfStream("table:Tabc-t12", true)).toBe(tableKey("Tabc-t12"));
    expect(scopeOfStream("table:t1", true)).toBeNull();
    // The tables of one tournament spread over table partitions.
    expect(new Set(Array.from({ length: 40 }, (_, i) => split.keyOfTable(`Tabc-t${i + 1}`))).size).toBeGreaterThan(30);
  });

  it("alone, a member serves all 64 partitions, each with its fence raised to its epoch", async () => {
    const { start, store } = await cluster();
    const a = await start("a");
    await until(() => (a.host.servingKeys().length === 64 ? true : undefined), "a serves everything", 120_000);
    expect(a.server.held).toEqual(new Set(TOURNAMENT_KEYS));
    for (const k of TOURNAMENT_KEYS) {
      const epoch = a.host.serving(k)!;
      expect(epoch).toBeGreaterThan(0);
      expect(await store.fences.fence(k)).toBe(epoch);
      expect(a.host.resolver.epochOf(k)).toBe(epoch);
    }
  }, 180_000);

  it("a second member joins: the first hands partitions back until they hold 32 each, every partition served exactly once; a graceful stop hands them all back", async () => {
    const { start } = await cluster();
    const a = await start("a");
    await until(() => (a.host.servingKeys().length === 64 ? true : undefined), "a serves everything", 120_000);
    const b = await start("b");
    const split = () => {
      const sa = new Set(a.host.servingKeys());
      const sb = new Set(b.host.servingKeys());
      return sa.size === 32 && sb.size === 32 && [...sa].every((k) => !sb.has(k)) ? true : undefined;
    };
    await until(split, "32 each", 120_000);
    expect(new Set([...a.server.held, ...b.server.held])).toEqual(new Set(TOURNAMENT_KEYS));
    // No thrashing: the split holds over further balancing rounds.
    const before = [...b.server.adopted];
    await new Promise((r) => setTimeout(r, 3_000));
    expect(split()).toBe(true);
    expect(b.server.adopted).toEqual(before);
    // a leaves gracefully: it closes and releases everything; b takes every partition (with a higher epoch).
    const epochs = new Map(a.host.servingKeys().map((k) => [k, a.host.serving(k)!]));
    await a.host.stop();
    expect(a.host.servingKeys()).toEqual([]);
    expect(a.server.held.size).toBe(0);
    await until(() => (b.host.servingKeys().length === 64 ? true : undefined), "b serves everything", 120_000);
    for (const [k, e] of epochs) expect(b.host.serving(k)!).toBeGreaterThan(e);
  }, 300_000);

  it("a member frozen past its lease (no renewals, nothing released) loses every partition to the other, which raises each fence above the old epoch", async () => {
    const { start, store } = await cluster();
    const a = await start("a");
    await until(() => (a.host.servingKeys().length === 64 ? true : undefined), "a serves everything", 120_000);
    const old = new Map(TOURNAMENT_KEYS.map((k) => [k, a.host.serving(k)!]));
    await a.host.freezeForTests({ keepWriting: false });
    const b = await start("b");
    await until(() => (b.host.servingKeys().length === 64 ? true : undefined), "b serves everything", 120_000);
    for (const k of TOURNAMENT_KEYS) {
      expect(await store.fences.fence(k)).toBe(b.host.serving(k));
      expect(b.host.serving(k)!).toBeGreaterThan(old.get(k)!);
      expect(a.host.resolver.epochOf(k)).toBeUndefined();
    }
  }, 300_000);

  it("stage 2: three members holding table partitions too spread all 320 leases, each kind apart (22/21/21 and 86/85/85), every partition served once and fenced at its epoch", async () => {
    const { start, store, prefix } = await cluster();
    const kinds = ["tournament", "table"] as const;
    const t0 = Date.now();
    const members = await Promise.all(["a", "b", "c"].map((m) => start(m, kinds)));
    const sizes = (keys: readonly string[]) => members.map((m) => m.host.servingKeys().filter((k) => keys.includes(k)).length).sort((x, y) => y - x);
    const settled = () => {
      const all = members.flatMap((m) => m.host.servingKeys());
      return new Set(all).size === 320 && all.length === 320 && sizes(TOURNAMENT_KEYS).join() === "22,21,21" && sizes(TABLE_KEYS).join() === "86,85,85"
        ? true
        : undefined;
    };
    await until(settled, "320 partitions spread over three", 180_000);
    const acquisitionMs = Date.now() - t0;
    const adoptions = members.reduce((n, m) => n + m.server.adopted.length, 0);
    for (const m of members) {
      for (const k of m.host.servingKeys()) {
        expect(m.server.held.has(k)).toBe(true);
        expect(await store.fences.fence(k)).toBe(m.host.serving(k));
      }
    }
    // What 320 leases cost: KV writes (renewals, acquisitions, releases) per second and process, read off both buckets' streams.
    const jsm = await nc.jetstreamManager();
    const lastSeq = async (b: string) => (await jsm.streams.info(`KV_${prefix}_${b}`)).state.last_seq;
    const seq = async () => (await lastSeq(LEASE_BUCKETS.owners)) + (await lastSeq(LEASE_BUCKETS.alive));
    const s0 = await seq();
    const w0 = Date.now();
    await new Promise((r) => setTimeout(r, 5_000));
    const perProcess = ((await seq()) - s0) / ((Date.now() - w0) / 1_000) / 3;
    expect(settled()).toBe(true);
    expect(members.reduce((n, m) => n + m.server.adopted.length, 0)).toBe(adoptions);
    // Settled, a member writes its own liveness key once a second, not one key per partition it holds.
    expect(perProcess).toBeLessThan(5);
    console.log(
      `320 leases over 3 members: settled in ${acquisitionMs} ms after starting together (${adoptions} acquisitions), ${perProcess.toFixed(0)} KV writes/s per process`,
    );
  }, 300_000);
  it("a member refuses to join live members whose tables live on the other layout (split, or with their directors); a member of an older Felt (a key per partition) is refused whatever its layout; once they are gone the layout may change; one started without asking first is refused once announced", async () => {
    const { start, prefix } = await cluster();
    const a = await start("a"); // tables with their directors (the host's own default)
    expect(a.host.layout).toBe("with-director");
    const split = new PartitionHost({ nc, member: "b", prefix, kinds: ["tournament", "table"] });
    expect(split.layout).toBe("split");
    const refused = await split.checkLayout();
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.code).toBe(HOST_ERRORS.layout);
    expect(!refused.ok && refused.error.message).toMatch(/member a .*with their directors.*split over the cluster.*--tables-with-director/);
    expect((await new PartitionHost({ nc, member: "c", prefix }).checkLayout()).ok).toBe(true);

    // A graceful stop deletes a's liveness key: nobody is left to disagree with.
    await a.host.stop();
    expect((await split.checkLayout()).ok).toBe(true);
    // A member of an older Felt announced itself in `<prefix>_members` and held a TTL key per
    // partition elsewhere: refused whatever its layout, and once its name has gone, no more.
    const kv = await nc.jetstream().views.kv(`${prefix}_members`, { history: 1, ttl: 3_000 });
    await kv.put("old", new TextEncoder().encode(JSON.stringify({ member: "old", layout: "split" })));
    const older = await split.checkLayout();
    expect(!older.ok && older.error.code).toBe(HOST_ERRORS.leases);
    expect(!older.ok && older.error.message).toMatch(/member old .*older Felt.*start them all on this version/);
    await kv.delete("old");
    expect((await split.checkLayout()).ok).toBe(true);
    await kv.destroy();

    // Started without asking first (or at the same moment as one on the other layout): once
    // announced it checks again and does not serve.
    await start("c");
    await expect(start("d", ["tournament", "table"])).rejects.toThrow(/member c .*with their directors/);
  });
});

// The partition host when its lease goes while a partition is being taken, being
// loaded or served, as a process paused past its lease (SIGSTOP, a long GC, a starved
// machine) finds on waking: it must stop the partition and say so ("stops serving …: lease
// lost") whatever the phase, and whichever of its timers runs first. Real NATS and
// PostgreSQL (throwaway buckets and schema, as host.test.ts); the host's clock and timers
// are the test's, so a pause is a clock jump and the order of the wake-up is chosen.
import { randomBytes } from "node:crypto";
import type { NatsConnection } from "nats";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPostgresEventStore, type Fences } from "../store/index.ts";
import { tempPgSchema } from "../../testkit/store/backends.ts";
import { PartitionHost, type PartitionServer } from "./host.ts";
import { LEASE_DEFAULTS, type Every } from "./leases.ts";
import { CLUSTER_BUCKETS, manualClock, testNats, until } from "../../testkit/cluster/nats.ts";

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

/** A gate a promise waits at until the test opens it. */
function gate(): { wait: Promise<void>; open(): void } {
  let open = () => {};
  const wait = new Promise<void>((r) => (open = r));
  return { wait, open };
}

/** Timers fired by the test, in the order it picks: [0] the lease renewal, [1] the host's tick (their order of registration). */
function handTimers(): { every: Every; fire(i: number): void; count(): number } {
  const fns: (() => void)[] = [];
  return {
    every: (_ms, fn) => {
      fns.push(fn);
      return () => {};
    },
    fire: (i) => fns[i]!(),
    count: () => fns.length,
  };
}

/** A server that records what it loads ("key@epoch") and closes; loading waits at `loading` when one is set. */
function gatedServer() {
  const s = {
    adopting: [] as string[],
    held: new Set<string>(),
    dropped: [] as string[],
    loading: null as Promise<void> | null,
  };
  const server: PartitionServer = {
    async adoptPartition(key, epoch) {
      s.adopting.push(`${key}@${epoch}`);
      if (s.loading !== null) await s.loading;
      s.held.add(key);
    },
    async dropPartition(key) {
      s.held.delete(key);
      s.dropped.push(key);
    },
  };
  return { s, server };
}

async function setup(keys: readonly string[], fences?: (real: Fences) => Fences) {
  const prefix = `felt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const tmp = await tempPgSchema();
  cleanups.push(() => tmp.destroy());
  const store = await openPostgresEventStore(tmp.url, { schema: tmp.schema, maxConnections: 2 });
  cleanups.push(() => store.close());
  cleanups.push(async () => {
    const jsm = await nc.jetstreamManager();
    for (const b of CLUSTER_BUCKETS) await jsm.streams.delete(`KV_${prefix}_${b}`).catch(() => false);
  });
  const logs: string[] = [];
  const clock = manualClock(Date.now());
  const timers = handTimers();
  const { s, server } = gatedServer();
  const host = new PartitionHost({ nc, member: "a", prefix, keys, clock, every: timers.every, log: (m) => logs.push(m) });
  cleanups.push(() => host.stop());
  const stopped: string[] = [];
  const served: string[] = [];
  host.onStopped((k) => stopped.push(k));
  host.onServing((k, epoch) => served.push(`${k}@${epoch}`));
  void host.start(fences ? fences(store.fences) : store.fences, server);
  /** A second member on the real clock and timers. */
  const other = async () => {
    const b = new PartitionHost({ nc, member: "b", prefix, keys });
    await b.start(store.fences, gatedServer().server);
    cleanups.push(() => b.stop());
    return b;
  };
  return { host, clock, timers, s, logs, stopped, served, store, other };
}

/** The pause: the host's clock jumps past its leases (what the process finds on waking). */
const PAUSE_MS = LEASE_DEFAULTS.ttlMs + 1_000;
const lostLine = (key: string, phase = "") => new RegExp(`^cluster: a stops serving ${key}: lease lost \\((stale|taken)\\)${phase}$`);

describe("the partition host paused past its lease", () => {
  it("lost while loading (the renewal round runs first on waking): logged at once, nothing written meanwhile, closed once loading ends, never served at that epoch", async () => {
    const t = await setup(["k1"]);
    const loading = gate();
    t.s.loading = loading.wait;
    cleanups.push(async () => loading.open()); // a failed test leaves no take waiting (stop() waits for it)
    const at = await until(() => t.s.adopting[0], "a loads k1");
    expect(at).toBe(`k1@${t.host.resolver.epochOf("k1")}`);
    t.clock.advance(PAUSE_MS);
    expect(t.host.resolver.epochOf("k1")).toBeUndefined();
    t.timers.fire(0);
    await until(() => t.logs.find((l) => lostLine("k1", " while loading").test(l)), "a logs the loss while loading");
    loading.open();
    await until(() => (t.stopped.length > 0 ? true : undefined), "a closes k1");
    // (The lease released, a may take k1 again later, at a new epoch.)
    expect(t.s.dropped[0]).toBe("k1");
    expect(t.stopped[0]).toBe("k1");
    expect(t.served).not.toContain(at);
    expect(t.logs.filter((l) => l.includes("stops serving k1"))).toHaveLength(1);
  }, 60_000);

  it("stale once loading ends, before any renewal round said so: the loss is logged and the partition closed, never served at that epoch", async () => {
    const t = await setup(["k1"]);
    const loading = gate();
    t.s.loading = loading.wait;
    cleanups.push(async () => loading.open()); // a failed test leaves no take waiting (stop() waits for it)
    const at = await until(() => t.s.adopting[0], "a loads k1");
    t.clock.advance(PAUSE_MS);
    loading.open();
    await until(() => (t.stopped.length > 0 ? true : undefined), "a closes k1");
    expect(t.logs.filter((l) => lostLine("k1", " while loading").test(l))).toHaveLength(1);
    expect(t.s.dropped[0]).toBe("k1");
    expect(t.served).not.toContain(at);
    // The renewal round that finds the lease stale afterwards says nothing more.
    t.timers.fire(0);
    await new Promise((r) => setImmediate(r));
    expect(t.logs.filter((l) => l.includes("stops serving k1"))).toHaveLength(1);
  }, 60_000);

  it("lost while its fence is being raised: logged, never loaded at that epoch", async () => {
    const raising = gate();
    const asked: string[] = [];
    const raised: string[] = [];
    const t = await setup(["k1"], (real) => ({
      fence: (scope) => real.fence(scope),
      raiseFence: async (scope, epoch) => {
        asked.push(`${scope}@${epoch}`);
        await raising.wait;
        const r = await real.raiseFence(scope, epoch);
        raised.push(`${scope}@${epoch}`);
        return r;
      },
    }));
    cleanups.push(async () => raising.open());
    const at = await until(() => asked[0], "a raises k1's fence");
    t.clock.advance(PAUSE_MS);
    t.timers.fire(0);
    await until(() => t.logs.find((l) => lostLine("k1", " while taking").test(l)), "a logs the loss while taking");
    raising.open();
    await until(() => (raised.includes(at) ? true : undefined), "the raise ends");
    await new Promise((r) => setImmediate(r));
    expect(t.s.adopting).not.toContain(at);
    expect(t.served).not.toContain(at);
    expect(t.logs.filter((l) => l.includes("stops serving k1"))).toHaveLength(1);
  }, 60_000);

  it("served, woken into a balancing round (a member joined meanwhile, short) before its renewal round: every partition's loss is logged, none is handed 'over'", async () => {
    const t = await setup(["k1", "k2"]);
    await until(() => (t.host.servingKeys().length === 2 ? true : undefined), "a serves both");
    const before = new Map(["k1", "k2"].map((k) => [k, t.host.serving(k)]));
    t.timers.fire(0); // a renewal just before the pause: the keys stay a's in the bucket while b joins
    t.clock.advance(PAUSE_MS);
    // b joins holding nothing (a's keys are still in the bucket): short of floor(2 / 2) = 1.
    // Its announcement wakes a's balancing round; a's renewal timer has not run yet.
    await t.other();
    await until(() => (t.stopped.length === 2 ? true : undefined), "a stops both");
    for (const k of ["k1", "k2"]) expect(t.logs.filter((l) => lostLine(k).test(l))).toHaveLength(1);
    expect(t.logs.filter((l) => l.includes(" over"))).toEqual([]);
    for (const k of ["k1", "k2"]) expect(t.host.serving(k)).not.toBe(before.get(k));
    // The renewal round that follows finds the same leases stale and says nothing more.
    t.timers.fire(0);
    await new Promise((r) => setImmediate(r));
    expect(t.logs.filter((l) => l.includes("stops serving"))).toHaveLength(2);
  }, 60_000);
});

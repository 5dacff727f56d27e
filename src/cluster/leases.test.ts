// Leases against the machine's real NATS JetStream, on throwaway buckets per test. Two
// LeaseManagers in one process stand for two `felt serve` processes. Assertions are about
// ownership and epochs, never about how long anything took.
import type { KV, NatsConnection } from "nats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEASE_ERRORS, LeaseManager, liveOwners, type LeaseEvent } from "./leases.ts";
import { partitionKey, tablePartition } from "./partition.ts";
import { manualClock, neverEvery, tempLeaseBuckets, testNats, until } from "../../testkit/cluster/nats.ts";

let nc: NatsConnection;
beforeAll(async () => {
  nc = await testNats();
});
afterAll(async () => {
  await nc?.close();
});

const key = partitionKey(tablePartition("t1"));
const other = partitionKey(tablePartition("t2"));

async function pair(ttlMs?: number) {
  const bucket = await tempLeaseBuckets(nc, ttlMs);
  const clockA = manualClock();
  const clockB = manualClock();
  const a = new LeaseManager({ ...bucket.buckets, member: "a", clock: clockA, every: neverEvery });
  const b = new LeaseManager({ ...bucket.buckets, member: "b", clock: clockB, every: neverEvery });
  const events: LeaseEvent[] = [];
  a.onEvent((e) => events.push(e));
  return {
    a,
    b,
    clockA,
    events,
    buckets: bucket.buckets,
    async destroy() {
      await a.stop();
      await b.stop();
      await bucket.destroy();
    },
  };
}

/** `kv` with `update` in place of its own update (which `update` is given to call). */
function overUpdate(kv: KV, update: (own: KV["update"], ...args: Parameters<KV["update"]>) => ReturnType<KV["update"]>): KV {
  return new Proxy(kv, {
    get(target, name) {
      const v = Reflect.get(target, name, target) as unknown;
      if (name === "update") return (...args: Parameters<KV["update"]>) => update(target.update.bind(target), ...args);
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** Member "a" on a manual clock, renewing only when told, with its liveness writes through `alive`, holding `key`. */
async function holding(kv: KV, alive: KV) {
  const events: LeaseEvent[] = [];
  const clock = manualClock();
  const m = new LeaseManager({ kv, alive, member: "a", clock, every: neverEvery });
  m.onEvent((e) => events.push(e));
  const got = await m.acquire(key);
  return { m, events, clock, epoch: got.ok ? got.value.epoch : -1 };
}

/** The last sequence of a bucket's stream: how many writes it has taken. */
async function writes(kv: KV): Promise<number> {
  return (await kv.status()).values;
}

describe("partition leases on JetStream KV", () => {
  it("a member's public address, announced in its liveness key, is what the others tell clients; none announced or not an http(s) address: none", async () => {
    const bucket = await tempLeaseBuckets(nc);
    const m = (member: string, url?: string) =>
      new LeaseManager({
        ...bucket.buckets,
        member,
        clock: manualClock(),
        every: neverEvery,
        about: { layout: "split", ...(url !== undefined ? { url } : {}) },
      });
    const [a, b, c, d] = [m("a", "http://10.0.0.1:8080"), m("b"), m("c", "javascript:alert(1)"), m("d", "https://m4.felt.example")];
    try {
      for (const x of [a, b, c, d]) await x.start();
      await until(() => b.liveMembers().length === 4, "b to see every member");
      expect(["a", "b", "c", "d", "e"].map((x) => b.addressOf(x))).toEqual([
        "http://10.0.0.1:8080",
        undefined,
        undefined,
        "https://m4.felt.example",
        undefined,
      ]);
      expect(a.addressOf("a")).toBe("http://10.0.0.1:8080");
    } finally {
      for (const x of [a, b, c, d]) await x.stop();
      await bucket.destroy();
    }
  });

  it("one process acquires a partition; the other cannot, and sees who holds it by watching", async () => {
    const t = await pair();
    try {
      await t.b.start();
      const got = await t.a.acquire(key);
      expect(got.ok).toBe(true);
      const epoch = got.ok ? got.value.epoch : -1;
      expect(epoch).toBeGreaterThan(0);
      expect(t.a.serving(key)).toBe(epoch);

      const refused = await t.b.acquire(key);
      expect(refused).toMatchObject({ ok: false, error: { code: "cluster/lease-held", holder: "a", epoch } });
      expect(t.b.serving(key)).toBeUndefined();
      await until(() => t.b.owner(key), "b to see a's lease");
      expect(t.b.owner(key)).toEqual({ member: "a", epoch });

      // A renewal keeps the epoch (it is the acquiring revision) and the partition stays a's.
      await t.a.renew();
      expect(t.a.serving(key)).toBe(epoch);
      expect((await t.b.acquire(key)).ok).toBe(false);
      expect(t.b.owner(key)).toEqual({ member: "a", epoch });
      expect(await liveOwners(t.buckets, [key, other])).toEqual(new Map([[key, "a"]]));
      expect(t.events).toEqual([{ kind: "acquired", key, epoch }]);
    } finally {
      await t.destroy();
    }
  });

  it("of five processes racing for one partition exactly one gets it; the others are told who holds it", async () => {
    const bucket = await tempLeaseBuckets(nc);
    const managers = ["m0", "m1", "m2", "m3", "m4"].map((member) => new LeaseManager({ ...bucket.buckets, member, every: neverEvery }));
    try {
      const results = await Promise.all(managers.map((m) => m.acquire(key)));
      const winners = results.flatMap((r, i) => (r.ok ? [{ member: managers[i]!.member, epoch: r.value.epoch }] : []));
      expect(winners).toHaveLength(1);
      for (const r of results) {
        if (!r.ok) expect(r.error).toMatchObject({ code: "cluster/lease-held", holder: winners[0]!.member, epoch: winners[0]!.epoch });
      }
      expect(managers.filter((m) => m.serving(key) !== undefined).map((m) => m.member)).toEqual([winners[0]!.member]);
    } finally {
      for (const m of managers) await m.stop();
      await bucket.destroy();
    }
  });

  it("after a graceful release the other process acquires at once, with a higher epoch", async () => {
    const t = await pair();
    try {
      await t.b.start();
      const first = await t.a.acquire(key);
      const epochA = first.ok ? first.value.epoch : -1;
      await until(() => t.b.owner(key), "b to see a's lease");
      await t.a.release(key);
      expect(t.a.serving(key)).toBeUndefined();
      await until(() => (t.b.owner(key) === undefined ? true : undefined), "b to see the release");

      const second = await t.b.acquire(key);
      expect(second.ok).toBe(true);
      const epochB = second.ok ? second.value.epoch : -1;
      expect(epochB).toBeGreaterThan(epochA);
      expect(t.b.serving(key)).toBe(epochB);
      expect((await t.a.acquire(key)).ok).toBe(false);
      expect(t.events).toEqual([
        { kind: "acquired", key, epoch: epochA },
        { kind: "released", key, epoch: epochA },
      ]);
    } finally {
      await t.destroy();
    }
  });

  it("a frozen holder (no renewals) loses the partition after the TTL: the other takes it with a higher epoch, the holder's late renewal is refused and it starts again as a new incarnation", async () => {
    const t = await pair(1_500);
    try {
      const first = await t.a.acquire(key);
      const epochA = first.ok ? first.value.epoch : -1;
      expect(epochA).toBeGreaterThan(0);
      // a never renews (its timers never fire): the TTL removes its liveness key, and its
      // partition's key (which never expires) names a member that is gone.
      const second = await until(async () => {
        await t.b.renew(); // b stays live meanwhile
        const r = await t.b.acquire(key);
        return r.ok ? r.value : undefined;
      }, "b to acquire after the TTL");
      expect(second.epoch).toBeGreaterThan(epochA);

      // a wakes up believing (by its own frozen clock) that it still serves: its
      // revision-checked renewal is refused and it steps down.
      expect(t.a.serving(key)).toBe(epochA);
      await t.a.renew();
      expect(t.a.serving(key)).toBeUndefined();
      expect(t.events).toContainEqual({ kind: "lost", key, epoch: epochA, reason: "taken" });
      expect(t.b.serving(key)).toBe(second.epoch);
      // Live again under a new incarnation: it may take a free partition, not b's.
      expect((await t.a.acquire(other)).ok).toBe(true);
      expect(await t.a.acquire(key)).toMatchObject({ ok: false, error: { code: "cluster/lease-held", holder: "b" } });
    } finally {
      await t.destroy();
    }
  });

  it("a holder stops serving after serveForMs without a successful renewal, before the TTL frees the key; its partitions are free at once once it renews as a new incarnation", async () => {
    const t = await pair();
    try {
      await t.b.start();
      const got = await t.a.acquire(key);
      const epoch = got.ok ? got.value.epoch : -1;
      t.clockA.advance(2_499);
      expect(t.a.serving(key)).toBe(epoch);
      t.clockA.advance(1);
      expect(t.a.serving(key)).toBeUndefined();
      expect((await t.b.acquire(key)).ok).toBe(false); // a's liveness key is still there
      await t.a.renew();
      expect(t.events).toContainEqual({ kind: "lost", key, epoch, reason: "stale" });
      expect(t.a.heldKeys()).toEqual([]);
      // The renewal wrote a new incarnation over the old one (no TTL to wait for): the
      // partition's key names the old one, so it is free.
      await until(() => (t.b.owner(key) === undefined ? true : undefined), "b to see the partition free");
      const taken = await t.b.acquire(key);
      expect(taken.ok && taken.value.epoch).toBeGreaterThan(epoch);
    } finally {
      await t.destroy();
    }
  });

  it("renewing keeps the partition past the TTL (renewals reset the liveness key's age)", async () => {
    const bucket = await tempLeaseBuckets(nc, 1_500);
    const a = new LeaseManager({ ...bucket.buckets, member: "a", renewEveryMs: 200, serveForMs: 1_200, ttlMs: 1_500 });
    const b = new LeaseManager({ ...bucket.buckets, member: "b", every: neverEvery });
    try {
      await a.start();
      const got = await a.acquire(key);
      expect(got.ok).toBe(true);
      const startedAt = Date.now();
      let attempts = 0;
      // Try for more than two TTLs: a live holder is never displaced.
      while (Date.now() - startedAt < 3_500) {
        expect((await b.acquire(key)).ok).toBe(false);
        attempts += 1;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(attempts).toBeGreaterThan(1);
      expect(a.serving(key)).toBe(got.ok ? got.value.epoch : -1);
    } finally {
      await a.stop({ release: true });
      await b.stop();
      await bucket.destroy();
    }
  });

  it("a member renews one key a second whatever it holds: sixty partitions' keys are never written again; release deletes each, and a graceful stop the member's own", async () => {
    const bucket = await tempLeaseBuckets(nc);
    const clock = manualClock();
    let tick: (() => void) | null = null;
    const m = new LeaseManager({ ...bucket.buckets, member: "a", clock, every: (_ms, fn) => ((tick = fn), () => (tick = null)) });
    const keys = Array.from({ length: 60 }, (_, i) => partitionKey(tablePartition(`t${i}`)));
    try {
      await m.start();
      for (const k of keys) expect((await m.acquire(k)).ok).toBe(true);
      const owners = await writes(bucket.buckets.kv);
      const alive = (await bucket.buckets.alive.get("a"))!.revision;
      for (let i = 0; i < 5; i += 1) {
        clock.advance(1_000);
        tick!();
        await until(async () => ((await bucket.buckets.alive.get("a"))!.revision > alive + i ? true : undefined), `renewal ${i + 1}`);
      }
      expect(await writes(bucket.buckets.kv)).toBe(owners);
      expect((await bucket.buckets.alive.get("a"))!.revision).toBeGreaterThan(alive);
      for (const k of keys) expect(m.serving(k)).toBeDefined();
      // Release while a renewal is on its way: every key is deleted (not left behind).
      clock.advance(1_000);
      tick!();
      await Promise.all(keys.map((k) => m.release(k)));
      for (const k of keys) expect(await bucket.buckets.kv.get(k).then((e) => e?.operation ?? "gone")).not.toBe("PUT");
      await m.stop({ release: true });
      expect(await bucket.buckets.alive.get("a").then((e) => e?.operation ?? "gone")).not.toBe("PUT");
    } finally {
      await m.stop();
      await bucket.destroy();
    }
  });

  it("a renewal whose answer was lost does not cost the partitions: the next one finds its own incarnation in the key and goes on", async () => {
    const bucket = await tempLeaseBuckets(nc);
    let loseNext = false;
    // The update lands on the server, but the answer never reaches the member (a timeout).
    const alive = overUpdate(bucket.buckets.alive, async (own, ...args) => {
      const r = await own(...args);
      if (loseNext) {
        loseNext = false;
        throw new Error("TIMEOUT");
      }
      return r;
    });
    const { m, events, clock, epoch } = await holding(bucket.buckets.kv, alive);
    try {
      loseNext = true;
      await m.renew();
      clock.advance(1_000);
      await m.renew();
      clock.advance(2_000);
      expect(m.serving(key)).toBe(epoch);
      expect(events).toEqual([{ kind: "acquired", key, epoch }]);
    } finally {
      await m.stop();
      await bucket.destroy();
    }
  });

  it("a renewal whose answer never comes does not hold up the next: a period later another goes beside it, and the member serves on", async () => {
    const bucket = await tempLeaseBuckets(nc);
    let hangNext = false;
    const hanging: Array<() => void> = [];
    // The update lands on the server, but its answer is held (the client would wait its
    // request timeout, 5 s, past the 2.5 s the member may serve without a renewal).
    const alive = overUpdate(bucket.buckets.alive, async (own, ...args) => {
      const hang = hangNext;
      hangNext = false;
      const r = await own(...args);
      if (hang) await new Promise<void>((release) => hanging.push(release));
      return r;
    });
    const { m, events, clock, epoch } = await holding(bucket.buckets.kv, alive);
    try {
      hangNext = true;
      void m.renew();
      await until(() => (hanging.length === 1 ? true : undefined), "the renewal to land and its answer to be held");
      clock.advance(1_000);
      await m.renew();
      clock.advance(2_000);
      expect(m.serving(key)).toBe(epoch);
      // The held answer comes at last: it takes nothing back.
      const revision = (await bucket.buckets.alive.get("a"))!.revision;
      hanging[0]!();
      await m.renew();
      expect(m.serving(key)).toBe(epoch);
      expect((await bucket.buckets.alive.get("a"))!.revision).toBeGreaterThan(revision);
      expect(events).toEqual([{ kind: "acquired", key, epoch }]);
    } finally {
      for (const release of hanging) release();
      await m.stop();
      await bucket.destroy();
    }
  });

  it("a member started again under the same name (the old process killed) is not live until the old liveness key expires; until then the old partitions stay held", async () => {
    const bucket = await tempLeaseBuckets(nc, 1_500);
    const old = new LeaseManager({ ...bucket.buckets, member: "a", every: neverEvery });
    const again = new LeaseManager({ ...bucket.buckets, member: "a", every: neverEvery });
    const b = new LeaseManager({ ...bucket.buckets, member: "b", every: neverEvery });
    try {
      const first = await old.acquire(key);
      expect(first.ok).toBe(true);
      await old.stop(); // killed: nothing released
      expect(await again.acquire(other)).toMatchObject({ ok: false, error: { code: LEASE_ERRORS.notLive } });
      expect((await b.acquire(key)).ok).toBe(false);
      const taken = await until(async () => {
        const r = await again.acquire(key);
        return r.ok ? r.value : undefined;
      }, "the new process to take the old one's partition after the TTL");
      expect(taken.epoch).toBeGreaterThan(first.ok ? first.value.epoch : Number.POSITIVE_INFINITY);
      expect(await b.acquire(key)).toMatchObject({ ok: false, error: { holder: "a" } });
    } finally {
      await again.stop();
      await b.stop();
      await bucket.destroy();
    }
  });
});

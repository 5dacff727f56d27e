// Leases against the machine's real NATS JetStream, on a throwaway bucket per test. Two
// LeaseManagers in one process stand for two `felt serve` processes. Assertions are about
// ownership and epochs, never about how long anything took.
import type { NatsConnection } from "nats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEASE_DEFAULTS, LeaseManager, type LeaseEvent } from "./leases.ts";
import { partitionKey, tablePartition } from "./partition.ts";
import { manualClock, neverEvery, tempLeaseBucket, testNats, until } from "../../testkit/cluster/nats.ts";

let nc: NatsConnection;
beforeAll(async () => {
  nc = await testNats();
});
afterAll(async () => {
  await nc?.close();
});

const key = partitionKey(tablePartition("t1"));

async function pair(ttlMs?: number) {
  const bucket = await tempLeaseBucket(nc, ttlMs);
  const clockA = manualClock();
  const clockB = manualClock();
  const a = new LeaseManager({ kv: bucket.kv, member: "a", clock: clockA, every: neverEvery });
  const b = new LeaseManager({ kv: bucket.kv, member: "b", clock: clockB, every: neverEvery });
  const events: LeaseEvent[] = [];
  a.onEvent((e) => events.push(e));
  return {
    a,
    b,
    clockA,
    events,
    async destroy() {
      await a.stop();
      await b.stop();
      await bucket.destroy();
    },
  };
}

describe("partition leases on JetStream KV", () => {
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
      await until(() => (t.b.owner(key)?.epoch === epoch ? true : undefined), "b to see the renewal");
      expect(t.events).toEqual([{ kind: "acquired", key, epoch }]);
    } finally {
      await t.destroy();
    }
  });

  it("of five processes racing for one partition exactly one gets it; the others are told who holds it", async () => {
    const bucket = await tempLeaseBucket(nc);
    const managers = ["m0", "m1", "m2", "m3", "m4"].map((member) => new LeaseManager({ kv: bucket.kv, member, every: neverEvery }));
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

  it("a frozen holder (no renewals) loses the partition after the TTL: the other takes it with a higher epoch, the holder's late renewal is refused", async () => {
    const t = await pair(1_500);
    try {
      const first = await t.a.acquire(key);
      const epochA = first.ok ? first.value.epoch : -1;
      expect(epochA).toBeGreaterThan(0);
      // a never renews (its timers never fire): the bucket's TTL removes its key.
      const second = await until(async () => {
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
    } finally {
      await t.destroy();
    }
  });

  it("a holder stops serving after serveForMs without a successful renewal, before the TTL frees the key", async () => {
    const t = await pair();
    try {
      const got = await t.a.acquire(key);
      const epoch = got.ok ? got.value.epoch : -1;
      t.clockA.advance(2_499);
      expect(t.a.serving(key)).toBe(epoch);
      t.clockA.advance(1);
      expect(t.a.serving(key)).toBeUndefined();
      await t.a.renew();
      expect(t.events).toContainEqual({ kind: "lost", key, epoch, reason: "stale" });
      expect(t.a.heldKeys()).toEqual([]);
    } finally {
      await t.destroy();
    }
  });

  it("renewing keeps the partition past the TTL (renewals reset the key's age)", async () => {
    const bucket = await tempLeaseBucket(nc, 1_500);
    const a = new LeaseManager({ kv: bucket.kv, member: "a", renewEveryMs: 200, serveForMs: 1_200, ttlMs: 1_500 });
    const b = new LeaseManager({ kv: bucket.kv, member: "b", every: neverEvery });
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

  it("the timer renews each held key once per period, a share at each of its ticks, never one key twice at once; a renewal on its way is awaited by release (the delete names the last revision)", async () => {
    const bucket = await tempLeaseBucket(nc);
    const clock = manualClock();
    let tick: (() => void) | null = null;
    const m = new LeaseManager({ kv: bucket.kv, member: "a", clock, every: (_ms, fn) => ((tick = fn), () => (tick = null)) });
    const keys = Array.from({ length: 60 }, (_, i) => partitionKey(tablePartition(`t${i}`)));
    try {
      await m.start();
      for (const k of keys) expect((await m.acquire(k)).ok).toBe(true);
      const revisionOf = async (k: string) => (await bucket.kv.get(k))!.revision;
      const first = new Map(await Promise.all(keys.map(async (k) => [k, await revisionOf(k)] as const)));
      // One period: its ticks, evenly apart on the lease clock.
      const perTick: number[] = [];
      const ticks = LEASE_DEFAULTS.renewTicks;
      for (let i = 0; i < ticks; i += 1) {
        clock.advance(LEASE_DEFAULTS.renewEveryMs / ticks);
        const before = new Map(await Promise.all(keys.map(async (k) => [k, await revisionOf(k)] as const)));
        tick!();
        await new Promise((r) => setTimeout(r, 30));
        let moved = 0;
        for (const k of keys) if ((await revisionOf(k)) !== before.get(k)) moved += 1;
        perTick.push(moved);
      }
      // Every key once (none twice), spread: no tick renewed more than a third of them.
      for (const k of keys) expect((await revisionOf(k)) - first.get(k)!).toBeGreaterThan(0);
      expect(perTick.reduce((a, b) => a + b, 0)).toBe(keys.length);
      expect(Math.max(...perTick)).toBeLessThan(keys.length / 3);
      for (const k of keys) expect(m.serving(k)).toBeDefined();
      // Release while renewals are on their way: every key is deleted (not left to the TTL).
      clock.advance(1_000); // every key due at the next tick
      tick!();
      await Promise.all(keys.map((k) => m.release(k)));
      for (const k of keys) expect(await bucket.kv.get(k).then((e) => e?.operation ?? "gone")).not.toBe("PUT");
    } finally {
      await m.stop();
      await bucket.destroy();
    }
  });
});

// Test helpers for the cluster layer: the machine's NATS (FELT_TEST_NATS, default
// nats://127.0.0.1:4222; unreachable = a failing test, never a skip) and throwaway buckets.
import { randomBytes } from "node:crypto";
import { connect, type NatsConnection } from "nats";
import { LEASE_BUCKETS, openLeaseBuckets, type Every, type LeaseBuckets, type LeaseClock } from "../../src/cluster/leases.ts";
import { tableKeyWithTournament, tournamentKey, type Ownership } from "../../src/cluster/ownership.ts";

export const NATS_TEST_URL = process.env["FELT_TEST_NATS"] ?? "nats://127.0.0.1:4222";

export async function testNats(): Promise<NatsConnection> {
  try {
    return await connect({ servers: NATS_TEST_URL, timeout: 5_000 });
  } catch (e) {
    throw new Error(`NATS at ${NATS_TEST_URL} is unreachable: ${(e as Error).message}`);
  }
}

/** Fresh lease buckets (owners and liveness) under a prefix of their own; `destroy` removes them. */
export async function tempLeaseBuckets(nc: NatsConnection, ttlMs?: number): Promise<{ buckets: LeaseBuckets; prefix: string; destroy(): Promise<void> }> {
  const prefix = tempPrefix();
  const buckets = await openLeaseBuckets(nc, prefix, ttlMs);
  return {
    buckets,
    prefix,
    destroy: async () => {
      await buckets.kv.destroy().catch(() => false);
      await buckets.alive.destroy().catch(() => false);
    },
  };
}

/** The KV buckets a test cluster's member creates under its prefix (host.ts, lobby.ts). */
export const CLUSTER_BUCKETS: readonly string[] = [LEASE_BUCKETS.owners, LEASE_BUCKETS.alive, "lobby"];

/** A clock that moves only when told. */
export function manualClock(start = 1_000_000): LeaseClock & { advance(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

/** Timers that never fire: the test calls renew() itself (or never, to simulate a freeze). */
export const neverEvery: Every = () => () => {};

/** Waits for a condition; the bound only keeps a broken test from hanging. */
export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, boundMs = 20_000): Promise<T> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A subject prefix no other test shares. */
export const tempPrefix = (): string => `felt_test_${process.pid}_${randomBytes(4).toString("hex")}`;

/**
 * An Ownership moved by hand (tests): serve(key, epoch) and stop(key) call the listeners.
 * `peers` are the other members' (their `ownerOf` view: who serves a key now); without them
 * only this member's own keys have a known owner.
 */
export function handOwnership(
  member: string,
  keys: Iterable<[string, number]> = [],
  peers: () => readonly Ownership[] = () => [],
): Ownership & { serve(key: string, epoch: number): void; stop(key: string): void; forget(key: string): void; readonly addresses: Map<string, string> } {
  const held = new Map<string, number>(keys);
  /** The public addresses members announced (a test sets them once its servers listen). */
  const addresses = new Map<string, string>();
  const serving = new Set<(key: string, epoch: number) => void>();
  const stopped = new Set<(key: string) => void>();
  return {
    member,
    keyOf: tournamentKey,
    keyOfTable: tableKeyWithTournament,
    serving: (key) => held.get(key),
    ownerOf: (key) => (held.has(key) ? member : peers().find((o) => o.serving(key) !== undefined)?.member),
    addressOf: (m) => addresses.get(m),
    addresses,
    onServing: (l) => (serving.add(l), () => void serving.delete(l)),
    onStopped: (l) => (stopped.add(l), () => void stopped.delete(l)),
    serve(key, epoch) {
      held.set(key, epoch);
      for (const l of serving) l(key, epoch);
    },
    stop(key) {
      held.delete(key);
      for (const l of stopped) l(key);
    },
    /** Stops serving without telling the listeners yet (the moment before onStopped). */
    forget(key) {
      held.delete(key);
    },
  };
}

/**
 * Deletes a test cluster's KV buckets (CLUSTER_BUCKETS: `<prefix>_owners`, `<prefix>_alive`, …)
 * and its hand-results stream (`<prefix>_results`, with its consumers) so runs do not leave
 * JetStream streams behind on the machine's NATS. Missing ones are fine.
 */
export async function dropClusterBuckets(prefix: string): Promise<void> {
  const nc = await testNats();
  try {
    const jsm = await nc.jetstreamManager();
    for (const b of CLUSTER_BUCKETS) await jsm.streams.delete(`KV_${prefix}_${b}`).catch(() => false);
    await jsm.streams.delete(`${prefix}_results`).catch(() => false);
  } finally {
    await nc.close();
  }
}

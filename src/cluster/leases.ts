// Partition leases in a JetStream KV bucket (measured facts in
// ../shared/design/cluster.md). A process owns a partition while it holds the partition's
// key: `create` acquires it (fails when someone holds it), the returned KV revision is the
// partition's EPOCH (strictly higher for every new owner: revisions never go back), and the
// owner renews every second with a revision-checked `update`, so a renewal from an owner
// whose key was taken over is refused. The bucket's TTL (3 s) removes a key nobody renews;
// the owner stops serving after 2.5 s without a successful renewal, before anyone else can
// create the key. Graceful release deletes the key with the last revision (hand-over in
// well under a second instead of the TTL).
//
// The KV is the arbiter; the watch is only a view of who owns what (routing will read it).
// NATS 2.9 sends no marker when a key expires, so a watched key not renewed for the TTL
// counts as free. The epoch fences writes in the event store (src/store/fence.ts):
// a new owner raises the partition's fence to its epoch before it serves.
import type { KV, KvEntry, NatsConnection } from "nats";
import { followKv, type KvFollow } from "./watch.ts";
import { fail, ok, type Result } from "../lib/result.ts";
import { partitionHash } from "./partition.ts";

export const LEASE_ERRORS = {
  held: "cluster/lease-held",
  nats: "cluster/nats",
} as const;

export const LEASE_DEFAULTS = { renewEveryMs: 1_000, renewTicks: 5, serveForMs: 2_500, ttlMs: 3_000 } as const;

/**
 * The renewal period is cut into this many ticks; each key is renewed at its own tick (a hash
 * of the key), so a member's renewals spread over the second. All at once, 320 updates and
 * their answers (and on every member the watched changes) held the event loop for 30–40 ms
 * once a second, and every table's actions waited behind them (split tables). Twenty ticks
 * cost an idle member 0.05 of a core and `nats-server` 0.03 (each tick's few updates and
 * answers are their own writes and reads on both sides); five cost 0.03 and 0.015, and one
 * member holding all 320 keys sees its loop delay's p99 go from 2.5 to 2.9 ms
 * (docs/benchmarks.md).
 */
const RENEW_TICKS = LEASE_DEFAULTS.renewTicks;

const tickOf = (key: string): number => partitionHash(key) % RENEW_TICKS;

export interface LeaseClock {
  now(): number;
}

/** Starts a repeating timer; returns its cancel function. */
export type Every = (ms: number, fn: () => void) => () => void;

export const realClock: LeaseClock = { now: () => Date.now() };
export const realEvery: Every = (ms, fn) => {
  const t = setInterval(fn, ms);
  t.unref();
  return () => clearInterval(t);
};

export interface Lease {
  readonly key: string;
  /** The KV revision of the `create` that acquired the key: the partition's epoch. */
  readonly epoch: number;
}

export type LeaseEvent =
  | { readonly kind: "acquired"; readonly key: string; readonly epoch: number }
  /** Stop serving the partition now: `stale` = no renewal for serveForMs; `taken` = refused. */
  | { readonly kind: "lost"; readonly key: string; readonly epoch: number; readonly reason: "stale" | "taken" }
  | { readonly kind: "released"; readonly key: string; readonly epoch: number };

export interface Owner {
  readonly member: string;
  readonly epoch: number;
}

interface Held {
  readonly epoch: number;
  /** The tick of the renewal period this key is renewed at (a hash of the key, worked out once). */
  readonly tick: number;
  revision: number;
  /** Clock time when the last successful create/update was SENT (the KV's TTL runs from later). */
  renewedAt: number;
  /** The update on its way, if any (another one now would be refused by the revision check). */
  renewal?: Promise<void> | undefined;
}

interface Seen extends Owner {
  readonly seenAt: number;
}

interface LeaseValue {
  readonly member: string;
  readonly epoch?: number;
}

/** Opens (creating if missing) a lease bucket: one value per key, entries expire after ttlMs. */
export async function openLeaseBucket(nc: NatsConnection, bucket: string, ttlMs: number = LEASE_DEFAULTS.ttlMs): Promise<KV> {
  return nc.jetstream().views.kv(bucket, { history: 1, ttl: ttlMs });
}

export interface LeaseManagerOptions {
  readonly kv: KV;
  /** This process's name in the cluster, written into the keys it holds. */
  readonly member: string;
  readonly clock?: LeaseClock;
  readonly every?: Every;
  readonly renewEveryMs?: number;
  readonly serveForMs?: number;
  /** The bucket's TTL, for judging watched keys: unrenewed for this long = free. */
  readonly ttlMs?: number;
}

const WRONG_LAST_SEQUENCE = 10071;

function refused(e: unknown): boolean {
  return (e as { api_error?: { err_code?: number } } | null)?.api_error?.err_code === WRONG_LAST_SEQUENCE;
}

const codec = new TextEncoder();

function encode(v: LeaseValue): Uint8Array {
  return codec.encode(JSON.stringify(v));
}

function decode(e: KvEntry): LeaseValue | undefined {
  try {
    const v = e.json<Partial<LeaseValue>>();
    return typeof v.member === "string" ? { member: v.member, ...(typeof v.epoch === "number" ? { epoch: v.epoch } : {}) } : undefined;
  } catch {
    return undefined;
  }
}

export class LeaseManager {
  private readonly kv: KV;
  readonly member: string;
  private readonly clock: LeaseClock;
  private readonly every: Every;
  private readonly renewEveryMs: number;
  private readonly serveForMs: number;
  private readonly ttlMs: number;
  private readonly held = new Map<string, Held>();
  private readonly seen = new Map<string, Seen>();
  private readonly listeners = new Set<(e: LeaseEvent) => void>();
  private readonly watchers = new Set<() => void>();
  private cancelTimer: (() => void) | null = null;
  private watch: KvFollow | null = null;

  constructor(options: LeaseManagerOptions) {
    this.kv = options.kv;
    this.member = options.member;
    this.clock = options.clock ?? realClock;
    this.every = options.every ?? realEvery;
    this.renewEveryMs = options.renewEveryMs ?? LEASE_DEFAULTS.renewEveryMs;
    this.serveForMs = options.serveForMs ?? LEASE_DEFAULTS.serveForMs;
    this.ttlMs = options.ttlMs ?? LEASE_DEFAULTS.ttlMs;
  }

  /** Starts renewing every renewEveryMs and following the bucket (others' leases). */
  async start(): Promise<void> {
    let tick = 0;
    this.cancelTimer ??= this.every(this.renewEveryMs / RENEW_TICKS, () => void this.renewTick((tick = (tick + 1) % RENEW_TICKS)));
    if (this.watch !== null) return;
    this.watch = followKv(this.kv, (e) => this.observe(e));
    await this.watch.caughtUp;
  }

  onEvent(listener: (e: LeaseEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after every change the watch reports (for tests and routing tables). */
  onOwnersChanged(listener: () => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /**
   * Tries to take the key. Fails with `cluster/lease-held` (and the holder, when known)
   * while another process holds it; the KV decides, so of two racing processes exactly one
   * gets it.
   */
  async acquire(key: string): Promise<Result<Lease>> {
    const mine = this.held.get(key);
    if (mine !== undefined && this.serving(key) !== undefined) return ok({ key, epoch: mine.epoch });
    const sentAt = this.clock.now();
    let revision: number;
    try {
      revision = await this.kv.create(key, encode({ member: this.member }));
    } catch (e) {
      if (!refused(e)) return fail(LEASE_ERRORS.nats, `lease ${key}: ${(e as Error).message}`, { key });
      const holder = await this.kv.get(key).catch(() => null);
      const v = holder ? decode(holder) : undefined;
      return fail(LEASE_ERRORS.held, `partition ${key} is held${v ? ` by ${v.member}` : ""}`, {
        key,
        ...(v ? { holder: v.member, epoch: v.epoch ?? holder!.revision } : {}),
      });
    }
    this.held.set(key, { epoch: revision, tick: tickOf(key), revision, renewedAt: sentAt });
    this.emit({ kind: "acquired", key, epoch: revision });
    return ok({ key, epoch: revision });
  }

  /** The epoch to write with while this process may serve the key; undefined otherwise. */
  serving(key: string): number | undefined {
    const h = this.held.get(key);
    if (h === undefined) return undefined;
    return this.fresh(h, this.clock.now()) ? h.epoch : undefined;
  }

  /** Renewed within serveForMs of `now`: the one rule for serving a held key. */
  private fresh(h: Held, now: number): boolean {
    return now - h.renewedAt < this.serveForMs;
  }

  /** Keys this process holds (serving or not yet found stale). */
  heldKeys(): string[] {
    return [...this.held.keys()];
  }

  /**
   * One renewal round, every held key in parallel (tests; the timer renews a tick's share).
   * A key not renewed for serveForMs is dropped (`lost`, stale) before trying: a renewal after
   * that could succeed while the partition's state here is no longer trusted. A refused update
   * means someone else took the key (`lost`, taken). Any other failure leaves the lease to
   * the next round.
   */
  renew(): Promise<void> {
    return this.renewKeys(() => true);
  }

  /**
   * One tick of the timer: every held key checked for staleness (no I/O), and renewed the keys
   * whose tick this is, plus any whose last renewal was sent a whole period ago or more (a late
   * timer, or a key acquired just after its tick).
   */
  private renewTick(tick: number): Promise<void> {
    const now = this.clock.now();
    return this.renewKeys((h) => h.tick === tick || now - h.renewedAt >= this.renewEveryMs);
  }

  private async renewKeys(due: (h: Held) => boolean): Promise<void> {
    const work: Promise<void>[] = [];
    const now = this.clock.now();
    // Every tick walks every held key (hundreds of them): no copy of the map and no hash per
    // key. A key dropped here is deleted while the map is walked, which a Map's iteration allows.
    for (const [key, h] of this.held) {
      if (!this.fresh(h, now)) this.drop(key, h, "stale");
      else if (h.renewal === undefined && due(h)) work.push((h.renewal = this.renewOne(key, h).finally(() => (h.renewal = undefined))));
    }
    await Promise.all(work);
  }

  private async renewOne(key: string, h: Held): Promise<void> {
    const sentAt = this.clock.now();
    try {
      h.revision = await this.kv.update(key, encode({ member: this.member, epoch: h.epoch }), h.revision);
      if (this.held.get(key) === h) h.renewedAt = sentAt;
    } catch (e) {
      if (refused(e)) this.drop(key, h, "taken");
      else if (this.serving(key) === undefined) this.drop(key, h, "stale");
    }
  }

  private drop(key: string, h: Held, reason: "stale" | "taken"): void {
    if (this.held.get(key) !== h) return;
    this.held.delete(key);
    this.emit({ kind: "lost", key, epoch: h.epoch, reason });
  }

  /** Hands the key over at once: deletes it only if it is still ours (last revision). */
  async release(key: string): Promise<void> {
    const h = this.held.get(key);
    if (h === undefined) return;
    this.held.delete(key);
    this.emit({ kind: "released", key, epoch: h.epoch });
    // A renewal on its way moves the revision the delete must name.
    await h.renewal;
    await this.kv.delete(key, { previousSeq: h.revision }).catch(() => {});
  }

  /** Who holds each key, as last seen by the watch; keys unrenewed for the TTL count as free. */
  owner(key: string): Owner | undefined {
    const s = this.seen.get(key);
    if (s === undefined || this.clock.now() - s.seenAt >= this.ttlMs) return undefined;
    return { member: s.member, epoch: s.epoch };
  }

  /** Stops renewing and watching; with `release`, hands every held key over first. */
  async stop(options: { release?: boolean } = {}): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = null;
    await Promise.all([...this.held.values()].map((h) => h.renewal));
    if (options.release) await Promise.all(this.heldKeys().map((k) => this.release(k)));
    this.watch?.stop();
    this.watch = null;
  }

  private observe(e: KvEntry): void {
    const now = this.clock.now();
    const before = this.seen.get(e.key);
    const was = before !== undefined && now - before.seenAt < this.ttlMs ? before : undefined;
    if (e.operation !== "PUT") this.seen.delete(e.key);
    else {
      const v = decode(e);
      if (v === undefined) this.seen.delete(e.key);
      else this.seen.set(e.key, { member: v.member, epoch: v.epoch ?? e.revision, seenAt: now });
    }
    // A renewal (same owner, same epoch) changes nothing anyone routes or balances by; with
    // 320 partitions it is 320 watched changes a second on every member.
    const is = this.seen.get(e.key);
    if (was !== undefined && is !== undefined && was.member === is.member && was.epoch === is.epoch) return;
    for (const l of this.watchers) l();
  }

  private emit(e: LeaseEvent): void {
    for (const l of this.listeners) l(e);
  }
}

// Partition leases: one liveness key per member, and one owner key per partition naming the
// member that holds it (measured facts in ../shared/design/cluster.md).
//
// - `<prefix>_alive` (TTL 3 s): each member's key, {member, incarnation}. The member renews
//   it every second with a revision-checked `update` and serves only while its last renewal
//   was SENT less than 2.5 s ago: before the TTL can remove the key. The incarnation is
//   random, new at every start and whenever the member finds itself stale (it then drops
//   every partition first), so partitions named with an old incarnation are free.
// - `<prefix>_owners` (no TTL): a partition's key, {member, incarnation}, written only when
//   the partition changes hands. Its KV revision is the partition's EPOCH (strictly higher
//   for every new owner: revisions never go back). Taking it: `create` when absent; when
//   its owner's liveness key is gone or names another incarnation (asked of the server: the
//   TTL there decides who is alive, not a watch that may lag), `update` naming the revision
//   read, so of two takers exactly one wins. Graceful release deletes it with its revision.
//
// Why one liveness key instead of a TTL on every partition key: 320 partitions cost 320
// revision-checked updates a second and every member received all of them on its watch
// (docs/benchmarks.md); now a cluster of N members writes N keys a second.
//
// The KV is the arbiter; the watches are only a view of who owns what (routing and balancing
// read it). NATS 2.9 sends no marker when a key expires, so a member whose liveness key was
// not renewed for the TTL counts as gone. The epoch fences writes in the event store
// (src/store/fence.ts): a new owner raises the partition's fence to its epoch before it serves.
import { randomBytes } from "node:crypto";
import type { KV, KvEntry, NatsConnection } from "nats";
import { followKv, type KvFollow } from "./watch.ts";
import { fail, ok, type Result } from "../lib/result.ts";

export const LEASE_ERRORS = {
  held: "cluster/lease-held",
  nats: "cluster/nats",
  /** This member's liveness key is not renewed (yet): it may not take a partition. */
  notLive: "cluster/not-live",
} as const;

export const LEASE_DEFAULTS = { renewEveryMs: 1_000, serveForMs: 2_500, ttlMs: 3_000 } as const;

/** The two buckets' names after the cluster's prefix (`felt_owners`, `felt_alive`). */
export const LEASE_BUCKETS = { owners: "owners", alive: "alive" } as const;

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
  /** The KV revision of the write that took the key: the partition's epoch. */
  readonly epoch: number;
}

export type LeaseEvent =
  | { readonly kind: "acquired"; readonly key: string; readonly epoch: number }
  /** Stop serving the partition now: `stale` = no renewal for serveForMs; `taken` = another owner, or this member's liveness key was refused. */
  | { readonly kind: "lost"; readonly key: string; readonly epoch: number; readonly reason: "stale" | "taken" }
  | { readonly kind: "released"; readonly key: string; readonly epoch: number };

export interface Owner {
  readonly member: string;
  readonly epoch: number;
}

interface Held {
  readonly epoch: number;
  /** The incarnation the key was taken under: it is this member's only while that incarnation lasts. */
  readonly incarnation: string;
}

/** What both buckets hold: a member and one of its incarnations. */
interface Named {
  readonly member: string;
  readonly incarnation: string;
}

interface SeenOwner extends Named {
  readonly epoch: number;
}

interface SeenAlive {
  readonly incarnation: string;
  readonly seenAt: number;
  /** The public address it announced (`felt serve --public-url`), if any. */
  readonly url?: string;
}

export interface LeaseBuckets {
  /** Partition → owner; no TTL. */
  readonly kv: KV;
  /** Member → liveness; entries expire after the TTL. */
  readonly alive: KV;
}

/** Opens (creating if missing) the owners bucket (no TTL) and the liveness bucket (entries expire after ttlMs). */
export async function openLeaseBuckets(nc: NatsConnection, prefix: string, ttlMs: number = LEASE_DEFAULTS.ttlMs): Promise<LeaseBuckets> {
  const views = nc.jetstream().views;
  const [kv, alive] = await Promise.all([
    views.kv(`${prefix}_${LEASE_BUCKETS.owners}`, { history: 1 }),
    views.kv(`${prefix}_${LEASE_BUCKETS.alive}`, { history: 1, ttl: ttlMs }),
  ]);
  return { kv, alive };
}

export interface LeaseManagerOptions extends LeaseBuckets {
  /** This process's name in the cluster, written into the keys it holds. */
  readonly member: string;
  readonly clock?: LeaseClock;
  readonly every?: Every;
  readonly renewEveryMs?: number;
  readonly serveForMs?: number;
  /** The liveness bucket's TTL, for judging watched members: unrenewed for this long = gone. */
  readonly ttlMs?: number;
  /** A new incarnation (tests pin them; random otherwise). */
  readonly incarnation?: () => string;
  /** What the member announces beside its name in its liveness key (members.ts: its table layout). */
  readonly about?: Readonly<Record<string, string>>;
}

const WRONG_LAST_SEQUENCE = 10071;

function refused(e: unknown): boolean {
  return (e as { api_error?: { err_code?: number } } | null)?.api_error?.err_code === WRONG_LAST_SEQUENCE;
}

const codec = new TextEncoder();

function encode(v: Named, about: Readonly<Record<string, string>> = {}): Uint8Array {
  return codec.encode(JSON.stringify({ ...about, ...v }));
}

function decode(e: KvEntry): (Named & { readonly url?: string }) | undefined {
  if (e.operation !== "PUT") return undefined;
  try {
    const v = e.json<Partial<Named> & { url?: unknown }>();
    if (typeof v.member !== "string" || typeof v.incarnation !== "string") return undefined;
    // A liveness key may carry the member's public address (an owner key never does).
    const url = typeof v.url === "string" && /^https?:\/\//.test(v.url) ? v.url : undefined;
    return { member: v.member, incarnation: v.incarnation, ...(url !== undefined ? { url } : {}) };
  } catch {
    return undefined;
  }
}

const randomIncarnation = (): string => randomBytes(6).toString("hex");

export class LeaseManager {
  private readonly kv: KV;
  private readonly alive: KV;
  readonly member: string;
  private readonly clock: LeaseClock;
  private readonly every: Every;
  private readonly renewEveryMs: number;
  private readonly serveForMs: number;
  private readonly ttlMs: number;
  private readonly newIncarnation: () => string;
  private readonly about: Readonly<Record<string, string>>;
  private incarnation: string;
  /** The liveness key's last revision written by this incarnation; null = create it next. */
  private aliveRevision: number | null = null;
  /** Clock time when the last successful renewal of the liveness key was SENT (the TTL runs from later). */
  private aliveAt = Number.NEGATIVE_INFINITY;
  /** The latest renewal on its way, if any, and when it was sent. */
  private renewal: { readonly done: Promise<void>; readonly at: number } | undefined;
  private readonly held = new Map<string, Held>();
  private readonly owners = new Map<string, SeenOwner>();
  private readonly members = new Map<string, SeenAlive>();
  private readonly listeners = new Set<(e: LeaseEvent) => void>();
  private readonly watchers = new Set<() => void>();
  private cancelTimer: (() => void) | null = null;
  private watches: KvFollow[] = [];

  constructor(options: LeaseManagerOptions) {
    this.kv = options.kv;
    this.alive = options.alive;
    this.member = options.member;
    this.clock = options.clock ?? realClock;
    this.every = options.every ?? realEvery;
    this.renewEveryMs = options.renewEveryMs ?? LEASE_DEFAULTS.renewEveryMs;
    this.serveForMs = options.serveForMs ?? LEASE_DEFAULTS.serveForMs;
    this.ttlMs = options.ttlMs ?? LEASE_DEFAULTS.ttlMs;
    this.newIncarnation = options.incarnation ?? randomIncarnation;
    this.about = options.about ?? {};
    this.incarnation = this.newIncarnation();
  }

  /** Starts renewing every renewEveryMs and following both buckets (others' leases). */
  async start(): Promise<void> {
    this.cancelTimer ??= this.every(this.renewEveryMs, () => void this.renew());
    if (this.watches.length > 0) return;
    this.watches = [followKv(this.kv, (e) => this.observeOwner(e)), followKv(this.alive, (e) => this.observeAlive(e))];
    await Promise.all([this.renew(), ...this.watches.map((w) => w.caughtUp)]);
  }

  onEvent(listener: (e: LeaseEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after every change of owner or of a member's incarnation the watches report (for tests and routing tables). */
  onOwnersChanged(listener: () => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /**
   * Tries to take the key. Fails with `cluster/lease-held` (and the holder, when known)
   * while another live member holds it; the KV decides, so of two racing processes exactly
   * one gets it.
   */
  async acquire(key: string): Promise<Result<Lease>> {
    const mine = this.held.get(key);
    if (mine !== undefined && this.serving(key) !== undefined) return ok({ key, epoch: mine.epoch });
    if (!this.fresh(this.clock.now())) await this.renew();
    if (!this.fresh(this.clock.now())) return fail(LEASE_ERRORS.notLive, `lease ${key}: ${this.member} is not live in the cluster yet`, { key });
    const incarnation = this.incarnation;
    const value = encode({ member: this.member, incarnation });
    let revision: number;
    try {
      const current = await this.kv.get(key);
      if (current === null || current.operation !== "PUT") revision = await this.kv.create(key, value);
      else {
        const owner = decode(current);
        if (owner !== undefined && (await this.isLive(owner))) return this.heldBy(key, owner, current.revision);
        revision = await this.kv.update(key, value, current.revision);
      }
    } catch (e) {
      if (!refused(e)) return fail(LEASE_ERRORS.nats, `lease ${key}: ${(e as Error).message}`, { key });
      const now = await this.kv.get(key).catch(() => null);
      const owner = now === null ? undefined : decode(now);
      return this.heldBy(key, owner, now?.revision);
    }
    // Stale while taking it: the key names an incarnation that is over, free for anyone.
    if (incarnation !== this.incarnation) return fail(LEASE_ERRORS.notLive, `lease ${key}: ${this.member} went stale while taking it`, { key });
    this.held.set(key, { epoch: revision, incarnation });
    this.emit({ kind: "acquired", key, epoch: revision });
    return ok({ key, epoch: revision });
  }

  private heldBy(key: string, owner: Named | undefined, epoch: number | undefined): Result<Lease> {
    return fail(LEASE_ERRORS.held, `partition ${key} is held${owner ? ` by ${owner.member}` : ""}`, {
      key,
      ...(owner !== undefined && epoch !== undefined ? { holder: owner.member, epoch } : {}),
    });
  }

  /**
   * Whether the member named in a partition's key still holds it: its liveness key, read from
   * the server, names the same incarnation. This member's own older incarnations are over
   * (it dropped their partitions when it found itself stale).
   */
  private async isLive(owner: Named): Promise<boolean> {
    if (owner.member === this.member) return false;
    const e = await this.alive.get(owner.member);
    return e !== null && decode(e)?.incarnation === owner.incarnation;
  }

  /** The epoch to write with while this process may serve the key; undefined otherwise. */
  serving(key: string): number | undefined {
    const h = this.held.get(key);
    if (h === undefined || h.incarnation !== this.incarnation) return undefined;
    return this.fresh(this.clock.now()) ? h.epoch : undefined;
  }

  /** Liveness renewed within serveForMs of `now`: the one rule for serving a held key. */
  private fresh(now: number): boolean {
    return this.aliveRevision !== null && now - this.aliveAt < this.serveForMs;
  }

  /** Keys this process holds (serving or not yet found stale). */
  heldKeys(): string[] {
    return [...this.held.keys()];
  }

  /**
   * One renewal of this member's liveness key (the timer's, every renewEveryMs). Not renewed
   * for serveForMs, the member drops every partition (`lost`, stale) and starts a new
   * incarnation before trying: a renewal after that could succeed while the partitions' state
   * here is no longer trusted. A refused update means the key expired (or another process
   * wrote it): every partition is dropped (`lost`, taken) and the key created again. Any other
   * failure leaves it to the next round.
   */
  renew(): Promise<void> {
    const now = this.clock.now();
    if (this.aliveRevision !== null && !this.fresh(now)) this.rotate("stale");
    // One renewal at a time, unless the one on its way was sent a whole period ago: its answer
    // may be lost, and the client waits for it up to its request timeout (5 s), past the
    // serving window, so the member would go stale with NATS answering. Another goes beside
    // it; of two with the same revision one is refused and goes on from the key it finds.
    if (this.renewal === undefined || now - this.renewal.at >= this.renewEveryMs) {
      const r: { done: Promise<void>; at: number } = { done: Promise.resolve(), at: now };
      r.done = this.renewOnce().finally(() => {
        if (this.renewal === r) this.renewal = undefined;
      });
      this.renewal = r;
    }
    return this.renewal.done;
  }

  private async renewOnce(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const incarnation = this.incarnation;
      const revision = this.aliveRevision;
      const sentAt = this.clock.now();
      const value = encode({ member: this.member, incarnation }, this.about);
      try {
        const written = revision === null ? await this.alive.create(this.member, value) : await this.alive.update(this.member, value, revision);
        if (incarnation !== this.incarnation) return;
        // Renewals may overlap (renew): a late answer does not take the key's revision or the
        // time it was renewed back.
        this.aliveRevision = Math.max(this.aliveRevision ?? 0, written);
        this.aliveAt = Math.max(this.aliveAt, sentAt);
        return;
      } catch (e) {
        if (incarnation !== this.incarnation || !refused(e)) return;
        // A refused create: the name is live from an earlier start of this member (killed
        // less than a TTL ago); it expires on its own.
        if (revision === null) return;
        // A refused update. If the key still names this incarnation, an earlier renewal
        // landed though its answer was lost (only this process writes this incarnation, and
        // an expired key does not come back): go on from the revision it left. Otherwise the
        // key expired or was overwritten, and nothing held under it is ours any more.
        const now = await this.alive.get(this.member).catch(() => null);
        if (incarnation !== this.incarnation) return;
        if (now !== null && decode(now)?.incarnation === incarnation) this.aliveRevision = Math.max(this.aliveRevision ?? 0, now.revision);
        else this.rotate("taken");
      }
    }
  }

  /** Every partition dropped, and a new incarnation (its liveness key written by the next renewal). */
  private rotate(reason: "stale" | "taken"): void {
    for (const [key, h] of this.held) this.drop(key, h, reason);
    this.incarnation = this.newIncarnation();
    if (reason === "taken") this.aliveRevision = null;
    this.aliveAt = Number.NEGATIVE_INFINITY;
  }

  private drop(key: string, h: Held, reason: "stale" | "taken"): void {
    if (this.held.get(key) !== h) return;
    this.held.delete(key);
    this.emit({ kind: "lost", key, epoch: h.epoch, reason });
  }

  /** Hands the key over at once: deletes it only if it is still ours (its revision). */
  async release(key: string): Promise<void> {
    const h = this.held.get(key);
    if (h === undefined) return;
    this.held.delete(key);
    this.emit({ kind: "released", key, epoch: h.epoch });
    await this.kv.delete(key, { previousSeq: h.epoch }).catch(() => {});
  }

  /** Who holds each key, as last seen by the watches; a key whose member is gone, or on another incarnation, is free. */
  owner(key: string): Owner | undefined {
    const o = this.owners.get(key);
    if (o === undefined) return undefined;
    if (o.member === this.member) return o.incarnation === this.incarnation && this.fresh(this.clock.now()) ? { member: o.member, epoch: o.epoch } : undefined;
    const m = this.members.get(o.member);
    if (m === undefined || m.incarnation !== o.incarnation || this.clock.now() - m.seenAt >= this.ttlMs) return undefined;
    return { member: o.member, epoch: o.epoch };
  }

  /**
   * The public address `member` announced in its liveness key (this member's own from its
   * options), while its key is live; undefined when it announced none.
   */
  addressOf(member: string): string | undefined {
    if (member === this.member) return this.about["url"];
    const m = this.members.get(member);
    return m === undefined || this.clock.now() - m.seenAt >= this.ttlMs ? undefined : m.url;
  }

  /**
   * The members in the cluster: this one, and every other whose liveness key the watch saw
   * renewed within the TTL (sorted). A member that stops gracefully deletes its key.
   */
  liveMembers(): string[] {
    const now = this.clock.now();
    const out = new Set([this.member]);
    for (const [m, seen] of this.members) if (now - seen.seenAt < this.ttlMs) out.add(m);
    return [...out].sort();
  }

  /** Stops renewing and watching; with `release`, hands every held key over first and leaves (its liveness key deleted). */
  async stop(options: { release?: boolean } = {}): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = null;
    await this.renewal?.done;
    if (options.release) {
      await Promise.all(this.heldKeys().map((k) => this.release(k)));
      if (this.aliveRevision !== null) await this.alive.delete(this.member, { previousSeq: this.aliveRevision }).catch(() => {});
      this.aliveRevision = null;
    }
    for (const w of this.watches) w.stop();
    this.watches = [];
  }

  private observeOwner(e: KvEntry): void {
    const v = decode(e);
    const before = this.owners.get(e.key);
    if (v === undefined) this.owners.delete(e.key);
    else this.owners.set(e.key, { ...v, epoch: e.revision });
    // Written after this member took it: someone else wrote the key (it can only be taken from
    // an incarnation that is over, so this is a second process on this member's name).
    const h = this.held.get(e.key);
    if (h !== undefined && e.revision > h.epoch) this.drop(e.key, h, "taken");
    if (before?.member !== v?.member || before?.incarnation !== v?.incarnation || before?.epoch !== e.revision) this.changed();
  }

  private observeAlive(e: KvEntry): void {
    const v = decode(e);
    const before = this.members.get(e.key);
    if (v === undefined) this.members.delete(e.key);
    else this.members.set(e.key, { incarnation: v.incarnation, seenAt: this.clock.now(), ...(v.url !== undefined ? { url: v.url } : {}) });
    // A renewal (same incarnation) changes nothing anyone routes or balances by; a member
    // that comes back after its key expired was dropped from `liveMembers` meanwhile.
    const expired = before !== undefined && this.clock.now() - before.seenAt >= this.ttlMs;
    if (before?.incarnation !== v?.incarnation || expired) this.changed();
  }

  private changed(): void {
    for (const l of this.watchers) l();
  }

  private emit(e: LeaseEvent): void {
    for (const l of this.listeners) l(e);
  }
}

/**
 * Who holds each of `keys` now, read from the server (benchmarks, operators' checks): a key
 * counts only while its member's liveness key names the same incarnation.
 */
export async function liveOwners(buckets: LeaseBuckets, keys: Iterable<string>): Promise<Map<string, string>> {
  const incarnations = new Map<string, string | undefined>();
  const out = new Map<string, string>();
  for (const key of keys) {
    const e = await buckets.kv.get(key);
    const owner = e === null ? undefined : decode(e);
    if (owner === undefined) continue;
    if (!incarnations.has(owner.member)) {
      const alive = await buckets.alive.get(owner.member);
      incarnations.set(owner.member, alive === null ? undefined : decode(alive)?.incarnation);
    }
    if (incarnations.get(owner.member) === owner.incarnation) out.set(key, owner.member);
  }
  return out;
}

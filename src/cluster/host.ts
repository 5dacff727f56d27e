// The partition host (stage 1): the real `Ownership` of a `felt serve --cluster`
// process. It holds leases on the 64 tournament partitions (leases.ts), is a member of the
// cluster while its liveness key lives (members.ts) and aims for ceil(64 / members) partitions: it takes free
// ones up to that target and, when members join, hands back what it holds above it — only
// while another member is short, so counts that already differ by one never move.
//
// Gaining a partition: the lease's epoch → its fence raised in PostgreSQL to that epoch
// (every write to the partition's streams carries the epoch from then on: `resolver`) → the
// server loads the partition's tournaments and their tables from the store and resumes
// them (`PartitionServer.adoptPartition`) → `onServing(key, epoch)`. Losing it (no renewal
// for 2.5 s, or taken) or releasing it: this process stops writing at once (`epochOf` is
// undefined), the server closes those tournaments and tables → `onStopped(key)`. A graceful
// stop closes and releases every partition at once (the others take over in well under the
// TTL); a kill -9 leaves its liveness key to expire (the TTL), which frees its partitions.
//
// Stage 2 (`kinds: ["tournament", "table"]`, which `felt serve --cluster` passes unless
// `--tables-with-director`): the host holds the 256 table
// partitions too ("table.017"), balanced apart from the tournament ones (each kind aims for
// ceil(its count / members), so a member never ends up with every tournament and few
// tables), leased and fenced the same way; a tournament's tables then belong to their own
// partitions (`keyOfTable`, `scopeOfStream` with `splitTables`). Every member of a cluster
// must run the same layout: it decides which fence a table's writes meet, so a member
// announces its layout and `checkLayout` refuses to join live members on the other one.
import { connect, type NatsConnection } from "nats";
import type { FenceResolver, Fences } from "../store/index.ts";
import { LEASE_DEFAULTS, LeaseManager, openLeaseBuckets, type LeaseBuckets, realClock, realEvery, type Every, type LeaseClock } from "./leases.ts";
import { fail, ok, type Result } from "../lib/result.ts";
import { layoutsOf, olderMembers, type TableLayout } from "./members.ts";
import { tableKey, tableKeyWithTournament, tournamentKey, tournamentOfTableId, type Ownership } from "./ownership.ts";
import { allPartitions, partitionHash, partitionKey, type PartitionKind } from "./partition.ts";

export const HOST_ERRORS = {
  /** A live member runs the cluster's tables on the other layout (members.ts, TableLayout). */
  layout: "cluster/layout-mismatch",
  /** A live member of an older Felt holds its leases the older way (a TTL key per partition, members.ts). */
  leases: "cluster/lease-scheme-mismatch",
} as const;

/** What the host asks of the server: load and resume a partition's tournaments, or close them. */
export interface PartitionServer {
  /** The partition's fence is raised to `epoch`: load its tournaments (and their tables) and resume them. */
  adoptPartition(key: string, epoch: number): Promise<void>;
  /** Close the partition's tournaments and their tables and forget them (idempotent). */
  dropPartition(key: string): Promise<void>;
}

export interface PartitionHostOptions {
  readonly nc: NatsConnection;
  /** This process's name: a KV key ([-_=.a-zA-Z0-9]), unique in the cluster. */
  readonly member: string;
  /** Bucket names start with it (`<prefix>_owners`, `<prefix>_alive`; default "felt"): tests use their own. */
  readonly prefix?: string;
  /** Tests: one group of lease keys instead of the kinds' partitions. */
  readonly keys?: readonly string[];
  /** Which partitions the host holds: "tournament" (stage 1, the host's default) and "table" (split tables, the server's default). */
  readonly kinds?: readonly PartitionKind[];
  readonly clock?: LeaseClock;
  readonly every?: Every;
  readonly renewEveryMs?: number;
  readonly serveForMs?: number;
  readonly ttlMs?: number;
  /**
   * Where clients reach this member directly (`felt serve --public-url`), announced in its
   * liveness key: a player's client may go to its table's member there (ws-messages.ts,
   * `table-home`). Absent: clients reach it only through the balancer.
   */
  readonly publicUrl?: string;
  readonly log?: (message: string, error?: unknown) => void;
}

type Phase = "taking" | "loading" | "serving" | "stopping";

interface Part {
  phase: Phase;
  epoch: number;
  /** The lease went while it was being taken or loaded (logged then): stop as soon as loading ends. */
  gone: boolean;
}

export const TOURNAMENT_KEYS: readonly string[] = allPartitions("tournament").map(partitionKey);
export const TABLE_KEYS: readonly string[] = allPartitions("table").map(partitionKey);

/** A member name usable as a KV key. */
export function memberName(raw: string): string {
  const cleaned = raw.replace(/[^-_=a-zA-Z0-9]/g, "-").slice(0, 100);
  return cleaned === "" ? "member" : cleaned;
}

export class PartitionHost implements Ownership {
  readonly member: string;
  /** Lease keys balanced apart: one group per kind. */
  private readonly groups: readonly (readonly string[])[];
  /** Stage 2: tables in partitions of their own. */
  readonly splitTables: boolean;
  private readonly clock: LeaseClock;
  private readonly every: Every;
  private readonly ttlMs: number;
  private readonly renewEveryMs: number;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly parts = new Map<string, Part>();
  private readonly servingListeners = new Set<(key: string, epoch: number) => void>();
  private readonly stoppedListeners = new Set<(key: string) => void>();
  private leases: LeaseManager | null = null;
  private buckets: LeaseBuckets | null = null;
  private server: PartitionServer | null = null;
  private fences: Fences | null = null;
  private cancelTick: (() => void) | null = null;
  private balancing: Promise<void> | null = null;
  private stopped = false;
  /** Tests: writes keep their epoch though renewals stopped (a process that wakes and writes before it notices). */
  private pinned = false;

  constructor(private readonly options: PartitionHostOptions) {
    this.member = memberName(options.member);
    const kinds = options.kinds ?? ["tournament"];
    this.splitTables = kinds.includes("table");
    this.groups = options.keys !== undefined ? [options.keys] : [...new Set(kinds)].map((k) => (k === "table" ? TABLE_KEYS : TOURNAMENT_KEYS));
    this.clock = options.clock ?? realClock;
    this.every = options.every ?? realEvery;
    this.ttlMs = options.ttlMs ?? LEASE_DEFAULTS.ttlMs;
    this.renewEveryMs = options.renewEveryMs ?? LEASE_DEFAULTS.renewEveryMs;
    this.log = options.log ?? (() => {});
  }

  /** For the event store (openStorage's `fence`): a tournament's and its tables' streams are fenced by its partition. */
  readonly resolver: FenceResolver = {
    scopeOf: (stream) => scopeOfStream(stream, this.splitTables),
    epochOf: (scope) => this.epochOf(scope),
  };

  /** The cluster's NATS connection (routing and fan-out use it too). */
  get nc(): NatsConnection {
    return this.options.nc;
  }

  /** Bound: callers may pass it around as a function. */
  readonly keyOf = (tournamentId: string): string => tournamentKey(tournamentId);

  /** Bound: stage 1 a table's tournament's partition; with table partitions its own. */
  readonly keyOfTable = (tableId: string): string => (this.splitTables ? tableKey(tableId) : tableKeyWithTournament(tableId));

  /** Bound: callers may pass it around as a function. */
  readonly serving = (key: string): number | undefined => {
    const p = this.parts.get(key);
    return p?.phase === "serving" ? this.epochOf(key) : undefined;
  };

  /** Bound: who holds the partition as this member's lease watch last saw it. */
  readonly ownerOf = (key: string): string | undefined => this.leases?.owner(key)?.member;
  readonly addressOf = (member: string): string | undefined => this.leases?.addressOf(member);

  /** The epoch writes to the partition carry: from the fence raise until this process stops serving it. */
  epochOf(key: string): number | undefined {
    const p = this.parts.get(key);
    if (p === undefined || (p.phase !== "loading" && p.phase !== "serving")) return undefined;
    if (this.pinned) return p.epoch;
    return this.leases?.serving(key) === p.epoch ? p.epoch : undefined;
  }

  onServing(listener: (key: string, epoch: number) => void): () => void {
    this.servingListeners.add(listener);
    return () => this.servingListeners.delete(listener);
  }

  onStopped(listener: (key: string) => void): () => void {
    this.stoppedListeners.add(listener);
    return () => this.stoppedListeners.delete(listener);
  }

  /** Partitions served now (tests, the status line). */
  servingKeys(): string[] {
    return [...this.parts].filter(([k, p]) => p.phase === "serving" && this.serving(k) !== undefined).map(([k]) => k);
  }

  /** Where this member's tables live (members.ts): it joins only a cluster on the same layout. */
  get layout(): TableLayout {
    return this.splitTables ? "split" : "with-director";
  }

  /**
   * Refuses (HOST_ERRORS.layout) when a live member of the cluster runs its tables on the
   * other layout: both would run the same tables. Called before the process serves anything.
   */
  async checkLayout(): Promise<Result<void>> {
    const prefix = this.options.prefix ?? "felt";
    const older = await olderMembers(this.options.nc, prefix);
    if (older.length > 0) {
      return fail(
        HOST_ERRORS.leases,
        `member ${older[0]} of this cluster is an older Felt that holds its partitions by a key each: the two would not see each other's partitions as held. Stop every member and start them all on this version`,
      );
    }
    // Before start() the buckets are opened only to read them: nothing is announced.
    this.buckets ??= await openLeaseBuckets(this.options.nc, prefix, this.ttlMs);
    const others = await layoutsOf(this.buckets.alive, this.member);
    const differ = [...others].filter(([, l]) => l !== this.layout);
    if (differ.length === 0) return ok(undefined);
    const [name, theirs] = differ[0]!;
    const flag = (l: TableLayout) => (l === "split" ? "without --tables-with-director" : "with --tables-with-director");
    return fail(
      HOST_ERRORS.layout,
      `member ${name} of this cluster runs its tables ${theirs === "split" ? "split over the cluster" : "with their directors"}, and this process would run them ${this.layout === "split" ? "split over the cluster" : "with their directors"}: start it ${flag(theirs)}, or stop every member and start them all on one layout`,
    );
  }

  /** Joins the cluster: its liveness key announced and the leases followed, then a balancing round every renewal. */
  async start(fences: Fences, server: PartitionServer): Promise<void> {
    this.fences = fences;
    this.server = server;
    this.buckets ??= await openLeaseBuckets(this.options.nc, this.options.prefix ?? "felt", this.ttlMs);
    const leases = new LeaseManager({
      ...this.buckets,
      member: this.member,
      about: { layout: this.layout, ...(this.options.publicUrl !== undefined ? { url: this.options.publicUrl } : {}) },
      clock: this.clock,
      every: this.every,
      ttlMs: this.ttlMs,
      renewEveryMs: this.renewEveryMs,
      ...(this.options.serveForMs !== undefined ? { serveForMs: this.options.serveForMs } : {}),
    });
    this.leases = leases;
    leases.onEvent((e) => {
      if (e.kind === "lost" || e.kind === "released") void this.gone(e.key, e.epoch, e.kind === "lost" ? `lost (${e.reason})` : "released");
    });
    await leases.start();
    // Again now that this member is announced: of two started at once on different layouts,
    // each saw no one before; now at least one of them sees the other and does not serve.
    const agreed = await this.checkLayout();
    if (!agreed.ok) {
      this.stopped = true;
      await leases.stop({ release: true });
      throw new Error(agreed.error.message);
    }
    leases.onOwnersChanged(() => this.soon());
    this.cancelTick = this.every(this.renewEveryMs, () => this.soon());
    await this.balance();
  }

  /** One balancing round at a time; a request during one runs once more after it. */
  private again = false;
  private soon(): void {
    if (this.stopped) return;
    if (this.balancing !== null) {
      this.again = true;
      return;
    }
    this.balancing = this.balance()
      .catch((e: unknown) => this.log("cluster: balancing failed", e))
      .finally(() => {
        this.balancing = null;
        if (this.again) {
          this.again = false;
          this.soon();
        }
      });
  }

  /**
   * Each group (kind) apart: takes free partitions up to ceil(keys / members), this
   * member's preferred ones first (a hash of member and key, so members starting together
   * reach for different keys); hands back what it holds above the target (or above
   * floor(keys / members), as many as the others lack) while another member holds fewer
   * than floor(keys / members).
   */
  private async balance(): Promise<void> {
    const leases = this.leases;
    if (leases === null || this.stopped || this.pinned) return;
    this.noticeLost(leases);
    const live = leases.liveMembers();
    await Promise.all(this.groups.map((keys) => this.balanceGroup(leases, live, keys)));
  }

  private async balanceGroup(leases: LeaseManager, live: readonly string[], keys: readonly string[]): Promise<void> {
    const group = new Set(keys);
    const target = Math.ceil(keys.length / live.length);
    const mine = [...this.parts.keys()].filter((k) => group.has(k));
    const prefer = (k: string) => partitionHash(`${this.member}/${k}`);
    const floor = Math.floor(keys.length / live.length);
    const held = new Map<string, number>();
    for (const k of keys) {
      const o = leases.owner(k);
      if (o !== undefined && o.member !== this.member) held.set(o.member, (held.get(o.member) ?? 0) + 1);
    }
    const short = live.filter((m) => m !== this.member && (held.get(m) ?? 0) < floor);
    if (mine.length < target) {
      // At floor already while another member is short: the free ones are left to it (a
      // partition this member just handed over was taken straight back otherwise, round after
      // round: 320 partitions over three members never settled, split tables).
      if (mine.length >= floor && short.length > 0) return;
      const free = keys.filter((k) => !this.parts.has(k) && leases.owner(k) === undefined).sort((a, b) => prefer(a) - prefer(b));
      await Promise.all(free.slice(0, (short.length > 0 ? floor : target) - mine.length).map((k) => this.take(k)));
      return;
    }
    // Above floor, not only above target: 64 over 3 members can settle at 22 / 22 / 20, where
    // nobody holds more than ceil = 22 and the third stays short for good (bench/cluster.ts).
    if (mine.length > floor) {
      if (short.length === 0) return;
      const missing = short.reduce((n, m) => n + floor - (held.get(m) ?? 0), 0);
      const extra = mine.filter((k) => this.parts.get(k)?.phase === "serving").sort((a, b) => prefer(b) - prefer(a));
      await Promise.all(extra.slice(0, Math.min(mine.length - floor, Math.max(mine.length - target, missing))).map((k) => this.handOver(k)));
    }
  }

  private async take(key: string): Promise<void> {
    if (this.parts.has(key)) return;
    const part: Part = { phase: "taking", epoch: 0, gone: false };
    this.parts.set(key, part);
    const leases = this.leases!;
    const got = await leases.acquire(key);
    if (!got.ok) {
      this.parts.delete(key);
      return;
    }
    part.epoch = got.value.epoch;
    const raised = await this.fences!.raiseFence(key, part.epoch).catch((e: unknown) => ({
      ok: false as const,
      error: { code: "store/unreachable", message: String(e) },
    }));
    if (!raised.ok || part.gone || this.stopped) {
      if (!raised.ok) this.log(`cluster: ${key}: fence not raised to ${part.epoch}: ${raised.error.message}`);
      this.parts.delete(key);
      await leases.release(key);
      return;
    }
    part.phase = "loading";
    try {
      await this.server!.adoptPartition(key, part.epoch);
    } catch (e) {
      this.log(`cluster: ${key}: loading failed`, e);
      part.gone = true;
    }
    if (!part.gone && leases.serving(key) !== part.epoch) {
      // Stale while loading (a pause, a slow load) before the renewal round said so.
      part.gone = true;
      this.log(`cluster: ${this.member} stops serving ${key}: lease lost (stale) while loading`);
    }
    if (part.gone || this.stopped) {
      await this.stop1(key, part);
      await leases.release(key);
      return;
    }
    part.phase = "serving";
    this.log(`cluster: ${this.member} serves ${key} at epoch ${part.epoch}`);
    for (const l of this.servingListeners) l(key, part.epoch);
  }

  /**
   * Lease lost or released: stop writing now (epochOf is undefined from here), close the
   * partition's tournaments — said in the log in every phase. Taken or being loaded, the
   * partition stops as soon as take() gets back to it.
   */
  private gone(key: string, epoch: number, why: string): Promise<void> {
    const part = this.parts.get(key);
    if (part === undefined || part.epoch !== epoch || part.phase === "stopping" || part.gone) return Promise.resolve();
    if (part.phase === "taking" || part.phase === "loading") {
      part.gone = true;
      this.log(`cluster: ${this.member} stops serving ${key}: lease ${why} while ${part.phase}`);
      return Promise.resolve();
    }
    this.log(`cluster: ${this.member} stops serving ${key}: lease ${why}`);
    return this.stop1(key, part);
  }

  /**
   * Partitions served with a lease that is no longer current (no renewal for serveForMs)
   * stop now, the loss logged. A process waking from a pause may run a balancing round
   * before its lease manager's renewal round finds the leases stale: that round must not
   * count them as its own (nor hand them "over").
   */
  private noticeLost(leases: LeaseManager): void {
    for (const [key, part] of this.parts) {
      if (part.phase === "serving" && leases.serving(key) !== part.epoch) void this.gone(key, part.epoch, "lost (stale)");
    }
  }

  private async stop1(key: string, part: Part): Promise<void> {
    part.phase = "stopping";
    try {
      await this.server!.dropPartition(key);
    } catch (e) {
      this.log(`cluster: ${key}: closing failed`, e);
    }
    if (this.parts.get(key) === part) this.parts.delete(key);
    for (const l of this.stoppedListeners) l(key);
  }

  /** Graceful hand-over: close the partition here first, then delete the lease so another member takes it at once. */
  private async handOver(key: string): Promise<void> {
    const part = this.parts.get(key);
    if (part === undefined || part.phase !== "serving") return;
    // Not ours to hand over any more (a pause outlived it): a loss, said as one.
    if (this.leases!.serving(key) !== part.epoch) return this.gone(key, part.epoch, "lost (stale)");
    this.log(`cluster: ${this.member} hands ${key} over`);
    await this.stop1(key, part);
    await this.leases!.release(key);
  }

  /** Leaves the cluster: every partition closed and released at once, the member name deleted. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.cancelTick?.();
    this.cancelTick = null;
    await this.balancing;
    await Promise.all([...this.parts].filter(([, p]) => p.phase === "serving").map(([k]) => this.handOver(k)));
    await this.leases?.stop({ release: true });
  }

  /**
   * Tests: this process freezes as far as the cluster can tell (no renewals, no announcements,
   * no balancing, nothing released) while its tournaments go on; with `keepWriting` their
   * writes keep the old epoch, as a process that wakes from a pause writes before it notices.
   */
  async freezeForTests(options: { keepWriting: boolean }): Promise<void> {
    this.pinned = options.keepWriting;
    this.cancelTick?.();
    this.cancelTick = null;
    await this.leases?.stop();
    if (!options.keepWriting) this.stopped = true;
  }
}

/**
 * The partition a stream's writes are fenced by: a tournament's stream by its partition,
 * its tables' streams ("table:T1-t3") by the tournament's partition (stage 1) or, with
 * `splitTables`, by their own table partition. Other streams are not fenced.
 */
export function scopeOfStream(stream: string, splitTables = false): string | null {
  const tournament = /^tournament:(.+)$/.exec(stream);
  if (tournament !== null) return tournamentKey(tournament[1]!);
  const tableId = /^table:(.+)$/.exec(stream)?.[1];
  if (tableId === undefined || tournamentOfTableId(tableId) === null) return null;
  return splitTables ? tableKey(tableId) : tableKeyWithTournament(tableId);
}

/** The NATS connection of a cluster member (fails clearly when nothing answers). */
export async function connectNats(url: string): Promise<NatsConnection> {
  try {
    // noAsyncTraces: the client would otherwise build an Error (a stack trace) for every
    // request and its timeout: with split tables about 107 lease renewals a second per
    // process, the largest single cost in the profile of an idle member.
    // A member reconnects for as long as it runs (connection.ts says why); pings every 5 s,
    // two unanswered, notice a NATS that stopped answering without closing the connection.
    return await connect({
      servers: url,
      timeout: 5_000,
      name: "felt",
      noAsyncTraces: true,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
      pingInterval: 5_000,
      maxPingOut: 2,
    });
  } catch (e) {
    throw new Error(`cluster: NATS at ${url} is unreachable: ${(e as Error).message}`);
  }
}

// Followers' pings (follower.ts), sent as one request per owning member each period instead
// of one per follower. Every remote feed a gateway follows (a seated player's view, the
// spectators', a tournament's) renews its watch on the owner every few seconds; one request
// each was most of a member's NATS traffic (in the cluster bench, 384 of 464 forwarded
// requests in a sample were pings, against 80 actions), and each request is a socket write
// on both sides. Batched per partition, split tables (a partition per table) still made it one
// request per followed table: 87 renewals a second against 60 forwarded actions (docs/cluster.md).
// So the batch goes to the member that holds the partitions, as this process last saw the
// leases: one request per member per period, sent to one of its partitions' subjects.
// The lease view may lag a hand-over; the owner then refuses the asks of partitions it no
// longer serves (cluster/not-owner, each on its own) and they go again at once, one request
// per partition, routed by the bus to whoever serves it now.
import type { Result } from "../lib/result.ts";
import { BUS_ERRORS } from "./bus.ts";
import type { SyncAnswer } from "./follower.ts";

/** One follower as the batch sees it. */
export interface Pingable<A> {
  /** Ready for a ping now (started, not resyncing, none on its way). */
  due(): boolean;
  /** Its ping is on its way in the batch. */
  sent(): void;
  /** What the owner is asked (the follower's watch, without the full state). */
  ask(): A;
  /** The owner's answer to it, or null when the batch got none. */
  answered(r: Result<SyncAnswer> | null): void;
}

/** Sends one batch to the owner of the partition `key` (the bus routes it); the answer holds one result per ask, in order. */
export type SendBatch<A> = (key: string, asks: readonly A[]) => Promise<Result<unknown>>;

/** The most asks in one request: a big event's tournament view has thousands of followers on one gateway. */
export const MAX_BATCH = 500;

/** Which member holds a partition as this process last saw it (undefined: not known; the partition goes alone). */
export type RouteOf = (key: string) => string | undefined;

interface Entry<A> {
  readonly key: string;
  readonly p: Pingable<A>;
}

export class PingBatch<A> {
  private readonly byKey = new Map<string, Set<Pingable<A>>>();
  /** Keys whose batch is on its way: the next period skips them (the bus may be retrying). */
  private readonly inFlight = new Set<string>();
  private readonly timer: ReturnType<typeof setInterval> | null;

  constructor(
    private readonly send: SendBatch<A>,
    everyMs: number,
    private readonly routeOf: RouteOf = () => undefined,
  ) {
    this.timer = everyMs > 0 ? setInterval(() => void this.tick(), everyMs) : null;
    this.timer?.unref();
  }

  /** Pings `p` with the partition `key`'s batch from the next period on; returns its removal. */
  add(key: string, p: Pingable<A>): () => void {
    let set = this.byKey.get(key);
    if (set === undefined) this.byKey.set(key, (set = new Set()));
    set.add(p);
    return () => {
      set.delete(p);
      if (set.size === 0 && this.byKey.get(key) === set) this.byKey.delete(key);
    };
  }

  /** One period: a request per owning member (per MAX_BATCH followers) for the followers due; settles once all are answered. */
  tick(): Promise<void> {
    const groups = new Map<string, { keys: string[]; due: Entry<A>[] }>();
    for (const [key, set] of this.byKey) {
      if (this.inFlight.has(key)) continue;
      const due: Entry<A>[] = [];
      for (const p of set) if (p.due()) due.push({ key, p });
      if (due.length === 0) continue;
      const member = this.routeOf(key);
      const route = member === undefined ? `partition ${key}` : `member ${member}`;
      let g = groups.get(route);
      if (g === undefined) groups.set(route, (g = { keys: [], due: [] }));
      g.keys.push(key);
      g.due.push(...due);
    }
    const all: Promise<unknown>[] = [];
    for (const g of groups.values()) {
      for (const k of g.keys) this.inFlight.add(k);
      const batches: Promise<void>[] = [];
      for (let i = 0; i < g.due.length; i += MAX_BATCH) batches.push(this.one(g.due.slice(i, i + MAX_BATCH)));
      all.push(
        Promise.all(batches).finally(() => {
          for (const k of g.keys) this.inFlight.delete(k);
        }),
      );
    }
    return Promise.all(all).then(() => {});
  }

  /** One request to the member holding `due[0]`'s partition; asks it refused as not its own go again, one request per partition. */
  private async one(due: readonly Entry<A>[]): Promise<void> {
    for (const e of due) e.p.sent();
    const to = due[0]!.key;
    const answers = await this.ask(to, due);
    const moved: Entry<A>[] = [];
    due.forEach((e, i) => {
      const a = answers?.[i] ?? null;
      if (a !== null && !a.ok && a.error.code === BUS_ERRORS.notOwner && e.key !== to) moved.push(e);
      else e.p.answered(a);
    });
    if (moved.length === 0) return;
    const byKey = new Map<string, Entry<A>[]>();
    for (const e of moved) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);
    await Promise.all(
      [...byKey].map(async ([key, entries]) => {
        const again = await this.ask(key, entries);
        entries.forEach((e, i) => e.p.answered(again?.[i] ?? null));
      }),
    );
  }

  private async ask(key: string, due: readonly Entry<A>[]): Promise<Result<SyncAnswer>[] | null> {
    const r = await this.send(
      key,
      due.map((e) => e.p.ask()),
    ).catch(() => null);
    return r?.ok === true && Array.isArray(r.value) && r.value.length === due.length ? (r.value as Result<SyncAnswer>[]) : null;
  }

  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.byKey.clear();
  }
}

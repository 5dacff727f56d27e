// Followers' pings (follower.ts), sent as one request per partition each period instead of
// one per follower. Every remote feed a gateway follows (a seated player's view, the
// spectators', a tournament's) renews its watch on the owner every few seconds; one request
// each was most of a member's NATS traffic (in the cluster bench, 384 of 464 forwarded
// requests in a sample were pings, against 80 actions), and each request is a socket write
// on both sides. Batched, a gateway sends at most one per partition it follows per period,
// however many players it holds there.
import type { Result } from "../lib/result.ts";
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

/** Sends one batch to the partition's owner; the answer holds one result per ask, in order. */
export type SendBatch<A> = (key: string, asks: readonly A[]) => Promise<Result<unknown>>;

/** The most asks in one request: a big event's tournament view has thousands of followers on one gateway. */
export const MAX_BATCH = 500;

export class PingBatch<A> {
  private readonly byKey = new Map<string, Set<Pingable<A>>>();
  /** Keys whose batch is on its way: the next period skips them (the bus may be retrying). */
  private readonly inFlight = new Set<string>();
  private readonly timer: ReturnType<typeof setInterval> | null;

  constructor(
    private readonly send: SendBatch<A>,
    everyMs: number,
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

  /** One period: a request per partition (per MAX_BATCH followers) for the followers due; settles once all are answered. */
  tick(): Promise<void> {
    const all: Promise<unknown>[] = [];
    for (const [key, set] of this.byKey) {
      if (this.inFlight.has(key)) continue;
      const due = [...set].filter((p) => p.due());
      if (due.length === 0) continue;
      this.inFlight.add(key);
      const batches: Promise<void>[] = [];
      for (let i = 0; i < due.length; i += MAX_BATCH) batches.push(this.one(key, due.slice(i, i + MAX_BATCH)));
      all.push(Promise.all(batches).finally(() => this.inFlight.delete(key)));
    }
    return Promise.all(all).then(() => {});
  }

  private async one(key: string, due: readonly Pingable<A>[]): Promise<void> {
    for (const p of due) p.sent();
    const r = await this.send(
      key,
      due.map((p) => p.ask()),
    ).catch(() => null);
    const answers = r?.ok === true && Array.isArray(r.value) && r.value.length === due.length ? (r.value as Result<SyncAnswer>[]) : null;
    due.forEach((p, i) => p.answered(answers === null ? null : answers[i]!));
  }

  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.byKey.clear();
  }
}

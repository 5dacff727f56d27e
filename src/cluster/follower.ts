// A gateway's copy of one remote feed (a table's frames for one audience, a tournament's
// views), kept gapless (the spike lost 11–12 published frames per failover, so
// this resync is required). The order is the one that cannot miss a frame:
//   1. ask the owner which audience this watcher belongs to (and register the watch);
//   2. subscribe to that audience's subject (frames are buffered from now on);
//   3. ask the owner for the full state: its answer carries the audience's sequence;
//   4. send the full state, then the buffered frames above that sequence, then go live.
// Live, a frame must carry the same epoch and the next sequence; a gap, a new epoch or a
// sequence going back starts again at 3 (the client gets a fresh full view). A periodic
// ping, sent with the partition's other followers (ping-batch.ts), renews the watch on the
// owner (a gateway that died stops being published to) and catches a lost last frame (the
// owner's sequence is ahead of ours) or a new owner (epoch).
import type { FeltError, Result } from "../lib/result.ts";
import type { Bus, Frame } from "./bus.ts";
import { BUS_ERRORS } from "./bus.ts";

export interface SyncAnswer {
  /** The subject (after the bus prefix) this watcher's frames come on. */
  readonly subject: string;
  readonly seq: number;
  readonly epoch: number;
  /** The full state as frames (newline-separated texts), when asked for. */
  readonly frames?: string;
}

export interface FollowerOptions {
  readonly bus: Bus;
  /** Asks the owner (through bus.request): full = with the full state. */
  sync(full: boolean): Promise<Result<SyncAnswer>>;
  /** Frames to pass on to the client, newline-separated, each a whole server message. */
  deliver(frames: string): void;
  /** The first sync was refused (no such table): the caller tells the client. */
  refused(e: FeltError): void;
  /** Called once by close() (the owner forgets the watch). */
  readonly onClose?: () => void;
}

/** How often a follower is pinged (ping-batch.ts does it for every follower of a gateway). */
export const DEFAULT_PING_MS = 3_000;

export class Follower {
  /** Resyncs after the first (gap, epoch, lost last frame): for tests and stats. */
  resyncs = 0;
  private subject: string | null = null;
  private unsubscribe: (() => void) | null = null;
  private live: { seq: number; epoch: number } | null = null;
  private buffer: Frame[] | null = null;
  private syncing = false;
  private pinging = false;
  /** Following live (the first resync done): from then on it is pinged. */
  private started = false;
  private closed = false;

  constructor(private readonly o: FollowerOptions) {}

  async start(): Promise<void> {
    let first = await this.o.sync(false);
    // Nobody answers for the partition now (a hand-over in progress; the bus already retried
    // for seconds): keep trying while watched. Any other refusal is the owner's answer.
    while (!first.ok && first.error.code === BUS_ERRORS.unavailable && !this.closed) {
      await new Promise((res) => setTimeout(res, 1_000));
      first = await this.o.sync(false);
    }
    if (this.closed) return;
    if (!first.ok) return this.o.refused(first.error);
    this.follow(first.value.subject);
    await this.resync(false);
    this.started = true;
  }

  /** Renews the watch; resyncs when the owner is ahead of us or another owner answers. */
  async ping(): Promise<void> {
    if (this.closed || this.syncing || this.pinging) return;
    // One ping at a time: while nobody owns the partition a ping waits out the bus's retries.
    this.pinging = true;
    const r = await this.o.sync(false).catch(() => null);
    await this.pingAnswered(r);
  }

  /** Ready for a ping sent by someone else (ping-batch.ts): following live, none on its way. */
  pingDue(): boolean {
    return this.started && !this.closed && !this.syncing && !this.pinging;
  }

  /** A ping for this follower is on its way in someone else's request. */
  pingSent(): void {
    this.pinging = true;
  }

  /** The owner's answer to a ping (null: none came); the same handling as ping()'s own. */
  async pingAnswered(r: Result<SyncAnswer> | null): Promise<void> {
    this.pinging = false;
    if (r === null || !r.ok || this.closed || this.syncing) return;
    const a = r.value;
    const l = this.live;
    if (a.subject !== this.subject || l === null || a.epoch !== l.epoch || a.seq > l.seq) {
      if (a.subject !== this.subject) this.follow(a.subject);
      await this.resync(true);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.o.onClose?.();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private follow(subject: string): void {
    this.unsubscribe?.();
    this.subject = subject;
    this.unsubscribe = this.o.bus.subscribeFrames(subject, (f) => this.frame(f));
  }

  private frame(f: Frame): void {
    if (this.closed) return;
    if (this.buffer !== null) {
      this.buffer.push(f);
      return;
    }
    const l = this.live;
    if (l !== null && f.epoch === l.epoch && f.seq <= l.seq) return; // already in the full state
    // An older epoch: a deposed owner's late frame (epochs only grow). Never a reason to resync.
    if (l !== null && f.epoch < l.epoch) return;
    if (l === null || f.epoch !== l.epoch || f.seq !== l.seq + 1) {
      void this.resync(true);
      return;
    }
    l.seq = f.seq;
    this.o.deliver(f.data);
  }

  private async resync(counted: boolean): Promise<void> {
    if (this.syncing || this.closed) return;
    if (counted) this.resyncs++;
    this.syncing = true;
    this.buffer = [];
    this.live = null;
    try {
      while (!this.closed) {
        const r = await this.o.sync(true);
        if (this.closed) return;
        if (!r.ok) {
          // The owner is away (the bus gave up after its retries): keep trying while watched.
          await new Promise((res) => setTimeout(res, 1_000));
          continue;
        }
        const a = r.value;
        if (a.subject !== this.subject) {
          // The watcher's audience changed (seated or unseated meanwhile): follow it, ask again.
          this.follow(a.subject);
          this.buffer = [];
          continue;
        }
        if (a.frames !== undefined) this.o.deliver(a.frames);
        const live = { seq: a.seq, epoch: a.epoch };
        const buffered = this.buffer ?? [];
        let gap = false;
        for (const f of buffered) {
          if (f.epoch < live.epoch || (f.epoch === live.epoch && f.seq <= live.seq)) continue;
          if (f.epoch !== live.epoch || f.seq !== live.seq + 1) {
            gap = true;
            break;
          }
          live.seq = f.seq;
          this.o.deliver(f.data);
        }
        if (gap) {
          this.resyncs++;
          this.buffer = [];
          continue;
        }
        this.live = live;
        this.buffer = null;
        return;
      }
    } finally {
      this.syncing = false;
    }
  }
}

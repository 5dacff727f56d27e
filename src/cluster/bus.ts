// The cluster's message bus on NATS (measured facts in ../shared/design/cluster.md).
// - Routing: a command for a partition is a NATS request to `<prefix>.cmd.<partitionKey>`,
//   answered by the process that owns the partition (a queue group, subscribed only while
//   `Ownership.serving(key)` says so). The sender retries the SAME request (the body carries
//   the command id, so the owner's actors answer a repeat "duplicate", never act twice)
//   with exponential backoff and full jitter (a fixed 500 ms retry caused a storm of 17,758
//   retries in the spike) on no responders, a timeout or a `cluster/not-owner` answer, and
//   gives up after ~10 s with `server/unavailable` (503 on HTTP). A new owner announces
//   itself on `<prefix>.owner.<key>` once it serves the partition (announceOwner): an attempt
//   still waiting for the old owner's answer (it died holding the request; NATS tells the
//   sender nothing) or a backoff wait then asks the new owner at once, instead of at the
//   attempt's timeout (a kill -9 of an owner stalled its tables ~4 s longer).
// - Answers come on one subscription of the bus's own (`<inbox>.<n>`, one per process), not
//   through the NATS client's `request`: that one builds an Error, stack trace and all, every
//   time a request is answered (it rejects the settled request with a fresh "cancelled"), and
//   in a loaded member's profile that alone was 1.5–1.9 % of its CPU (docs/benchmarks.md).
// - Fan-out: frames published on `<prefix>.view.…` with the per-subject sequence and the
//   owner's epoch in headers (follower.ts keeps them gapless).
// - Scatter-gather: `<prefix>.all.<name>` reaches every member (no queue group); `tellAll`
//   says something there without waiting for answers (a session ended: close its sockets).
// Inside the cluster the bus is trusted: the gateway authenticated the sender.
import { createInbox, headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from "nats";
import { fail, type Result } from "../lib/result.ts";
import type { Ownership } from "./ownership.ts";
import { SERVER_ERRORS } from "../protocol/error-catalogue.ts";

export const BUS_ERRORS = {
  /** An owner that just stopped serving the partition answers this: the sender tries again. */
  notOwner: "cluster/not-owner",
  unavailable: "server/unavailable",
} as const;

export interface Backoff {
  readonly baseMs: number;
  readonly capMs: number;
  /** Give up after this long in all (the answer is then `server/unavailable`). */
  readonly giveUpMs: number;
  /** One attempt waits at most this long for its answer. */
  readonly attemptMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 50, capMs: 1_000, giveUpMs: 10_000, attemptMs: 4_000 };

/** Full jitter: a uniform wait in [0, min(cap, base·2^attempt)). */
export function backoffMs(b: Backoff, attempt: number, random: () => number = Math.random): number {
  return Math.floor(random() * Math.min(b.capMs, b.baseMs * 2 ** Math.min(attempt, 20)));
}

export type Handler = (key: string, body: unknown) => Promise<Result<unknown>>;
export type GatherHandler = (body: unknown) => Promise<unknown>;

export interface Frame {
  readonly seq: number;
  readonly epoch: number;
  readonly data: string;
}

export interface BusStats {
  requests: number;
  retries: number;
  /** Attempts cut short because a new owner announced itself (asked again at once). */
  reasked: number;
  gaveUp: number;
}

const enc = new TextEncoder();
const dec = new TextDecoder();
const SEQ = "Felt-Seq";
const EPOCH = "Felt-Epoch";

/** JSON from a message, or undefined when it is empty or not JSON (never a throw inside a NATS callback). */
function parse(data: Uint8Array): unknown {
  if (data.length === 0) return undefined;
  try {
    return JSON.parse(dec.decode(data)) as unknown;
  } catch {
    return undefined;
  }
}

const isCode = (e: unknown, code: string) => typeof e === "object" && e !== null && (e as { code?: unknown }).code === code;

/** Why an ask got no answer, with the NATS client's codes: "503" no responders, "TIMEOUT", "CONNECTION_CLOSED". */
class AskFailed extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Waiting {
  readonly resolve: (m: Msg) => void;
  readonly reject: (e: AskFailed) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

export class Bus {
  readonly stats: BusStats = { requests: 0, retries: 0, reasked: 0, gaveUp: 0 };
  private readonly served = new Map<string, Subscription>();
  private readonly gathers: Subscription[] = [];
  private readonly frameSubs = new Map<string, { sub: Subscription; listeners: Set<(f: Frame) => void> }>();
  private readonly unlisten: (() => void)[] = [];
  private handler: Handler | null = null;
  private closed = false;
  /** Senders waiting for a partition's next owner to announce itself (one wildcard subscription). */
  private readonly ownerWaiters = new Map<string, Set<() => void>>();
  private ownerSub: Subscription | null = null;
  /**
   * What this process sends on the bus (requests, their answers, frames), held until the
   * event loop's current turn is over and then sent together. The NATS client writes to its
   * socket once per burst of sends, and an action's sends come from different callbacks
   * (a player's command, the owner's commit, its fan-out, the answer): sent apart, they were
   * a socket write each, and the NATS client's writes were the largest item in a loaded
   * member's profile (docs/benchmarks.md).
   * First in, first out, so the frames of a subject keep their order.
   */
  private outbox: (() => void)[] = [];
  /** The answers' subscription (made on the first request) and the requests waiting on it, by token. */
  private replies: { readonly inbox: string; readonly sub: Subscription; readonly waiting: Map<string, Waiting> } | null = null;
  private asked = 0;

  constructor(
    readonly nc: NatsConnection,
    /** Subject prefix: one cluster (or one test) per prefix. */
    readonly prefix: string,
    readonly ownership: Ownership,
    private readonly backoff: Backoff = DEFAULT_BACKOFF,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  cmdSubject(key: string): string {
    return `${this.prefix}.cmd.${key}`;
  }

  // ---- routing ----

  /**
   * Sends `body` to the owner of `key` and returns its answer. Retries the same body on no
   * responders, a timeout or `cluster/not-owner`; `server/unavailable` after giveUpMs.
   */
  async request(key: string, body: unknown): Promise<Result<unknown>> {
    this.stats.requests++;
    const data = enc.encode(JSON.stringify(body));
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const left = this.backoff.giveUpMs - (Date.now() - started);
      if (left <= 0 || this.closed) break;
      const owner = this.nextOwner(key);
      try {
        const timeout = Math.max(50, Math.min(this.backoff.attemptMs, left));
        const sent = this.later(() => this.ask(this.cmdSubject(key), data, timeout));
        const m = await Promise.race([sent, owner.announced.then(() => null)]);
        if (m === null) {
          // A new owner serves the partition now: ask it (the same body: it acts once).
          sent.catch(() => undefined);
          this.stats.retries++;
          this.stats.reasked++;
          continue;
        }
        const r = JSON.parse(dec.decode(m.data)) as Result<unknown>;
        if (r.ok || r.error.code !== BUS_ERRORS.notOwner) return r;
      } catch (e) {
        // No responders (nobody owns it now) or a timeout (the owner froze or died): again.
        if (!isCode(e, "503") && !isCode(e, "TIMEOUT"))
          return fail(BUS_ERRORS.unavailable, `the cluster bus failed: ${(e as Error).message}`, { retryAfterMs: 1_000 });
      } finally {
        owner.cancel();
      }
      this.stats.retries++;
      const wait = backoffMs(this.backoff, attempt);
      if (Date.now() - started + wait >= this.backoff.giveUpMs) break;
      const next = this.nextOwner(key);
      await Promise.race([this.sleep(wait), next.announced]);
      next.cancel();
    }
    this.stats.gaveUp++;
    return fail(BUS_ERRORS.unavailable, `no process answers for ${key} now; try again shortly`, { retryAfterMs: 1_000 });
  }

  /**
   * Answers requests for every partition this process serves, now and as ownership moves
   * (queue group: one answer even if two processes briefly both subscribe). A request that
   * arrives after the partition stopped being served here is answered `cluster/not-owner`.
   */
  serve(handler: Handler, keys: Iterable<string>): void {
    this.handler = handler;
    for (const key of keys) if (this.ownership.serving(key) !== undefined) this.subscribeKey(key);
    this.unlisten.push(this.ownership.onServing((key) => this.subscribeKey(key)));
    this.unlisten.push(
      this.ownership.onStopped((key) => {
        this.served.get(key)?.unsubscribe();
        this.served.delete(key);
      }),
    );
  }

  private subscribeKey(key: string): void {
    if (this.served.has(key) || this.closed) return;
    const sub = this.nc.subscribe(this.cmdSubject(key), {
      queue: `${this.prefix}.owners`,
      callback: (e, m) => {
        if (e !== null) return;
        void this.answer(key, m.data)
          .then((r) => this.soon(() => m.respond(enc.encode(JSON.stringify(r)))))
          .catch(() => undefined); // the connection closed under the answer: the sender retries
      },
    });
    this.served.set(key, sub);
  }

  private async answer(key: string, data: Uint8Array): Promise<Result<unknown>> {
    if (this.ownership.serving(key) === undefined || this.handler === null) return fail(BUS_ERRORS.notOwner, `${this.ownership.member} does not serve ${key}`);
    let r: Result<unknown>;
    try {
      r = await this.handler(key, JSON.parse(dec.decode(data)));
    } catch (e) {
      r = fail(SERVER_ERRORS.internal, `the owner failed: ${(e as Error).message}`);
    }
    // Refused while the partition was leaving this process (its tournaments closing under the
    // command: "not found", "closed"): the new owner's answer is the one that counts.
    if (!r.ok && this.ownership.serving(key) === undefined) return fail(BUS_ERRORS.notOwner, `${this.ownership.member} stopped serving ${key}`);
    return r;
  }

  /** Says that this process serves `key` now (call once it can answer: fence raised, loaded). */
  announceOwner(key: string, epoch: number): void {
    this.publishFrame(`owner.${key}`, 0, epoch, this.ownership.member);
  }

  /** Calls `listener` with the member's name whenever a process announces that it serves `key` now; returns the unsubscribe. */
  onOwnerAnnounced(key: string, listener: (member: string) => void): () => void {
    return this.subscribeFrames(`owner.${key}`, (f) => listener(f.data));
  }

  /** Settles when a process next announces that it serves `key` (never, if none does before cancel). */
  private nextOwner(key: string): { announced: Promise<void>; cancel(): void } {
    if (this.ownerSub === null && !this.closed) {
      const head = `${this.prefix}.owner.`;
      this.ownerSub = this.nc.subscribe(`${head}>`, {
        callback: (e, m) => {
          if (e !== null) return;
          const waiting = this.ownerWaiters.get(m.subject.slice(head.length));
          if (waiting === undefined) return;
          this.ownerWaiters.delete(m.subject.slice(head.length));
          for (const w of waiting) w();
        },
      });
    }
    let wake = () => {};
    const announced = new Promise<void>((r) => (wake = r));
    const waiting = this.ownerWaiters.get(key) ?? new Set<() => void>();
    this.ownerWaiters.set(key, waiting);
    waiting.add(wake);
    return {
      announced,
      cancel: () => {
        waiting.delete(wake);
        if (waiting.size === 0 && this.ownerWaiters.get(key) === waiting) this.ownerWaiters.delete(key);
      },
    };
  }

  // ---- fan-out ----

  publishFrame(subject: string, seq: number, epoch: number, data: string): void {
    const h = natsHeaders();
    h.set(SEQ, String(seq));
    h.set(EPOCH, String(epoch));
    this.soon(() => this.nc.publish(`${this.prefix}.${subject}`, enc.encode(data), { headers: h }));
  }

  /**
   * Frames on one subject, in the order the owner published them. Returns the unsubscribe
   * function. Listeners on one subject share one NATS subscription: a table's spectators on
   * this process cost one delivery per frame, not one per socket.
   */
  subscribeFrames(subject: string, onFrame: (f: Frame) => void): () => void {
    let shared = this.frameSubs.get(subject);
    if (shared === undefined) {
      const listeners = new Set<(f: Frame) => void>();
      const sub = this.nc.subscribe(`${this.prefix}.${subject}`, {
        callback: (e, m) => {
          if (e !== null) return;
          const h: MsgHdrs | undefined = m.headers;
          const f = { seq: Number(h?.get(SEQ) ?? -1), epoch: Number(h?.get(EPOCH) ?? -1), data: dec.decode(m.data) };
          for (const l of [...listeners]) {
            // A listener's failure must not reach the NATS client (a throw in a callback closes its reader).
            try {
              l(f);
            } catch {
              // the listener's own problem (a socket gone): the others still get the frame
            }
          }
        },
      });
      shared = { sub, listeners };
      this.frameSubs.set(subject, shared);
    }
    const mine = shared;
    mine.listeners.add(onFrame);
    return () => {
      if (!mine.listeners.delete(onFrame) || mine.listeners.size > 0) return;
      mine.sub.unsubscribe();
      if (this.frameSubs.get(subject) === mine) this.frameSubs.delete(subject);
    };
  }

  /** Subjects with a NATS subscription for frames now (tests, stats). */
  get frameSubjects(): number {
    return this.frameSubs.size;
  }

  // ---- scatter-gather ----

  /** Every member answers `<prefix>.all.<name>` with handler's value. */
  answerAll(name: string, handler: GatherHandler): void {
    const sub = this.nc.subscribe(`${this.prefix}.all.${name}`, {
      callback: (e, m) => {
        if (e !== null) return;
        const body = parse(m.data);
        if (body === undefined) return;
        void handler(body)
          .then(
            (v) => m.respond(enc.encode(JSON.stringify(v))),
            () => m.respond(enc.encode("null")),
          )
          .catch(() => undefined);
      },
    });
    this.gathers.push(sub);
  }

  /**
   * Tells every member (this one too), answering nothing back: `answerAll(name, …)` runs on
   * each. Said while NATS is away, it leaves when the connection is back (the client's
   * buffer); said on a closed connection, it is lost, and false says so.
   */
  tellAll(name: string, body: unknown): boolean {
    try {
      this.nc.publish(`${this.prefix}.all.${name}`, enc.encode(JSON.stringify(body)));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Asks every member; collects answers until `enough(answers)` or maxMs. The members'
   * count is not known here: the caller says when it has enough (e.g. every partition covered).
   */
  async gather(name: string, body: unknown, enough: (answers: readonly unknown[]) => boolean, maxMs: number): Promise<unknown[]> {
    const inbox = createInbox();
    const answers: unknown[] = [];
    return new Promise((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        sub.unsubscribe();
        resolve(answers);
      };
      const sub = this.nc.subscribe(inbox, {
        callback: (e, m) => {
          if (e !== null || done) return;
          // Not an answer: a "no responders" status (empty, headers only) or anything unreadable.
          const v = parse(m.data);
          if (v === undefined || v === null) return;
          answers.push(v);
          let full = false;
          try {
            full = enough(answers);
          } catch {
            full = false;
          }
          if (full) finish();
        },
      });
      const timer = setTimeout(finish, maxMs);
      this.nc.publish(`${this.prefix}.all.${name}`, enc.encode(JSON.stringify(body)), { reply: inbox });
    });
  }

  /**
   * One request: `data` to `subject` with a reply subject on the answers' subscription; the
   * answer, or AskFailed ("503" when nobody subscribes to the subject, "TIMEOUT", or
   * "CONNECTION_CLOSED"). A publish on a closed connection throws, as the client's request does.
   */
  private ask(subject: string, data: Uint8Array, timeoutMs: number): Promise<Msg> {
    const replies = this.replies ?? this.openReplies();
    const token = (++this.asked).toString(36);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        replies.waiting.delete(token);
        reject(new AskFailed("TIMEOUT", `no answer on ${subject} within ${timeoutMs} ms`));
      }, timeoutMs);
      replies.waiting.set(token, { resolve, reject, timer });
      try {
        this.nc.publish(subject, data, { reply: `${replies.inbox}.${token}` });
      } catch (e) {
        clearTimeout(timer);
        replies.waiting.delete(token);
        reject(e);
      }
    });
  }

  private openReplies(): NonNullable<Bus["replies"]> {
    const inbox = createInbox();
    const waiting = new Map<string, Waiting>();
    const sub = this.nc.subscribe(`${inbox}.*`, {
      callback: (e, m) => {
        if (e !== null) return;
        const token = m.subject.slice(inbox.length + 1);
        const w = waiting.get(token);
        if (w === undefined) return; // late: its attempt timed out, and the sender has moved on
        waiting.delete(token);
        clearTimeout(w.timer);
        // NATS's "no responders": an empty message whose status is 503.
        if (m.data.length === 0 && m.headers?.code === 503) w.reject(new AskFailed("503", `nobody answers on ${m.subject}`));
        else w.resolve(m);
      },
    });
    // The connection closed for good: nothing will answer the requests still waiting.
    void sub.closed.then(() => {
      for (const w of waiting.values()) {
        clearTimeout(w.timer);
        w.reject(new AskFailed("CONNECTION_CLOSED", "the NATS connection closed"));
      }
      waiting.clear();
      if (this.replies?.sub === sub) this.replies = null;
    });
    this.replies = { inbox, sub, waiting };
    return this.replies;
  }

  /** Sends at the end of this turn of the event loop, with whatever else is sent in it. */
  private soon(send: () => void): void {
    if (this.outbox.length === 0) setImmediate(() => this.flushOutbox());
    this.outbox.push(send);
  }

  /** `soon` for a send whose result the caller needs (a request's answer). */
  private later<T>(send: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) =>
      this.soon(() => {
        try {
          resolve(send());
        } catch (e) {
          reject(e);
        }
      }),
    );
  }

  private flushOutbox(): void {
    const sends = this.outbox;
    this.outbox = [];
    for (const send of sends) {
      try {
        send();
      } catch {
        // The connection closed under it: a request's sender retries, a frame's follower resyncs.
      }
    }
  }

  /** Stops answering (requests in flight still get their answers). The connection stays the caller's. */
  close(): void {
    this.flushOutbox();
    this.closed = true;
    for (const u of this.unlisten) u();
    for (const s of this.served.values()) s.unsubscribe();
    this.served.clear();
    for (const s of this.gathers) s.unsubscribe();
    for (const f of this.frameSubs.values()) f.sub.unsubscribe();
    this.frameSubs.clear();
    this.ownerSub?.unsubscribe();
    this.ownerSub = null;
    // Requests in flight keep their answers' subscription until the last of them can have
    // timed out; then nothing is waiting on it.
    const replies = this.replies;
    if (replies !== null) {
      if (replies.waiting.size === 0) replies.sub.unsubscribe();
      else setTimeout(() => replies.sub.unsubscribe(), this.backoff.attemptMs + 100).unref();
    }
  }
}

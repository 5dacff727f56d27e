// The hand-results stream (stage 2): tables → their tournament's director on
// JetStream, wherever either runs. One stream `<prefix>_results` (subjects
// `<prefix>.results.<tournament>`), file storage.
// - publish(tournament, msgId, body) returns once the stream has stored the message (the
//   PubAck): a table may forget a result only then. The message id is the result's own id
//   (`<tableId>:h<handNumber>`), so a table that publishes again after a failover is answered
//   "duplicate" and nothing is stored twice (the spike: 500 of 500 deduplicated). The
//   stream's message id is `<tournament token>/<msgId>`: ids are deduplicated per tournament.
// - consume(tournament, handler): one durable consumer per tournament, explicit acks,
//   max_ack_pending 1: the server hands out one message at a time in stream order, to
//   whichever process pulls — so a director's results are never handled twice at once, even
//   while two processes both think they own it for a moment. A message is acked (and the
//   ack confirmed) only after the handler resolved ok; an error or a throw naks it with a
//   delay and the same message comes again before any later one.
// - stop() leaves the consumer for the next owner: the pull is withdrawn before the last
//   ack is sent (an unsubscribed pull gets nothing more), so everything unacked goes to the
//   next `consume`. A process that dies without acking loses its message to the next owner
//   after ackWait.
// Not the record: the duplicate window is 5 minutes and messages age out after a day. The
// tables' streams in PostgreSQL hold every hand; a director rebuilt after a longer outage
// reads what it missed from there, and a director must treat a result it has already
// applied (same id) as done, since a publish older than the window is not deduplicated.
import {
  AckPolicy,
  DeliverPolicy,
  RetentionPolicy,
  StorageType,
  nanos,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
} from "nats";
import { fail, ok, type Result } from "../lib/result.ts";
import { fnv1a32 } from "./partition.ts";

export const RESULTS_ERRORS = {
  nats: "cluster/nats",
} as const;

export const RESULTS_DEFAULTS = {
  duplicateWindowMs: 5 * 60_000,
  maxAgeMs: 24 * 3_600_000,
  /** A delivered, unacked message goes to another puller after this (a dead process's). */
  ackWaitMs: 30_000,
  /** A failed handler's message comes again after this. */
  retryMs: 1_000,
} as const;

export interface ResultMeta {
  readonly msgId: string;
  /** The stream sequence: results of one tournament arrive in increasing order. */
  readonly seq: number;
  /** 1 the first time; more after a nak, a stop or a dead process. */
  readonly deliveries: number;
}

/** Resolves ok to ack; an error (or a throw) naks: the same message comes again. */
export type ResultHandler<T> = (body: T, meta: ResultMeta) => Promise<Result<unknown>>;

export interface Consuming {
  /** Finishes the message in hand (acked if its handler succeeds), then stops pulling. */
  stop(): Promise<void>;
  /** Settles when the loop ends (stop, or the consumer deleted). */
  readonly done: Promise<void>;
}

export interface ResultsOptions {
  /** Stream and subject prefix (`<prefix>_results`, `<prefix>.results.…`; default "felt"). */
  readonly prefix?: string;
  readonly ackWaitMs?: number;
  readonly retryMs?: number;
  readonly duplicateWindowMs?: number;
  readonly maxAgeMs?: number;
  readonly log?: (message: string, error?: unknown) => void;
}

const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * An id as one subject token and part of a consumer name: [-a-zA-Z0-9] kept, every other
 * UTF-8 byte (and "_" itself) as `_hh`, so two ids never share a token; a long one is cut
 * and suffixed with its hash (consumer names become file names on the server).
 */
export function idToken(id: string): string {
  let out = "";
  for (const byte of enc.encode(id)) {
    const c = String.fromCharCode(byte);
    out += /[-a-zA-Z0-9]/.test(c) ? c : `_${byte.toString(16).padStart(2, "0")}`;
  }
  if (out === "") return "_";
  return out.length <= 80 ? out : `${out.slice(0, 71)}_${fnv1a32(id).toString(16).padStart(8, "0")}`;
}

const streamMissing = (e: unknown) => /stream not found/i.test((e as Error)?.message ?? "");
const consumerMissing = (e: unknown) => /consumer not found/i.test((e as Error)?.message ?? "");

export class ResultsStream {
  readonly stream: string;
  private readonly prefix: string;
  private readonly ackWaitMs: number;
  private readonly retryMs: number;
  private readonly log: (message: string, error?: unknown) => void;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    options: ResultsOptions,
  ) {
    this.prefix = options.prefix ?? "felt";
    this.stream = `${this.prefix}_results`;
    this.ackWaitMs = options.ackWaitMs ?? RESULTS_DEFAULTS.ackWaitMs;
    this.retryMs = options.retryMs ?? RESULTS_DEFAULTS.retryMs;
    this.log = options.log ?? (() => {});
  }

  /** Binds to `<prefix>_results`, creating it when missing (an existing stream is used as it is). */
  static async open(nc: NatsConnection, options: ResultsOptions = {}): Promise<ResultsStream> {
    const jsm = await nc.jetstreamManager();
    const r = new ResultsStream(nc, jsm, options);
    try {
      await jsm.streams.info(r.stream);
    } catch (e) {
      if (!streamMissing(e)) throw e;
      const config = {
        name: r.stream,
        subjects: [`${r.prefix}.results.>`],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window: nanos(options.duplicateWindowMs ?? RESULTS_DEFAULTS.duplicateWindowMs),
        max_age: nanos(options.maxAgeMs ?? RESULTS_DEFAULTS.maxAgeMs),
        num_replicas: 1,
      };
      // Two processes starting together: the same config twice is accepted; otherwise bind.
      await jsm.streams.add(config).catch(async (e2: unknown) => {
        await jsm.streams.info(r.stream).catch(() => Promise.reject(e2));
      });
    }
    return r;
  }

  subject(tournamentId: string): string {
    return `${this.prefix}.results.${idToken(tournamentId)}`;
  }

  /** The durable consumer's name for a tournament. */
  consumerName(tournamentId: string): string {
    return `${idToken(this.prefix)}_director_${idToken(tournamentId)}`;
  }

  /** Stores a result for the tournament's director; `duplicate` when msgId was stored already (nothing stored). */
  async publish(tournamentId: string, msgId: string, body: unknown): Promise<Result<{ seq: number; duplicate: boolean }>> {
    try {
      const ack = await this.nc.jetstream().publish(this.subject(tournamentId), enc.encode(JSON.stringify(body)), {
        msgID: `${idToken(tournamentId)}/${msgId}`,
        expect: { streamName: this.stream },
      });
      return ok({ seq: ack.seq, duplicate: ack.duplicate });
    } catch (e) {
      return fail(RESULTS_ERRORS.nats, `results of ${tournamentId}: ${(e as Error).message}`, { tournamentId, msgId });
    }
  }

  /** Creates the tournament's durable consumer when missing (from the stream's first message of it). */
  private async ensureConsumer(tournamentId: string): Promise<string> {
    const name = this.consumerName(tournamentId);
    try {
      await this.jsm.consumers.info(this.stream, name);
    } catch (e) {
      if (!consumerMissing(e)) throw e;
      await this.jsm.consumers
        .add(this.stream, {
          durable_name: name,
          filter_subject: this.subject(tournamentId),
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          ack_wait: nanos(this.ackWaitMs),
          max_ack_pending: 1,
          max_deliver: -1,
        })
        .catch(async (e2: unknown) => {
          await this.jsm.consumers.info(this.stream, name).catch(() => Promise.reject(e2));
        });
    }
    return name;
  }

  /**
   * Hands the tournament's results to `handler` one at a time in stream order, from the first
   * one no earlier consumer acked. Only the tournament's director owner calls it.
   */
  async consume<T>(tournamentId: string, handler: ResultHandler<T>): Promise<Consuming> {
    const name = await this.ensureConsumer(tournamentId);
    const consumer = await this.nc.jetstream().consumers.get(this.stream, name);
    const iter: ConsumerMessages = await consumer.consume({ max_messages: 1 });
    let stopping = false;
    const idPrefix = `${idToken(tournamentId)}/`;
    const handle = async (m: JsMsg): Promise<boolean> => {
      const msgId = m.headers?.get("Nats-Msg-Id") ?? "";
      const meta: ResultMeta = { msgId: msgId.startsWith(idPrefix) ? msgId.slice(idPrefix.length) : msgId, seq: m.seq, deliveries: m.info.redeliveryCount };
      // A slow handler keeps its message: tell the server it is being worked on.
      const keep = setInterval(() => m.working(), Math.max(100, Math.floor(this.ackWaitMs / 2)));
      try {
        const r = await handler(JSON.parse(dec.decode(m.data)) as T, meta);
        if (!r.ok) this.log(`results of ${tournamentId}: ${meta.msgId} failed: ${r.error.code}: ${r.error.message}`);
        return r.ok;
      } catch (e) {
        this.log(`results of ${tournamentId}: ${meta.msgId} threw`, e);
        return false;
      } finally {
        clearInterval(keep);
      }
    };
    const done = (async () => {
      for await (const m of iter) {
        if (stopping) {
          m.nak();
          continue;
        }
        const good = await handle(m);
        if (good) await m.ackAck().catch((e: unknown) => this.log(`results of ${tournamentId}: ack of ${m.seq} not confirmed`, e));
        else m.nak(this.retryMs);
        if (stopping) break;
      }
    })().catch((e: unknown) => this.log(`results of ${tournamentId}: consumer ended`, e));
    return {
      done,
      stop: async () => {
        if (stopping) return done;
        stopping = true;
        // Withdraw the pull first (the unsubscribe goes out before the last ack), so the
        // server gives the next message to the next consumer, not to this one.
        iter.stop();
        await this.nc.flush().catch(() => {});
        await done;
      },
    };
  }

  /** Deletes a finished tournament's consumer (its results stay until they age out). */
  async forget(tournamentId: string): Promise<void> {
    await this.jsm.consumers.delete(this.stream, this.consumerName(tournamentId)).catch(() => false);
  }
}

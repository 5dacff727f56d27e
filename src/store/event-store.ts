// The event store: append-only streams, one per tournament and one per table.
// Stream ids are "<type>:<id>" (e.g. "table:t1", "tournament:42"); the type is what
// `listStreams({ type })` filters on.
import type { Result } from "../lib/result.ts";
import type { PostResult, TransactionInput } from "./ledger.ts";

export interface NewEvent {
  readonly type: string;
  readonly data: unknown;
  /** Free-form metadata, e.g. the command id that caused the event. */
  readonly meta?: Readonly<Record<string, unknown>>;
}

export interface StoredEvent {
  readonly stream: string;
  /** 1-based, gapless and unique within its stream. */
  readonly version: number;
  /** Unique across the store, increasing with append order within a stream. */
  readonly position: number;
  readonly type: string;
  readonly data: unknown;
  readonly meta: Readonly<Record<string, unknown>>;
  /** Milliseconds since the epoch, from the store's injected clock. */
  readonly recordedAt: number;
}

/** 0 = the stream must not exist yet; "any" = no check. */
export type ExpectedVersion = number | "any";

export interface AppendResult {
  /** The stream's version after the append (its last event's version). */
  readonly version: number;
  /** The global position of the last appended event. */
  readonly position: number;
}

export interface AppendWithPostingsResult extends AppendResult {
  /** One answer per posting, in order (`replayed` for a key already posted with the same content). */
  readonly posted: readonly PostResult[];
}

/** One command's events and the postings that pay for them (appendGroups). */
export interface AppendGroup {
  readonly events: readonly NewEvent[];
  readonly postings: readonly TransactionInput[];
}

/** A group that landed: its last event's version and one answer per posting. */
export interface GroupAppended {
  readonly version: number;
  readonly posted: readonly PostResult[];
}

export interface AppendGroupsResult {
  /** The stream's version after the append (unchanged when every group was refused). */
  readonly version: number;
  /** One answer per group, in order: landed, or why it was refused (nothing of it written). */
  readonly groups: readonly Result<GroupAppended>[];
}

export interface StreamInfo {
  readonly stream: string;
  readonly type: string;
  readonly version: number;
}

export interface Snapshot {
  readonly stream: string;
  readonly version: number;
  readonly state: unknown;
}

/** Opaque cursor for catch-up reading over every stream; null = from the start. */
export type GlobalCursor = string | null;

export interface EventStore {
  /**
   * Appends atomically: every event lands or none does. Fails with `store/version-conflict`
   * when the stream's version is not `expected` (nothing written).
   */
  append(stream: string, expected: ExpectedVersion, events: readonly NewEvent[]): Promise<Result<AppendResult>>;
  /**
   * Appends the events and posts the ledger transactions they pay for in ONE database
   * transaction (the ledger lives in the same database): all of it commits, or none of it.
   * A version conflict or any posting's refusal (insufficient funds, an unsafe amount, a key
   * used for another transaction, a bad posting) writes nothing and is the answer. A
   * posting whose key is already posted with the same content is not written again
   * (`replayed`). Answered only once the whole is durable.
   */
  appendWithPostings(
    stream: string,
    expected: ExpectedVersion,
    events: readonly NewEvent[],
    postings: readonly TransactionInput[],
  ): Promise<Result<AppendWithPostingsResult>>;
  /**
   * Many commands' appendWithPostings in ONE database transaction (registration
   * at scale): the groups are appended in order, each with its postings, at consecutive
   * versions after `expected`. A group whose postings the ledger refuses (or whose events or
   * postings are malformed) is left out, alone: its answer is the refusal and the groups
   * after it take its versions. The whole commits at once, or (a version conflict, a crash)
   * none of it. Answered only once it is durable.
   */
  appendGroups(stream: string, expected: ExpectedVersion, groups: readonly AppendGroup[]): Promise<Result<AppendGroupsResult>>;
  /** Events with version >= fromVersion (default 1), in version order, at most `limit`. */
  read(stream: string, fromVersion?: number, limit?: number): Promise<StoredEvent[]>;
  /** 0 when the stream does not exist. */
  streamVersion(stream: string): Promise<number>;
  listStreams(filter?: { readonly type?: string; readonly prefix?: string }): Promise<StreamInfo[]>;
  /**
   * Catch-up over all streams: events after `cursor`, in an order that never lets a later
   * read return an event that sorts before the returned cursor (safe for subscriptions).
   */
  readAll(cursor: GlobalCursor, limit?: number): Promise<{ events: StoredEvent[]; cursor: GlobalCursor }>;
  /** Keeps the newest snapshot; `store/snapshot-ahead` if version > the stream's version. */
  saveSnapshot(stream: string, version: number, state: unknown): Promise<Result<void>>;
  loadSnapshot(stream: string): Promise<Snapshot | null>;
  close(): Promise<void>;
}

export function streamType(stream: string): string {
  const i = stream.indexOf(":");
  return i < 0 ? stream : stream.slice(0, i);
}

export const STREAM_ID = /^[a-z][a-z0-9_-]*:[A-Za-z0-9_.:-]{1,200}$/;

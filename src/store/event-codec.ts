// Validation and JSON encoding shared by every EventStore backend, so both refuse the same
// input with the same code before touching the database.
import { fail, ok, type Result } from "../lib/result.ts";
import { STORE_ERRORS } from "./errors.ts";
import { STREAM_ID, type ExpectedVersion, type NewEvent, type StoredEvent } from "./event-store.ts";

export interface EncodedEvent {
  readonly type: string;
  readonly data: string;
  readonly meta: string;
}

export function checkStream(stream: string): Result<string> {
  return STREAM_ID.test(stream) ? ok(stream) : fail(STORE_ERRORS.badStream, `bad stream id ${JSON.stringify(stream)} (want "type:id")`, { stream });
}

export function encodeAppend(stream: string, expected: ExpectedVersion, events: readonly NewEvent[]): Result<EncodedEvent[]> {
  const s = checkStream(stream);
  if (!s.ok) return s;
  if (expected !== "any" && !(Number.isSafeInteger(expected) && expected >= 0)) {
    return fail(STORE_ERRORS.badEvents, `expected version must be an integer >= 0 or "any"`, { expected });
  }
  if (events.length === 0) return fail(STORE_ERRORS.badEvents, "nothing to append");
  const out: EncodedEvent[] = [];
  for (const [i, e] of events.entries()) {
    if (typeof e.type !== "string" || e.type.length === 0 || e.type.length > 100) {
      return fail(STORE_ERRORS.badEvents, `event ${i} has no valid type`, { index: i });
    }
    const data = encodeJson(e.data);
    const meta = encodeJson(e.meta ?? {});
    if (data === undefined || meta === undefined) {
      return fail(STORE_ERRORS.badEvents, `event ${i} (${e.type}) is not JSON-serialisable`, { index: i });
    }
    out.push({ type: e.type, data, meta });
  }
  return ok(out);
}

export function encodeJson(value: unknown): string | undefined {
  try {
    const text = JSON.stringify(value);
    return typeof text === "string" ? text : undefined;
  } catch {
    return undefined;
  }
}

export interface EventRow {
  stream: string;
  version: number | string;
  position: number | string;
  type: string;
  data: string;
  meta: string;
  recorded_at: number | string;
}

/** pg returns BIGINT as strings; every position stays below 2^53. */
export function decodeEvent(row: EventRow): StoredEvent {
  return {
    stream: row.stream,
    version: Number(row.version),
    position: Number(row.position),
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    meta: JSON.parse(row.meta) as Record<string, unknown>,
    recordedAt: Number(row.recorded_at),
  };
}

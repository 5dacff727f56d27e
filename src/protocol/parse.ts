import type { z } from "zod";
import { fail, ok, type Result } from "../lib/result.ts";
import { MAX_FRAME_BYTES } from "./version.ts";
import { ClientMessage, ServerMessage } from "./ws-messages.ts";
import { PROTOCOL_ERRORS } from "./error-catalogue.ts";

// Parsers return Result (errors are values): the server answers a bad frame with a typed
// `error` and stays up (fuzz). Nothing here throws for any input.

/**
 * The length of `text` in UTF-8 (as TextEncoder writes it: a lone surrogate as U+FFFD),
 * counted without encoding it: the server measures long frames on every step.
 */
export function byteLength(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c < 0xdc00 && c >= 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Whether `text` is longer than one frame may be (MAX_FRAME_BYTES in UTF-8). */
export function exceedsFrame(text: string): boolean {
  // At most three bytes a UTF-16 unit: most frames are measured by their length alone.
  return text.length * 3 > MAX_FRAME_BYTES && byteLength(text) > MAX_FRAME_BYTES;
}

/** Validate a value against a schema; the failure carries the first few issue paths. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): Result<z.infer<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
  return fail(PROTOCOL_ERRORS.invalidMessage, `invalid message: ${issues.join("; ")}`, { issues });
}

function parseFrame<S extends z.ZodType>(schema: S, frame: unknown): Result<z.infer<S>> {
  if (typeof frame !== "string") return fail(PROTOCOL_ERRORS.invalidMessage, "frames must be JSON text");
  if (exceedsFrame(frame)) {
    return fail(PROTOCOL_ERRORS.frameTooLarge, `frame exceeds ${MAX_FRAME_BYTES} bytes`, { limit: MAX_FRAME_BYTES });
  }
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return fail(PROTOCOL_ERRORS.badJson, "frame is not valid JSON");
  }
  return parseWith(schema, value);
}

export const parseClientMessage = (frame: unknown): Result<ClientMessage> => parseFrame(ClientMessage, frame);
export const parseServerMessage = (frame: unknown): Result<ServerMessage> => parseFrame(ServerMessage, frame);

function encode<S extends z.ZodType>(schema: S, message: z.infer<S>): Result<string> {
  const checked = parseWith(schema, message);
  if (!checked.ok) return checked;
  const text = JSON.stringify(checked.value);
  if (exceedsFrame(text)) {
    return fail(PROTOCOL_ERRORS.frameTooLarge, `frame exceeds ${MAX_FRAME_BYTES} bytes`, { limit: MAX_FRAME_BYTES });
  }
  return ok(text);
}

/** Validate and serialise; a sender never puts an invalid or oversize frame on the wire. */
export const encodeClientMessage = (m: ClientMessage): Result<string> => encode(ClientMessage, m);
export const encodeServerMessage = (m: ServerMessage): Result<string> => encode(ServerMessage, m);

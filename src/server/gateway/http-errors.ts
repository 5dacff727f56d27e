// Core and store error codes → the protocol's stable wire codes (the core code rides along
// as `cause`), and the HTTP status for each.
import type { FeltError } from "../../lib/result.ts";
import { ERROR_CODES, httpStatusFor, type ErrorCode, type NAME_REFUSALS, type PASSWORD_REFUSALS, type WireError } from "../../protocol/index.ts";
import type { NameReason, PasswordReason } from "../../accounts/index.ts";

const MAP: Readonly<Record<string, ErrorCode>> = {
  "accounts/name-taken": "auth/name-taken",
  "accounts/bad-credentials": "auth/bad-credentials",
  "accounts/bad-session": "auth/invalid-token",
  "accounts/session-expired": "auth/invalid-token",
  "accounts/forbidden": "auth/forbidden",
  "accounts/bad-name": "protocol/invalid-message",
  "accounts/bad-password": "protocol/invalid-message",
  "accounts/unknown-user": "director/not-found",
  "accounts/too-many-attempts": "auth/too-many-attempts",
  "accounts/too-many-sign-ups": "auth/too-many-sign-ups",
  "accounts/busy": "server/unavailable",
  "store/version-conflict": "server/internal",
  // A reused idempotency key with another body: 409, and nothing of the key (it names users).
  "ledger/idempotency-mismatch": "protocol/key-reused",
  // A command that could not be stored (the database is down): failed, so the client resends it.
  "runtime/store-failed": "server/unavailable",
  // Cluster mode: another process owns the tournament now; a resend reaches it.
  "store/fenced": "server/unavailable",
};

// The reasons accounts give are the ones the protocol names (the web app says each): refuse to compile otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const reasonsAgree: [Same<NameReason, (typeof NAME_REFUSALS)[number]>, Same<PasswordReason, (typeof PASSWORD_REFUSALS)[number]>] = [true, true];
void reasonsAgree;

/** Codes whose core message and details may hold internals (keys naming users): a fixed message, no details. */
const OPAQUE: Partial<Record<ErrorCode, string>> = {
  "server/internal": "internal error",
  "protocol/key-reused": "this command id was already used for a different request",
};

const isWire = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

export function toWire(e: FeltError): WireError {
  const code: ErrorCode = isWire(e.code)
    ? e.code
    : (MAP[e.code] ?? (e.code.startsWith("tournament/") ? "tournament/bad-state" : e.code.startsWith("engine/") ? "table/illegal-action" : "server/internal"));
  const cause = typeof e["cause"] === "string" ? (e["cause"] as string) : isWire(e.code) ? undefined : e.code;
  const details: Record<string, string | number | boolean | null> = {};
  const raw = (e["details"] ?? e) as Record<string, unknown>;
  const opaque = OPAQUE[code];
  for (const [k, v] of Object.entries(opaque === undefined ? raw : {})) {
    if (k === "code" || k === "message" || k === "cause" || k === "details" || k.length > 40) continue;
    if (typeof v === "number" || typeof v === "boolean" || v === null || (typeof v === "string" && v.length <= 200)) details[k] = v;
  }
  const message = opaque ?? e.message.slice(0, 500);
  return {
    code,
    message,
    ...(cause !== undefined && /^[a-z]+\/[a-z0-9-]+$/.test(cause) && cause.length <= 64 ? { cause } : {}),
    ...(Object.keys(details).length > 0 ? { details } : {}),
  };
}

export const statusOf = (w: WireError): number => httpStatusFor(w.code);

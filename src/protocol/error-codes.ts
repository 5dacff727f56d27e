import { z } from "zod";

// Stable error codes of the wire protocol. Released codes never change; the message
// beside them is for people and may be translated. Clients switch on `code` only.
export const ERROR_CODES = [
  // framing and validation
  "protocol/bad-json",
  "protocol/frame-too-large",
  "protocol/uri-too-long",
  "protocol/headers-too-large",
  "protocol/invalid-message",
  "protocol/version-unsupported",
  "protocol/hello-required",
  "protocol/rate-limited",
  "protocol/origin-refused",
  /** An idempotency key (command id) was used before for a different request. */
  "protocol/key-reused",
  // accounts
  "auth/required",
  "auth/invalid-token",
  "auth/signed-out",
  "auth/bad-credentials",
  "auth/name-taken",
  "auth/forbidden",
  /** Too many failed sign-ins for this name or address: wait `details.retryAfterS` seconds. */
  "auth/too-many-attempts",
  /** Too many accounts made from this address lately: try again after `Retry-After`. */
  "auth/too-many-sign-ups",
  /** A play-money top-up refused: `details.reason` "desk" (the room credits at its desk), "used" (retry at `details.retryAt`) or "not-needed". */
  "account/no-top-up",
  // tables
  "table/not-found",
  "table/not-seated",
  "table/stale-version",
  "table/not-your-turn",
  "table/illegal-action",
  "table/no-hand",
  "table/no-commitment-yet",
  // tournaments, registration and money
  "tournament/not-found",
  "tournament/not-allowed",
  "tournament/bad-state",
  "ledger/insufficient-funds",
  "ledger/amount-unsafe",
  // director console
  "director/not-found",
  "director/invalid",
  // anything else; the server logs the cause and shows nobody internals
  "server/internal",
  /** The database cannot be reached or the server is saturated: try again after `Retry-After`. */
  "server/unavailable",
] as const;

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * A rule-level code from the core (e.g. "engine/raise-too-small") may ride along as
 * `cause` so a client can say precisely why, without the protocol listing every code.
 */
export const CauseCode = z
  .string()
  .max(64)
  .regex(/^[a-z]+\/[a-z0-9-]+$/);

export const WireError = z.object({
  code: ErrorCode,
  message: z.string().max(500),
  cause: CauseCode.optional(),
  /** Small, code-specific facts, e.g. { min: 300 } for a raise that was too small. */
  details: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
});
export type WireError = z.infer<typeof WireError>;

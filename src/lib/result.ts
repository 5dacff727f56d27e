// Errors are values with a stable `code` (never changed once released) and a human
// message (may be translated). Functions that can fail return Result<T>; they never throw
// for bad input and never change anything when they fail.
export interface FeltError {
  readonly code: string;
  readonly message: string;
  readonly [detail: string]: unknown;
}

export type Result<T, E extends FeltError = FeltError> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const err = <E extends FeltError>(error: E): { readonly ok: false; readonly error: E } => ({
  ok: false,
  error,
});

/** The error itself, for a hot path that returns "a value or an error" without a Result
 *  around it (the engine's per-action decision). */
export function refusal(code: string, message: string, details: Record<string, unknown> = {}): FeltError {
  return { ...details, code, message };
}

export function fail(code: string, message: string, details: Record<string, unknown> = {}) {
  return err(refusal(code, message, details));
}

/** For callers (tests, CLI glue) that know a value must be there. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new Error(`${result.error.code}: ${result.error.message}`);
}

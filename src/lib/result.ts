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

export function fail(code: string, message: string, details: Record<string, unknown> = {}) {
  return err({ ...details, code, message });
}

/** For callers (tests, CLI glue) that know a value must be there. */
export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new Error(`${result.error.code}: ${result.error.message}`);
}

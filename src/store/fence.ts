// Fencing for cluster mode, PostgreSQL only: SQLite stays single-process. A
// partition's owner writes with its lease epoch (the KV revision that acquired it, see
// src/cluster/leases.ts). Taking a partition raises its fence to the new epoch; from then on
// an append to one of its streams carrying an older epoch is refused with `store/fenced`
// and writes nothing, so an ex-owner that was frozen past its lease and wakes up cannot
// write (spike: epoch 13 vs 19).
//
// The store asks a FenceResolver (given at open) which scope a stream belongs to and with
// which epoch this process writes it; the cluster layer answers (src/cluster/host.ts). The
// store knows nothing of partitions.
import { fail, ok, type Result } from "../lib/result.ts";
import { STORE_ERRORS } from "./errors.ts";

export interface FenceResolver {
  /** The fence scope (partition key) a stream belongs to; null for a stream no partition owns (not fenced). */
  scopeOf(stream: string): string | null;
  /** This process's epoch for the scope; undefined when it does not serve the scope now (refused at once). */
  epochOf(scope: string): number | undefined;
}

export interface Fences {
  /**
   * Raises `scope`'s fence to `epoch` (one statement). It waits for appends to the scope in
   * flight (they hold the fence row FOR SHARE) and every append committing after it sees
   * the raised fence. Raising to the current fence again is fine; lowering it is refused
   * with `store/fenced` (a stale owner taking over).
   */
  raiseFence(scope: string, epoch: number): Promise<Result<{ readonly scope: string; readonly epoch: number }>>;
  /** The scope's fence; 0 when it was never raised. */
  fence(scope: string): Promise<number>;
}

/** A write fenced off: its epoch is below the scope's fence (another process owns it now). */
export function fenced(scope: string, epoch: number, fence: number) {
  return fail(STORE_ERRORS.fenced, `epoch ${epoch} is below the fence ${fence} of ${scope}: another process owns it now`, {
    scope,
    epoch,
    fence,
  });
}

/** A write refused before it reaches the database: this process does not serve the scope now. */
export function notServing(scope: string) {
  return fail(STORE_ERRORS.fenced, `this process does not serve ${scope} now`, { scope });
}

export function checkEpoch(scope: string, epoch: number): Result<true> {
  if (typeof scope !== "string" || scope === "") return fail(STORE_ERRORS.badStream, "a fence scope is a non-empty string", { scope });
  if (!Number.isSafeInteger(epoch) || epoch < 0) return fail(STORE_ERRORS.badEvents, `epoch ${String(epoch)} is not a non-negative integer`, { epoch });
  return ok(true);
}

/** The fence a write to `stream` must pass: null when the stream is not fenced; `store/fenced` at once when not served. */
export function fenceFor(resolver: FenceResolver | undefined, stream: string): Result<{ readonly scope: string; readonly epoch: number } | null> {
  if (resolver === undefined) return ok(null);
  const scope = resolver.scopeOf(stream);
  if (scope === null) return ok(null);
  const epoch = resolver.epochOf(scope);
  if (epoch === undefined) return notServing(scope);
  const checked = checkEpoch(scope, epoch);
  return checked.ok ? ok({ scope, epoch }) : checked;
}

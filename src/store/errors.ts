// Stable error codes of the storage layer. Codes never change once released.
import { fail } from "../lib/result.ts";

export const STORE_ERRORS = {
  versionConflict: "store/version-conflict",
  badStream: "store/bad-stream",
  badEvents: "store/bad-events",
  snapshotAhead: "store/snapshot-ahead",
  badUrl: "store/bad-url",
  /** An append from a partition owner whose epoch is below the partition's fence. */
  fenced: "store/fenced",
} as const;

export function versionConflict(stream: string, expected: number, actual: number) {
  return fail(STORE_ERRORS.versionConflict, `stream ${stream} is at version ${actual}, not the expected ${expected}`, { stream, expected, actual });
}

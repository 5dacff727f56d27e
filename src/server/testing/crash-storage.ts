// Storage access for tests that inspect a server's database after it stopped.
import type { Result } from "../../lib/result.ts";
import type { StorageTarget } from "../../store/index.ts";
export { openEventStore, openLedger, parseDbUrl } from "../../store/index.ts";

export function unwrapTarget(r: Result<StorageTarget>): StorageTarget {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

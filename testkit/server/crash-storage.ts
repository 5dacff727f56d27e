// Storage access for tests that inspect a server's database after it stopped.
import type { Result } from "../../src/lib/result.ts";
import type { StorageTarget } from "../../src/store/index.ts";
export { openEventStore, openLedger, parseDbUrl } from "../../src/store/index.ts";

export function unwrapTarget(r: Result<StorageTarget>): StorageTarget {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

// Checking appendGroups' input, shared by every backend so each refuses the same
// group with the same code before touching the database: a bad stream or expected version
// refuses the whole; a group with bad events or a malformed posting is refused alone.
import { ok, type Result } from "../lib/result.ts";
import { checkStream, encodeAppend, type EncodedEvent } from "./event-codec.ts";
import type { AppendGroup, ExpectedVersion } from "./event-store.ts";
import { checkTransaction, type CheckedTransaction } from "./ledger.ts";

export interface CheckedGroup {
  readonly rows: readonly EncodedEvent[];
  readonly postings: readonly CheckedTransaction[];
}

export function checkGroups(stream: string, expected: ExpectedVersion, groups: readonly AppendGroup[]): Result<Result<CheckedGroup>[]> {
  const s = checkStream(stream);
  if (!s.ok) return s;
  const probe = encodeAppend(stream, expected, [{ type: "probe", data: null }]);
  if (!probe.ok) return probe;
  return ok(groups.map((g) => checkGroup(stream, expected, g)));
}

function checkGroup(stream: string, expected: ExpectedVersion, g: AppendGroup): Result<CheckedGroup> {
  const rows = encodeAppend(stream, expected, g.events);
  if (!rows.ok) return rows;
  const postings: CheckedTransaction[] = [];
  for (const tx of g.postings) {
    const c = checkTransaction(tx);
    if (!c.ok) return c;
    postings.push(c.value);
  }
  return ok({ rows: rows.value, postings });
}

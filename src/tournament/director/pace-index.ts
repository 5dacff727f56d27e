// Per-table pace: every table plays at its own pace, so the director keeps, for
// each table, the players it owes to short tables (a giving table still in its hand, R-TBL-2)
// and the tables it waits for. Balancing looks at each table's players once those moves are
// made, its "due count": seated − owed away + owed to it. Tables are kept in buckets by due
// count (all, and those between hands), so the fewest and most are found by scanning the
// table size, and a draw among equal tables is O(1): a settle never looks at every table.
import type { TableState, TournamentState } from "./state-model.ts";
import { DenseIndexedSet } from "./indexed-set.ts";

/** Players at the table once the moves owed to it and by it are made. */
export const dueCount = (t: Pick<TableState, "count" | "owes" | "from">): number => t.count - t.owes.length + t.from.length;

/** Puts a table in the buckets its due count and between-hands state say (after any change to them). */
export function reindex(s: TournamentState, t: TableState): void {
  unindex(s, t);
  const n = dueCount(t);
  t.indexed = n;
  (s.byDue[n] ??= new DenseIndexedSet()).add(t.id);
  if (!t.inHand) (s.freeByDue[n] ??= new DenseIndexedSet()).add(t.id);
  else s.inHand++;
}

export function unindex(s: TournamentState, t: TableState): void {
  if (t.indexed < 0) return;
  s.byDue[t.indexed]?.delete(t.id);
  if (s.freeByDue[t.indexed]?.has(t.id) === true) s.freeByDue[t.indexed]!.delete(t.id);
  else s.inHand--;
  t.indexed = -1;
}

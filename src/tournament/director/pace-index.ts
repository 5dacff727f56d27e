// Per-table pace: every table plays at its own pace, so the director keeps, for
// each table, the players it owes to short tables (a giving table still in its hand, R-TBL-2)
// and the tables it waits for. Balancing looks at each table's players once those moves are
// made, its "due count": seated − owed away + owed to it. Tables are kept in buckets by due
// count (all, and those between hands), so the fewest and most are found by scanning the
// table size, and a draw among equal tables is O(1): a settle never looks at every table.
import { randomInt, type RandomSource } from "../index.ts";
import type { TableState, TournamentState } from "./state-model.ts";

/** A set with O(1) add, delete and uniform random pick. */
export class IndexedSet {
  private readonly items: number[] = [];
  private readonly at = new Map<number, number>();
  get size(): number {
    return this.items.length;
  }
  has(x: number): boolean {
    return this.at.has(x);
  }
  add(x: number): void {
    if (this.at.has(x)) return;
    this.at.set(x, this.items.length);
    this.items.push(x);
  }
  delete(x: number): void {
    const i = this.at.get(x);
    if (i === undefined) return;
    const last = this.items.pop()!;
    this.at.delete(x);
    if (last !== x) {
      this.items[i] = last;
      this.at.set(last, i);
    }
  }
  item(i: number): number {
    return this.items[i]!;
  }
  pick(rng: RandomSource): number {
    return this.items[randomInt(rng, this.items.length)]!;
  }
  values(): readonly number[] {
    return this.items;
  }
}

/** Players at the table once the moves owed to it and by it are made. */
export const dueCount = (t: Pick<TableState, "count" | "owes" | "from">): number => t.count - t.owes.length + t.from.length;

/** Puts a table in the buckets its due count and between-hands state say (after any change to them). */
export function reindex(s: TournamentState, t: TableState): void {
  unindex(s, t);
  const n = dueCount(t);
  t.indexed = n;
  (s.byDue[n] ??= new IndexedSet()).add(t.id);
  if (!t.inHand) (s.freeByDue[n] ??= new IndexedSet()).add(t.id);
  else s.inHand++;
}

export function unindex(s: TournamentState, t: TableState): void {
  if (t.indexed < 0) return;
  s.byDue[t.indexed]?.delete(t.id);
  if (s.freeByDue[t.indexed]?.has(t.id) === true) s.freeByDue[t.indexed]!.delete(t.id);
  else s.inHand--;
  t.indexed = -1;
}

// R-TBL-3 option (seed 003): "every table plays until a fixed number are left at each, which
// together fit one table; then they move together to the final table, where the seats are
// drawn". No balancing meanwhile: a table down to the number waits for the others. It
// applies once no new entry can come (a new entry takes a seat at the shortest table) and
// the tables left seat their number each at the final table; before that (a larger field)
// tables balance and break as usual until they are few enough.
import { newEntriesOpen } from "./entries-closed.ts";
import { finalTableSizeOf, seatedWithChips, type TableState, type TournamentState } from "./state.ts";

/** The per-table number when play-down is in force now; null: tables balance and break as usual. */
export function playDownNow(s: TournamentState, at: number): number | null {
  const c = s.config!;
  const n = c.playDownTo ?? 0;
  if (n <= 0 || s.tables.size < 2 || s.finalTable !== null) return null;
  if (s.tables.size * n > finalTableSizeOf(c) || newEntriesOpen(s, at)) return null;
  return n;
}

/** Players at `t` with chips (those this settle eliminates have none). */
function left(s: TournamentState, t: TableState, _gone: ReadonlySet<string>): number {
  return seatedWithChips(s, t);
}

/** Every table is down to the number: the final table is drawn (once every table's hand is over). */
export function playedDown(s: TournamentState, n: number, gone: ReadonlySet<string>): boolean {
  for (const t of s.tables.values()) if (left(s, t, gone) > n) return false;
  return true;
}

/** Tables still above the number that can deal now (between hands, two or more with chips). */
export function stillPlayingDown(s: TournamentState, n: number, gone: ReadonlySet<string>, only: number | null): number[] {
  const out: number[] = [];
  for (const t of s.tables.values()) {
    if (only !== null && t.id !== only) continue;
    if (t.inHand) continue;
    const k = left(s, t, gone);
    if (k > n && k >= 2) out.push(t.id);
  }
  return out.sort((a, b) => a - b);
}

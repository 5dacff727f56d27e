// R-TBL-3 with a full redraw (seed 003: "when two tables have so few players that they are
// merged into a new table, the hand at every table involved is played out, then the seats at
// the new table are drawn"): when the players fit on fewer tables, every player still in is
// drawn again to the tables kept, as evenly as they go, and each table kept draws its button
// anew (R-DEAL-6), as a new table does. Made once every table's hand is over.
import { shuffled, spreadSeats, type DrawnCard, type RandomSource } from "../index.ts";
import { drawTableButton } from "./button-draw.ts";
import { tableSizeOf, type TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";

/** Whether this event redraws every seat when tables merge (default: the broken table's players draw empty seats). */
export const redrawsOnMerge = (s: TournamentState): boolean => s.config!.tableMerge === "redraw";

/** The events of a full redraw onto `needed` tables (the lowest-numbered are kept); `gone`: eliminated by this settle. */
export function redrawEvents(s: TournamentState, at: number, rng: RandomSource, gone: ReadonlySet<string>, needed: number): TournamentEvent[] {
  const size = tableSizeOf(s.config!);
  const ids = [...s.tables.keys()].sort((a, b) => a - b);
  const keep = ids.slice(0, needed);
  const players: string[] = [];
  for (const id of ids) for (const p of s.tables.get(id)!.seats) if (p != null && !gone.has(p)) players.push(p);
  const drawn = shuffled(players, rng);
  const moves: { entry: string; from: number; to: number; seat: number }[] = [];
  const buttons: { table: number; button: number; draw?: readonly DrawnCard[] }[] = [];
  keep.forEach((table, k) => {
    const here = drawn.filter((_, i) => i % keep.length === k);
    const seats = spreadSeats(here.length, size);
    here.forEach((entry, i) => {
      const e = s.entries.get(entry)!;
      moves.push({ entry, from: e.table, to: table, seat: seats[i]! });
    });
    const b = drawTableButton(s.config!, seats, rng);
    buttons.push({ table, button: b?.button ?? seats[0] ?? 1, ...(b !== null ? { draw: b.draw } : {}) });
  });
  const events: TournamentEvent[] = [];
  // Whatever tables owed each other is void: everyone is drawn again.
  const owes = ids.filter((id) => s.tables.get(id)!.owes.length > 0).map((id) => [id, []] as const);
  if (owes.length > 0) events.push({ type: "owed", at, owes });
  events.push({ type: "moved", at, moves });
  for (const id of ids) if (!keep.includes(id)) events.push({ type: "table-broken", at, table: id });
  events.push({ type: "redrawn", at, tables: buttons });
  return events;
}

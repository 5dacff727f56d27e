// R-TBL-4: the floor moves a player to an empty seat (between hands); the player takes the
// position of the new seat, posting blinds when they come to them (the table's next hand
// folds the seat in through nextHand, like a balancing move).
import { fail, ok, type Result } from "../../lib/result.ts";
import type { TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

export function decideMove(s: TournamentState, at: number, entry: string, table: number, seat: number): Result<TournamentEvent[]> {
  if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
  const e = s.entries.get(entry);
  if (e === undefined || !e.alive || e.table === 0) return fail(TOURNAMENT_ERRORS.noEntry, `no seated entry ${entry}`, { entry });
  if (e.stack <= 0 || s.busted.includes(entry)) return fail(TOURNAMENT_ERRORS.entryBusted, `${entry} has no chips`, { entry });
  const t = s.tables.get(table);
  if (t === undefined) return fail(TOURNAMENT_ERRORS.noTable, `no table ${table}`, { table });
  if (!Number.isInteger(seat) || seat < 1 || seat > t.seats.length)
    return fail(TOURNAMENT_ERRORS.badSeat, `table ${table} has seats 1 to ${t.seats.length}`, { table, seat });
  if (t.seats[seat - 1] != null) return fail(TOURNAMENT_ERRORS.seatTaken, `seat ${seat} at table ${table} is taken`, { table, seat });
  return ok([{ type: "moved", at, moves: [{ entry, from: e.table, to: table, seat }] }]);
}

// Satellites feed their target (R-TRN-8): every seat winner is registered into the target
// tournament, whose own format may be a satellite again (satellites feed satellites).
import type { Result } from "../../lib/result.ts";
import type { Director } from "./run.ts";
import type { TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";

/** Players who won a seat in a finished satellite, best place first. */
export function seatWinners(s: TournamentState): string[] {
  return (s.placements ?? []).filter((p) => p.seat === true).map((p) => p.player);
}

/** Registers every seat winner of `satellite` into `target` (which must be registering). */
export function feedTarget(satellite: TournamentState, target: Director, at: number): Result<readonly TournamentEvent[]>[] {
  return seatWinners(satellite).map((player) => target.run({ type: "register", at, player }));
}

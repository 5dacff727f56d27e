// Shootout, "lowest goes" (R-TRN-11, R-PLACE-3): at every level increase the player with
// the fewest chips at each table is eliminated; players tied for fewest all go.
import { fail, ok, type Result } from "../lib/result.ts";
import { awardGroups, type PlaceAward, type Prizes } from "./places.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

export interface ShootoutTable {
  readonly table: string;
  /** Players in seat order from the button, with their stacks once the hand is over. */
  readonly players: readonly { readonly id: string; readonly stack: number }[];
}

/**
 * How the players who go at one level change are placed: "share" (default; seed 003: if
 * more than one goes at a level change they share the places and prizes evenly) or
 * "by-stack" (fewer chips take the worse place, equal stacks share, as R-PLACE-2).
 */
export type ShootoutPlacing = "share" | "by-stack";

/** Who goes at each table: the fewest chips; nobody at a table where all are equal. */
export function shootoutLosers(tables: readonly ShootoutTable[]): { id: string; stack: number }[] {
  const out: { id: string; stack: number }[] = [];
  for (const t of tables) {
    const live = t.players.filter((p) => p.stack > 0);
    if (live.length < 2) continue;
    const low = Math.min(...live.map((p) => p.stack));
    const losers = live.filter((p) => p.stack === low);
    // Eliminating everyone would leave an empty table: there is no "lowest" among equals.
    if (losers.length < live.length) out.push(...losers);
  }
  return out;
}

/** R-TRN-11 at one level change: the eliminated players with their places and prizes. */
export function shootoutRound(tables: readonly ShootoutTable[], prizes: Prizes, placing: ShootoutPlacing = "share", unit = 1): Result<PlaceAward[]> {
  const ids = tables.flatMap((t) => t.players.map((p) => p.id));
  if (new Set(ids).size !== ids.length) return fail(TOURNAMENT_ERRORS.duplicatePlayer, "a player sits at one table");
  const left = tables.reduce((n, t) => n + t.players.filter((p) => p.stack > 0).length, 0);
  const losers = shootoutLosers(tables);
  if (losers.length === 0) return ok([]);
  if (placing === "share") return ok(awardGroups(left, [losers.map((l) => l.id)], prizes, unit));
  const stacks = [...new Set(losers.map((l) => l.stack))].sort((a, b) => b - a);
  return ok(
    awardGroups(
      left,
      stacks.map((s) => losers.filter((l) => l.stack === s).map((l) => l.id)),
      prizes,
      unit,
    ),
  );
}

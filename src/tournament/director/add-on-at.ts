// R-TRN-5 when N players are left (seed 003: the add-on comes "at a given time or number of
// players left"): the add-on opens at the settle where the players left first come down to N
// and stays open to the end of the level (or break) in force then, so every player still in
// has the same time to take it; a break's add-on keeps its break.
import { clockAt } from "../structure/index.ts";
import type { TournamentState } from "./state-model.ts";
import type { TournamentConfig } from "./types.ts";

/** The players-left number of an add-on offered by players left; null: at its break (or no add-on). */
export function addOnPlayersLeft(c: TournamentConfig): number | null {
  if (c.money.addOn === undefined || c.addOnAt === undefined || c.addOnAt === "break") return null;
  return c.addOnAt.playersLeft;
}

/** Played ms an add-on by players left is open: from its opening to the end of the item in force then; null: not open yet. */
export function addOnWindow(s: TournamentState): { readonly opens: number; readonly closes: number } | null {
  const opens = s.addOnOpenedAt;
  if (opens === undefined) return null;
  const st = s.config!.structure;
  const at = clockAt(st, opens);
  // The last level never ends: there the add-on stays open for that level's length.
  return { opens, closes: opens + (at.remainingMs ?? at.item.minutes * 60_000) };
}

/** Whether this settle, leaving `left` players, opens the add-on (once, and never for the winner alone). */
export function opensAddOn(s: TournamentState, left: number): boolean {
  const n = addOnPlayersLeft(s.config!);
  return n !== null && s.addOnOpenedAt === undefined && s.prizes === null && left <= n && left > 1;
}

// When the field is final: no more entries, rebuys or add-ons can come, so the prize pool
// and the places are known. Until then a bust's place is not yet known (a re-entry adds an
// entrant), so places are given when the field closes.
import { endOfBreakMs } from "../structure/index.ts";
import { reEntryEndMs, windowEndMs } from "../money/index.ts";
import { addOnPlayersLeft, addOnWindow } from "./add-on-at.ts";
import { playedMs } from "./played.ts";
import type { TournamentState } from "./state.ts";

/** Milliseconds of play at which late registration closes; null when there is none (Infinity: past the schedule). */
export function lateRegistrationEndsMs(s: TournamentState): number | null {
  const c = s.config;
  if (c === null || c.lateRegistration === undefined) return null;
  return windowEndMs(c.structure, c.lateRegistration.until);
}

/**
 * Whether a new entry (a late registration, a re-entry) may still need a seat at `at`:
 * rebuys and add-ons keep their seats, so only these two count. Past the schedule
 * (Infinity) they close at the final table.
 */
export function newEntriesOpen(s: TournamentState, at: number): boolean {
  const c = s.config;
  if (c === null || s.startedAt === null) return false;
  let t = lateRegistrationEndsMs(s) ?? 0;
  if (c.format.kind === "re-entry" && c.money.reEntry !== undefined) t = Math.max(t, reEntryEndMs(c.structure, c.money.reEntry, c.reEntryCloses));
  if (t === 0) return false;
  if (t === Infinity) return s.finalTable === null;
  return playedMs(s, at) < t;
}

/** Milliseconds of play after which nothing more is paid in. */
export function lastEntryMs(s: TournamentState): number {
  const c = s.config!;
  let t = lateRegistrationEndsMs(s) ?? 0;
  if (c.format.kind === "re-entry" && c.money.reEntry !== undefined) t = Math.max(t, reEntryEndMs(c.structure, c.money.reEntry, c.reEntryCloses));
  if (c.format.kind === "rebuy") {
    if (c.money.rebuy !== undefined) t = Math.max(t, windowEndMs(c.structure, c.money.rebuy.until));
    // R-TRN-5 by players left: open to the end of the item in force when it opened (not yet open: fieldClosed waits).
    if (c.money.addOn !== undefined)
      t = Math.max(t, addOnPlayersLeft(c) === null ? (endOfBreakMs(c.structure, c.money.addOn.atBreak) ?? 0) : (addOnWindow(s)?.closes ?? 0));
  }
  return t;
}

export function fieldClosed(s: TournamentState, at: number): boolean {
  if (s.startedAt === null) return false;
  // R-TRN-5 by players left: the add-on is still to come.
  if (s.config!.format.kind === "rebuy" && addOnPlayersLeft(s.config!) !== null && s.addOnOpenedAt === undefined) return false;
  const t = lastEntryMs(s);
  // Infinity (a window past the schedule) closes when play gets near the end: the final table.
  // R-TRN-4: rebuys stop only at a multi-table event's final table, so a single-table rebuy
  // event with such a window takes rebuys to the end (its prizes are fixed then).
  if (t === Infinity) {
    const c = s.config!;
    const rebuy = c.format.kind === "rebuy" && c.money.rebuy !== undefined && windowEndMs(c.structure, c.money.rebuy.until) === Infinity;
    return rebuy ? s.finalTable !== null : s.alive <= (c.tableSize ?? 10);
  }
  return playedMs(s, at) >= t;
}

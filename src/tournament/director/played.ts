// Played time (R-TRN-1): the tournament clock counts only while it runs. Every level, break,
// colour-up and entry window is a point of played time, never of wall time, so a pause
// freezes all of them at once.
import { clockAt, itemStartMs } from "../structure/index.ts";
import type { TournamentState } from "./state-model.ts";

/** Milliseconds of play at absolute time `at`: since the start, less every pause (0 before the start). */
export function playedMs(s: TournamentState, at: number): number {
  if (s.startedAt === null) return 0;
  const open = s.pausedAt !== null ? Math.max(0, at - s.pausedAt) : 0;
  return Math.max(0, at - s.startedAt - s.pausedMs - open);
}

/**
 * Played ms from `at` until the end of the item (level or break) the director's state is on:
 * when its next level or break is due. Null before the start and on the last item, which never
 * ends. Zero or less: the state is behind the clock (the tick that should have moved it was
 * not recorded: a store that did not answer), so it is due now. Not the clock's own
 * `remainingMs` at `at`: that is the item the time is in, and with the state behind it is the
 * next item's, a whole level away.
 */
export function untilNextItemMs(s: TournamentState, at: number): number | null {
  const items = s.config?.structure.items;
  if (items === undefined || s.startedAt === null || s.itemIndex >= items.length - 1) return null;
  return itemStartMs(s.config!.structure, s.itemIndex + 1) - playedMs(s, at);
}

/** Whether the clock is stopped. */
export const isPaused = (s: TournamentState): boolean => s.pausedAt !== null;

/**
 * The next break: played ms until it starts and its length. On a break: 0 and that break's
 * length (as `clockAt`'s `nextBreakInMs`). Null before the start or when no break is left.
 */
export function nextBreak(s: TournamentState, at: number): { inMs: number; lengthMs: number } | null {
  if (s.config === null || s.startedAt === null) return null;
  const st = s.config.structure;
  const pos = clockAt(st, playedMs(s, at));
  if (pos.nextBreakInMs === null) return null;
  for (let i = pos.itemIndex; i < st.items.length; i++) {
    const it = st.items[i]!;
    if (it.kind === "break") return { inMs: pos.nextBreakInMs, lengthMs: it.minutes * 60_000 };
  }
  return null;
}

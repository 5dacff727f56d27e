// Played time (R-TRN-1): the tournament clock counts only while it runs. Every level, break,
// colour-up and entry window is a point of played time, never of wall time, so a pause
// freezes all of them at once.
import { clockAt } from "../structure/index.ts";
import type { TournamentState } from "./state-model.ts";

/** Milliseconds of play at absolute time `at`: since the start, less every pause (0 before the start). */
export function playedMs(s: TournamentState, at: number): number {
  if (s.startedAt === null) return 0;
  const open = s.pausedAt !== null ? Math.max(0, at - s.pausedAt) : 0;
  return Math.max(0, at - s.startedAt - s.pausedMs - open);
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

// The floor stops the clock and starts it again. While paused, played time (played.ts) stands
// still: no level changes, breaks, colour-ups or window closings, and `tick` changes nothing.
import { fail, ok, type Result } from "../../lib/result.ts";
import { isPaused } from "./played.ts";
import type { TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

type Events = Result<TournamentEvent[]>;

function timeOk(s: TournamentState, at: number): Result<true> {
  // Time never runs backwards in a fold: a pause before the last event would make negative play.
  if (!Number.isFinite(at) || at < s.now) return fail(TOURNAMENT_ERRORS.badTime, `time ${at} is before the last event (${s.now})`, { at, now: s.now });
  return ok(true);
}

export function decidePause(s: TournamentState, at: number): Events {
  if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
  if (isPaused(s)) return fail(TOURNAMENT_ERRORS.alreadyPaused, "the clock is already paused");
  const t = timeOk(s, at);
  return t.ok ? ok([{ type: "paused", at }]) : t;
}

export function decideResume(s: TournamentState, at: number): Events {
  if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
  if (!isPaused(s)) return fail(TOURNAMENT_ERRORS.notPaused, "the clock is not paused");
  const t = timeOk(s, at);
  return t.ok ? ok([{ type: "resumed", at }]) : t;
}

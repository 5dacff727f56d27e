// Who watches each tournament this process serves, and when their views are pushed. A
// tournament changes at every hand's end at any of its tables (its record, then the next
// deal), and each change was pushed to every watcher: a field of 9,000 players at a thousand
// tables, each player's client watching it, made some two hundred thousand views and frames
// a second. So a change that a watcher would read at once (the status, a level or break, a
// pause, the start time, the name) is pushed at once; the rest (players left, the average
// stack, the pool) at most once per gap, the last change always pushed at the gap's end. The
// gap grows with the watchers: a few seconds for a club's field, up to a minute for the
// largest, so the frames this sends stay within a few hundred a second.
import type { Clock, TimerHandle } from "./clock.ts";
import type { TournamentRuntime } from "./tournaments/tournament-runtime.ts";

/** The least and the most time between two pushes of a tournament's counters. */
export const PUSH_GAP_MS = { min: 1_000, max: 60_000, perWatcher: 2 } as const;

/** The gap between two pushes of a tournament's counters to `watchers` watchers. */
export function pushGapMs(watchers: number): number {
  return Math.min(PUSH_GAP_MS.max, Math.max(PUSH_GAP_MS.min, watchers * PUSH_GAP_MS.perWatcher));
}

/** What a watcher reads at once when it changes (the rest of a tournament's view waits for the gap). */
function headlineOf(t: TournamentRuntime): string {
  const d = t.dir;
  return `${d.status}|${d.itemIndex}|${d.onBreak}|${d.pausedAt !== null}|${d.startedAt}|${d.placements !== null}|${t.meta.startsAt}|${t.meta.name}`;
}

interface Watched {
  readonly pushes: Set<() => void>;
  /** When the watchers were last pushed to, and the headline they were pushed. */
  lastAt: number;
  headline: string | null;
  timer: TimerHandle | null;
}

export class TournamentWatchers {
  private readonly byId = new Map<string, Watched>();

  constructor(private readonly clock: Clock) {}

  watch(id: string, push: () => void): void {
    let w = this.byId.get(id);
    if (w === undefined) this.byId.set(id, (w = { pushes: new Set(), lastAt: Number.NEGATIVE_INFINITY, headline: null, timer: null }));
    w.pushes.add(push);
  }

  unwatch(id: string, push: () => void): void {
    const w = this.byId.get(id);
    if (w === undefined) return;
    w.pushes.delete(push);
    if (w.pushes.size > 0) return;
    w.timer?.cancel();
    this.byId.delete(id);
  }

  /** Tournament `t` changed: its watchers get its view now, or at the end of the gap. */
  changed(t: TournamentRuntime): void {
    const w = this.byId.get(t.id);
    if (w === undefined) return;
    const now = this.clock.now();
    const due = w.lastAt + pushGapMs(w.pushes.size);
    if (headlineOf(t) !== w.headline || now >= due) this.push(t, w, now);
    else
      w.timer ??= this.clock.after(due - now, () => {
        w.timer = null;
        this.push(t, w, this.clock.now());
      });
  }

  private push(t: TournamentRuntime, w: Watched, now: number): void {
    w.timer?.cancel();
    w.timer = null;
    w.lastAt = now;
    w.headline = headlineOf(t);
    for (const push of [...w.pushes]) push();
  }

  close(): void {
    for (const w of this.byId.values()) w.timer?.cancel();
    this.byId.clear();
  }
}

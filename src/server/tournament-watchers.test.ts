// A tournament's watchers get its view at once when what they read first changes (status,
// level, break, pause, start, name), and its counters at most once per gap, the last change
// always: a field of thousands changes at every hand's end at any table.
import { describe, expect, it } from "vitest";
import { ManualClock } from "./clock.ts";
import { PUSH_GAP_MS, pushGapMs, TournamentWatchers } from "./tournament-watchers.ts";
import type { TournamentRuntime } from "./tournaments/tournament-runtime.ts";

/** The fields the pushes read of a tournament; `alive` stands for the counters that wait for the gap. */
function tournament() {
  const dir = { status: "running", itemIndex: 0, onBreak: false, pausedAt: null as number | null, startedAt: 0, placements: null, alive: 100 };
  const meta = { startsAt: null, name: "Sunday 250" };
  return { t: { id: "tr1", dir, meta } as unknown as TournamentRuntime, dir };
}

function watched(n: number) {
  const clock = new ManualClock();
  const w = new TournamentWatchers(clock);
  const { t, dir } = tournament();
  // Each watcher notes the players left it was pushed.
  const seen: number[][] = Array.from({ length: n }, () => []);
  const pushes = seen.map((s) => () => void s.push(dir.alive));
  for (const p of pushes) w.watch(t.id, p);
  return { clock, w, t, dir, seen, pushes };
}

describe("tournament watchers", () => {
  it("a change is pushed at once; the changes within the gap after it go together at its end, the last one shown", () => {
    const { clock, w, t, dir, seen } = watched(3);
    dir.alive = 99;
    w.changed(t);
    expect(seen).toEqual([[99], [99], [99]]);
    for (const alive of [98, 97, 96]) {
      dir.alive = alive;
      w.changed(t);
      clock.advance(100);
    }
    expect(seen[0]).toEqual([99]);
    clock.advance(PUSH_GAP_MS.min - 300);
    expect(seen).toEqual([
      [99, 96],
      [99, 96],
      [99, 96],
    ]);
    // Nothing changed since: nothing more is pushed.
    clock.advance(10 * PUSH_GAP_MS.min);
    expect(seen[0]).toEqual([99, 96]);
    // A change after a quiet gap goes at once again.
    dir.alive = 95;
    w.changed(t);
    expect(seen[0]).toEqual([99, 96, 95]);
  });

  it("what a watcher reads first (the status, a level, a break, a pause) is pushed at once, within the gap too", () => {
    const { clock, w, t, dir, seen } = watched(1);
    w.changed(t);
    clock.advance(10);
    dir.itemIndex = 1;
    dir.alive = 90;
    w.changed(t);
    clock.advance(10);
    dir.onBreak = true;
    w.changed(t);
    clock.advance(10);
    dir.pausedAt = clock.now();
    w.changed(t);
    clock.advance(10);
    dir.status = "finished";
    dir.alive = 1;
    w.changed(t);
    expect(seen[0]).toEqual([100, 90, 90, 90, 1]);
    // Pushed with the last one: no push left for the gap's end.
    clock.advance(PUSH_GAP_MS.max);
    expect(seen[0]).toHaveLength(5);
  });

  it("the gap grows with the watchers: seconds for a club's field, a minute at most for the largest", () => {
    expect(pushGapMs(1)).toBe(PUSH_GAP_MS.min);
    expect(pushGapMs(200)).toBe(PUSH_GAP_MS.min);
    expect(pushGapMs(9_000)).toBe(18_000);
    expect(pushGapMs(250_000)).toBe(PUSH_GAP_MS.max);
    const { clock, w, t, dir, seen } = watched(9_000);
    w.changed(t);
    dir.alive = 50;
    w.changed(t);
    clock.advance(17_999);
    expect(seen[8_999]).toEqual([100]);
    clock.advance(1);
    expect(seen[8_999]).toEqual([100, 50]);
  });

  it("a watcher gone gets nothing more; the last one gone leaves no push waiting", () => {
    const { clock, w, t, dir, seen, pushes } = watched(2);
    w.changed(t);
    dir.alive = 80;
    w.changed(t);
    w.unwatch(t.id, pushes[0]!);
    clock.advance(PUSH_GAP_MS.min);
    expect(seen).toEqual([[100], [100, 80]]);
    dir.alive = 70;
    w.changed(t);
    w.unwatch(t.id, pushes[1]!);
    clock.advance(PUSH_GAP_MS.min);
    expect(seen).toEqual([[100], [100, 80]]);
    // Watched again from nothing: its first change goes at once.
    const again: number[] = [];
    w.watch(t.id, () => void again.push(dir.alive));
    w.changed(t);
    expect(again).toEqual([70]);
  });
});

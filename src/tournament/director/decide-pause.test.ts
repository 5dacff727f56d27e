import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../index.ts";
import { Director, handSetup, nextBreak, playedMs, replay, snapshot, untilNextItemMs } from "./index.ts";
import { refused, startedDirector, tickAll } from "../../../testkit/tournament/director.ts";

const MIN = 60_000;

describe("pause and resume: the clock counts played time only (R-TRN-1)", () => {
  it("a pause freezes the level: ticks while paused change nothing, the level changes 20 played minutes in", () => {
    const d = startedDirector();
    expect(d.run({ type: "pause", at: 5 * MIN }).ok).toBe(true);
    expect(d.state.pausedAt).toBe(5 * MIN);
    const r = d.run({ type: "tick", at: 60 * MIN });
    expect(r.ok && r.value).toEqual([]);
    expect(playedMs(d.state, 60 * MIN)).toBe(5 * MIN);
    expect(d.run({ type: "resume", at: 65 * MIN }).ok).toBe(true);
    expect(playedMs(d.state, 65 * MIN)).toBe(5 * MIN);
    tickAll(d, 79 * MIN);
    expect(d.state.levelNumber).toBe(1);
    tickAll(d, 80 * MIN);
    expect(d.state.levelNumber).toBe(2);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });
  it("the next hand is dealt at the level of played time, not wall time", () => {
    const d = startedDirector();
    d.run({ type: "pause", at: 10 * MIN });
    d.run({ type: "resume", at: 40 * MIN });
    const t = d.state.tables.get(1)!;
    expect(handSetup(d.state, t, 45 * MIN)!.levelNumber).toBe(1);
    expect(handSetup(d.state, t, 50 * MIN)!.levelNumber).toBe(2);
  });
  it("nextBreak counts played ms to the first break (120 min of 20-minute levels) and gives its length", () => {
    const d = startedDirector();
    expect(nextBreak(d.state, 0)).toEqual({ inMs: 120 * MIN, lengthMs: 10 * MIN });
    d.run({ type: "pause", at: 10 * MIN });
    expect(nextBreak(d.state, 70 * MIN)).toEqual({ inMs: 110 * MIN, lengthMs: 10 * MIN });
    d.run({ type: "resume", at: 70 * MIN });
    tickAll(d, 185 * MIN);
    expect(d.state.onBreak).toBe(true);
    expect(nextBreak(d.state, 185 * MIN)).toEqual({ inMs: 0, lengthMs: 10 * MIN });
  });
  it("untilNextItemMs: played ms to the end of the state's item, frozen by a pause, zero or less while a due change is not recorded", () => {
    const d = startedDirector();
    expect(untilNextItemMs(d.state, 5 * MIN)).toBe(15 * MIN);
    d.run({ type: "pause", at: 10 * MIN });
    expect(untilNextItemMs(d.state, 40 * MIN)).toBe(10 * MIN);
    d.run({ type: "resume", at: 40 * MIN });
    // Past the level's end with no tick recorded: due (the state is behind the clock), and
    // counting down to the state's boundary, never to the next item's by time.
    expect(untilNextItemMs(d.state, 50 * MIN)).toBe(0);
    expect(untilNextItemMs(d.state, 52 * MIN)).toBe(-2 * MIN);
    tickAll(d, 52 * MIN);
    expect(d.state.levelNumber).toBe(2);
    expect(untilNextItemMs(d.state, 52 * MIN)).toBe(18 * MIN);
  });
  it("entry windows close on played time: a re-entry until minute 30 is still open after a pause", () => {
    const d = startedDirector({ format: { kind: "re-entry" }, money: { buyIn: 100, fee: 10, reEntry: { until: { minutes: 30 } } } }, 2);
    d.run({ type: "pause", at: 20 * MIN });
    d.run({ type: "resume", at: 50 * MIN });
    // p001 loses everything in one (fake) hand, then re-enters at wall minute 55 (played 25).
    const t = d.state.tables.get(1)!;
    const setup = handSetup(d.state, t, 55 * MIN)!;
    const stacks = setup.entries.map((id) => (id === "p001" ? 0 : 2000));
    expect(
      d.run({ type: "hand", at: 55 * MIN, outcome: { table: 1, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks } }).ok,
    ).toBe(true);
    const r = d.run({ type: "re-enter", at: 55 * MIN, player: "p001" });
    expect(r.ok ? "ok" : r.error.code).toBe("ok");
  });
  it("heads-up matches keep their own clocks in played time (R-TRN-10)", () => {
    const d = startedDirector({ format: { kind: "heads-up" } }, 4);
    d.run({ type: "pause", at: 0 });
    d.run({ type: "resume", at: 30 * MIN });
    const t = [...d.state.tables.values()][0]!;
    expect(handSetup(d.state, t, 49 * MIN)!.levelNumber).toBe(1);
    expect(handSetup(d.state, t, 50 * MIN)!.levelNumber).toBe(2);
  });
  it("refusals change nothing: not running, paused twice, resumed when running, time going back", () => {
    const d = new Director(seededRandom(1), true);
    expect(refused(d, { type: "pause", at: 0 })).toBe("tournament/not-running");
    const s = startedDirector();
    expect(refused(s, { type: "resume", at: 1 })).toBe("tournament/not-paused");
    expect(s.run({ type: "pause", at: 10 }).ok).toBe(true);
    expect(refused(s, { type: "pause", at: 11 })).toBe("tournament/already-paused");
    expect(refused(s, { type: "resume", at: 9 })).toBe("tournament/bad-time");
    expect(refused(s, { type: "resume", at: Number.NaN })).toBe("tournament/bad-time");
  });
});

describe("pause/resume property", () => {
  it("pauses in any order never change the level reached for the same played time", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 * MIN }), fc.integer({ min: 0, max: 60 * MIN }), fc.boolean()), { maxLength: 8 }),
        fc.integer({ min: 0, max: 300 * MIN }),
        (segments, played) => {
          // `segments`: run for a while, then pause for a while (ticking inside the pause when asked).
          const plain = startedDirector();
          tickAll(plain, played);
          const d = startedDirector();
          let wall = 0;
          let ran = 0;
          for (const [run, pause, tickInside] of segments) {
            const step = Math.min(run, played - ran);
            wall += step;
            ran += step;
            tickAll(d, wall);
            expect(d.run({ type: "pause", at: wall }).ok).toBe(true);
            if (tickInside) {
              const before = d.state.itemIndex;
              tickAll(d, wall + pause);
              expect(d.state.itemIndex).toBe(before);
            }
            wall += pause;
            expect(d.run({ type: "resume", at: wall }).ok).toBe(true);
          }
          wall += played - ran;
          expect(playedMs(d.state, wall)).toBe(played);
          tickAll(d, wall);
          expect([d.state.itemIndex, d.state.levelNumber, d.state.onBreak]).toEqual([plain.state.itemIndex, plain.state.levelNumber, plain.state.onBreak]);
          const t = d.state.tables.get(1)!;
          expect(handSetup(d.state, t, wall)?.levelNumber).toBe(handSetup(plain.state, plain.state.tables.get(1)!, played)?.levelNumber);
        },
      ),
      { numRuns: 60 },
    );
  });
});

import { describe, expect, it } from "vitest";
import { byteLength, MAX_FRAME_BYTES, TABLE_LOG_EVENTS, type TableEvent } from "../../protocol/index.ts";
import { handStart } from "../../../testkit/protocol/fixtures.ts";
import { HandSteps, withLog } from "./hand-steps.ts";

const opening = (position: number) => ({ position, card: 0, salt: "5".repeat(64), path: Array.from({ length: 6 }, () => "6".repeat(64)) });
const start = (handNumber: number): TableEvent => ({ ...handStart, handNumber });
const hole = (seat: number): TableEvent => ({ kind: "hole-cards", seat, cards: [1, 2], openings: [opening(seat), opening(seat + 10)] });
const check = (seat: number): TableEvent => ({ kind: "action", seat, action: "check", amount: 0, to: 0, allIn: false, timeout: false });
const frame = (padding: number) => JSON.stringify({ type: "table-view", view: { pad: "x".repeat(padding) } });

describe("a table's steps since its hand began", () => {
  it("begin at the step that starts a hand, with the version before it; none before the first hand", () => {
    const h = new HandSteps();
    h.record(0, 1, [{ kind: "seat-change", seat: 1, player: { id: "a", name: "A" }, stack: 1000 }]);
    expect(h.kept).toBe(false);
    expect(h.forSeat(1, true)).toBeNull();
    // The step that ends one hand may start the next: it goes whole into the new hand's log.
    h.record(1, 2, [check(2), start(1), hole(1), hole(2)]);
    h.record(2, 3, []);
    h.record(3, 4, [check(1)]);
    expect(h.forSeat(1, true)?.from).toBe(1);
    expect(h.forSeat(1, true)?.steps.map((s) => s.version)).toEqual([2, 4]);
    h.record(4, 5, [start(2)]);
    expect(h.forSeat(1, true)).toEqual({ from: 4, steps: [{ version: 5, events: [start(2)] }] });
  });

  it("show each recipient only its own hole cards and their openings", () => {
    const h = new HandSteps();
    h.record(7, 8, [start(1), hole(1), hole(2)]);
    expect(h.forSeat(1, true)?.steps[0]?.events.slice(1)).toEqual([hole(1), { kind: "hole-cards", seat: 2, cards: null }]);
    expect(h.forSeat(null, true)?.steps[0]?.events.slice(1)).toEqual([
      { kind: "hole-cards", seat: 1, cards: null },
      { kind: "hole-cards", seat: 2, cards: null },
    ]);
  });

  it("fit beside the view in one frame: with the openings, else without them, else not at all", () => {
    const h = new HandSteps();
    h.record(0, 1, [start(1), hole(1), hole(2)]);
    const whole = h.forSeat(1, true)!;
    const size = byteLength(JSON.stringify(whole));
    expect(h.fitting(1, frame(100))).toEqual(whole);
    const tight = frame(MAX_FRAME_BYTES - size + 100);
    const bare = h.fitting(1, tight)!;
    expect(bare.steps[0]?.events[1]).toEqual({ kind: "hole-cards", seat: 1, cards: [1, 2] });
    expect(byteLength(withLog(tight, bare))).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(JSON.parse(withLog(tight, bare)).log).toEqual(bare);
    expect(h.fitting(1, frame(MAX_FRAME_BYTES - 50))).toBeNull();
    expect(withLog(tight, null)).toBe(tight);
  });

  it("fit in bytes, not characters: a view whose text is mostly three bytes a character", () => {
    const h = new HandSteps();
    h.record(0, 1, [start(1), hole(1), hole(2)]);
    // Short enough in UTF-16 units to fit three times over, too long in UTF-8 for any log.
    const wide = JSON.stringify({ type: "table-view", view: { pad: "中".repeat(Math.floor(MAX_FRAME_BYTES / 3) - 100) } });
    expect(wide.length * 3).toBeLessThan(MAX_FRAME_BYTES);
    const log = h.fitting(1, wide);
    expect(new TextEncoder().encode(withLog(wide, log)).length).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(log).toBeNull();
  });

  it("keep at most TABLE_LOG_EVENTS events: past that, none until the next hand begins", () => {
    const h = new HandSteps();
    h.record(0, 1, [start(1)]);
    for (let v = 1; v < TABLE_LOG_EVENTS; v++) h.record(v, v + 1, [check(1)]);
    expect(h.forSeat(1, false)?.steps).toHaveLength(TABLE_LOG_EVENTS);
    h.record(TABLE_LOG_EVENTS, TABLE_LOG_EVENTS + 1, [check(1)]);
    expect(h.kept).toBe(false);
    h.record(TABLE_LOG_EVENTS + 1, TABLE_LOG_EVENTS + 2, [check(1)]);
    expect(h.kept).toBe(false);
    h.record(TABLE_LOG_EVENTS + 2, TABLE_LOG_EVENTS + 3, [start(2)]);
    expect(h.forSeat(1, true)?.from).toBe(TABLE_LOG_EVENTS + 2);
  });

  it("come back from a snapshot's JSON as they were (an older snapshot without one: none until the next hand)", () => {
    const h = new HandSteps();
    h.record(3, 4, [start(1), hole(1), hole(2)]);
    h.record(4, 5, [check(1)]);
    const again = HandSteps.restore(JSON.parse(JSON.stringify(h)));
    expect(again.forSeat(1, true)).toEqual(h.forSeat(1, true));
    expect(again.forSeat(null, false)).toEqual(h.forSeat(null, false));
    again.record(5, 6, [check(2)]);
    expect(again.forSeat(1, true)?.steps.map((st) => st.version)).toEqual([4, 5, 6]);
    expect(HandSteps.restore(undefined).kept).toBe(false);
    // The event limit counts what was restored too.
    const full = new HandSteps();
    full.record(0, 1, [start(1)]);
    for (let v = 1; v < TABLE_LOG_EVENTS; v++) full.record(v, v + 1, [check(1)]);
    const restored = HandSteps.restore(JSON.parse(JSON.stringify(full)));
    restored.record(TABLE_LOG_EVENTS, TABLE_LOG_EVENTS + 1, [check(1)]);
    expect(restored.kept).toBe(false);
  });
});

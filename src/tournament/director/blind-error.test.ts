import { describe, expect, it } from "vitest";
import { handSetup, levelFor, replay, snapshot } from "./index.ts";
import { refused, startedDirector } from "../../../testkit/tournament/director.ts";
import type { Director } from "./run.ts";

/** Plays table 1's next hand with the stacks unchanged (a chop), so only the positions move on. */
function playOne(d: Director, at: number) {
  const t = d.state.tables.get(1)!;
  const setup = handSetup(d.state, t, at)!;
  const r = d.run({
    type: "hand",
    at,
    outcome: { table: 1, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks: setup.config.stacks },
  });
  expect(r.ok).toBe(true);
  return setup;
}

describe("R-BTN-5 ruled by the floor and recorded", () => {
  const oneTable = () => startedDirector({ tableSize: 6 }, 6);

  it("two or more active actions: the hand stands, then play goes back one hand (skipped BB, no SB, the error's level), then the button to the wrong big blind", () => {
    const d = oneTable();
    playOne(d, 1);
    // The hand the floor rules on has been played (as posted): its big blind was skipped, the player after posted it.
    const error = playOne(d, 2);
    const due = error.hand;
    const skipped = due.bb[0]!;
    const wrong = due.order[(due.order.findIndex((p) => p.seat === skipped) + 1) % due.order.length]!.seat;
    const r = d.run({ type: "rule-blind-error", at: 3, table: 1, skipped, wrong, activeActions: 2 });
    expect(r.ok).toBe(true);
    const ev = r.ok ? r.value[0]! : null;
    expect(ev).toMatchObject({ type: "blind-ruled", table: 1, outcome: "continue", current: { sb: [skipped], bb: [wrong] } });
    // Played back after the level changed: at the error hand's level all the same.
    const later = 60 * 60_000;
    expect(levelFor(d.state, d.state.tables.get(1)!, later).level.bb).toBeGreaterThan(error.level.bb);
    const back = playOne(d, later);
    expect(back.hand.bb).toEqual([skipped]);
    expect(back.hand.sb).toEqual([]);
    expect(back.hand.button).toBe(due.button);
    expect(back.level.bb).toBe(error.level.bb);
    const after = playOne(d, later + 1);
    expect(after.hand.button).toBe(wrong);
    expect(after.level.bb).toBeGreaterThan(error.level.bb);
    // From there the table's own rotation again.
    const next = handSetup(d.state, d.state.tables.get(1)!, later + 2)!.hand;
    expect(next.button).not.toBe(wrong);
    expect(d.state.tables.get(1)!.forced).toBeUndefined();
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });

  it("ruled while the hand with the error is still in play: that hand is recorded first, then the ruled ones", () => {
    const d = oneTable();
    playOne(d, 1);
    const due = handSetup(d.state, d.state.tables.get(1)!, 2)!.hand;
    const skipped = due.bb[0]!;
    const wrong = due.order[(due.order.findIndex((p) => p.seat === skipped) + 1) % due.order.length]!.seat;
    expect(d.run({ type: "rule-blind-error", at: 2, table: 1, skipped, wrong, activeActions: 2, inPlay: true }).ok).toBe(true);
    expect(playOne(d, 3).hand.bb).toEqual(due.bb);
    const back = playOne(d, 4);
    expect([back.hand.sb, back.hand.bb]).toEqual([[], [skipped]]);
    expect(playOne(d, 5).hand.button).toBe(wrong);
  });

  it("fewer than two: corrected now; the ruling says where the button and blinds belong, and the next hands are the table's own", () => {
    const d = oneTable();
    playOne(d, 1);
    const due = handSetup(d.state, d.state.tables.get(1)!, 2)!.hand;
    const skipped = due.bb[0]!;
    const wrong = due.order[(due.order.findIndex((p) => p.seat === skipped) + 1) % due.order.length]!.seat;
    const r = d.run({ type: "rule-blind-error", at: 2, table: 1, skipped, wrong, activeActions: 1 });
    expect(r.ok && r.value[0]).toMatchObject({ outcome: "correct-now", current: { button: due.button, sb: due.sb, bb: [skipped] } });
    expect(d.state.tables.get(1)!.forced).toBeUndefined();
    expect(d.state.tables.get(1)!.ruling?.outcome).toBe("correct-now");
  });

  it("refusals change nothing: no such table, an empty seat, a wrong big blind that is not the next player", () => {
    const d = startedDirector({ tableSize: 9 }, 6);
    const t = d.state.tables.get(1)!;
    const taken = t.seats.flatMap((e, i) => (e === null ? [] : [i + 1]));
    const empty = t.seats.indexOf(null) + 1;
    expect(refused(d, { type: "rule-blind-error", at: 1, table: 7, skipped: taken[0]!, wrong: taken[1]!, activeActions: 2 })).toBe("tournament/no-table");
    expect(refused(d, { type: "rule-blind-error", at: 1, table: 1, skipped: empty, wrong: taken[0]!, activeActions: 2 })).toBe("tournament/bad-seat");
    expect(refused(d, { type: "rule-blind-error", at: 1, table: 1, skipped: taken[0]!, wrong: taken[2]!, activeActions: 2 })).toBe(
      "tournament/unknown-blind-error",
    );
  });
});

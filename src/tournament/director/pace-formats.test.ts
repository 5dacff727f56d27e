// Per-table pace in heads-up brackets and shootouts: a match deals its next hand
// without waiting for the other matches, and the next round is drawn when its last match is
// decided (R-TRN-10); a shootout table plays on by itself, and only a due level change, where
// the lowest at every table go together and share their places (R-TRN-11, R-PLACE-3), waits
// for every table to finish its hand.
import { describe, expect, it } from "vitest";
import { STRUCTURE_PRESETS, clockAt } from "../structure/index.ts";
import { handSetup } from "./hand-setup.ts";
import type { Director } from "./run.ts";
import { seedConfig, startedDirector } from "../../../testkit/tournament/director.ts";
import type { TournamentCommand, TournamentEvent } from "./types.ts";

function must(d: Director, cmd: TournamentCommand): readonly TournamentEvent[] {
  const r = d.run(cmd);
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** As the server settles a table: the clock first (until it has nothing to change), then the table. */
function settle(d: Director, at: number, table: number | null): TournamentEvent[] {
  const out: TournamentEvent[] = [];
  for (let i = 0; i < 50; i++) {
    const ev = must(d, { type: "tick", at });
    if (ev.length === 0) break;
    out.push(...ev);
  }
  return [...out, ...must(d, { type: "table-settle", at, table })];
}

/** Table `table` finishes a hand in which `bust` lose everything to the first other player, and `shift` chips go from its first to its second player; then it is settled. */
function finish(d: Director, table: number, at: number, bust: readonly string[] = [], shift = 0): TournamentEvent[] {
  const s = d.state;
  const setup = handSetup(s, s.tables.get(table)!, at)!;
  const stacks = [...setup.config.stacks];
  const w = setup.entries.findIndex((e) => !bust.includes(e));
  setup.entries.forEach((e, i) => {
    if (bust.includes(e)) {
      stacks[w]! += stacks[i]!;
      stacks[i] = 0;
    }
  });
  if (shift > 0) {
    const [a, b] = [w, setup.entries.findIndex((e, i) => i !== w && !bust.includes(e))];
    stacks[a]! -= shift;
    stacks[b]! += shift;
  }
  must(d, { type: "hand", at, outcome: { table, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks } });
  return settle(d, at, table);
}

const dealing = (ev: readonly TournamentEvent[]): readonly number[] | "all" => ev.flatMap((e) => (e.type === "dealing" ? [e.tables] : []))[0] ?? [];
const seated = (d: Director, table: number): string[] => d.state.tables.get(table)!.seats.filter((x): x is string => x !== null);
const inHand = (d: Director) => [...d.state.tables.values()].filter((t) => t.inHand).map((t) => t.id);

describe("heads-up bracket at its own pace (R-TRN-10)", () => {
  const headsUp = (n: number) =>
    startedDirector({ format: { kind: "heads-up" }, structure: STRUCTURE_PRESETS["heads-up"]!, money: { buyIn: 100, fee: 10, paidFraction: 0.5 } }, n, 3);

  it("R-TRN-10: a match deals its next hand while the other matches are still in theirs; a decided match waits only for its partner in the bracket, then the next round's match deals at once", () => {
    const d = headsUp(8);
    expect(dealing(settle(d, 0, null))).toBe("all");
    expect(inHand(d)).toEqual([1, 2, 3, 4]);
    // Match 1 plays three hands while 2, 3 and 4 are in their first.
    for (const at of [1000, 2000, 3000]) expect(dealing(finish(d, 1, at, [], 10))).toEqual([1]);
    expect(inHand(d)).toEqual([1, 2, 3, 4]);
    // Match 2 is decided: it waits, nobody else is held.
    const [loser2] = seated(d, 2);
    const ev2 = finish(d, 2, 4000, [loser2!]);
    expect(dealing(ev2)).toEqual([]);
    expect(ev2.some((e) => e.type === "eliminated" || e.type === "matches-drawn")).toBe(false);
    expect(inHand(d)).toEqual([1, 3, 4]);
    // Match 3 is decided: its partner in the bracket (match 4) still plays, so it waits too.
    const ev3 = finish(d, 3, 5000, [seated(d, 3)[0]!]);
    expect(dealing(ev3)).toEqual([]);
    expect(ev3.some((e) => e.type === "match-drawn")).toBe(false);
    // Match 1 is decided: with match 2's winner it makes round 2's first match, which deals at once while match 4 plays on.
    const ev1 = finish(d, 1, 5500, [seated(d, 1)[1]!]);
    const first = ev1.find((e) => e.type === "match-drawn");
    expect(first?.type === "match-drawn" && [first.round, first.match]).toEqual([2, 0]);
    const t5 = first?.type === "match-drawn" ? first.table.table : -1;
    expect(dealing(ev1)).toEqual([t5]);
    expect(ev1.some((e) => e.type === "eliminated")).toBe(false); // round 1's losers wait for its last match
    expect(inHand(d)).toEqual([4, t5]);
    // Round 2's first match plays hands while round 1's last match is still on.
    expect(dealing(finish(d, t5, 5600, [], 10))).toEqual([t5]);
    // Match 4 is decided: round 2's second match is drawn, and round 1's four losers go out together, sharing places 5–8.
    const ev4 = finish(d, 4, 6000, [seated(d, 4)[0]!]);
    const second = ev4.find((e) => e.type === "match-drawn");
    expect(second?.type === "match-drawn" && [second.round, second.match]).toEqual([2, 1]);
    const out = ev4.find((e) => e.type === "eliminated");
    expect(out?.type === "eliminated" && [out.groups.map((g) => g.length), out.places]).toEqual([[4], [[5, 6, 7, 8]]]);
    expect(dealing(ev4)).toEqual([second?.type === "match-drawn" ? second.table.table : -1]);
    expect(d.state.tables.size).toBe(2); // the decided first-round matches are gone
    expect(d.state.conservation.failures).toBe(0);
  });

  it("R-TRN-10: two first-round byes play each other at once; the bracket plays to one champion with shared places per round", () => {
    const d = headsUp(6); // 2 byes, 2 first-round matches
    const start = settle(d, 0, null);
    const drawn = start.find((e) => e.type === "match-drawn");
    expect(drawn?.type === "match-drawn" && [drawn.round, drawn.match]).toEqual([2, 0]);
    expect(inHand(d)).toHaveLength(3);
    // Play every match to its end, table by table, hands apart.
    let at = 1000;
    for (let guard = 0; d.state.status === "running" && guard < 100; guard++) {
      const live = [...d.state.tables.values()].find((t) => t.inHand)!;
      finish(d, live.id, (at += 100), [seated(d, live.id)[0]!]);
    }
    expect(d.state.status).toBe("finished");
    expect(d.state.placements!.map((p) => p.places.join("-")).sort()).toEqual(["1", "2", "3-4", "3-4", "5-6", "5-6"]);
    expect(d.state.conservation.failures).toBe(0);
  });
});

describe("shootout at its own pace (R-TRN-11)", () => {
  const shootout = () => startedDirector({ format: { kind: "shootout", finalTable: 9 }, tableSize: 9 }, 27, 5);

  it("R-TRN-11: a table deals on while the others play; at a due level change each table waits for the rest, then the lowest of every table go together (R-PLACE-3) and all deal", () => {
    const d = shootout();
    settle(d, 0, null);
    expect(inHand(d)).toEqual([1, 2, 3]);
    const levelEnds = clockAt(seedConfig().structure, 0).remainingMs!;
    // Within the level: table 1 plays hand after hand, tables 2 and 3 are in their first.
    for (const at of [1000, 2000, 3000]) expect(dealing(finish(d, 1, at, [], 100))).toEqual([1]);
    // A bust is placed at once and its table deals on.
    const bust = finish(d, 2, 4000, [seated(d, 2)[0]!]);
    expect(bust.some((e) => e.type === "eliminated")).toBe(true);
    expect(dealing(bust)).toEqual([2]);
    // The level is over: a table that finishes its hand now waits for the others.
    const after = levelEnds + 1000;
    expect(dealing(finish(d, 2, after, [], 100))).toEqual([]);
    expect(dealing(finish(d, 1, after + 100, [], 100))).toEqual([]);
    expect(d.state.levelNumber).toBe(1);
    expect(inHand(d)).toEqual([3]);
    // The last table finishes: the level changes, the lowest at every table go in one group, every table deals.
    const last = finish(d, 3, after + 200, [], 100);
    expect(last.some((e) => e.type === "level-started")).toBe(true);
    const out = last.filter((e) => e.type === "eliminated");
    expect(out).toHaveLength(1);
    const group = out[0];
    expect(group?.type === "eliminated" && group.groups.map((g) => g.length)).toEqual([3]);
    expect([...(dealing(last) as number[])].sort()).toEqual([1, 2, 3]);
    expect(inHand(d)).toEqual([1, 2, 3]);
    expect(d.state.conservation.failures).toBe(0);
  });
});

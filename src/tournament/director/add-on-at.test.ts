// R-TRN-5 (seed 003: an add-on "at a given time or number of players left"): offered at its
// break (the default), or from the moment the players left come down to a number until the
// end of the level in force then; the prizes wait for it.
import { describe, expect, it } from "vitest";
import { endOfBreakMs, startOfBreakMs, STRUCTURE_PRESETS } from "../structure/index.ts";
import { checkConfig, type Director, type TournamentConfig } from "./index.ts";
import { handSetup } from "./hand-setup.ts";
import { refused, seedConfig, startedDirector, tickAll } from "../../../testkit/tournament/director.ts";

const MIN = 60_000;
const structure = STRUCTURE_PRESETS["seed"]!;
const money = { buyIn: 100, fee: 10, addOn: { atBreak: 1, cost: 50, fee: 0, chips: 500 } };

function rebuyEvent(over: Partial<TournamentConfig> = {}): Director {
  return startedDirector({ format: { kind: "rebuy" }, money, ...over }, 6);
}

/** One hand at `at` in which the first two players dealt in lose everything to the third. */
function bustTwo(d: Director, at: number): string[] {
  const setup = handSetup(d.state, d.state.tables.get(1)!, at)!;
  const start = setup.config.stacks;
  const stacks = start.map((x, i) => (i < 2 ? 0 : i === 2 ? x + start[0]! + start[1]! : x));
  d.run({ type: "hand", at, outcome: { table: 1, hand: setup.hand, entries: setup.entries, startStacks: start, stacks } });
  d.run({ type: "settle", at });
  return setup.entries.slice(2);
}

describe("R-TRN-5: the add-on at its break or when N players are left", () => {
  it("R-TRN-5 by default at its break: taken during break 1, not at four players left outside it", () => {
    const d = rebuyEvent();
    const [alive] = bustTwo(d, MIN);
    expect(d.state.alive).toBe(4);
    expect(refused(d, { type: "add-on", at: MIN, entry: alive! })).toBe("tournament/add-on-closed");
    tickAll(d, startOfBreakMs(structure, 1)! + MIN);
    expect(d.run({ type: "add-on", at: startOfBreakMs(structure, 1)! + MIN, entry: alive! }).ok).toBe(true);
  });

  it("R-TRN-5 at four players left: closed before (its break too), opened by the bust that leaves four, until the level's end; the prizes wait for it", () => {
    const d = rebuyEvent({ addOnAt: { playersLeft: 4 } });
    const first = d.state.players.keys().next().value!;
    expect(refused(d, { type: "add-on", at: MIN, entry: first })).toBe("tournament/add-on-closed");
    const [alive, other] = bustTwo(d, MIN);
    expect(d.state.alive).toBe(4);
    expect(d.events.some((e) => e.type === "add-on-opened")).toBe(true);
    // Nothing more can be paid in only once the add-on's window is over.
    expect(d.state.prizes).toBeNull();
    expect(d.run({ type: "add-on", at: 2 * MIN, entry: alive! }).ok).toBe(true);
    expect(refused(d, { type: "add-on", at: 2 * MIN, entry: alive! })).toBe("tournament/add-on-taken");
    // Level 1 (20 minutes) was in force when it opened: at its end the add-on is over.
    const levelEnds = structure.items[0]!.minutes * MIN;
    tickAll(d, levelEnds);
    d.run({ type: "settle", at: levelEnds });
    expect(refused(d, { type: "add-on", at: levelEnds, entry: other! })).toBe("tournament/add-on-closed");
    expect(d.state.prizes).not.toBeNull();
    expect(d.state.prizes!.pool).toBe(6 * 100 + 50);
    // Its break plays no part.
    expect(endOfBreakMs(structure, 1)!).toBeGreaterThan(levelEnds);
  });

  it("R-TRN-5: a players-left number under two, or one without an add-on, is refused naming the field", () => {
    const one = checkConfig(seedConfig({ format: { kind: "rebuy" }, money, addOnAt: { playersLeft: 1 } }));
    expect(one.ok ? null : one.error).toMatchObject({ code: "tournament/bad-config", field: "addOnAt" });
    const none = checkConfig(seedConfig({ addOnAt: { playersLeft: 5 } }));
    expect(none.ok ? null : none.error).toMatchObject({ code: "tournament/bad-config", field: "addOnAt" });
  });
});

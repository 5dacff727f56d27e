// R-TBL-3 with the room's final-table size: a 10-handed event whose final table seats nine
// plays on two tables while ten are left and draws the final table at nine; without the
// setting the final table forms at ten. Both the lockstep and the per-table-pace directors.
import { describe, expect, it } from "vitest";
import { evolve, initialState, runPacedTournament, runTournament, type RunOptions, type TournamentEvent } from "./index.ts";
import { fakeHand, names, refused, seedConfig, startedDirector } from "../../../testkit/tournament/director.ts";
import { Director } from "./run.ts";
import { seededRandom } from "../index.ts";

/** Players left and tables open when the final table was drawn, and the fewest tables seen while more than `final` were left. */
function finalTableMoment(events: readonly TournamentEvent[], final: number) {
  const s = initialState();
  let at: { left: number; tables: number } | null = null;
  let fewestAbove = Number.POSITIVE_INFINITY;
  for (const e of events) {
    if (e.type === "final-table" && at === null) at = { left: s.alive, tables: s.tables.size };
    evolve(s, e);
    if (s.status === "running" && s.alive > final && s.tables.size > 0) fewestAbove = Math.min(fewestAbove, s.tables.size);
  }
  return { at, fewestAbove };
}

describe("R-TBL-3: the final table's size is the room's", () => {
  const base = (over: object): RunOptions => ({
    config: seedConfig({ tableSize: 10, ...over }),
    players: names(40),
    playHand: fakeHand,
    seed: 7,
    keepEvents: true,
  });

  for (const [label, run] of [
    ["lockstep", runTournament],
    ["per-table pace", runPacedTournament],
  ] as const) {
    it(`${label}: a 9-handed final table forms at nine; ten play on two tables`, () => {
      for (const seed of [1, 2, 3, 4]) {
        const r = run({ ...base({ finalTableSize: 9 }), seed });
        if (!r.ok) throw new Error(r.error.message);
        const m = finalTableMoment(r.value.events, 9);
        expect(m.at?.left).toBeLessThanOrEqual(9);
        expect(m.fewestAbove).toBeGreaterThanOrEqual(2);
      }
    });

    it(`${label}: without the setting the final table seats the table size`, () => {
      const seen = new Set<number>();
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const r = run({ ...base({}), seed });
        if (!r.ok) throw new Error(r.error.message);
        const m = finalTableMoment(r.value.events, 10);
        expect(m.at?.left).toBeLessThanOrEqual(10);
        expect(m.fewestAbove).toBeGreaterThanOrEqual(2);
        seen.add(m.at!.left);
      }
      // The draw happens as soon as the players fit: somewhere a final table of ten was drawn.
      expect(seen.has(10)).toBe(true);
    });
  }

  it("a final table larger than the tables, or under two, is refused at the announcement", () => {
    const d = new Director(seededRandom(1), true);
    for (const finalTableSize of [11, 1, 2.5])
      expect(refused(d, { type: "announce", at: 0, config: seedConfig({ tableSize: 10, finalTableSize }) })).toBe("tournament/bad-table-size");
    expect(startedDirector({ tableSize: 10, finalTableSize: 8 }, 12).state.config?.finalTableSize).toBe(8);
  });
});

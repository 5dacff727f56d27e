// R-TBL-3 with a full redraw when tables merge (seed 003: the hands are played out, then the
// seats at the new tables are drawn): every player still in is drawn again and each table
// kept draws a new button; by default only the broken table's players move.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkConfig, runPacedTournament, runTournament, type TournamentConfig, type TournamentEvent } from "./index.ts";
import { fakeHand, names, seedConfig } from "../../../testkit/tournament/director.ts";

const config = (over: Partial<TournamentConfig> = {}) => seedConfig({ tableSize: 10, spareSeats: 0, ...over });

/** For each merge before the final table: players moved, and players still in then. */
function merges(events: readonly TournamentEvent[]): { moved: number; left: number; redrawn: boolean }[] {
  const out = [];
  let left = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    if (e.type === "registered") left++;
    if (e.type === "eliminated") left -= e.groups.flat().length;
    if (e.type !== "table-broken") continue;
    const next = events.slice(i + 1).find((x) => x.type === "final-table" || x.type === "redrawn" || x.type === "dealing" || x.type === "hand-played");
    if (next?.type === "final-table") continue;
    const moved = [...events.slice(0, i)].reverse().find((x) => x.type === "moved");
    const redrawn = next?.type === "redrawn";
    out.push({ moved: moved?.type === "moved" ? moved.moves.length : 0, left, redrawn });
  }
  return out;
}

describe("R-TBL-3 a full redraw when tables merge", () => {
  it("R-TBL-3 redraw, every table at its own pace: each merge draws every player still in again, and the tables kept draw their buttons", () => {
    const r = runPacedTournament({ config: config({ tableMerge: "redraw" }), players: names(40), seed: 4, playHand: fakeHand, keepEvents: true });
    if (!r.ok) throw new Error(r.error.message);
    const m = merges(r.value.events);
    expect(m.length).toBeGreaterThan(0);
    for (const x of m) expect(x).toEqual({ moved: x.left, left: x.left, redrawn: true });
    expect(r.value.state.placements).toHaveLength(40);
    expect(r.value.state.conservation.failures).toBe(0);
  });

  it("R-TBL-3 by default only the broken table's players move", () => {
    const r = runPacedTournament({ config: config(), players: names(40), seed: 4, playHand: fakeHand, keepEvents: true });
    if (!r.ok) throw new Error(r.error.message);
    const m = merges(r.value.events);
    expect(m.length).toBeGreaterThan(0);
    for (const x of m) expect(x.moved).toBeLessThan(x.left);
    expect(r.value.events.some((e) => e.type === "redrawn")).toBe(false);
  });

  it("R-TBL-3 redraw in lockstep too", () => {
    const r = runTournament({ config: config({ tableMerge: "redraw" }), players: names(40), seed: 4, playHand: fakeHand, keepEvents: true });
    if (!r.ok) throw new Error(r.error.message);
    const m = merges(r.value.events);
    expect(m.length).toBeGreaterThan(0);
    for (const x of m) expect(x).toEqual({ moved: x.left, left: x.left, redrawn: true });
  });

  it("R-TBL-3 redraw: chips conserved and every entrant one place, for any field and seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 3, max: 10 }), (n, seed, size) => {
        const r = runPacedTournament({ config: config({ tableMerge: "redraw", tableSize: size }), players: names(n), seed, playHand: fakeHand });
        if (!r.ok) return false;
        return r.value.state.conservation.failures === 0 && new Set(r.value.state.placements!.map((p) => p.entry)).size === n;
      }),
      { numRuns: 30 },
    );
  });

  it("R-TBL-3: an unknown way to merge is refused naming the field", () => {
    const bad = checkConfig(config({ tableMerge: "shuffle" as "redraw" }));
    expect(bad.ok ? null : bad.error).toMatchObject({ code: "tournament/bad-config", field: "tableMerge" });
  });
});

// R-TBL-3 option (seed 003): 21 players on three tables play down to 3 at each, with no
// balancing, then the 9 meet at the final table by a draw of seats; with both directors
// (every table at its own pace, and in lockstep).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkConfig, runPacedTournament, runTournament, type TournamentConfig, type TournamentEvent } from "./index.ts";
import { fakeHand, names, seedConfig } from "../../../testkit/tournament/director.ts";

const playDown = (over: Partial<TournamentConfig> = {}) => seedConfig({ tableSize: 10, finalTableSize: 9, playDownTo: 3, ...over });

/** Each source table's share of the final table's draw, and whether any move came before it. */
function finalDraw(events: readonly TournamentEvent[]) {
  const i = events.findIndex((e) => e.type === "final-table");
  const moves = events.slice(0, i).filter((e) => e.type === "moved");
  const draw = moves.at(-1);
  const from = new Map<number, number>();
  // The draw also reseats the host table's own players.
  if (draw?.type === "moved") for (const m of draw.moves) from.set(m.from, (from.get(m.from) ?? 0) + 1);
  return { found: i >= 0, movesBefore: moves.length - 1, from, drawn: draw?.type === "moved" ? draw.moves.length : 0 };
}

describe("R-TBL-3 play-down to N per table, then the final table", () => {
  it("R-TBL-3 every table at its own pace: no balancing, three tables of 7 play to 3 each or fewer, then all meet at one table", () => {
    const r = runPacedTournament({ config: playDown(), players: names(21), seed: 5, playHand: fakeHand, keepEvents: true });
    if (!r.ok) throw new Error(r.error.message);
    const { found, movesBefore, from, drawn } = finalDraw(r.value.events);
    expect(found).toBe(true);
    expect(movesBefore).toBe(0);
    expect(from.size).toBe(3);
    for (const n of from.values()) expect(n).toBeLessThanOrEqual(3);
    expect(drawn).toBeLessThanOrEqual(9);
    expect(r.value.state.placements).toHaveLength(21);
    expect(r.value.state.conservation.failures).toBe(0);
  });

  it("R-TBL-3 by default the tables balance: players move before the final table", () => {
    const r = runPacedTournament({
      config: seedConfig({ tableSize: 10, finalTableSize: 9 }),
      players: names(21),
      seed: 5,
      playHand: fakeHand,
      keepEvents: true,
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(finalDraw(r.value.events).movesBefore).toBeGreaterThan(0);
  });

  it("R-TBL-3 in lockstep too: no move before the final table's draw, each table gives 3 or fewer", () => {
    const r = runTournament({ config: playDown(), players: names(21), seed: 9, playHand: fakeHand, keepEvents: true });
    if (!r.ok) throw new Error(r.error.message);
    const { found, movesBefore, from } = finalDraw(r.value.events);
    expect(found).toBe(true);
    expect(movesBefore).toBe(0);
    for (const n of from.values()) expect(n).toBeLessThanOrEqual(3);
    expect(r.value.state.placements).toHaveLength(21);
  });

  it("R-TBL-3: chips conserved and every entrant one place, for any field and seed (play-down to 2 or 3)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 40 }), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 2, max: 3 }), (n, seed, to) => {
        const r = runPacedTournament({ config: playDown({ playDownTo: to }), players: names(n), seed, playHand: fakeHand });
        if (!r.ok) return false;
        const entries = new Set(r.value.state.placements!.map((p) => p.entry));
        return r.value.state.conservation.failures === 0 && r.value.state.placements!.length === n && entries.size === n;
      }),
      { numRuns: 30 },
    );
  });

  it("R-TBL-3: a number two tables' worth of which do not fit the final table, or a bracket's play-down, is refused naming the field", () => {
    const big = checkConfig(playDown({ playDownTo: 5 }));
    expect(big.ok ? null : big.error).toMatchObject({ code: "tournament/bad-config", field: "playDownTo" });
    const hu = checkConfig(playDown({ format: { kind: "heads-up" } }));
    expect(hu.ok ? null : hu.error).toMatchObject({ field: "playDownTo" });
  });
});

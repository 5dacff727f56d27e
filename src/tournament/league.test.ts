import { describe, expect, it } from "vitest";
import { leagueStandings, placePoints, type LeagueEvent } from "./league.ts";

const ev = (id: string, entries: number, places: [string, number, number?][]): LeagueEvent => ({
  id,
  entries,
  places: places.map(([player, place, prize]) => ({ player, name: player.toUpperCase(), place, prize: prize ?? 0 })),
});

describe("a season league", () => {
  it("the field formula pays a win in a bigger field more, and every place something", () => {
    const f = { kind: "field", base: 10 } as const;
    expect(placePoints(f, 1, 100)).toBe(100);
    expect(placePoints(f, 4, 100)).toBe(50);
    expect(placePoints(f, 1, 25)).toBe(50);
    expect(placePoints(f, 100, 100)).toBe(10);
    expect(placePoints({ kind: "table", points: [10, 6, 3] }, 4, 9)).toBe(0);
  });

  it("sums events with participation, counts a player's best entry once per event, ranks ties together", () => {
    const rules = { formula: { kind: "table", points: [10, 6, 3] }, participation: 1, bestOf: null } as const;
    const s = leagueStandings(rules, [
      ev("e1", 4, [
        ["ann", 1, 500],
        ["bob", 2, 200],
        ["cyd", 3],
        ["bob", 4],
      ]),
      ev("e2", 3, [
        ["bob", 1, 300],
        ["ann", 2, 100],
        ["dan", 3],
      ]),
    ]);
    expect(s.map((x) => [x.rank, x.player, x.points, x.played, x.wins, x.cashes])).toEqual([
      [1, "ann", 11 + 7, 2, 1, 2],
      [1, "bob", 7 + 11, 2, 1, 2],
      [3, "cyd", 4, 1, 0, 0],
      [3, "dan", 4, 1, 0, 0],
    ]);
    expect(s[1]!.results.map((r) => r.place)).toEqual([2, 1]);
  });

  it("best N: only a player's N best events count; the rest are shown, not counted", () => {
    const rules = { formula: { kind: "table", points: [10, 6, 3] }, participation: 0, bestOf: 2 } as const;
    const s = leagueStandings(rules, [ev("a", 3, [["ann", 3]]), ev("b", 3, [["ann", 1]]), ev("c", 3, [["ann", 2]])]);
    expect(s[0]!.points).toBe(16);
    expect(s[0]!.results.map((r) => r.counted)).toEqual([false, true, true]);
  });
});

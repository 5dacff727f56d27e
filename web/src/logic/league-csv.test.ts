import { describe, expect, it } from "vitest";
import { leagueCsv } from "./league-csv.ts";

describe("the league's CSV", () => {
  it("a byte-order mark, one row per player, each finished event's place and points (left-out ones in brackets)", () => {
    const csv = leagueCsv(
      {
        league: { id: "l1", name: "Winter", formula: { kind: "table", points: [10, 6] }, participation: 0, bestOf: 1, events: ["a", "b", "c"] },
        events: [
          { tournamentId: "a", name: "Week 1", entries: 2, finished: true },
          { tournamentId: "b", name: "Week, two", entries: 2, finished: true },
          { tournamentId: "c", name: "Week 3", entries: 0, finished: false },
        ],
        standings: [
          {
            rank: 1,
            playerId: "p1",
            name: "Åsa",
            points: 10,
            played: 2,
            wins: 1,
            cashes: 1,
            best: 1,
            results: [
              { tournamentId: "a", place: 1, points: 10, counted: true },
              { tournamentId: "b", place: 2, points: 6, counted: false },
            ],
          },
          {
            rank: 2,
            playerId: "p2",
            name: "Bo",
            points: 10,
            played: 1,
            wins: 1,
            cashes: 0,
            best: 1,
            results: [{ tournamentId: "b", place: 1, points: 10, counted: true }],
          },
        ],
      },
      (k) => k,
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      'league.rank,auth.name,league.points,league.played,league.wins,league.cashes,league.best,Week 1,"Week, two"',
      "1,Åsa,10,2,1,1,1,1 (10),2 [6]",
      "2,Bo,10,1,1,0,1,,1 (10)",
      "",
    ]);
  });
});

// A season league over HTTP: the room saves a league of its events, and the public standings
// add up each player's finished events by the room's formula; an event still running scores
// nothing yet, an unknown one is listed as such.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeagueListResponse, LeagueStandingsResponse, LobbyTournament, ResultsResponse } from "../../protocol/index.ts";
import { systemClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { startTestServer, stopTestServer } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, FAST_STRUCTURE, must, playToTheEnd, setupTournament, startTournament, type Setup } from "../../../testkit/server/harness.ts";

let server: FeltServer;
let director: string;
beforeAll(async () => {
  ({ server, director } = await startTestServer(systemClock));
}, 60_000);
afterAll(() => stopTestServer(server));

const results = (id: string) => must<ResultsResponse>(api(server.url, "GET", `/api/v1/director/tournaments/${id}/results`, undefined, director));

/** A second event for the same players. */
async function again(first: Setup): Promise<Setup> {
  const body = {
    commandId: cmd(),
    presetId: "seed",
    name: "Week two",
    kind: "online",
    startsAt: Date.now(),
    buyIn: 1000,
    fee: 100,
    structure: FAST_STRUCTURE,
    settings: { start: "manual", tableSize: 9 },
  };
  const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
  for (const p of first.players) await must(api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token));
  return { ...first, tournamentId: id };
}

describe("a season league", () => {
  it("the standings add each player's finished events by the room's points, and only those", async () => {
    const week1 = await setupTournament(server.url, 3);
    await startTournament(server.url, week1);
    (await playToTheEnd(() => server.url, week1, { allInChance: 0.6 }, { timeoutMs: 150_000 })).bots.forEach((b) => b.close());
    const week2 = await again(week1);
    await startTournament(server.url, week2);
    (await playToTheEnd(() => server.url, week2, { allInChance: 0.6 }, { timeoutMs: 150_000 })).bots.forEach((b) => b.close());
    const running = await setupTournament(server.url, 2);

    const save = {
      commandId: cmd(),
      name: "Winter season",
      formula: { kind: "table", points: [10, 6, 3] },
      participation: 1,
      events: [week1.tournamentId, week2.tournamentId, running.tournamentId, "nowhere"],
    };
    const saved = await must<LeagueListResponse>(api(server.url, "POST", "/api/v1/director/leagues", save, director));
    const league = saved.leagues.find((l) => l.name === "Winter season")!;
    expect(league).toMatchObject({ participation: 1, bestOf: null, events: save.events });
    // A repeated save acts once.
    expect(
      (await must<LeagueListResponse>(api(server.url, "POST", "/api/v1/director/leagues", save, director))).leagues.filter((l) => l.name === "Winter season"),
    ).toHaveLength(1);

    // Public: no sign-in needed, as on the room's TV.
    const s = await must<LeagueStandingsResponse>(api(server.url, "GET", `/api/v1/leagues/${league.id}/standings`));
    expect(s.events.map((e) => [e.tournamentId, e.finished, e.entries])).toEqual([
      [week1.tournamentId, true, 3],
      [week2.tournamentId, true, 3],
      [running.tournamentId, false, 2],
      ["nowhere", false, 0],
    ]);
    const placeOf = async (id: string) => new Map((await results(id)).results.map((r) => [r.playerId!, r.place]));
    const [p1, p2] = [await placeOf(week1.tournamentId), await placeOf(week2.tournamentId)];
    const points = (place: number | undefined) => (place === undefined ? 0 : ([10, 6, 3][place - 1] ?? 0) + 1);
    for (const p of week1.players) {
      const row = s.standings.find((x) => x.playerId === p.id)!;
      expect(row.points).toBe(points(p1.get(p.id)) + points(p2.get(p.id)));
      expect(row.played).toBe(2);
    }
    expect(s.standings.map((x) => x.points)).toEqual([...s.standings.map((x) => x.points)].sort((a, b) => b - a));
    expect(s.standings.some((x) => running.players.some((p) => p.id === x.playerId))).toBe(false);
  }, 360_000);

  it("refused: an unknown league, a bad formula, a player saving one", async () => {
    expect((await api(server.url, "GET", "/api/v1/leagues/nope/standings")).status).toBe(404);
    const bad = await api(
      server.url,
      "POST",
      "/api/v1/director/leagues",
      { commandId: cmd(), name: "X", formula: { kind: "table", points: [] }, events: [] },
      director,
    );
    expect(bad.status).toBe(400);
    const unknown = await api(
      server.url,
      "POST",
      "/api/v1/director/leagues",
      { commandId: cmd(), id: "league-none", name: "X", formula: { kind: "field", base: 10 }, events: [] },
      director,
    );
    expect(unknown.status).toBe(404);
    const p = (await setupTournament(server.url, 1)).players[0]!;
    const player = await api(
      server.url,
      "POST",
      "/api/v1/director/leagues",
      { commandId: cmd(), name: "Mine", formula: { kind: "field", base: 10 }, events: [] },
      p.token,
    );
    expect(player.status).toBe(403);
  }, 60_000);
});

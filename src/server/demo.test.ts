// `felt serve --demo`'s room, seeded through the real HTTP API (no fake server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LobbyTournament, ResultsResponse, TournamentView } from "../protocol/index.ts";
import { DEMO_DIRECTOR, DEMO_WALK_INS, seedDemo, type DemoRoom } from "./demo.ts";
import { FeltServer } from "./felt-server.ts";
import { api, must } from "../../testkit/server/harness.ts";

let server: FeltServer;
let room: DemoRoom;
beforeAll(async () => {
  server = await FeltServer.start({ db: ":memory:", port: 0, scrypt: { N: 1024, r: 8, p: 1 }, directors: [DEMO_DIRECTOR], webDist: null, log: () => {} });
  room = await seedDemo(server.url, Date.now());
}, 60_000);
afterAll(async () => server?.close());

describe("felt serve --demo", () => {
  it("seeds a running live re-entry tournament: 20 walk-ins, two out in one hand, one re-entry, 21 entries' chips in play", async () => {
    const v = await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${room.liveId}`));
    expect(v.status).toBe("running");
    expect(v.entries).toBe(DEMO_WALK_INS.length + 1);
    expect(v.playersLeft).toBe(19);
    expect(v.totalChips).toBe(21 * 20_000);
    expect(v.averageStack).toBe(Math.round((21 * 20_000) / 19));
    expect(v.payoutsFixed).toBe(false);
    const { token } = await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DEMO_DIRECTOR));
    const r = await must<ResultsResponse>(api(server.url, "GET", `/api/v1/director/tournaments/${room.liveId}/results`, undefined, token));
    expect(r.results.map((x) => x.place)).toEqual([20, 21]);
    expect(r.stillIn.filter((x) => x.countedAt !== null).map((x) => x.stack)).toEqual([31_500]);
  });

  it("seeds an online tournament open for registration with two players in", async () => {
    const lobby = await must<{ tournaments: LobbyTournament[] }>(api(server.url, "GET", "/api/v1/lobby"));
    const online = lobby.tournaments.find((t) => t.id === room.onlineId)!;
    expect(online.status).toBe("registering");
    expect(online.entries).toBe(2);
  });
});

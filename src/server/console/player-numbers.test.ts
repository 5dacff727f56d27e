// Walk-ins are people: one player record with a number, found at the desk by name or number,
// entered again in a later event under the same number, and the number on every list that
// names an entry, so two John Smiths are told apart from walk-in to results.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FloorLogResponse, PlayerSearchResponse, ResultsResponse, SeatingResponse, TournamentResponse, WalkInResponse } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { api, cmd, must } from "../../../testkit/server/harness.ts";
import { CASINO, startTestServer, stopTestServer } from "../../../testkit/server/entries-fixture.ts";

let server: FeltServer;
let token: string;
const clock = new ManualClock(Date.UTC(2026, 11, 4, 19));

const get = <T>(path: string) => must<T>(api(server.url, "GET", `/api/v1${path}`, undefined, token));
const post = <T>(path: string, body: object) => must<T>(api(server.url, "POST", `/api/v1${path}`, { commandId: cmd(), ...body }, token));
const search = async (q: string) => (await get<PlayerSearchResponse>(`/director/players?q=${encodeURIComponent(q)}`)).players;
async function liveEvent(name: string): Promise<string> {
  const made = await post<TournamentResponse>("/director/tournaments", {
    presetId: "turbo",
    name,
    kind: "live",
    startsAt: clock.now(),
    buyIn: 1000,
    fee: 100,
    structure: CASINO,
  });
  return made.tournament.id;
}

beforeAll(async () => {
  ({ server, director: token } = await startTestServer(clock));
});
afterAll(() => stopTestServer(server));

describe("player numbers", () => {
  let first: WalkInResponse;
  let second: WalkInResponse;
  let ann: WalkInResponse;
  let event1: string;

  it("two John Smiths walk in as two players with two numbers; the desk finds them by name and by number", async () => {
    event1 = await liveEvent("Friday");
    first = await post<WalkInResponse>(`/director/tournaments/${event1}/walk-in`, { name: "John Smith" });
    second = await post<WalkInResponse>(`/director/tournaments/${event1}/walk-in`, { name: "John Smith" });
    ann = await post<WalkInResponse>(`/director/tournaments/${event1}/walk-in`, { name: "Ann Åberg" });
    expect(first.playerNumber).toEqual(expect.any(Number));
    expect(second.playerNumber).toEqual(expect.any(Number));
    expect(second.playerNumber).not.toBe(first.playerNumber);
    const found = await search("john smith");
    expect(found.map((p) => [p.name, p.number])).toEqual([
      ["John Smith", first.playerNumber],
      ["John Smith", second.playerNumber],
    ]);
    expect((await search(`#${second.playerNumber}`)).map((p) => p.number)).toEqual([second.playerNumber]);
    expect((await search("ann aberg")).map((p) => [p.name, p.number])).toEqual([["Ann Åberg", ann.playerNumber]]);
    // Only the floor looks players up.
    const anonymous = await api(server.url, "GET", "/api/v1/director/players?q=john", undefined);
    expect(anonymous.status).toBe(401);
  });

  it("the seat map, the floor log and the results carry each entry's player number", async () => {
    await post(`/director/tournaments/${event1}/start`, {});
    const seats = (await get<SeatingResponse>(`/director/tournaments/${event1}/seating`)).seats;
    const johns = seats.filter((s) => s.name === "John Smith");
    expect(johns.map((s) => s.playerNumber).sort()).toEqual([first.playerNumber, second.playerNumber].sort());
    expect(seats.find((s) => s.entryId === first.entryId)?.playerNumber).toBe(first.playerNumber);
    await post(`/director/tournaments/${event1}/live`, { kind: "bust", entryId: second.entryId });
    const log = await get<FloorLogResponse>(`/director/tournaments/${event1}/floor-log`);
    expect(log.rows.find((r) => r.kind === "bust")?.entries).toEqual([expect.objectContaining({ entryId: second.entryId, playerNumber: second.playerNumber })]);
    const results = await get<ResultsResponse>(`/director/tournaments/${event1}/results`);
    expect(results.results.map((r) => [r.name, r.playerNumber])).toEqual([["John Smith", second.playerNumber]]);
    expect(results.stillIn.find((r) => r.entryId === first.entryId)?.playerNumber).toBe(first.playerNumber);
  });

  it("a player found at the desk walks into the next event under the same number, and no second record is made", async () => {
    const before = (await server.svc.accounts.users()).length;
    const event2 = await liveEvent("Saturday");
    const john = (await search(`${first.playerNumber}`))[0]!;
    const again = await post<WalkInResponse>(`/director/tournaments/${event2}/walk-in`, { name: "John Smith", playerId: john.playerId });
    expect(again.playerNumber).toBe(first.playerNumber);
    const annAgain = await post<WalkInResponse>(`/director/tournaments/${event2}/walk-in`, {
      name: "Ann Åberg",
      playerId: (await search("åberg"))[0]!.playerId,
    });
    expect(annAgain.playerNumber).toBe(ann.playerNumber);
    expect((await server.svc.accounts.users()).length).toBe(before);
    expect((await search("john smith")).length).toBe(2);
    await post(`/director/tournaments/${event2}/start`, {});
    const seats = (await get<SeatingResponse>(`/director/tournaments/${event2}/seating`)).seats;
    expect(seats.map((s) => [s.name, s.playerNumber]).sort()).toEqual([
      ["Ann Åberg", ann.playerNumber],
      ["John Smith", first.playerNumber],
    ]);
    // The same player cannot be entered twice in one event, and an unknown record is refused; neither makes an account.
    const walkIn = (body: object) =>
      api<{ error: { code: string } }>(server.url, "POST", `/api/v1/director/tournaments/${event2}/walk-in`, { commandId: cmd(), ...body }, token);
    const twice = await walkIn({ name: "John Smith", playerId: john.playerId });
    expect(twice.body.error.code).toBe("tournament/not-allowed");
    const ghost = await walkIn({ name: "Nobody", playerId: "u_missing" });
    expect(ghost.body.error.code).toBe("director/not-found");
    expect((await server.svc.accounts.users()).length).toBe(before);
  });
});

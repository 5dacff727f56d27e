// R-BTN-5 in a live room: the floor's confirmed ruling is written to the floor log (which
// table, the two players, the outcome); the room's dealer carries it out, so the server sets
// no hands of its own there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FloorLogResponse, LobbyTournament, SeatAssignment } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { startLiveServer } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, FAST_STRUCTURE, must } from "../../../testkit/server/harness.ts";

let server: FeltServer;
let token: string;
beforeAll(async () => {
  ({ server, director: token } = await startLiveServer(new ManualClock(1_800_000_000_000)));
}, 60_000);
afterAll(async () => server?.close());

describe("R-BTN-5 in a live room", () => {
  it("the ruling is in the floor log with its table, players and outcome, and repeated it answers the same", async () => {
    const body = { commandId: cmd(), presetId: "seed", name: "Live blinds", kind: "live", startsAt: server.svc.clock.now(), structure: FAST_STRUCTURE };
    const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, token))).tournament.id;
    const path = `/api/v1/director/tournaments/${id}`;
    const names = ["Ann", "Bea", "Cyd", "Dan", "Eve"];
    for (const name of names) await must(api(server.url, "POST", `${path}/walk-in`, { commandId: cmd(), name }, token));
    await must(api(server.url, "POST", `${path}/start`, { commandId: cmd() }, token));
    const seats = (await must<{ seats: SeatAssignment[] }>(api(server.url, "GET", `${path}/seating`, undefined, token))).seats.sort((a, b) => a.seat - b.seat);
    const [skipped, wrong] = [seats[1]!, seats[2]!];
    const facts = { commandId: cmd(), tableNumber: skipped.tableNumber, skippedBigBlindSeat: skipped.seat, wrongBigBlindSeat: wrong.seat, activeActions: 0 };
    const ruling = await must<{ outcome: string; current: { button: number; smallBlinds: number[]; bigBlinds: number[] } }>(
      api(server.url, "POST", `${path}/blind-error`, facts, token),
    );
    // Corrected now: the small blind is the player before the skipped big blind, never the one after.
    expect(ruling).toEqual({
      outcome: "correct-now",
      current: { button: seats.at(-1)!.seat, smallBlinds: [seats[0]!.seat], bigBlinds: [skipped.seat] },
      nextHand: null,
      followingHandButton: null,
    });
    expect(await must(api(server.url, "POST", `${path}/blind-error`, facts, token))).toEqual(ruling);
    const log = (await must<FloorLogResponse>(api(server.url, "GET", `${path}/floor-log`, undefined, token))).rows;
    const rows = log.filter((r) => r.kind === "blind-error");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ blindError: { tableNumber: skipped.tableNumber, outcome: "correct-now" }, undone: null });
    expect(rows[0]!.entries.map((e) => e.name)).toEqual([skipped.name, wrong.name]);
    expect(server.tournaments.get(id)!.dir.tables.get(skipped.tableNumber)!.forced).toBeUndefined();
  });
});

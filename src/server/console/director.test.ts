// The director's console over HTTP: pause and resume, a move between tables (R-TBL-4),
// the R-BTN-5 blind-error ruling, results. Hands run on short action clocks (no bots).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeltServer } from "../felt-server.ts";
import { streamOf } from "../tables/table-session.ts";
import { api, cmd, DIRECTOR, must, setupTournament, startTournament, eventually, type Setup } from "../../../testkit/server/harness.ts";

let server: FeltServer;
let s: Setup;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hands = () => [...server.tournaments.get(s.tournamentId)!.tables.values()].reduce((a, t) => a + t.state.handNumber, 0);
const between = () => [...server.tournaments.get(s.tournamentId)!.tables.values()].every((t) => t.state.hand === null);

beforeAll(async () => {
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    handPauseMs: 0,
    actionMs: 30,
    timeBankMs: 0,
    tableSize: 6,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    signUpLimits: { perAddress: 0 },
    log: () => {},
  });
  s = await setupTournament(server.url, 11);
}, 60_000);
afterAll(async () => server.close());

describe("director console", () => {
  it("start, pause (hands stop), resume (hands go on)", async () => {
    await startTournament(server.url, s);
    const path = `/api/v1/director/tournaments/${s.tournamentId}`;
    const again = await api<{ error: { code: string } }>(server.url, "POST", `${path}/start`, { commandId: cmd() }, s.directorToken);
    expect(again.status).toBe(409);
    await eventually(() => hands() >= 4);
    expect(hands()).toBeGreaterThanOrEqual(4);
    const paused = await must<{ tournament: { status: string } }>(api(server.url, "POST", `${path}/pause`, { commandId: cmd() }, s.directorToken));
    expect(paused.tournament.status).toBe("paused");
    await eventually(between);
    expect(between()).toBe(true);
    const stopped = hands();
    await sleep(300);
    expect(hands()).toBe(stopped);
    // R-TBL-4: a director's move between hands, into an empty seat
    const seating = await must<{ seats: { entryId: string; tableNumber: number; seat: number }[] }>(
      api(server.url, "GET", `${path}/seating`, undefined, s.directorToken),
    );
    const tables = [...new Set(seating.seats.map((x) => x.tableNumber))];
    expect(tables.length).toBe(2);
    const count = (n: number) => seating.seats.filter((x) => x.tableNumber === n).length;
    const [dest, from] = count(tables[0]!) < count(tables[1]!) ? [tables[0]!, tables[1]!] : [tables[1]!, tables[0]!];
    const mover = seating.seats.find((x) => x.tableNumber === from)!;
    const taken = new Set(seating.seats.filter((x) => x.tableNumber === dest).map((x) => x.seat));
    const free = [1, 2, 3, 4, 5, 6].find((n) => !taken.has(n))!;
    const occupied = [...taken][0]!;
    const refused = await api<{ error: { code: string } }>(
      server.url,
      "POST",
      `${path}/move`,
      { commandId: cmd(), entryId: mover.entryId, toTable: dest, toSeat: occupied },
      s.directorToken,
    );
    expect(refused.body.error.code).toBe("director/invalid");
    const moved = await must<{ seats: { entryId: string; tableNumber: number; seat: number }[] }>(
      api(server.url, "POST", `${path}/move`, { commandId: cmd(), entryId: mover.entryId, toTable: dest, toSeat: free }, s.directorToken),
    );
    expect(moved.seats.find((x) => x.entryId === mover.entryId)).toMatchObject({ tableNumber: dest, seat: free });
    const t = server.tournaments.get(s.tournamentId)!;
    expect(t.tables.get(dest)!.state.seats.get(free)?.playerId).toBe(mover.entryId);
    expect(t.tables.get(from)!.state.seats.get(mover.seat)).toBeUndefined();
    const resumed = await must<{ tournament: { status: string } }>(api(server.url, "POST", `${path}/resume`, { commandId: cmd() }, s.directorToken));
    expect(resumed.tournament.status).not.toBe("paused");
    await eventually(() => hands() > stopped);
    expect(hands()).toBeGreaterThan(stopped);
  }, 30_000);

  it("R-BTN-5: fewer than two active actions → correct now; two or more → play on, then go back", async () => {
    const t = server.tournaments.get(s.tournamentId)!;
    const [n, table] = [...t.dir.tables.entries()].find(([, x]) => x.seats.filter((e) => e !== null).length >= 3)!;
    const seats = table.seats.flatMap((e, i) => (e === null ? [] : [i + 1]));
    const path = `/api/v1/director/tournaments/${s.tournamentId}/blind-error`;
    const body = { commandId: cmd(), tableNumber: n, skippedBigBlindSeat: seats[0]!, wrongBigBlindSeat: seats[1]!, activeActions: 1 };
    const now = await must<{ outcome: string }>(api(server.url, "POST", path, body, s.directorToken));
    expect(now.outcome).toBe("correct-now");
    const later = await must<{
      outcome: string;
      nextHand: { bigBlindSeat: number; smallBlind: null; blinds: { sb: number; bb: number } };
      followingHandButton: number;
    }>(api(server.url, "POST", path, { ...body, commandId: cmd(), activeActions: 2 }, s.directorToken));
    expect(later.outcome).toBe("continue-then-go-back");
    expect(later.nextHand.bigBlindSeat).toBe(seats[0]);
    expect(later.nextHand.smallBlind).toBeNull();
    // The blinds of the hand in play or, between hands, of the level in force: never none.
    expect(later.nextHand.blinds.bb).toBeGreaterThan(0);
    expect(later.nextHand.blinds.sb).toBeGreaterThan(0);
    expect(later.followingHandButton).toBe(seats[1]);
    const bad = await api<{ error: { code: string } }>(server.url, "POST", path, { ...body, commandId: cmd(), wrongBigBlindSeat: seats[0] }, s.directorToken);
    expect(bad.status).toBe(400);
  });

  it("R-BTN-5 at a table the server deals: the ruling is the next deal (played back: the skipped big blind, no small blind), then the button to the wrong big blind", async () => {
    const t = server.tournaments.get(s.tournamentId)!;
    const path = `/api/v1/director/tournaments/${s.tournamentId}`;
    await must(api(server.url, "POST", `${path}/pause`, { commandId: cmd() }, s.directorToken));
    await eventually(between);
    const [n, table] = [...t.dir.tables.entries()].find(([, x]) => x.seats.filter((e) => e !== null).length >= 3)!;
    const session = t.tables.get(n)!;
    const seats = table.seats.flatMap((e, i) => (e === null ? [] : [i + 1]));
    const [skipped, wrong] = [seats[1]!, seats[2]!];
    const ruling = await must<{ outcome: string; current: { button: number; smallBlinds: number[]; bigBlinds: number[] } }>(
      api(
        server.url,
        "POST",
        `${path}/blind-error`,
        { commandId: cmd(), tableNumber: n, skippedBigBlindSeat: skipped, wrongBigBlindSeat: wrong, activeActions: 3 },
        s.directorToken,
      ),
    );
    expect(ruling).toMatchObject({ outcome: "continue-then-go-back", current: { smallBlinds: [skipped], bigBlinds: [wrong] } });
    const before = session.state.handNumber;
    await must(api(server.url, "POST", `${path}/resume`, { commandId: cmd() }, s.directorToken));
    await eventually(() => session.state.handNumber >= before + 2);
    const started = (await server.svc.store.read(streamOf(session.state.config.tableId)))
      .filter((e) => e.type === "hand-started")
      .map((e) => e.data as { handNumber: number; positions: { button: number; sb: number[]; bb: number[] } })
      .filter((h) => h.handNumber > before);
    expect(started[0]!.positions).toMatchObject({ sb: [], bb: [skipped] });
    expect(started[1]!.positions.button).toBe(wrong);
  }, 30_000);

  it("results list who is still in; players cannot reach the console", async () => {
    const r = await must<{ stillIn: unknown[]; payouts: unknown[] }>(
      api(server.url, "GET", `/api/v1/director/tournaments/${s.tournamentId}/results`, undefined, s.directorToken),
    );
    expect(r.stillIn.length).toBeGreaterThan(0);
    const p = await api<{ error: { code: string } }>(
      server.url,
      "GET",
      `/api/v1/director/tournaments/${s.tournamentId}/results`,
      undefined,
      s.players[0]!.token,
    );
    expect(p.body.error.code).toBe("auth/forbidden");
  });
});

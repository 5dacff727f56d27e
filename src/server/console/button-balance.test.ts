// A live table's button is where the floor saw it (the server sees no hands): recorded with
// one tap on the table map, shown there, and read by the next balancing move (R-TBL-2 under
// the TDA rule: the player due to be the next big blind moves).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instruction, LobbyTournament, SeatingResponse } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { startLiveServer } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, must } from "../../../testkit/server/harness.ts";

const MIN = 60_000;
const STRUCTURE = {
  startingStack: 1000,
  levels: [50, 100, 200, 400].map((bb) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 20, colourUp: null })),
};

let server: FeltServer;
let clock: ManualClock;
let token: string;

beforeAll(async () => {
  clock = new ManualClock(1_800_000_000_000);
  ({ server, director: token } = await startLiveServer(clock));
}, 60_000);
afterAll(async () => server?.close());

/** The occupied seat after `seat`, clockwise. */
const nextSeat = (seat: number, taken: readonly number[]) => [...taken].sort((a, b) => a - b).find((s) => s > seat) ?? Math.min(...taken);

describe("the real button of a live table", () => {
  it("the floor records the button; the map shows it, and the next balancing move takes the player due to be the next big blind from it", async () => {
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        {
          commandId: cmd(),
          presetId: "seed",
          name: "Button night",
          kind: "live",
          startsAt: clock.now(),
          buyIn: 100,
          fee: 0,
          structure: STRUCTURE,
          settings: { balancing: "tda" },
        },
        token,
      ),
    );
    const p = `/api/v1/director/tournaments/${made.tournament.id}`;
    const call = <T>(route: string, body: object) => must<T>(api(server.url, "POST", `${p}${route}`, { commandId: cmd(), ...body }, token));
    const seating = () => must<SeatingResponse>(api(server.url, "GET", `${p}/seating`, undefined, token));
    for (let i = 0; i < 14; i++) await call("/walk-in", { name: `Player ${i}` });
    await call("/start", {});
    const first = await seating();
    expect(first.tables.map((t) => first.seats.filter((s) => s.tableNumber === t.tableNumber).length)).toEqual([7, 7]);
    const [a, b] = first.tables;
    const taken = first.seats.filter((s) => s.tableNumber === b!.tableNumber).map((s) => s.seat);
    const drawn = b!.button!.seat;
    expect(b!.button!.drawn).toBe(true);

    // The cards have moved the button on by one player: the floor taps that seat.
    const seen = nextSeat(drawn, taken);
    const empty = Array.from({ length: 9 }, (_, i) => i + 1).find((s) => !taken.includes(s))!;
    const refused = await api<{ error: { code: string } }>(
      server.url,
      "POST",
      `${p}/button`,
      { commandId: cmd(), tableNumber: b!.tableNumber, seat: empty },
      token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("director/invalid");
    const map = await call<SeatingResponse>("/button", { tableNumber: b!.tableNumber, seat: seen });
    expect(map.tables.find((t) => t.tableNumber === b!.tableNumber)!.button).toEqual({ seat: seen, drawn: false, recorded: true });

    // Two out at the other table: 5 against 7, one player moves, the one due to be the next big blind.
    const out = first.seats.filter((s) => s.tableNumber === a!.tableNumber).slice(0, 2);
    await call("/live", { kind: "bust", entryIds: out.map((s) => s.entryId) });
    const moves = (await must<{ instructions: Instruction[] }>(api(server.url, "GET", `${p}/instructions`, undefined, token))).instructions;
    expect(moves.length).toBe(1);
    const bb = nextSeat(nextSeat(seen, taken), taken);
    expect(moves[0]!.from).toEqual({ tableNumber: b!.tableNumber, seat: nextSeat(bb, taken) });

    // Once the clock has moved past the level the table opened in, the drawn button is no longer shown.
    clock.advance(21 * MIN);
    for (let i = 0; i < 5; i++) await server.tournaments.get(made.tournament.id)!.enqueue(async () => {});
    expect((await seating()).tables.find((t) => t.tableNumber === a!.tableNumber)!.button).toBeNull();
    expect((await seating()).tables.find((t) => t.tableNumber === b!.tableNumber)!.button?.seat).toBe(seen);
  });

  it("R-TBL-3: the director chooses the table that breaks next; the room's default is the highest number", async () => {
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "seed", name: "Break night", kind: "live", startsAt: clock.now(), buyIn: 100, fee: 0, structure: STRUCTURE },
        token,
      ),
    );
    const p = `/api/v1/director/tournaments/${made.tournament.id}`;
    const call = <T>(route: string, body: object) => must<T>(api(server.url, "POST", `${p}${route}`, { commandId: cmd(), ...body }, token));
    const seating = () => must<SeatingResponse>(api(server.url, "GET", `${p}/seating`, undefined, token));
    for (let i = 0; i < 21; i++) await call("/walk-in", { name: `Guest ${i}` });
    await call("/start", {});
    const first = await seating();
    expect(first.tables.map((t) => t.tableNumber)).toEqual([1, 2, 3]);
    const missing = await api<{ error: { code: string } }>(server.url, "POST", `${p}/break-next`, { commandId: cmd(), tableNumber: 9 }, token);
    expect(missing.status).toBe(404);
    const map = await call<SeatingResponse>("/break-next", { tableNumber: 1 });
    expect(map.tables.map((t) => t.breaksNext === true)).toEqual([true, false, false]);
    // Three out at table 2: 18 fit on two tables, and table 1 (not 3) breaks.
    const out = first.seats.filter((s) => s.tableNumber === 2).slice(0, 3);
    await call("/live", { kind: "bust", entryIds: out.map((s) => s.entryId) });
    const moves = (await must<{ instructions: Instruction[] }>(api(server.url, "GET", `${p}/instructions`, undefined, token))).instructions;
    expect(moves.length).toBeGreaterThan(0);
    expect(new Set(moves.map((m) => `${m.kind} ${m.from.tableNumber}`))).toEqual(new Set(["break-table 1"]));
    expect((await seating()).tables.map((t) => t.tableNumber)).toEqual([2, 3]);
  });
});

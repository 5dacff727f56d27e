// The seat map the console's table map reads: every table open with its size (so
// the empty seats show) and its drawn first button (R-DEAL-6), each seated entry with the
// time the floor last counted it (live), and a broken table gone from the map (R-TBL-3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeatingResponse } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";

let server: FeltServer;
let clock: ManualClock;
let token: string;
let path: string;

const post = <T>(route: string, body: object) => must<T>(api(server.url, "POST", `${path}${route}`, { commandId: cmd(), ...body }, token));
const seating = () => must<SeatingResponse>(api(server.url, "GET", `${path}/seating`, undefined, token));

beforeAll(async () => {
  clock = new ManualClock(1_800_000_000_000);
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    clock,
    tableSize: 9,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    log: () => {},
  });
  token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
}, 60_000);
afterAll(async () => server?.close());

describe("the seat map of a live room", () => {
  it("R-TBL-1, R-DEAL-6: after the draw every table is listed with its size and drawn first button; no stack is counted yet", async () => {
    const made = await must<{ tournament: { id: string } }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "casino-1900", name: "Map night", kind: "live", startsAt: clock.now(), buyIn: 1000, fee: 100 },
        token,
      ),
    );
    path = `/api/v1/director/tournaments/${made.tournament.id}`;
    for (let i = 0; i < 11; i++) await post("/walk-in", { name: `Guest ${String.fromCharCode(65 + i)}` });
    // Before the draw: nobody seated, no table.
    expect(await seating()).toEqual({ seats: [], tables: [] });
    await post("/start", {});
    const map = await seating();
    expect(map.tables.map((t) => ({ n: t.tableNumber, size: t.size }))).toEqual([
      { n: 1, size: 9 },
      { n: 2, size: 9 },
    ]);
    for (const t of map.tables) {
      const taken = map.seats.filter((s) => s.tableNumber === t.tableNumber).map((s) => s.seat);
      // The draw's first button is at an occupied seat; the server sees no live hands, so it stays the drawn one.
      // With it the draw's cards, one to each occupied seat (the default breaks a tie in rank by suit: the highest card wins).
      expect(t.button).toEqual({ seat: expect.any(Number), drawn: true, draw: expect.any(Array) });
      expect(taken).toContain(t.button!.seat);
      expect(t.button!.draw!.map((d) => d.seat)).toEqual(taken);
      expect(t.button!.draw!.reduce((a, b) => (b.card > a.card ? b : a)).seat).toBe(t.button!.seat);
      expect(taken.length).toBeLessThan(t.size);
    }
    expect(map.seats.length).toBe(11);
    expect(map.seats.every((s) => s.countedAt === null)).toBe(true);
  });

  it("a chip count is dated on the seat map; a table broken by busts leaves the map", async () => {
    const before = await seating();
    const counted = before.seats[0]!;
    clock.advance(60_000);
    await post("/live", { kind: "chip-count", stacks: [{ entryId: counted.entryId, stack: 23_000 }] });
    const after = await seating();
    expect(after.seats.find((s) => s.entryId === counted.entryId)).toMatchObject({ stack: 23_000, countedAt: clock.now() });
    expect(after.seats.filter((s) => s.countedAt !== null).length).toBe(1);
    // 11 players at two tables; two out leave 9, who fit one table: the other breaks (R-TBL-3).
    const out = after.seats.filter((s) => s.entryId !== counted.entryId).slice(-2);
    for (const s of out) await post("/live", { kind: "bust", entryId: s.entryId });
    const one = await seating();
    expect(one.tables.length).toBe(1);
    expect(one.seats.length).toBe(9);
    expect(one.seats.every((s) => s.tableNumber === one.tables[0]!.tableNumber)).toBe(true);
  });
});

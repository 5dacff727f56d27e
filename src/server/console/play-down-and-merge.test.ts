// R-TBL-3 in a live room over HTTP. Play-down: 21 walk-ins on three tables of 7 play down to
// 3 each with no balancing (the floor's busts move nobody), then the 9 are drawn to the
// final table; by default the same busts move players to balance the tables. A full redraw
// when tables merge: every seat is drawn again, not only the broken table's players'.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeatingResponse, TournamentView } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { api, cmd, must } from "../../../testkit/server/harness.ts";
import { startRulebookServer } from "../../../testkit/server/entries-fixture.ts";

let server: FeltServer;
let clock: ManualClock;
let token: string;

beforeAll(async () => {
  clock = new ManualClock(1_800_000_000_000);
  // No table size given to the server: the rulebook's default applies.
  ({ server, director: token } = await startRulebookServer(clock));
}, 60_000);
afterAll(async () => server?.close());

// No re-entry or late registration: play-down applies once no new entry can come.
async function liveRoom(settings: object, players = 21): Promise<{ id: string; path: string }> {
  const body = {
    commandId: cmd(),
    presetId: "casino-1900",
    name: "Play-down night",
    kind: "live",
    startsAt: clock.now(),
    lateRegistration: null,
    reEntry: null,
    rebuy: null,
    addOn: null,
    settings,
  };
  const made = await must<{ tournament: { id: string } }>(api(server.url, "POST", "/api/v1/director/tournaments", body, token));
  const id = made.tournament.id;
  const path = `/api/v1/director/tournaments/${id}`;
  for (let i = 0; i < players; i++) await must(api(server.url, "POST", `${path}/walk-in`, { commandId: cmd(), name: `Guest ${i + 1}` }, token));
  await must(api(server.url, "POST", `${path}/start`, { commandId: cmd() }, token));
  return { id, path };
}

const seating = (path: string) => must<SeatingResponse>(api(server.url, "GET", `${path}/seating`, undefined, token));
const sizes = (m: SeatingResponse) => m.tables.map((t) => m.seats.filter((s) => s.tableNumber === t.tableNumber).length);

/** The floor busts `n` players of table `table`, one hand each. */
async function bustAt(path: string, table: number, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const m = await seating(path);
    const s = m.seats.find((x) => x.tableNumber === table)!;
    await must(api(server.url, "POST", `${path}/live`, { commandId: cmd(), kind: "bust", entryIds: [s.entryId] }, token));
  }
}

describe("R-TBL-3 play-down in a live room", () => {
  it("R-TBL-3: every table plays down to 3 with nobody moved, then the 9 are drawn to one table; the view says so", async () => {
    const { id, path } = await liveRoom({ tableSize: 10, finalTableSize: 9, playDownTo: 3 });
    expect(sizes(await seating(path))).toEqual([7, 7, 7]);
    await bustAt(path, 1, 4);
    expect(sizes(await seating(path))).toEqual([3, 7, 7]);
    await bustAt(path, 2, 4);
    await bustAt(path, 3, 3);
    expect(sizes(await seating(path))).toEqual([3, 3, 4]);
    await bustAt(path, 3, 1);
    expect(sizes(await seating(path))).toEqual([9]);
    expect((await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`))).settings?.playDownTo).toBe(3);
  });

  it("R-TBL-3 by default the same busts balance the tables", async () => {
    const { path } = await liveRoom({ tableSize: 10, finalTableSize: 9 });
    await bustAt(path, 1, 4);
    expect(sizes(await seating(path)).sort()).not.toEqual([3, 7, 7]);
  });
});

describe("R-TBL-3 a full redraw when tables merge, in a live room", () => {
  /** 21 walk-ins on three tables of 7; the floor busts one at table 3: the 20 left fit two tables of 10. */
  async function merged(tableMerge?: string) {
    const { id, path } = await liveRoom({ tableSize: 10, spareSeats: 0, ...(tableMerge === undefined ? {} : { tableMerge }) });
    const before = await seating(path);
    expect(sizes(before)).toEqual([7, 7, 7]);
    const at = (m: SeatingResponse) => new Map(m.seats.map((x) => [x.entryId, `${x.tableNumber}:${x.seat}`]));
    const kept = before.seats.filter((x) => x.tableNumber !== 3).map((x) => x.entryId);
    const out = before.seats.find((x) => x.tableNumber === 3)!.entryId;
    await must(api(server.url, "POST", `${path}/live`, { commandId: cmd(), kind: "bust", entryIds: [out] }, token));
    const after = await seating(path);
    const was = at(before);
    const now = at(after);
    const stayed = kept.filter((e) => was.get(e) === now.get(e)).length;
    return { id, after, stayed, keptLeft: kept.length };
  }

  it("R-TBL-3 redraw: every seat is drawn again onto two tables, and the view says so", async () => {
    const { id, after, stayed, keptLeft } = await merged("redraw");
    expect(after.seats).toHaveLength(20);
    expect(after.tables).toHaveLength(2);
    expect(stayed).toBeLessThan(keptLeft / 2);
    expect((await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`))).settings?.tableMerge).toBe("redraw");
  });

  it("R-TBL-3 by default the kept tables' players keep their seats", async () => {
    const { stayed, keptLeft } = await merged();
    expect(stayed).toBe(keptLeft);
  });
});

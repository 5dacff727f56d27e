// The house rules a room chooses at create (R-TBL-1 table size, R-BTN-2/3 button,
// R-CHIP-2/3 colour-up, the action clock): honoured by the draw, shown filled in by the
// tournament's view, refused with a typed error naming the field when bad.
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

async function liveEvent(settings?: object): Promise<string> {
  const body = { commandId: cmd(), presetId: "casino-1900", name: "Walk-in night", kind: "live", startsAt: clock.now(), buyIn: 1000, fee: 100 };
  const made = await must<{ tournament: { id: string } }>(
    api(server.url, "POST", "/api/v1/director/tournaments", settings === undefined ? body : { ...body, settings }, token),
  );
  return made.tournament.id;
}

async function drawn(id: string, players: number): Promise<number[]> {
  const path = `/api/v1/director/tournaments/${id}`;
  for (let i = 0; i < players; i++) await must(api(server.url, "POST", `${path}/walk-in`, { commandId: cmd(), name: `Guest ${i + 1}` }, token));
  await must(api(server.url, "POST", `${path}/start`, { commandId: cmd() }, token));
  const map = await must<SeatingResponse>(api(server.url, "GET", `${path}/seating`, undefined, token));
  return map.tables.map((t) => map.seats.filter((s) => s.tableNumber === t.tableNumber).length);
}

const view = (id: string) => must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`));

describe("the house rules of a tournament", () => {
  it("R-TBL-1: tables seat ten unless the room chooses: 20 walk-ins are drawn 10/10, or 7/7/6 at nine seats", async () => {
    const ten = await liveEvent();
    expect(await drawn(ten, 20)).toEqual([10, 10]);
    expect((await view(ten)).settings).toEqual({
      tableSize: 10,
      finalTableSize: 10,
      spareSeats: 1,
      buttonRule: "dead",
      buttonDraw: "suit",
      colourUp: "race",
      handForHand: true,
      mixedBy: "level",
      reEntryCloses: "break-end",
      addOnAt: "break",
      playDownTo: 0,
      tableMerge: "fill",
      balancing: "seed",
      oddChip: "left-of-button",
      oneCardKills: false,
      actionSeconds: 30,
      timeBankSeconds: 60,
      start: "manual",
      // The evening preset's own (R-TRN-6): 5 players by 15 minutes after the start.
      startRule: { minPlayers: 5, deadlineMinutes: 15 },
      decksOpen: { to: "players" },
    });
    const nine = await liveEvent({ tableSize: 9 });
    expect((await drawn(nine, 20)).sort()).toEqual([6, 7, 7]);
  });

  it("every setting chosen is the tournament's, and its view says so", async () => {
    const id = await liveEvent({
      tableSize: 6,
      finalTableSize: 5,
      spareSeats: 0,
      buttonRule: "moving",
      buttonDraw: "first-jack",
      colourUp: "up",
      handForHand: false,
      mixedBy: "orbit",
      reEntryCloses: "break-start",
      addOnAt: "break",
      playDownTo: 2,
      tableMerge: "redraw",
      balancing: "tda",
      oddChip: "draw",
      oneCardKills: true,
      actionSeconds: 15,
      timeBankSeconds: 0,
      start: "scheduled",
      startRule: { minPlayers: 8, deadlineMinutes: 20 },
      decksOpen: { to: "public", afterDays: 30 },
    });
    expect((await view(id)).settings).toEqual({
      tableSize: 6,
      finalTableSize: 5,
      spareSeats: 0,
      buttonRule: "moving",
      buttonDraw: "first-jack",
      colourUp: "up",
      handForHand: false,
      mixedBy: "orbit",
      reEntryCloses: "break-start",
      addOnAt: "break",
      playDownTo: 2,
      tableMerge: "redraw",
      balancing: "tda",
      oddChip: "draw",
      oneCardKills: true,
      actionSeconds: 15,
      timeBankSeconds: 0,
      start: "scheduled",
      startRule: { minPlayers: 8, deadlineMinutes: 20 },
      decksOpen: { to: "public", afterDays: 30 },
    });
    const t = server.tournaments.get(id)!;
    expect(t.dir.config).toMatchObject({
      tableSize: 6,
      finalTableSize: 5,
      spareSeats: 0,
      buttonRule: "moving",
      buttonDraw: "first-jack",
      colourUp: "up",
      handForHand: false,
      oddChip: "draw",
      oneCardKills: true,
    });
    expect(t.dir.config?.structure.mixedBy).toBe("orbit");
    expect(t.dir.config?.reEntryCloses).toBe("break-start");
    expect(t.dir.config?.playDownTo).toBe(2);
    expect(t.dir.config?.tableMerge).toBe("redraw");
    expect(t.dir.config?.buttonDraw).toBe("first-jack");
    expect(t.dir.config?.balancing).toBe("tda");
    const startsAt = t.meta.startsAt;
    expect(t.dir.config?.start).toEqual({ scheduledAt: startsAt, deadline: startsAt + 20 * 60_000, minPlayers: 8 });
  });

  it("R-TRN-6: the evening preset's start rule is the event's unless the request turns it off (null)", async () => {
    const off = await liveEvent({ startRule: null });
    expect((await view(off)).settings?.startRule).toBeNull();
    expect(server.tournaments.get(off)!.dir.config?.start).toBeUndefined();
    const seed = await must<{ tournament: { id: string } }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "seed", name: "No rule", kind: "live", startsAt: clock.now() },
        token,
      ),
    );
    expect((await view(seed.tournament.id)).settings?.startRule).toBeNull();
  });

  it("a bad setting is refused with a typed error naming the field, and nothing is created", async () => {
    const before = server.tournaments.size;
    for (const settings of [
      { tableSize: 11 },
      { buttonRule: "sideways" },
      { buttonDraw: "low-card" },
      { colourUp: "down" },
      { oddChip: "carry" },
      { oneCardKills: "yes" },
      { mixedBy: "hand" },
      { reEntryCloses: "whenever" },
      { addOnAt: { playersLeft: 1 } },
      { addOnAt: "dinner" },
      { playDownTo: 6 },
      { tableMerge: "shuffle" },
      { balancing: "random" },
      { actionSeconds: 1 },
      { start: "at-dawn" },
      { startRule: { minPlayers: 1, deadlineMinutes: 15 } },
      { startRule: { minPlayers: 5, deadlineMinutes: -1 } },
      { startRule: { minPlayers: 5 } },
      { decksOpen: { to: "everyone" } },
      { decksOpen: { to: "public" } },
      { decksOpen: { to: "public", afterDays: -1 } },
      { decksOpen: { to: "players", afterDays: 3 } },
      { seats: 9 },
    ]) {
      const r = await api<{ error: { code: string; message: string } }>(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "casino-1900", name: "Bad", kind: "live", startsAt: clock.now(), settings },
        token,
      );
      expect(r.status).toBe(400);
      expect(r.body.error.code).toMatch(/^protocol\//);
      expect(r.body.error.message).toMatch(/settings/);
    }
    expect(server.tournaments.size).toBe(before);
  });

  it("R-TBL-2: an unknown balancing rule is refused naming settings.balancing", async () => {
    const r = await api<{ error: { code: string; message: string } }>(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      { commandId: cmd(), presetId: "casino-1900", name: "Bad", kind: "live", startsAt: clock.now(), settings: { balancing: "random" } },
      token,
    );
    expect(r.status).toBe(400);
    expect(r.body.error.code).toMatch(/^protocol\//);
    expect(r.body.error.message).toMatch(/settings\.balancing/);
  });

  it("R-TBL-3: a final table larger than the tables is refused naming the field; by default it seats the table size", async () => {
    const before = server.tournaments.size;
    const r = await api<{ error: { code: string } }>(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      { commandId: cmd(), presetId: "casino-1900", name: "Bad final", kind: "live", startsAt: clock.now(), settings: { tableSize: 8, finalTableSize: 9 } },
      token,
    );
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("director/invalid");
    expect(JSON.stringify(r.body.error)).toContain("finalTableSize");
    expect(server.tournaments.size).toBe(before);
    const eight = await liveEvent({ tableSize: 8 });
    expect((await view(eight)).settings?.finalTableSize).toBe(8);
  });

  it("R-DEAL-6: the first button is drawn by the event's rule, the floor's seat map shows the cards, and an unknown draw is refused naming the field", async () => {
    const id = await liveEvent({ buttonDraw: "first-jack" });
    expect((await view(id)).settings?.buttonDraw).toBe("first-jack");
    expect(await drawn(id, 14)).toEqual([7, 7]);
    const map = await must<SeatingResponse>(api(server.url, "GET", `/api/v1/director/tournaments/${id}/seating`, undefined, token));
    for (const table of map.tables) {
      const draw = table.button?.draw;
      expect(table.button?.drawn).toBe(true);
      expect(draw).toBeDefined();
      // Dealt round the table until the first jack (rank 9 of 0..12): its seat has the button.
      const last = draw!.at(-1)!;
      expect(last.card >> 2).toBe(9);
      expect(draw!.slice(0, -1).every((d) => d.card >> 2 !== 9)).toBe(true);
      expect(table.button?.seat).toBe(last.seat);
    }
    const before = server.tournaments.size;
    const r = await api<{ error: { code: string; message: string } }>(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      { commandId: cmd(), presetId: "casino-1900", name: "Bad draw", kind: "live", startsAt: clock.now(), settings: { buttonDraw: "low-card" } },
      token,
    );
    expect(r.status).toBe(400);
    expect(r.body.error.code).toMatch(/^protocol\//);
    expect(r.body.error.message).toContain("buttonDraw");
    expect(server.tournaments.size).toBe(before);
  });
});

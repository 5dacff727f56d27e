// The room's reading of its entry windows over HTTP (R-TRN-3): "re-entry until the 1st
// break" closes when that break ends (the default) or when it starts; the view says which
// and when, the director's field closes then, and a reading that cannot apply is refused
// naming the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TournamentView, WalkInResponse } from "../../protocol/index.ts";
import { lastEntryMs } from "../../tournament/director/index.ts";
import { endOfBreakMs, startOfBreakMs, STRUCTURE_PRESETS } from "../../tournament/structure/index.ts";
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

const STRUCTURE = STRUCTURE_PRESETS["casino-1900"]!;

function create(extra: object) {
  const body = { commandId: cmd(), presetId: "casino-1900", name: "Re-entry night", kind: "live", startsAt: clock.now(), lateRegistration: null, ...extra };
  return api<{ tournament: { id: string }; error: { code: string } }>(server.url, "POST", "/api/v1/director/tournaments", body, token);
}

const view = (id: string) => must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`));

describe("R-TRN-3: re-entry closing at the start or the end of a named break", () => {
  it("by default at the break's end: the view says break-end and shows the window closing then", async () => {
    const r = await create({ reEntry: { until: { endOfBreak: 1 } } });
    expect(r.status).toBe(200);
    const v = await view(r.body.tournament.id);
    expect(v.settings?.reEntryCloses).toBe("break-end");
    expect(v.lateRegistrationEndsAt).toBe(clock.now() + endOfBreakMs(STRUCTURE, 1)!);
    expect(lastEntryMs(server.tournaments.get(r.body.tournament.id)!.dir)).toBe(endOfBreakMs(STRUCTURE, 1));
  });

  it("R-TRN-3 break-start: the window closes when the break starts, in the view and in the director", async () => {
    const r = await create({ reEntry: { until: { endOfBreak: 1 } }, settings: { reEntryCloses: "break-start" } });
    expect(r.status).toBe(200);
    const v = await view(r.body.tournament.id);
    expect(v.settings?.reEntryCloses).toBe("break-start");
    expect(v.lateRegistrationEndsAt).toBe(clock.now() + startOfBreakMs(STRUCTURE, 1)!);
    expect(lastEntryMs(server.tournaments.get(r.body.tournament.id)!.dir)).toBe(startOfBreakMs(STRUCTURE, 1));
  });

  it("refused naming the field: a window to a level's end has no break to start, and an unknown reading", async () => {
    const before = server.tournaments.size;
    const level = await create({ reEntry: { until: { endOfLevel: 3 } }, settings: { reEntryCloses: "break-start" } });
    expect(level.status).toBe(400);
    expect(level.body.error.code).toBe("director/invalid");
    expect(JSON.stringify(level.body.error)).toContain("reEntryCloses");
    const odd = await create({ reEntry: { until: { endOfBreak: 1 } }, settings: { reEntryCloses: "at-dinner" } });
    expect(odd.status).toBe(400);
    expect(odd.body.error.code).toMatch(/^protocol\//);
    expect(JSON.stringify(odd.body.error)).toContain("reEntryCloses");
    expect(server.tournaments.size).toBe(before);
  });
});

describe("R-TRN-5: the add-on at three players left, at the desk of a live room", () => {
  it("refused before, taken once the floor's busts leave three; the view says when it is offered", async () => {
    const made = await create({ rebuy: null, reEntry: null, addOn: { atBreak: 1, cost: 500, fee: 0, chips: 5000 }, settings: { addOnAt: { playersLeft: 3 } } });
    expect(made.status).toBe(200);
    const id = made.body.tournament.id;
    const path = `/api/v1/director/tournaments/${id}`;
    const entries: string[] = [];
    for (let i = 0; i < 5; i++) {
      const w = await must<WalkInResponse>(api(server.url, "POST", `${path}/walk-in`, { commandId: cmd(), name: `Guest ${i + 1}` }, token));
      entries.push(w.entryId);
    }
    await must(api(server.url, "POST", `${path}/start`, { commandId: cmd() }, token));
    expect((await view(id)).settings?.addOnAt).toEqual({ playersLeft: 3 });
    const addOn = (entryId: string) =>
      api<{ error: { code: string } }>(server.url, "POST", `${path}/live`, { commandId: cmd(), kind: "add-on", entryId }, token);
    const early = await addOn(entries[0]!);
    expect(early.status).toBe(409);
    expect(JSON.stringify(early.body)).toContain("tournament/add-on-closed");
    await must(
      api(server.url, "POST", `${path}/live`, { commandId: cmd(), kind: "bust", entryIds: [entries[3]!, entries[4]!], startStacks: [100, 200] }, token),
    );
    expect((await addOn(entries[0]!)).status).toBe(200);
    expect((await view(id)).addOns).toBe(1);
  });

  it("an add-on by players left without an add-on is refused naming the field", async () => {
    const r = await create({ rebuy: null, reEntry: null, addOn: null, settings: { addOnAt: { playersLeft: 3 } } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("director/invalid");
    expect(JSON.stringify(r.body.error)).toContain("addOnAt");
  });
});

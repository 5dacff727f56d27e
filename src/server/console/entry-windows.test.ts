// The room's reading of its entry windows over HTTP (R-TRN-3): "re-entry until the 1st
// break" closes when that break ends (the default) or when it starts; the view says which
// and when, the director's field closes then, and a reading that cannot apply is refused
// naming the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TournamentView } from "../../protocol/index.ts";
import { lastEntryMs } from "../../tournament/director/index.ts";
import { endOfBreakMs, startOfBreakMs, STRUCTURE_PRESETS } from "../../tournament/structure/index.ts";
import { ManualClock } from "../clock.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";

let server: FeltServer;
let clock: ManualClock;
let token: string;

beforeAll(async () => {
  clock = new ManualClock(1_800_000_000_000);
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    clock,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    log: () => {},
  });
  token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
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

// Buy-in, fee, guarantee, re-entry / rebuy / add-on
// windows and prices, late registration and the payout table go into the tournament exactly
// as entered (R-TRN-2..6); bad input is refused with a typed cause and its figures, and
// nothing is created. Saved presets (the structure designer's) survive a restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { LobbyTournament, Preset, PresetFile, Structure, TournamentPage } from "../../protocol/index.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";
import { presets } from "./presets.ts";

const dir = mkdtempSync(join(tmpdir(), "felt-create-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const open = () =>
  FeltServer.start({
    db: `sqlite:${join(dir, "felt.sqlite")}`,
    port: 0,
    tableSize: 9,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    webDist: null,
    log: () => {},
  });

const casino = presets().find((p) => p.id === "casino-1900")!;
const turbo = presets().find((p) => p.id === "turbo")!;
const startsAt = Date.UTC(2030, 0, 1, 19);

interface Refusal {
  error: { code: string; cause?: string; details?: Record<string, unknown> };
}

describe("the create form", () => {
  let server: FeltServer;
  let token: string;
  const create = (body: object) =>
    api<{ tournament: LobbyTournament } & Refusal>(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      { commandId: cmd(), kind: "live", startsAt, name: "Friday", ...body },
      token,
    );
  afterAll(async () => server?.close());

  it("R-TRN-2/3/6: buy-in, fee, guarantee, re-entry, late registration and a percent table are the tournament's, and the page pays them", async () => {
    server = await open();
    token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
    expect(casino.settings).toMatchObject({
      buyIn: 1000,
      fee: 100,
      guarantee: 0,
      reEntry: { until: { endOfBreak: 2 } },
      rebuy: null,
      addOn: null,
      lateRegistration: { until: { endOfBreak: 2 } },
      payout: null,
    });
    const r = await create({
      presetId: "casino-1900",
      buyIn: 2000,
      fee: 200,
      guarantee: 50_000,
      reEntry: { until: { endOfLevel: 6 }, max: 2 },
      lateRegistration: { until: { endOfLevel: 6 } },
      payout: { kind: "percent", percents: [50, 30, 20] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const c = server.tournaments.get(r.body.tournament.id)!.dir.config!;
    expect(c.format).toEqual({ kind: "re-entry" });
    expect(c.money).toEqual({ buyIn: 2000, fee: 200, guarantee: 50_000, reEntry: { until: { endOfLevel: 6 }, max: 2 } });
    expect(c.lateRegistration).toEqual({ until: { endOfLevel: 6 } });
    expect(c.payout).toEqual({ percents: [5000, 3000, 2000] });
    const id = r.body.tournament.id;
    for (let i = 0; i < 10; i++)
      await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/walk-in`, { commandId: cmd(), name: `Guest ${i + 1}` }, token));
    // R-TRN-6: 10 × 2,000 = 20,000 collected, the guarantee makes the pool 50,000.
    const page = await must<TournamentPage>(api(server.url, "GET", `/api/v1/tournaments/${id}/page`));
    expect(page.prizePool).toBe(50_000);
    expect(page.payouts).toEqual([
      { place: 1, amount: 25_000 },
      { place: 2, amount: 15_000 },
      { place: 3, amount: 10_000 },
    ]);
  });

  it("R-TRN-4/5: rebuy and add-on prices, chips and windows, and fixed prizes that set the guarantee", async () => {
    const r = await create({
      presetId: "turbo",
      reEntry: null,
      rebuy: { cost: 500, fee: 50, chips: 5000, max: 2, until: { endOfLevel: 4 }, stackAtMost: 0 },
      addOn: { atBreak: 1, cost: 500, fee: 0, chips: 10_000 },
      lateRegistration: null,
      payout: { kind: "fixed", amounts: [3000, 2000, 1000] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const c = server.tournaments.get(r.body.tournament.id)!.dir.config!;
    expect(c.format).toEqual({ kind: "rebuy" });
    expect(c.money).toEqual({
      buyIn: 1000,
      fee: 100,
      guarantee: 6000,
      rebuy: { cost: 500, fee: 50, chips: 5000, max: 2, until: { endOfLevel: 4 }, stackAtMost: 0 },
      addOn: { atBreak: 1, cost: 500, fee: 0, chips: 10_000 },
    });
    expect(c.lateRegistration).toBeUndefined();
    expect(c.payout).toEqual({ fixed: [3000, 2000, 1000] });
    const page = await must<TournamentPage>(api(server.url, "GET", `/api/v1/tournaments/${r.body.tournament.id}/page`));
    expect(page.prizePool).toBe(6000);
  });

  it("bad input is refused with its cause and figures, and nothing is created", async () => {
    const before = server.tournaments.size;
    const streams = (await server.svc.store.listStreams({ type: "tournament" })).length;
    const cases: [object, string, Record<string, unknown>][] = [
      [{ presetId: "casino-1900", payout: { kind: "percent", percents: [50, 30, 10] } }, "tournament/bad-payout", { reason: "sum", sum: 90 }],
      [{ presetId: "casino-1900", payout: { kind: "percent", percents: [30, 50, 20] } }, "tournament/bad-payout", { reason: "increasing", place: 2 }],
      [{ presetId: "casino-1900", payout: { kind: "percent", percents: [33.333, 33.333, 33.334] } }, "create/payout-precision", { place: 1 }],
      [{ presetId: "casino-1900", reEntry: { until: { endOfLevel: 99 } } }, "create/window-past-end", { field: "reEntry", level: 99, levels: 26 }],
      [
        { presetId: "casino-1900", reEntry: null, addOn: { atBreak: 9, cost: 1, fee: 0, chips: 100 } },
        "create/window-past-end",
        { field: "addOn", break: 9, breaks: 6 },
      ],
      [{ presetId: "turbo", reEntry: { until: { endOfLevel: 2 } } }, "create/re-entry-and-rebuy", {}],
      [
        { presetId: "casino-1900", structure: { ...casino.structure, levels: casino.structure.levels.map((l, i) => (i === 4 ? { ...l, colourUp: 500 } : l)) } },
        "structure/colour-up-too-early",
        { index: 4, chip: 500 },
      ],
    ];
    for (const [body, cause, details] of cases) {
      const r = await create(body);
      expect(r.status, cause).toBe(400);
      expect(r.body.error.code).toBe("director/invalid");
      expect(r.body.error.cause).toBe(cause);
      expect(r.body.error.details ?? {}).toMatchObject(details);
    }
    const negative = await create({ presetId: "casino-1900", buyIn: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.error.code).toBe("protocol/invalid-message");
    expect(server.tournaments.size).toBe(before);
    expect((await server.svc.store.listStreams({ type: "tournament" })).length).toBe(streams);
  });

  it("a chip-up point at a break is kept with the structure (R-CHIP-1)", async () => {
    // casino-1900: the 100s are needed until 1,200/2,400 (level 8); its second break follows it.
    const levels = casino.structure.levels.map((l, i) => (i === 9 ? { ...l, colourUp: 100 } : l));
    const r = await create({ presetId: "casino-1900", structure: { ...casino.structure, levels } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const items = server.tournaments.get(r.body.tournament.id)!.dir.config!.structure.items;
    expect(items[9]).toEqual({ kind: "break", minutes: 15, colourUp: 100 });
  });

  it("a preset saved from the designer is offered with its settings, creates what it says, replaces one of its name, and survives a restart", async () => {
    const structure: Structure = { ...turbo.structure, startingStack: 8000 };
    const file: PresetFile = {
      felt: "preset",
      version: 1,
      name: "Thursday turbo",
      description: "8,000 chips, two rebuys",
      basedOn: "turbo",
      structure,
      settings: { ...turbo.settings!, buyIn: 3000, fee: 300, guarantee: 20_000, payout: { kind: "percent", percents: [60, 40] } },
      // The room's house rules ride with the preset: 6-max, a moving button drawn with a redraw on ties, a chip-up, TDA balancing.
      house: { tableSize: 6, buttonRule: "moving", buttonDraw: "redraw", colourUp: "up", balancing: "tda" },
    };
    const bad = await api<Refusal>(
      server.url,
      "POST",
      "/api/v1/director/presets",
      { commandId: cmd(), preset: { ...file, settings: { ...file.settings, payout: { kind: "percent", percents: [60, 30] } } } },
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "director/invalid", cause: "tournament/bad-payout", details: { reason: "sum", sum: 90 } });
    const taken = await api<Refusal>(server.url, "POST", "/api/v1/director/presets", { commandId: cmd(), preset: { ...file, name: "seed" } }, token);
    expect(taken.body.error.cause).toBe("create/preset-name-taken");
    const saving = await api<{ presets: Preset[] }>(server.url, "POST", "/api/v1/director/presets", { commandId: cmd(), preset: file }, token);
    expect(saving.status, JSON.stringify(saving.body)).toBe(200);
    const saved = saving.body;
    const mine = saved.presets.filter((p) => p.custom === true);
    expect(mine.map((p) => p.name)).toEqual(["Thursday turbo"]);
    expect(mine[0]).toMatchObject({ basedOn: "turbo", buyIn: 3000, fee: 300, settings: file.settings, house: file.house });
    expect(mine[0]!.structure.startingStack).toBe(8000);
    // Saved again under the same name: replaced, same id.
    const again = await must<{ presets: Preset[] }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/presets",
        { commandId: cmd(), preset: { ...file, description: "now 8,000 chips", settings: { ...file.settings, buyIn: 3500 } } },
        token,
      ),
    );
    const replaced = again.presets.filter((p) => p.custom === true);
    expect(replaced.map((p) => [p.id, p.buyIn, p.description])).toEqual([[mine[0]!.id, 3500, "now 8,000 chips"]]);

    await server.close();
    server = await open();
    token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
    const after = await must<{ presets: Preset[] }>(api(server.url, "GET", "/api/v1/director/presets", undefined, token));
    const kept = after.presets.find((p) => p.id === mine[0]!.id)!;
    expect(kept).toMatchObject({ name: "Thursday turbo", buyIn: 3500, custom: true });
    const r = await create({ presetId: kept.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const c = server.tournaments.get(r.body.tournament.id)!.dir.config!;
    expect(c.structure.startingStack).toBe(8000);
    expect(c.money).toMatchObject({ buyIn: 3500, fee: 300, guarantee: 20_000 });
    expect(c.payout).toEqual({ percents: [6000, 4000] });
    expect(c.format).toEqual({ kind: "rebuy" });
    expect(c).toMatchObject({ tableSize: 6, buttonRule: "moving", buttonDraw: "redraw", colourUp: "up" });
    // The request's own settings win over the preset's.
    const nine = await create({ presetId: kept.id, settings: { tableSize: 9 } });
    expect(server.tournaments.get(nine.body.tournament.id)!.dir.config).toMatchObject({ tableSize: 9, buttonRule: "moving" });
    // A house rule out of range in a preset file is refused.
    const wrong = await api<Refusal>(
      server.url,
      "POST",
      "/api/v1/director/presets",
      { commandId: cmd(), preset: { ...file, name: "x", house: { tableSize: 12 } } },
      token,
    );
    expect(wrong.status).toBe(400);
  });
});

// The designer's structure over real HTTP: an edited preset sent to create and
// predict is the structure the director meant (R-TRN-1, R-CHIP-1, R-BLIND-2, R-BET-9).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LobbyTournament } from "../../protocol/index.ts";
import { percentile, simulate } from "../../sim/index.ts";
import { STRUCTURE_PRESETS, type Structure } from "../../tournament/structure/index.ts";
import { predictUncached } from "./director-predict.ts";
import { FeltServer } from "../felt-server.ts";
import { fromWireStructure, toWireStructure } from "./presets.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";

let server: FeltServer;
let token: string;

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
    log: () => {},
  });
  token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
}, 60_000);
afterAll(async () => server.close());

const casino = STRUCTURE_PRESETS["casino-1900"]!;
const create = (structure: unknown) =>
  api<{ tournament: LobbyTournament; error: { code: string; cause?: string } }>(
    server.url,
    "POST",
    "/api/v1/director/tournaments",
    {
      commandId: cmd(),
      presetId: "casino-1900",
      name: "Edited 19:00",
      kind: "live",
      startsAt: Date.now() + 3_600_000,
      structure,
    },
    token,
  );
const configOf = (id: string) => server.tournaments.get(id)!.dir.config!;

describe("create with the designer's structure", () => {
  it("R-BLIND-2: casino-1900 sent back unedited keeps its big-blind antes and chip set", async () => {
    const r = await create(toWireStructure(casino));
    expect(r.status).toBe(200);
    const s = configOf(r.body.tournament.id).structure;
    expect(s.items).toEqual(casino.items);
    expect(s.chips).toEqual(casino.chips);
  });

  it("R-CHIP-1: smaller blinds with the wire's own chip set are accepted; without it they are not payable", async () => {
    const w = toWireStructure(casino);
    const levels = [{ ...w.levels[0]!, sb: 50, bb: 100 }, ...w.levels.slice(1)];
    const ok = await create({ ...w, levels, chips: [25, 100, 500, 1000, 5000, 25000] });
    expect(ok.status).toBe(200);
    expect(configOf(ok.body.tournament.id).structure.chips).toEqual([25, 100, 500, 1000, 5000, 25000]);
    const { chips: _drop, ...old } = { ...w, levels };
    const refused = await create(old);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "director/invalid", cause: "structure/not-payable" });
    const bad = await create({ ...w, chips: [100, 250] });
    expect(bad.body.error).toMatchObject({ code: "director/invalid", cause: "structure/bad-chips" });
  });
});

describe("predict with the designer's structure", () => {
  it("uses the wire chip set: a chip set the core refuses gets its typed error", async () => {
    const w = toWireStructure(casino);
    const r = await api<{ error: { code: string; cause?: string } }>(
      server.url,
      "POST",
      "/api/v1/director/predict",
      { structure: { ...w, chips: [100, 150] }, players: 20 },
      token,
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: "director/invalid", cause: "structure/bad-chips" });
  });
});

describe("predict matches the simulator on the preset itself", () => {
  const simulatedEnd = (structure: Structure, players: number) => {
    const ends = [1, 2, 3].map((seed) => {
      const r = simulate({ players, structure, seed });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.durationMinutes;
    });
    return percentile(
      ends.sort((a, b) => a - b),
      50,
    );
  };

  it("R-TRN-1, R-BLIND-2: casino-1900 sent by the designer predicts the end `felt simulate --preset casino-1900` gives", () => {
    const players = 20;
    const r = predictUncached({ structure: toWireStructure(casino), players });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.predictedEndMinute).toBe(Math.round(simulatedEnd(casino, players)));
    // The structure predict plays is the preset's, big-blind antes and chips included
    // (it used to be every player anteing a big blind, with the seed preset's chips).
    const seed = STRUCTURE_PRESETS["seed"]!;
    expect(fromWireStructure(seed, toWireStructure(casino))).toStrictEqual({ ...casino, name: "seed" });
  });
});

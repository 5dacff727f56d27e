import { describe, expect, it } from "vitest";
import { seededRandom } from "../index.ts";
import { STRUCTURE_PRESETS } from "../structure/index.ts";
import { Director, handSetup } from "./index.ts";
import { names, seedConfig } from "../../../testkit/tournament/director.ts";

const MIN = 60_000;
function started(structure = STRUCTURE_PRESETS["mixed"]!, n = 6, rules: { oddChip?: "draw"; oneCardKills?: boolean } = {}) {
  const d = new Director(seededRandom(2), true);
  d.run({ type: "announce", at: 0, config: { ...seedConfig({ structure }), ...rules } });
  d.run({ type: "open-registration", at: 0 });
  for (const p of names(n)) d.run({ type: "register", at: 0, player: p });
  d.run({ type: "start", at: 0 });
  return d;
}

describe("the next hand's set-up", () => {
  it("R-POT-4 and R-POT-6: the room's showdown rules are every hand's; by default the engine's", () => {
    const chosen = started(STRUCTURE_PRESETS["seed"]!, 6, { oddChip: "draw", oneCardKills: true });
    expect(handSetup(chosen.state, chosen.state.tables.get(1)!, 0)!.config).toMatchObject({ oddChip: "draw", oneCardKills: true });
    const d = started(STRUCTURE_PRESETS["seed"]!);
    const plain = handSetup(d.state, d.state.tables.get(1)!, 0)!;
    expect(plain.config.oddChip).toBeUndefined();
    expect(plain.config.oneCardKills).toBeUndefined();
  });
  it("R-BET-9: a no-limit level plays its blinds; the next (limit) level plays the limit set as fixed limit", () => {
    const d = started();
    const t = d.state.tables.get(1)!;
    const nl = handSetup(d.state, t, 0)!;
    expect([nl.config.variant, Math.max(...nl.config.blinds)]).toEqual(["NT", 20]);
    for (let at = 0; at <= 20 * MIN; at += MIN) d.run({ type: "tick", at });
    const fl = handSetup(d.state, t, 20 * MIN)!;
    expect([fl.config.variant, Math.max(...fl.config.blinds), fl.config.smallBet, fl.config.bigBet]).toEqual(["FT", 60, 60, 120]);
  });
  it("R-BLIND-2: a big-blind ante is one ante, paid by the big blind, dead", () => {
    const d = started(STRUCTURE_PRESETS["casino-1900"]!);
    const t = d.state.tables.get(1)!;
    const at = 3 * 30 * MIN; // level 4: 500/1000, big-blind ante 1000
    for (let x = 0; x <= at; x += MIN) d.run({ type: "tick", at: x });
    const h = handSetup(d.state, t, at)!;
    const bbIndex = h.config.blinds.indexOf(1000);
    expect(h.config.antes!.filter((a) => a > 0)).toEqual([1000]);
    expect(h.config.antes![bbIndex]).toBe(1000);
    expect(h.config.antePots).toBe("dead");
  });
  it("R-TRN-1: level changes and breaks are events; a level change checks the chips", () => {
    const d = started(STRUCTURE_PRESETS["seed"]!);
    for (let at = 0; at <= 130 * MIN; at += MIN) d.run({ type: "tick", at });
    const kinds = d.events
      .filter((e) => e.type === "level-started" || e.type === "break-started")
      .map((e) => (e.type === "level-started" ? e.levelNumber : "break"));
    expect(kinds).toEqual([1, 2, 3, 4, 5, 6, "break", 7]);
    expect(d.state.conservation).toEqual({ checks: 7, failures: 0 }); // one per level, none for the break
  });
});

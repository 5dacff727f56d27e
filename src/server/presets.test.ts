// The formats the presets are run as (R-TRN-3/4/5), and that the director accepts each.
import { describe, expect, it } from "vitest";
import { checkConfig } from "../tournament/director/index.ts";
import { STRUCTURE_PRESETS } from "../tournament/structure/index.ts";
import { plannedLevels, presetConfig, presetFormat, presets } from "./presets.ts";

const S = STRUCTURE_PRESETS;

describe("preset formats", () => {
  it("R-TRN-3: casino-1900 and deep re-enter until the end of the 2nd break, late registration with them", () => {
    for (const id of ["casino-1900", "deep"]) {
      const f = presetFormat(id, S[id]!, 1000, 100);
      expect(f.format).toEqual({ kind: "re-entry" });
      expect(f.money.reEntry).toEqual({ until: { endOfBreak: 2 } });
      expect(f.lateRegistration).toEqual({ until: { endOfBreak: 2 } });
    }
  });

  it("R-TRN-4/5: turbo rebuys (3 at most, stack at most the start) for the first half of planned play; the add-on at the first break, half price, half the chips", () => {
    const turbo = S["turbo"]!;
    expect(plannedLevels(turbo)).toBe(15); // the big blind first reaches 5,000 chips at level 15 (R-TRN-1)
    const f = presetFormat("turbo", turbo, 1000, 100);
    expect(f.format).toEqual({ kind: "rebuy" });
    expect(f.money.rebuy).toEqual({ cost: 1000, fee: 100, chips: 5000, max: 3, until: { endOfLevel: 8 }, stackAtMost: 5000 });
    expect(f.money.addOn).toEqual({ atBreak: 1, cost: 500, fee: 50, chips: 2500 });
    expect(f.lateRegistration).toEqual({ until: { endOfLevel: 8 } });
  });

  it("a rebuy structure without breaks has no add-on; a re-entry one without two breaks closes at the end of level 6", () => {
    const noBreaks = { ...S["speed"]!, name: "x" };
    expect(presetFormat("turbo", noBreaks, 1000, 100).money.addOn).toBeUndefined();
    expect(presetFormat("casino-1900", noBreaks, 1000, 100).money.reEntry).toEqual({ until: { endOfLevel: 6 } });
  });

  it("freezeouts: seed plain, speed and satellite with late registration for the first third of planned play", () => {
    expect(presetFormat("seed", S["seed"]!, 1000, 100)).toEqual({ format: { kind: "freezeout" }, money: { buyIn: 1000, fee: 100 } });
    expect(presetFormat("heads-up", S["heads-up"]!, 1000, 100).lateRegistration).toBeUndefined();
    expect(presetFormat("speed", S["speed"]!, 1000, 100)).toMatchObject({ format: { kind: "speed" }, lateRegistration: { until: { endOfLevel: 5 } } });
    expect(presetConfig("speed", S["speed"]!, 1000, 100, 15).format).toEqual({ kind: "speed", actionSeconds: 15 });
  });

  it("every preset's configuration is one the director accepts, and the preset list says what it offers", () => {
    for (const [id, s] of Object.entries(S)) {
      const c = checkConfig({ id: "t", name: id, structure: s, ...presetConfig(id, s, 1000, 100, 15) });
      expect(c.ok, `${id}: ${c.ok ? "" : c.error.message}`).toBe(true);
    }
    const list = presets();
    expect(list.find((p) => p.id === "turbo")).toMatchObject({ reEntry: false, rebuy: true, addOn: true });
    expect(list.find((p) => p.id === "casino-1900")).toMatchObject({ reEntry: true, rebuy: false, addOn: false });
  });
});

// The formats the presets are run as (R-TRN-3/4/5), and that the director accepts each.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Structure as WireStructure } from "../../protocol/index.ts";
import { checkConfig } from "../../tournament/director/index.ts";
import { STRUCTURE_PRESETS, validateStructure, type Level, type Structure, type StructureItem } from "../../tournament/structure/index.ts";
import { configParts, eventConfig } from "./event-settings.ts";
import { fromWireStructure, plannedLevels, presetConfig, presetFormat, presets, toWireStructure } from "./presets.ts";

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

// The designer's wire structure carries the whole core structure, so an edited
// preset is the structure the director meant (R-TRN-1, R-CHIP-1, R-BLIND-2, R-BET-9).
describe("wire structure (R-TRN-1)", () => {
  const seed = S["seed"]!;

  it("every preset: toWire then fromWire gives back the same core structure, and the wire validates", () => {
    for (const [id, s] of Object.entries(S)) {
      const w = toWireStructure(s);
      expect(WireStructure.safeParse(w).success, id).toBe(true);
      expect(fromWireStructure(s, w), id).toStrictEqual(s);
      // predict reads any structure over the seed preset: nothing but the name comes from it.
      expect(fromWireStructure(seed, w), id).toStrictEqual({ ...s, name: "seed" });
    }
  });

  it("R-BLIND-2: casino-1900's big-blind antes stay big-blind antes (not every player anteing a big blind)", () => {
    const casino = S["casino-1900"]!;
    const w = toWireStructure(casino);
    expect(w.chips).toEqual([100, 500, 1000, 5000, 25000]);
    const l4 = w.levels.filter((l) => l.kind === "level")[3]!;
    expect(l4).toMatchObject({ sb: 500, bb: 1000, ante: 1000, bigBlindAnte: true });
    const back = fromWireStructure(seed, w).items.filter((i): i is Level => i.kind === "level");
    expect(back[3]).toEqual({ kind: "level", sb: 500, bb: 1000, ante: 1000, minutes: 30, bigBlindAnte: true });
    expect(back[0]!.bigBlindAnte).toBeUndefined();
  });

  it("R-BET-9: mixed hold'em keeps each level's game, its limit blinds and the switch unit", () => {
    const w = toWireStructure(S["mixed"]!);
    expect(w.mixedBy).toBe("level");
    expect(w.levels[1]).toMatchObject({ game: "limit", limit: { sb: 30, bb: 60, ante: 0 } });
    const back = fromWireStructure(seed, w);
    expect(back.mixedBy).toBe("level");
    expect(back.items[1]).toEqual({ kind: "level", sb: 15, bb: 30, ante: 0, minutes: 20, game: "limit", limit: { sb: 30, bb: 60, ante: 0 } });
  });

  it("R-CHIP-1: an edited structure's own chip set replaces the preset's, so smaller blinds become payable", () => {
    const casino = S["casino-1900"]!;
    const w = toWireStructure(casino);
    const smaller = { ...w, chips: [25, 100, 500, 1000, 5000, 25000], levels: [{ ...w.levels[0]!, sb: 50, bb: 100 }, ...w.levels.slice(1)] };
    const s = fromWireStructure(casino, smaller);
    expect(s.chips).toEqual([25, 100, 500, 1000, 5000, 25000]);
    expect(validateStructure(s).ok).toBe(true);
    // Without its chip set (an older client) the preset's 100 chip cannot pay a 50 small blind.
    const { chips: _drop, ...old } = smaller;
    const r = validateStructure(fromWireStructure(casino, old));
    expect(r.ok ? null : r.error.code).toBe("structure/not-payable");
    // A chip set the core refuses is refused with its typed error.
    const bad = validateStructure(fromWireStructure(casino, { ...smaller, chips: [25, 60] }));
    expect(bad.ok ? null : bad.error.code).toBe("structure/bad-chips");
  });

  it("an older client's wire structure (no chips, no flags) still validates and keeps the preset's chips and mixed unit", () => {
    const old = { startingStack: 1000, levels: [{ kind: "level", sb: 10, bb: 20, ante: 0, minutes: 20, colourUp: null }] };
    expect(WireStructure.safeParse(old).success).toBe(true);
    const s = fromWireStructure(S["mixed"]!, WireStructure.parse(old));
    expect(s.chips).toEqual(S["mixed"]!.chips);
    expect(s.mixedBy).toBe("level");
    expect(s.items).toEqual([{ kind: "level", sb: 10, bb: 20, ante: 0, minutes: 20 }]);
  });

  it("property: any core structure (antes, big-blind antes, limit levels, notes, chips) survives the wire", () => {
    const blinds = fc.record({ sb: fc.nat(1e6), bb: fc.nat(1e6), ante: fc.nat(1e6) }).map((b) => ({ ...b }));
    const level: fc.Arbitrary<StructureItem> = fc
      .record(
        {
          sb: fc.nat(1e6),
          bb: fc.nat(1e6),
          ante: fc.nat(1e6),
          minutes: fc.integer({ min: 1, max: 240 }),
          bigBlindAnte: fc.boolean(),
          game: fc.constantFrom("no-limit" as const, "limit" as const),
          limit: blinds,
        },
        { requiredKeys: ["sb", "bb", "ante", "minutes"] },
      )
      .map((l) => ({ kind: "level" as const, ...l }));
    const brk: fc.Arbitrary<StructureItem> = fc
      .record({ minutes: fc.integer({ min: 1, max: 240 }), note: fc.string({ maxLength: 200 }) }, { requiredKeys: ["minutes"] })
      .map((b) => ({ kind: "break" as const, ...b }));
    const structure: fc.Arbitrary<Structure> = fc
      .record(
        {
          name: fc.constant("seed"),
          startingStack: fc.nat(1e7),
          chips: fc.array(fc.integer({ min: 1, max: 1e6 }), { minLength: 1, maxLength: 20 }),
          items: fc.array(fc.oneof(level, brk), { minLength: 1, maxLength: 100 }),
          mixedBy: fc.constantFrom("level" as const, "orbit" as const),
        },
        { requiredKeys: ["name", "startingStack", "chips", "items"] },
      )
      .map((x) => ({ ...x }));
    fc.assert(
      fc.property(structure, (s) => {
        const w = toWireStructure(s);
        expect(WireStructure.safeParse(w).success).toBe(true);
        expect(fromWireStructure(seed, w)).toStrictEqual(s);
      }),
      { numRuns: 200 },
    );
  });
});

// The create form starts from the settings a preset lists; sent back unchanged they
// make exactly the format and money the preset runs with.
describe("preset settings", () => {
  it("R-TRN-2..5: every preset's listed settings give back its own format, money and late registration", () => {
    for (const p of presets()) {
      const s = S[p.id]!;
      const made = eventConfig(p.id, s, p.settings!, 15);
      expect(made.ok, p.id).toBe(true);
      if (made.ok) expect(configParts(made.value), p.id).toEqual(presetConfig(p.id, s, 1000, 100, 15));
    }
  });
});

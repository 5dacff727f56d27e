import { describe, expect, it } from "vitest";
import { Structure, type StructureLevel } from "../../../../src/protocol/index.ts";
import { chipsInOrder, firstUnpayable, nextLevel, parseChips, withBigBlindAnte, withLimit } from "./structure-designer.tsx";

// The designer's edits keep what a structure is: the chip set (R-CHIP-1), the
// big-blind ante (R-BLIND-2) and fixed-limit levels (R-BET-9), in the protocol's shape.

const lv = (sb: number, bb: number, ante = 0): StructureLevel => ({ kind: "level", sb, bb, ante, minutes: 20, colourUp: null });

describe("structure designer", () => {
  it("R-CHIP-1: reads a chip set typed with commas or spaces; refuses anything but positive whole numbers", () => {
    expect(parseChips("25, 100 500;1000")).toEqual([25, 100, 500, 1000]);
    expect(parseChips("")).toBeNull();
    expect(parseChips("25, x")).toBeNull();
    expect(parseChips("0, 25")).toBeNull();
    expect(parseChips("2.5")).toBeNull();
    expect(chipsInOrder([25, 100, 500])).toBe(true);
    expect(chipsInOrder([25, 60])).toBe(false);
    expect(chipsInOrder([100, 25])).toBe(false);
  });

  it("R-CHIP-1: names the first level whose blind, ante or limit blind the smallest chip cannot pay", () => {
    const s: Structure = {
      startingStack: 20000,
      chips: [100, 500],
      levels: [lv(200, 400), { kind: "break", sb: 0, bb: 0, ante: 0, minutes: 10, colourUp: null }, lv(300, 600, 50)],
    };
    expect(firstUnpayable(s)).toEqual({ level: 2, amount: 50, chip: 100 });
    expect(firstUnpayable({ ...s, chips: [25, 100, 500] })).toBeNull();
    expect(firstUnpayable({ ...s, levels: [{ ...lv(200, 400), limit: { sb: 250, bb: 500, ante: 0 } }] })).toEqual({ level: 1, amount: 250, chip: 100 });
    const { chips: _c, ...old } = s;
    expect(firstUnpayable(old)).toBeNull();
  });

  it("R-BLIND-2: ticking the big-blind ante sets the flag (one big blind unless an ante is set); unticking clears flag and ante", () => {
    const on = withBigBlindAnte(lv(500, 1000), true);
    expect(on).toMatchObject({ bigBlindAnte: true, ante: 1000 });
    expect(withBigBlindAnte(lv(500, 1000, 800), true).ante).toBe(800);
    const off = withBigBlindAnte(on, false);
    expect(off.bigBlindAnte).toBeUndefined();
    expect(off.ante).toBe(0);
  });

  it("R-BET-9: ticking limit plays the level as fixed limit with doubled limit blinds unless it has its own; unticking keeps the limit blinds", () => {
    const on = withLimit(lv(15, 30), true);
    expect(on).toMatchObject({ game: "limit", limit: { sb: 30, bb: 60, ante: 0 } });
    expect(withLimit({ ...lv(15, 30), limit: { sb: 20, bb: 40, ante: 0 } }, true).limit).toEqual({ sb: 20, bb: 40, ante: 0 });
    const off = withLimit(on, false);
    expect(off.game).toBeUndefined();
    expect(off.limit).toEqual({ sb: 30, bb: 60, ante: 0 });
  });

  it("a new level doubles the last level (not a break's zeros) and keeps its flags; every edit is a valid wire structure", () => {
    const s: Structure = {
      startingStack: 1000,
      chips: [5, 25],
      levels: [withBigBlindAnte(lv(50, 100), true), { kind: "break", sb: 0, bb: 0, ante: 0, minutes: 10, colourUp: null }],
    };
    const n = nextLevel(s);
    expect(n).toMatchObject({ kind: "level", sb: 100, bb: 200, ante: 200, bigBlindAnte: true });
    const edited = { ...s, levels: [...s.levels, n, withLimit(n, true)] };
    expect(Structure.safeParse(edited).success).toBe(true);
  });
});

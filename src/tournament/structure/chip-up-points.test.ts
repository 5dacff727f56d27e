import { describe, expect, it } from "vitest";
import { colourUpSchedule, validateStructure, type Structure } from "./index.ts";

// The structure designer's chip-up points (R-CHIP-1): a break names the chip that
// colours up there; the rest still leave as soon as no coming level needs them.

const base: Structure = {
  name: "points",
  startingStack: 1000,
  chips: [5, 25, 100],
  items: [
    { kind: "level", sb: 10, bb: 20, ante: 0, minutes: 20 },
    { kind: "level", sb: 15, bb: 30, ante: 0, minutes: 20 },
    { kind: "break", minutes: 10 },
    { kind: "level", sb: 25, bb: 50, ante: 0, minutes: 20 },
    { kind: "level", sb: 50, bb: 100, ante: 0, minutes: 20 },
    { kind: "break", minutes: 10 },
    { kind: "level", sb: 100, bb: 200, ante: 0, minutes: 20 },
  ],
};
const withPoints = (points: Record<number, number>): Structure => ({
  ...base,
  items: base.items.map((it, i) => (it.kind === "break" && points[i] !== undefined ? { ...it, colourUp: points[i]! } : it)),
});

describe("chip-up points (R-CHIP-1)", () => {
  it("without points the 5s leave at the first break and the 25s at the second (the automatic schedule)", () => {
    expect(colourUpSchedule(base).map((c) => [c.itemIndex, c.remove])).toEqual([
      [2, 5],
      [5, 25],
    ]);
  });

  it("R-CHIP-1: a chip named at a later break leaves there, not where it was first no longer needed", () => {
    const s = withPoints({ 5: 5 });
    expect(validateStructure(s).ok).toBe(true);
    // The 25s wait for the 5s (smallest first), then leave at the same break.
    expect(colourUpSchedule(s).map((c) => [c.itemIndex, c.remove, c.next])).toEqual([
      [5, 5, 25],
      [5, 25, 100],
    ]);
  });

  it("R-CHIP-1: naming a larger chip takes the smaller ones still in play with it", () => {
    const s: Structure = {
      ...base,
      items: [
        ...base.items.slice(0, 2),
        { kind: "level", sb: 20, bb: 40, ante: 0, minutes: 20 },
        { kind: "break", minutes: 10, colourUp: 25 },
        { kind: "level", sb: 100, bb: 200, ante: 0, minutes: 20 },
      ],
    };
    expect(validateStructure(s).ok).toBe(true);
    expect(colourUpSchedule(s).map((c) => [c.itemIndex, c.remove])).toEqual([
      [3, 5],
      [3, 25],
    ]);
  });

  it("refuses a chip-up point too early, for a chip not in the set, the largest chip, twice, or out of order", () => {
    const code = (s: Structure) => {
      const r = validateStructure(s);
      return r.ok ? "ok" : r.error.code;
    };
    expect(code(withPoints({ 2: 25 }))).toBe("structure/colour-up-too-early"); // 25/50 still needs the 25s
    expect(code(withPoints({ 2: 50 }))).toBe("structure/bad-colour-up");
    expect(code(withPoints({ 5: 100 }))).toBe("structure/bad-colour-up");
    expect(code(withPoints({ 2: 5, 5: 5 }))).toBe("structure/bad-colour-up");
    const r = validateStructure(withPoints({ 2: 25 }));
    expect(r.ok ? null : r.error).toMatchObject({ index: 2, chip: 25, amount: 25 });
    const order: Structure = { ...base, items: [...base.items, { kind: "break", minutes: 10 }, { kind: "level", sb: 500, bb: 1000, ante: 0, minutes: 20 }] };
    const both = {
      ...order,
      items: order.items.map((it, i) =>
        i === 5 ? { kind: "break" as const, minutes: 10, colourUp: 25 } : i === 7 ? { kind: "break" as const, minutes: 10, colourUp: 5 } : it,
      ),
    };
    expect(code(both)).toBe("structure/colour-up-order");
  });
});

import { describe, expect, it } from "vitest";
import { STRUCTURE_PRESETS, clockAt, colourUpSchedule, endOfBreakMs, structureGuidance, structurePreset, validateStructure, type Structure } from "./index.ts";

const MIN = 60_000;
const tiny: Structure = {
  name: "tiny",
  startingStack: 1000,
  chips: [5, 25, 100],
  items: [
    { kind: "level", sb: 10, bb: 20, ante: 0, minutes: 20 },
    { kind: "level", sb: 15, bb: 30, ante: 0, minutes: 20 },
    { kind: "break", minutes: 10 },
    { kind: "level", sb: 25, bb: 50, ante: 0, minutes: 20 },
    { kind: "level", sb: 50, bb: 100, ante: 0, minutes: 20 },
    { kind: "level", sb: 100, bb: 200, ante: 0, minutes: 20 },
  ],
};

describe("validateStructure (R-TRN-1)", () => {
  it("accepts every preset", () => {
    for (const s of Object.values(STRUCTURE_PRESETS)) expect(validateStructure(s).ok, s.name).toBe(true);
  });
  it("refuses a blind that the chip set cannot pay", () => {
    const bad = { ...tiny, items: [{ kind: "level" as const, sb: 12, bb: 24, ante: 0, minutes: 20 }] };
    const r = validateStructure(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("structure/not-payable");
  });
  it.each([
    [{ chips: [] }, "structure/bad-chips"],
    [{ chips: [25, 5] }, "structure/bad-chips"],
    [{ chips: [25, 60] }, "structure/bad-chips"],
    [{ startingStack: 1003 }, "structure/bad-starting-stack"],
    [{ items: [] }, "structure/no-levels"],
    [{ items: [{ kind: "break", minutes: 10 }, ...tiny.items] }, "structure/starts-with-break"],
    [{ items: [{ kind: "level", sb: 30, bb: 20, ante: 0, minutes: 20 }] }, "structure/bad-level"],
    [{ items: [{ kind: "level", sb: 10, bb: 20, ante: 0, minutes: 0 }] }, "structure/bad-duration"],
    [{ items: [tiny.items[1], tiny.items[0]] }, "structure/blinds-decrease"],
    [{ items: [{ kind: "level", sb: 10, bb: 20, ante: 0, minutes: 20, game: "limit" }] }, "structure/missing-limit-blinds"],
  ])("refuses %j with %s", (patch, code) => {
    const r = validateStructure({ ...tiny, ...(patch as Partial<Structure>) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });
  it("mixed preset alternates limit and no-limit with both blind sets (R-BET-9)", () => {
    const levels = STRUCTURE_PRESETS["mixed"]!.items.filter((i) => i.kind === "level");
    expect(levels.map((l) => (l.kind === "level" ? l.game : "")).slice(0, 4)).toEqual(["no-limit", "limit", "no-limit", "limit"]);
    for (const l of levels) if (l.kind === "level") expect(l.limit?.bb).toBe(l.bb * 2);
  });
  it("unknown preset is a typed error", () => {
    const r = structurePreset("nope");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("structure/unknown-preset");
  });
});

describe("structureGuidance (R-TRN-1)", () => {
  it("the seed preset is 50 big blinds with no start warning", () => {
    const g = structureGuidance(STRUCTURE_PRESETS["seed"]!);
    expect(g.startingBigBlinds).toBe(50);
    expect(g.warnings).toEqual([]);
  });
  it("a deep structure gets a start-ratio warning", () => {
    const g = structureGuidance(STRUCTURE_PRESETS["deep"]!);
    expect(g.warnings.map((w) => w.code)).toEqual(["structure/start-ratio"]);
  });
  it("warns when the big blind at the planned end is far from the starting stack", () => {
    expect(structureGuidance(tiny, { plannedMinutes: 30 }).warnings.map((w) => w.code)).toEqual(["structure/end-blind"]);
    const s = { ...tiny, startingStack: ((200 * 50) / 50) * 5 }; // 1000 chips, BB 200 at end → ratio 0.2
    expect(structureGuidance(s, { plannedMinutes: 100 }).warnings.some((w) => w.code === "structure/end-blind")).toBe(true);
    const seed = STRUCTURE_PRESETS["seed"]!;
    const g = structureGuidance(seed, { plannedMinutes: g0(seed) });
    expect(g.warnings).toEqual([]);
  });
  it("reports when the big blind reaches the starting stack", () => {
    expect(structureGuidance(STRUCTURE_PRESETS["seed"]!).minutesToStackBlind).toBe(16 * 20 + 2 * 10);
  });
});
const g0 = (s: Structure): number => structureGuidance(s).minutesToStackBlind ?? 0;

describe("clockAt (R-TRN-1)", () => {
  it("gives the level, time left and next break", () => {
    const c = clockAt(tiny, 5 * MIN);
    expect([c.levelNumber, c.onBreak, c.remainingMs, c.nextBreakInMs]).toEqual([1, false, 15 * MIN, 35 * MIN]);
    expect(c.nextLevel?.bb).toBe(30);
  });
  it("a level boundary belongs to the next level", () => {
    expect(clockAt(tiny, 20 * MIN).levelNumber).toBe(2);
  });
  it("on a break, the level in force is the one just played", () => {
    const c = clockAt(tiny, 45 * MIN);
    expect([c.onBreak, c.levelNumber, c.level.bb, c.remainingMs, c.nextBreakInMs]).toEqual([true, 2, 30, 5 * MIN, 0]);
  });
  it("the last level never ends", () => {
    const c = clockAt(tiny, 10_000 * MIN);
    expect([c.levelNumber, c.remainingMs, c.nextBreakInMs, c.nextLevel]).toEqual([5, null, null, null]);
  });
  it("end of the 2nd break of casino-1900 is after 8 levels and 2 breaks (R-TRN-3)", () => {
    expect(endOfBreakMs(STRUCTURE_PRESETS["casino-1900"]!, 2)).toBe((8 * 30 + 2 * 15) * MIN);
    expect(endOfBreakMs(tiny, 2)).toBeNull();
  });
});

describe("colourUpSchedule (R-CHIP-1)", () => {
  it("removes the smallest chip once no coming blind needs it", () => {
    // 15/30 needs the 5; from the break on, everything is a multiple of 25; from 100/200, of 100.
    expect(colourUpSchedule(tiny)).toEqual([
      { itemIndex: 2, levelNumber: 3, remove: 5, next: 25 },
      { itemIndex: 5, levelNumber: 5, remove: 25, next: 100 },
    ]);
  });
  it("at breaks only, waits for a break", () => {
    expect(colourUpSchedule(tiny, { atBreaksOnly: true })).toEqual([{ itemIndex: 2, levelNumber: 3, remove: 5, next: 25 }]);
  });
  it("never removes the last denomination and every removal is justified", () => {
    for (const s of Object.values(STRUCTURE_PRESETS)) {
      const sched = colourUpSchedule(s);
      expect(sched.length).toBeLessThan(s.chips.length);
      for (const cu of sched) {
        for (const it of s.items.slice(cu.itemIndex)) {
          if (it.kind === "level") for (const a of [it.sb, it.bb, it.ante]) expect(a % cu.next).toBe(0);
        }
        // and not one level earlier: the chip was still needed then
        const before = s.items
          .slice(0, cu.itemIndex)
          .filter((i) => i.kind === "level")
          .at(-1);
        if (before?.kind === "level" && s.items[cu.itemIndex - 1]?.kind === "level") {
          const amts = [before.sb, before.bb, before.ante, before.limit?.sb ?? 0, before.limit?.bb ?? 0];
          expect(
            amts.some((a) => a % cu.next !== 0),
            `${s.name} ${cu.remove}`,
          ).toBe(true);
        }
      }
    }
  });
  it("the seed preset drops 5s at 100/200, 25s at 300/600, 100s at 1000/2000", () => {
    const sched = colourUpSchedule(STRUCTURE_PRESETS["seed"]!);
    const bbAt = (idx: number) => {
      const it = STRUCTURE_PRESETS["seed"]!.items.slice(idx).find((i) => i.kind === "level");
      return it?.kind === "level" ? it.bb : 0;
    };
    expect(sched.map((c) => [c.remove, bbAt(c.itemIndex)])).toEqual([
      [5, 200],
      [25, 600],
      [100, 2000],
    ]);
  });
});

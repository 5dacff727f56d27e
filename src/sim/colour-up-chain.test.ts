// R-CHIP-1: when two chips leave at the same level change (the 500s, then the 1000s), the
// second exchange must see the stacks the first one left. Before the fix the director
// computed both from the old stacks and the turbo preset stopped at its colour-up with
// "p38 cannot hold 4.5 × 1000 in a stack of 144500".
import { describe, expect, it } from "vitest";
import { structurePreset } from "../tournament/structure/index.ts";
import { colourUpSchedule } from "../tournament/structure/index.ts";
import { simulate } from "./simulate.ts";

describe("R-CHIP-1 chained colour-ups in one tick", () => {
  it("the turbo preset removes two chips at one level change", () => {
    const st = structurePreset("turbo");
    if (!st.ok) throw new Error(st.error.message);
    const byItem = new Map<number, number>();
    for (const cu of colourUpSchedule(st.value)) byItem.set(cu.itemIndex, (byItem.get(cu.itemIndex) ?? 0) + 1);
    expect([...byItem.values()].some((n) => n >= 2)).toBe(true);
  });

  it.each([1, 2, 3])("R-CHIP-1 a 60-player turbo plays to a winner through its colour-ups (seed %i)", (seed) => {
    const st = structurePreset("turbo");
    if (!st.ok) throw new Error(st.error.message);
    const r = simulate({ players: 60, structure: st.value, seed });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    expect(r.value.placements.length).toBe(60);
  });
});

import { describe, expect, it } from "vitest";
import { dealProposal, structureAdvice } from "./index.ts";

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe("a deal's proposal, as the console shows it", () => {
  it("equal stacks get equal shares, in whole units summing to the prizes", () => {
    const d = dealProposal("icm", [1000, 1000, 1000], [50, 30, 20]);
    expect(sum(d)).toBe(100);
    expect(Math.max(...d) - Math.min(...d)).toBeLessThanOrEqual(1);
  });
  it("heads-up ICM is chips-proportional above second prize", () => {
    const d = dealProposal("icm", [3000, 1000], [100, 50]);
    expect(sum(d)).toBe(150);
    expect(Math.abs(d[0]! - 87.5)).toBeLessThanOrEqual(0.5);
  });
  it("a big stack's ICM share is below its chip share (known 3-way case: 38.39)", () => {
    const d = dealProposal("icm", [5000, 3000, 2000], [50, 30, 20]);
    expect(d[0]).toBe(38);
  });
  it("chip-chop is each one's share of the chips, in whole units, the odd unit to the biggest fraction", () => {
    expect(dealProposal("chip-chop", [3000, 1000], [100, 50])).toEqual([113, 37]);
    expect(dealProposal("chip-chop", [3000, 1000], [100, 50], 5)).toEqual([115, 35]);
  });
  it("no proposal where ICM has none (more than 20 finalists)", () => {
    expect(dealProposal("icm", new Array(21).fill(100), new Array(21).fill(1))).toEqual([]);
  });
});

describe("R-TRN-1 structure guidance on the protocol's structure", () => {
  const lvl = (bb: number, minutes = 20) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes, colourUp: null });
  it("50 × first BB is good, and the end is where BB reaches the starting stack", () => {
    const g = structureAdvice({
      startingStack: 10_000,
      levels: [lvl(200), lvl(400), { kind: "break", sb: 0, bb: 0, ante: 0, minutes: 10, colourUp: 25 }, lvl(2000), lvl(10_000)],
    });
    expect(g.startingBigBlinds).toBe(50);
    expect(g.firstBigBlind).toBe(200);
    expect(g.verdict).toBe("good");
    expect(g.endLevel).toBe(4);
    expect(g.minutesToStackBlind).toBe(70);
    expect(g.totalMinutes).toBe(90);
  });
  it("20 big blinds is short, 100 deep, and the warnings say so as the server does", () => {
    const one = (stack: number) => structureAdvice({ startingStack: stack, levels: [lvl(100)] });
    expect(one(2000).verdict).toBe("short");
    expect(one(10_000).verdict).toBe("deep");
    expect(one(2000).endLevel).toBeNull();
    expect(one(2000).warnings.map((w) => w.code)).toEqual(["structure/start-ratio"]);
    expect(one(5000).warnings).toEqual([]);
  });
});

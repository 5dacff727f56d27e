// The simulator's field mix (DEFAULT_MIX: 15% random, 60% tight-aggressive, 25% calling
// stations) must hold for small fields too: names p01..p60 differ only in their last
// characters, and a hash without a final avalanche gave them 95% tight-aggressive.
import { describe, expect, it } from "vitest";
import { DEFAULT_MIX, styleOf } from "./index.ts";

const field = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(String(n).length, "0")}`);

describe("bot styles of a simulated field", () => {
  it.each([60, 100, 1000, 10000])("%i players get the default mix within a few players", (n) => {
    const counts = new Map<string, number>();
    for (const name of field(n)) counts.set(styleOf(name), (counts.get(styleOf(name)) ?? 0) + 1);
    const total = DEFAULT_MIX.random + DEFAULT_MIX["tight-aggressive"] + DEFAULT_MIX["calling-station"];
    for (const style of ["random", "tight-aggressive", "calling-station"] as const) {
      const want = (n * DEFAULT_MIX[style]) / total;
      // A binomial spread: about 3 standard deviations.
      const sd = Math.sqrt(n * (DEFAULT_MIX[style] / total) * (1 - DEFAULT_MIX[style] / total));
      expect(Math.abs((counts.get(style) ?? 0) - want)).toBeLessThanOrEqual(3 * sd + 1);
    }
  });

  it("a re-entry (name#2) plays in the same style as the first entry", () => {
    for (const name of field(200)) expect(styleOf(`${name}#2`)).toBe(styleOf(name));
  });
});

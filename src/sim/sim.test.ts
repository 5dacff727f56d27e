import { describe, expect, it } from "vitest";
import { chartSvg, FORMATS, percentile, simulate, summarizeRuns } from "./index.ts";

describe("felt simulate", () => {
  it("is deterministic per seed, byte for byte", () => {
    const a = simulate({ players: 40, seed: 3 });
    const b = simulate({ players: 40, seed: 3 });
    const c = simulate({ players: 40, seed: 4 });
    if (!a.ok || !b.ok || !c.ok) throw new Error("simulate failed");
    expect(JSON.stringify(a.value)).toBe(JSON.stringify(b.value));
    expect(JSON.stringify(a.value)).not.toBe(JSON.stringify(c.value));
  });
  it("reports hands, levels, chips conserved and one placement per entrant", () => {
    const r = simulate({ players: 60, seed: 5 });
    if (!r.ok) throw new Error(r.error.message);
    const v = r.value;
    expect(v.hands).toBeGreaterThan(60);
    expect(v.levels).toBeGreaterThan(1);
    expect(v.chipsConserved).toBe(true);
    expect(v.placements.length).toBe(60);
    expect(new Set(v.placements.map((p) => p.player)).size).toBe(60);
    expect(v.placements.reduce((a, p) => a + p.prize, 0)).toBe(v.prizePool);
    expect(v.placements[0]!.places).toEqual([1]);
  });
  it.each(FORMATS.map((f) => [f]))("format %s plays to the end", (format) => {
    const r = simulate({ players: 24, seed: 6, format });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    expect(r.value.chipsConserved).toBe(true);
    expect(r.value.placements.length).toBe(r.value.entries);
  });
  it("an unknown format or preset is a typed error", () => {
    const a = simulate({ players: 10, seed: 1, format: "nope" });
    expect(a.ok ? "ok" : a.error.code).toBe("sim/unknown-format");
    const b = simulate({ players: 10, seed: 1, preset: "nope" });
    expect(b.ok ? "ok" : b.error.code).toBe("structure/unknown-preset");
  });
  it("--runs: median and 10th/90th percentile of the end time", () => {
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 50)).toBe(50);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 10)).toBe(10);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 90)).toBe(90);
    const runs = [1, 2, 3].map((k) => simulate({ players: 20, seed: k }));
    const ok = runs.map((r) => (r.ok ? r.value : null)).filter((x) => x !== null);
    const s = summarizeRuns(ok);
    expect(s.runs).toBe(3);
    expect(s.endMinutes.p10).toBeLessThanOrEqual(s.endMinutes.median);
    expect(s.endMinutes.median).toBeLessThanOrEqual(s.endMinutes.p90);
  });
  it("--chart: an SVG with both series", () => {
    const r = simulate({ players: 30, seed: 2, chart: true });
    if (!r.ok) throw new Error();
    expect(r.value.chart!.length).toBeGreaterThan(2);
    expect(r.value.chart![0]!.avgStackBB).toBe(50); // seed structure: 1,000 chips at BB 20
    const svg = chartSvg(r.value.chart!, "t");
    expect(svg.startsWith("<svg")).toBe(true);
    expect((svg.match(/<path /g) ?? []).length).toBe(2);
  });
});

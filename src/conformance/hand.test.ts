import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runHandCase } from "./hand.ts";

// The shared cases beside the repository (../shared, or FELT_SHARED), when they are there.
const cases = join(process.env["FELT_SHARED"] ?? join(import.meta.dirname, "../../../shared"), "conformance/cases");

describe("conformance kind hand", () => {
  it("passes every shared hand case", () => {
    if (!existsSync(cases)) {
      console.warn(`skipped: ${cases} is absent`);
      return;
    }
    const failed: string[] = [];
    let count = 0;
    for (const f of readdirSync(cases)) {
      const raw = JSON.parse(readFileSync(join(cases, f), "utf8")) as Record<string, unknown>;
      if (raw["kind"] !== "hand") continue;
      count++;
      const out = runHandCase(raw);
      if (!out.pass) failed.push(`${String(raw["id"])}: ${out.why ?? ""}`);
    }
    expect(count).toBeGreaterThan(0);
    expect(failed).toEqual([]);
  });

  const base = {
    kind: "hand",
    variant: "NT",
    antes: [0, 0, 0],
    blinds: [50, 100, 0],
    stacks: [5000, 5000, 5000],
    actions: ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"],
  };

  it("fails, saying what differed, when the expectation is wrong", () => {
    const out = runHandCase({ ...base, expect: { next: { actor: "p1", call: 100 } } });
    expect(out.pass).toBe(false);
    expect(out.why).toMatch(/next.actor/);
  });

  it("R-BET-2: an illegal action that is accepted fails the case", () => {
    expect(runHandCase({ ...base, expect: { illegal: ["p3 cc"] } }).pass).toBe(false);
    expect(runHandCase({ ...base, expect: { illegal: ["p1 cc"] } }).pass).toBe(true);
  });

  it("R-POT-4 carry: the odd chip stays out of the stacks", () => {
    const out = runHandCase({
      ...base,
      antes: [1, 1, 1],
      blinds: [5, 10, 0],
      stacks: [1000, 1000, 1000],
      oddChip: "carry",
      actions: [
        "d dh p1 AsKd",
        "d dh p2 AhKc",
        "d dh p3 2c3d",
        "p3 cc",
        "p1 cc",
        "p2 cc",
        "d db QsJd5h",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d db 8c",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d db 9s",
        "p1 cc",
        "p2 cc",
        "p3 cc",
      ],
      expect: { stacks: [1005, 1005, 989], showOrder: ["p1", "p2", "p3"] },
    });
    expect(out.why ?? "").toBe("");
    expect(out.pass).toBe(true);
  });
});

// The project's own rule cases (testdata/conformance, written from docs/rules.md): every one
// passes through `runCase`, as `felt check testdata/conformance` runs them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCase } from "./index.ts";

const DIR = join(import.meta.dirname, "../../testdata/conformance");
const cases = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => ({ file: f, raw: JSON.parse(readFileSync(join(DIR, f), "utf8")) as Record<string, unknown> }));

describe("the project's own conformance cases", () => {
  it("there are cases of every kind", () => {
    expect(new Set(cases.map((c) => c.raw["kind"]))).toEqual(new Set(["hand", "blinds", "seating", "placements", "colorup"]));
  });
  for (const c of cases) {
    it(`${String(c.raw["id"])} (${(c.raw["rules"] as string[]).join(", ")})`, async () => {
      const out = await runCase(c.raw, c.file);
      expect(out.why ?? "").toBe("");
      expect(out.pass).toBe(true);
    });
  }
});

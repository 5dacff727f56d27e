// The shared conformance cases of the tournament kinds, run through `runCase` as
// `felt check` does.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCase } from "./index.ts";

// The shared cases beside the repository (../shared, or FELT_SHARED): run when they are there.
// The project's own cases (testdata/conformance) run in conformance-own.test.ts.
const DIR = join(process.env["FELT_SHARED"] ?? fileURLToPath(new URL("../../../shared", import.meta.url)), "conformance/cases");
const KINDS = new Set(["seating", "blinds", "colorup", "placements", "balance"]);
const cases = (() => {
  try {
    return readdirSync(DIR)
      .filter((f) => f.endsWith(".json"))
      .map((f) => ({ file: f, raw: JSON.parse(readFileSync(join(DIR, f), "utf8")) as Record<string, unknown> }))
      .filter((c) => KINDS.has(String(c.raw["kind"])));
  } catch {
    return [];
  }
})();
if (cases.length === 0) console.warn(`skipped: the shared conformance cases (${DIR}) are absent`);

describe.skipIf(cases.length === 0)("shared conformance cases (tournament kinds)", () => {
  for (const c of cases) {
    const id = String(c.raw["id"]);
    it(`${id} (${(c.raw["rules"] as string[] | undefined)?.join(", ") ?? ""})`, async () => {
      const out = await runCase(c.raw, c.file);
      expect(out.why ?? "").toBe("");
      expect(out.pass).toBe(true);
    });
  }
});

describe("runners refuse malformed cases with a reason", () => {
  it.each([
    { kind: "seating", players: "x", expect: { tables: [1] } },
    { kind: "blinds", buttonRule: "sideways", seats: {}, last: {}, expect: [] },
    { kind: "colorup", method: "race", remove: 25, next: 100, button: 1, players: [{ id: "a" }], expect: { stacks: {} } },
    { kind: "placements", left: 3, busted: "nobody", expect: {} },
    { kind: "balance", tables: [], expect: { moves: [] } },
  ])("$kind", async (raw) => {
    const out = await runCase(raw, "bad");
    expect(out.pass).toBe(false);
    expect(out.why).toBeTruthy();
  });
});

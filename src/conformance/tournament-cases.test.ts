// The shared conformance cases of the tournament kinds, run through `runCase` as
// `felt check` does.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCase } from "./index.ts";

// The shared cases sit beside the repository (../shared, as the README's `felt check` uses).
const DIR = fileURLToPath(new URL("../../../shared/conformance/cases", import.meta.url));
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

/**
 * Cases that contradict the rulebook. balance-busts-at-larger-table-cancel-move leaves 5 + 5
 * players on two tables of 10 and expects no move; R-TBL-3 says that when the players fit
 * on fewer tables the final table is formed by a draw of seats, which is what Felt does.
 */
const DISPUTED: Record<string, string> = {
  "balance-busts-at-larger-table-cancel-move": "R-TBL-3",
};

describe.skipIf(cases.length === 0)("shared conformance cases (tournament kinds)", () => {
  for (const c of cases) {
    const id = String(c.raw["id"]);
    if (DISPUTED[id] !== undefined) {
      it(`${id}: disputed under ${DISPUTED[id]}: Felt forms the final table instead`, async () => {
        const out = await runCase(c.raw, c.file);
        expect(out.pass).toBe(false);
        const moves = out.got as { to: string }[];
        expect(new Set(moves.map((m) => m.to)).size).toBe(1);
        expect(moves).toHaveLength(10);
      });
      continue;
    }
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

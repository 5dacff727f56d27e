import { describe, expect, it } from "vitest";
import { runCase } from "./index.ts";

describe("felt check on a file that is not a case it knows", () => {
  it("a JSON object without a kind is named as not a case, with the kinds there are", async () => {
    const out = await runCase({ id: "notes", players: 3 }, "notes.json");
    expect(out).toEqual({ id: "notes", pass: false, why: 'not a case: it has no "kind" (one of hand, seating, blinds, colorup, placements, balance)' });
  });

  it("an unknown kind, or one named like an object's own property, is refused with the known kinds", async () => {
    for (const kind of ["stud", "toString", "__proto__", 7]) {
      const out = await runCase({ id: "c1", kind }, "c1.json");
      expect(out.pass).toBe(false);
      expect(out.why).toBe(`unknown kind ${JSON.stringify(kind)} (known: hand, seating, blinds, colorup, placements, balance)`);
    }
  });
});

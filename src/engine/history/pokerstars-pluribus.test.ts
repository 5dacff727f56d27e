// The 5,070 Pluribus hands (../shared/handhistories/pluribus beside the repository) must
// all convert, and each conversion must account for every chip the text moves.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkConverted } from "./pokerstars-check.ts";
import { parsePokerStars } from "./pokerstars-read.ts";

const DIR = fileURLToPath(new URL("../../../../shared/handhistories/pluribus", import.meta.url));
const present = existsSync(DIR);
if (!present) console.warn(`SKIPPED: the Pluribus hands are not at ${DIR}`);

describe.skipIf(!present)("PokerStars reader on the Pluribus hands", () => {
  it("R-POT-1: every hand converts, conserves chips and returns exactly the uncalled bets", () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith(".txt")).sort();
    expect(files.length).toBe(46);
    let hands = 0;
    const problems: string[] = [];
    for (const file of files) {
      const r = parsePokerStars(readFileSync(`${DIR}/${file}`, "utf8"), file);
      if (!r.ok) {
        problems.push(r.error.message);
        continue;
      }
      for (const h of r.value) {
        hands += 1;
        const c = checkConverted(h);
        if (!c.ok) problems.push(c.error.message);
        // The sessions start every hand at 10,000 chips (README), whatever the scale.
        else if (h.hand.startingStacks.some((s) => s !== 10_000 * h.scale)) problems.push(`${h.name}: stacks`);
      }
    }
    expect(problems).toEqual([]);
    expect(hands).toBe(5070);
  });
});

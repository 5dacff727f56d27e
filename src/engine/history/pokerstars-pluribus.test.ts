// The 5,070 Pluribus hands (../shared/handhistories/pluribus beside the repository, or under
// FELT_SHARED; skipped when absent, testdata/handhistories holds a sample that always runs) must
// all convert, and each conversion must account for every chip the text moves.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkConverted } from "./pokerstars-check.ts";
import { checkPokerStarsHand } from "./replay-converted.ts";
import { parsePokerStars } from "./pokerstars-read.ts";
import { writePokerStars } from "./pokerstars-write.ts";

const DIR = `${process.env["FELT_SHARED"] ?? fileURLToPath(new URL("../../../../shared", import.meta.url))}/handhistories/pluribus`;
const present = existsSync(DIR);
if (!present) console.warn(`SKIPPED: the Pluribus hands are not at ${DIR}`);

// The lines both dialects print alike: seats, forced bets, hole cards, betting, returns.
const ACTION_LINE = /^(Seat \d+: .* in chips\)|Dealt to |Uncalled bet |[^:]+: (posts|folds|checks|calls|bets|raises) )/;
const actionLines = (text: string) => text.split(/\r?\n/).filter((l) => ACTION_LINE.test(l));

describe.skipIf(!present)("PokerStars reader on the Pluribus hands", () => {
  it("R-POT-1: every hand converts, conserves chips and returns exactly the uncalled bets", () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith(".txt"))
      .sort();
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

  it("write → read gives back every hand's actions and amounts, and the original betting lines", () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith(".txt"))
      .sort();
    let hands = 0;
    const problems: string[] = [];
    for (const file of files) {
      const original = readFileSync(`${DIR}/${file}`, "utf8");
      const chunks = original.split(/\r?\n(?=PokerStars Hand #)/);
      const converted = parsePokerStars(original, file);
      if (!converted.ok) throw new Error(converted.error.message);
      expect(chunks.length).toBe(converted.value.length);
      converted.value.forEach((h, k) => {
        hands += 1;
        const written = writePokerStars(h.hand, {
          handId: String(h.hand.extra?.["hand"]),
          date: "2019/07/12 03:46:40",
          tableName: String(h.hand.extra?.["table"]),
          playMoney: true,
          knownCards: "all",
          results: h.expected,
          scale: h.scale,
        });
        if (!written.ok) return problems.push(`${h.name}: ${written.error.message}`);
        const back = parsePokerStars(written.value, file);
        if (!back.ok) return problems.push(`${h.name}: ${back.error.message}`);
        const again = back.value[0]!;
        const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
        const { extra: _a, ...before } = h.hand;
        const { extra: _b, ...after } = again.hand;
        if (!same(before, after) || !same(h.expected, again.expected) || h.scale !== again.scale) {
          return problems.push(`${h.name}: differs after write and read`);
        }
        // Half-chip splits are written at scale 10, so only the scale-1 hands print alike.
        if (h.scale === 1 && !same(actionLines(written.value), actionLines(chunks[k]!))) {
          return problems.push(`${h.name}: betting lines differ from the file`);
        }
        return undefined;
      });
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(hands).toBe(5070);
  });
});

describe("PokerStars reader on the project's sample (testdata/handhistories)", () => {
  it("R-POT-1: every sample hand converts and accounts for every chip", () => {
    const dir = fileURLToPath(new URL("../../../testdata/handhistories", import.meta.url));
    const files = readdirSync(dir).filter((f) => f.endsWith(".txt"));
    expect(files.length).toBeGreaterThan(0);
    let hands = 0;
    for (const file of files) {
      const r = parsePokerStars(readFileSync(`${dir}/${file}`, "utf8"), file);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      for (const h of r.value) {
        hands += 1;
        const c = checkConverted(h);
        expect(c.ok ? "" : c.error.message, h.name).toBe("");
        expect(checkPokerStarsHand(h), h.name).toBeNull();
      }
    }
    expect(hands).toBeGreaterThan(50);
  });
});

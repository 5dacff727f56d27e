import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Command } from "../main.ts";
import { checkPhh, readPhh } from "../../engine/history/phh.ts";
import { checkPokerStarsHand } from "../../engine/history/replay-converted.ts";

async function pokerStarsReader(): Promise<
  ((text: string, fileName: string) => ReturnType<typeof import("../../engine/history/pokerstars-read.ts").parsePokerStars>) | string
> {
  try {
    return (await import("../../engine/history/pokerstars-read.ts")).parsePokerStars;
  } catch (e) {
    return `the PokerStars reader is not available: ${e instanceof Error ? e.message : String(e)}`;
  }
}

export const command: Command = {
  summary: "replay hand histories (.phh, .phhs, PokerStars .txt) and check their results",
  usage:
    "felt replay FILE...\n  PHH hands are checked against finishing_stacks, PokerStars hands against every\n  'collected' and 'Uncalled bet ... returned' line. Prints PASS name or FAIL name: why\n  per hand, then 'N passed, N failed'; exits 1 if any failed.",
  async run(args) {
    const files = args.filter((a) => !a.startsWith("--"));
    if (files.length === 0) {
      console.error("felt replay: give one or more .phh, .phhs or .txt files");
      return 2;
    }
    let passed = 0;
    let failed = 0;
    const lines: string[] = [];
    const report = (name: string, why: string | null) => {
      if (why === null) {
        passed++;
        lines.push(`PASS ${name}`);
      } else {
        failed++;
        lines.push(`FAIL ${name}: ${why}`);
      }
    };
    for (const file of files) {
      const name = basename(file);
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (e) {
        report(name, `cannot read: ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      if (/\.phhs?$/i.test(file)) {
        const hands = readPhh(text, name);
        if (!hands.ok) {
          report(name, hands.error.message);
          continue;
        }
        hands.value.forEach((h, i) => report(hands.value.length > 1 ? `${name}#${i + 1}` : name, checkPhh(h)));
      } else {
        const parse = await pokerStarsReader();
        if (typeof parse === "string") {
          report(name, parse);
          continue;
        }
        const hands = parse(text, name);
        if (!hands.ok) {
          report(name, hands.error.message);
          continue;
        }
        for (const h of hands.value) report(h.name, checkPokerStarsHand(h));
      }
    }
    console.log(lines.join("\n"));
    console.log(`${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  },
};

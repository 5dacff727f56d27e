import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Command } from "../main.ts";
import { checkPhh, readPhh } from "../../engine/history/phh.ts";
import { checkPokerStarsHand } from "../../engine/history/replay-converted.ts";
import { inputFiles } from "../shared/input-files.ts";
import { progress } from "../shared/progress.ts";

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
    "felt replay FILE|FOLDER...\n  A folder is read recursively for .phh, .phhs and .txt files. PHH hands are checked\n  against finishing_stacks (replayed in pokerkit's convention, as recorded: R-BLIND-2/4),\n  PokerStars hands against every 'collected' and 'Uncalled bet ... returned' line. Prints\n  PASS name or FAIL name: why per hand, then 'N passed, N failed'; exits 1 if any failed.",
  async run(args) {
    const { files, missing } = await inputFiles(
      args.filter((a) => !a.startsWith("--")),
      [".phh", ".phhs", ".txt"],
    );
    if (files.length === 0 && missing.length === 0) {
      console.error("felt replay: give one or more .phh, .phhs or .txt files, or folders holding them");
      return 2;
    }
    let passed = 0;
    let failed = 0;
    const bar = progress(files.length, "replay");
    const report = (name: string, why: string | null) => {
      if (why === null) {
        passed++;
        bar.line(`PASS ${name}`);
      } else {
        failed++;
        bar.line(`FAIL ${name}: ${why}`);
      }
    };
    for (const m of missing) report(m, "cannot read: no such file or folder");
    for (let k = 0; k < files.length; k++) {
      const file = files[k]!;
      bar.tick(k);
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
    bar.end();
    console.log(`${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  },
};

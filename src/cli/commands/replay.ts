import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { createInterface } from "node:readline";
import type { Command } from "../command.ts";
import { checkPhh, PhhSplitter, type PhhItem } from "../../engine/history/phh.ts";
import { checkPokerStarsHand } from "../../engine/history/replay-converted.ts";
import { inputFiles } from "../shared/input-files.ts";
import { progress } from "../shared/progress.ts";

async function pokerStarsReader(): Promise<
  ((text: string, fileName: string) => ReturnType<typeof import("../../engine/history/pokerstars-read.ts").parsePokerStarsEach>) | string
> {
  try {
    return (await import("../../engine/history/pokerstars-read.ts")).parsePokerStarsEach;
  } catch (e) {
    return `the PokerStars reader is not available: ${e instanceof Error ? e.message : String(e)}`;
  }
}

export const command: Command = {
  summary: "replay hand histories (.phh, .phhs, PokerStars .txt) and check their results",
  usage:
    "felt replay FILE|FOLDER...\n  A folder is read recursively for .phh, .phhs and .txt files. PHH hands are checked\n  against finishing_stacks (replayed in pokerkit's convention, as recorded: R-BLIND-2/4),\n  PokerStars hands against every 'collected' and 'Uncalled bet ... returned' line. Each hand\n  of a .phhs file passes, fails or is skipped on its own (a file is read a hand at a time);\n  variants other than hold'em are skipped and counted. Prints PASS name or FAIL name: why\n  per hand, then 'N passed, N failed, K skipped (...)'; exits 1 only if a hand failed.",
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
    const skipped = new Map<string, number>();
    const bar = progress(files.length, "replay");
    const skip = (variant: string) => skipped.set(variant, (skipped.get(variant) ?? 0) + 1);
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
      if (/\.phhs?$/i.test(file)) {
        const take = (item: PhhItem) => {
          const at = /\.phhs$/i.test(file) ? `${item.name} (line ${item.line})` : item.name;
          if (item.kind === "skipped") skip(item.variant);
          else report(at, item.kind === "bad" ? item.error : checkPhh(item.hand));
        };
        try {
          await eachPhhItem(file, name, take, (read, size) => bar.tick(k + read / Math.max(1, size)));
        } catch (e) {
          report(name, `cannot read: ${e instanceof Error ? e.message : String(e)}`);
        }
        continue;
      }
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch (e) {
        report(name, `cannot read: ${e instanceof Error ? e.message : String(e)}`);
        continue;
      }
      {
        const parse = await pokerStarsReader();
        if (typeof parse === "string") {
          report(name, parse);
          continue;
        }
        // Each hand on its own: one Felt cannot read is that hand's failure alone.
        const hands = parse(text, name);
        if (hands.length === 0) report(name, "no PokerStars hand found");
        for (const h of hands) {
          if (h.ok) report(h.value.name, checkPokerStarsHand(h.value));
          else report(typeof h.error["hand"] === "number" ? `${name}#${h.error["hand"]}` : name, h.error.message);
        }
      }
    }
    bar.end();
    const total = [...skipped.values()].reduce((a, b) => a + b, 0);
    const named = [...skipped].map(([v, c]) => `${v} ${c}`).join(", ");
    console.log(`${passed} passed, ${failed} failed${total > 0 ? `, ${total} skipped (not hold'em: ${named})` : ""}`);
    return failed === 0 ? 0 : 1;
  },
};

/** Reads a PHH file a line at a time and hands over each hand as soon as it is complete. */
async function eachPhhItem(file: string, name: string, take: (item: PhhItem) => void, read: (bytes: number, size: number) => void): Promise<void> {
  const size = (await stat(file)).size;
  const stream = createReadStream(file, { encoding: "utf8" });
  const split = new PhhSplitter(name);
  let bytes = 0;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    bytes += line.length + 1;
    const item = split.push(line);
    if (item !== null) {
      take(item);
      read(bytes, size);
    }
  }
  const last = split.end();
  if (last !== null) take(last);
}

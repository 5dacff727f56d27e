// Writes a `.phhs` file of many hands for `felt replay` to stream, from the pokerkit hands
// beside the rulebook (../shared/phh/pokerkit, or --from FOLDER): every 50th hand with the
// first player's stack unknown where they fold (`inf` before and after), every 7th with a folder's hole
// cards unknown (`????`), and every 1,000th a stud hand, which replay skips. Then replays it
// under /usr/bin/time and prints the closing line and the peak memory.
//   npx tsx bench/phhs-large.ts [--hands 100000] [--from FOLDER] [--keep FILE]
import { spawnSync } from "node:child_process";
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const count = Number(arg("hands", "100000"));
const from = arg("from", join(import.meta.dirname, "..", "..", "shared", "phh", "pokerkit"));
const sources = readdirSync(from)
  .filter((f) => f.endsWith(".phh"))
  .sort()
  .map((f) => readFileSync(join(from, f), "utf8"));
if (sources.length === 0) throw new Error(`no .phh hands in ${from}`);

const STUD = `variant = 'F7S'
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = ['d dh p1 AcAd7h', 'd dh p2 KcKd2s', 'p2 cbr 2', 'p1 f']
`;

/** The first player's stack as the history does not know it (only where they fold: a player
 *  who folds was never all in, so the hand does not depend on their stack). */
const unknownFirstStack = (h: string) =>
  !h.includes("'p1 f'")
    ? h
    : h.replace(/^starting_stacks = \[[^,\]]+/m, "starting_stacks = [inf").replace(/^finishing_stacks = \[[^,\]]+/m, "finishing_stacks = [inf");

/** The hole cards of the first player who folds, unknown (nobody saw them). */
function unknownFolder(h: string): string {
  const fold = /'p(\d+) f'/.exec(h);
  return fold === null ? h : h.replace(new RegExp(`'d dh p${fold[1]} [2-9TJQKA][cdhs][2-9TJQKA][cdhs]'`), `'d dh p${fold[1]} ????'`);
}

const dir = mkdtempSync(join(tmpdir(), "felt-phhs-"));
const file = arg("keep", join(dir, "large.phhs"));
const out = createWriteStream(file);
let hold = 0;
let skipped = 0;
for (let i = 0; i < count; i++) {
  let h = sources[i % sources.length]!;
  if (i % 1000 === 999) {
    h = STUD;
    skipped++;
  } else {
    hold++;
    if (i % 50 === 0) h = unknownFirstStack(h);
    if (i % 7 === 0) h = unknownFolder(h);
  }
  if (!out.write(`[${i + 1}]\n${h}\n`)) await new Promise<void>((r) => out.once("drain", () => r()));
}
await new Promise<void>((r) => out.end(() => r()));
console.log(`wrote ${count} hands (${hold} hold'em, ${skipped} stud) to ${file}`);

const felt = join(import.meta.dirname, "..", "bin", "felt.mjs");
const run = spawnSync("/usr/bin/time", ["-v", process.execPath, felt, "replay", file], { encoding: "utf8", maxBuffer: 1 << 30 });
const closing = run.stdout.trim().split("\n").at(-1);
const failures = run.stdout
  .split("\n")
  .filter((l) => l.startsWith("FAIL "))
  .slice(0, 5);
const field = (name: string) => new RegExp(`${name}: (.+)`).exec(run.stderr)?.[1]?.trim() ?? "?";
console.log(closing);
for (const f of failures) console.log(f);
console.log(
  `exit ${run.status}; peak memory ${(Number(field("Maximum resident set size \\(kbytes\\)")) / 1024).toFixed(0)} MB; CPU ${field("User time \\(seconds\\)")} s user, ${field("System time \\(seconds\\)")} s system; file ${(readFileSync(file).length / 1e6).toFixed(0)} MB`,
);
if (arg("keep", "") === "") rmSync(dir, { recursive: true, force: true });

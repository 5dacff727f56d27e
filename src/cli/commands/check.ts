import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Command } from "../command.ts";
import { runCase, type CheckedCase } from "../../conformance/index.ts";
import { inputFiles } from "../shared/input-files.ts";
import { progress } from "../shared/progress.ts";

export const command: Command = {
  summary: "run conformance cases (docs/conformance.md)",
  usage:
    "felt check [--json] FILE|FOLDER...\n  Runs each case (a folder: every .json below it). Prints PASS id or FAIL id: why per\n  case, then 'N passed, N failed'; a case the format does not describe fails.",
  async run(args) {
    const json = args.includes("--json");
    const { files, missing } = await inputFiles(
      args.filter((a) => a !== "--json"),
      [".json"],
    );
    if (files.length === 0 && missing.length === 0) {
      console.error("felt check: give one or more case files or folders");
      return 2;
    }
    let passed = 0;
    let failed = 0;
    const bar = progress(files.length, "check");
    const print = (result: CheckedCase) => {
      if (result.pass) passed += 1;
      else failed += 1;
      if (json) {
        bar.line(
          JSON.stringify({
            id: result.id,
            pass: result.pass,
            got: result.got ?? null,
            expected: result.expected ?? null,
            ...(result.why ? { why: result.why } : {}),
          }),
        );
      } else {
        bar.line(result.pass ? `PASS ${result.id}` : `FAIL ${result.id}: ${result.why ?? "differs"}`);
      }
    };
    for (const m of missing) print({ id: basename(m, ".json"), pass: false, why: "cannot read: no such file or folder" });
    for (let k = 0; k < files.length; k++) {
      const file = files[k]!;
      let result: CheckedCase;
      try {
        result = await runCase(JSON.parse(await readFile(file, "utf8")), basename(file, ".json"));
      } catch (e) {
        result = { id: basename(file, ".json"), pass: false, why: `cannot read: ${e instanceof Error ? e.message : String(e)}` };
      }
      print(result);
      bar.tick(k + 1);
    }
    bar.end();
    console.log(`${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  },
};

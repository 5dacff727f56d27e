import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { Command } from "../main.ts";
import { runCase, type CheckedCase } from "../../conformance/index.ts";

export const command: Command = {
  summary: "run conformance cases (../shared/conformance/FORMAT.md)",
  usage: "felt check [--json] FILE...\n  Prints PASS id or FAIL id: why per case, then 'N passed, N failed'.",
  async run(args) {
    const json = args.includes("--json");
    const files = args.filter((a) => a !== "--json");
    if (files.length === 0) {
      console.error("felt check: give one or more case files");
      return 2;
    }
    let passed = 0;
    let failed = 0;
    for (const file of files) {
      let result: CheckedCase;
      try {
        result = await runCase(JSON.parse(await readFile(file, "utf8")), basename(file, ".json"));
      } catch (e) {
        result = { id: basename(file, ".json"), pass: false, why: `cannot read: ${e instanceof Error ? e.message : String(e)}` };
      }
      if (result.pass) passed += 1;
      else failed += 1;
      if (json) {
        console.log(JSON.stringify({ id: result.id, pass: result.pass, got: result.got ?? null, expected: result.expected ?? null, ...(result.why ? { why: result.why } : {}) }));
      } else {
        console.log(result.pass ? `PASS ${result.id}` : `FAIL ${result.id}: ${result.why ?? "differs"}`);
      }
    }
    console.log(`${passed} passed, ${failed} failed`);
    return failed === 0 ? 0 : 1;
  },
};

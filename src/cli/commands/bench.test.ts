import { describe, expect, it } from "vitest";
import { command } from "./bench.ts";

async function capture(args: readonly string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error] = [console.log, console.error];
  console.log = (...parts: unknown[]) => void out.push(parts.join(" "));
  console.error = (...parts: unknown[]) => void err.push(parts.join(" "));
  try {
    return { code: await command.run(args), out, err: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
  }
}

describe("felt bench", () => {
  it("refuses a missing or unknown target with its usage and exit status 2", async () => {
    for (const args of [[], ["nothing"]]) {
      const result = await capture(args);
      expect(result.code).toBe(2);
      expect(result.err).toContain("Usage: felt bench TARGET");
    }
  });

  it("refuses an option that is not a positive whole number with its name, the usage and exit status 2, and runs nothing", async () => {
    for (const args of [
      ["engine", "--hands", "ten"],
      ["engine", "--passes", "0"],
      ["evaluator", "--repeat"],
    ]) {
      const result = await capture(args);
      expect(result.code).toBe(2);
      expect(result.err).toContain(`felt bench: ${args[1]} needs a positive whole number`);
      expect(result.err).toContain("Usage: felt bench TARGET");
      expect(result.out).toEqual([]);
    }
  });

  it("R-POT-2: bench evaluator --json ends with the results line, naming all four evaluators", async () => {
    const result = await capture(["evaluator", "--hands", "4000", "--repeat", "1", "--json"]);
    expect(result.code).toBe(0);
    const last = JSON.parse(result.out.at(-1)!) as { results: { name: string; evalsPerSec: number }[] };
    expect(last.results.map((r) => r.name)).toEqual(["felt", "phe", "poker-evaluator", "pokersolver"]);
    for (const r of last.results) expect(r.evalsPerSec).toBeGreaterThan(0);
    expect(result.out.join("\n")).toContain("same winner on 2000 of 2000 pairs");
  });
});

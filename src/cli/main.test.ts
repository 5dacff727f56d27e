import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { main } from "./main.ts";

describe("felt CLI", () => {
  it("refuses an unknown command with exit status 2", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      expect(await main(["no-such-command"])).toBe(2);
    } finally {
      console.error = original;
    }
    expect(String(errors[0])).toContain("unknown command");
  });
});

describe("felt simulate --settings", () => {
  it("R-TRN-6: a field below the start rule's minimum is cancelled, not played; at the minimum it plays", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-sim-"));
    const file = join(dir, "settings.json");
    writeFileSync(file, JSON.stringify({ startRule: { minPlayers: 5, deadlineMinutes: 15 } }));
    const lines: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void lines.push(args.join(" "));
    try {
      expect(await main(["simulate", "--players", "4", "--settings", file, "--json"])).toBe(0);
      expect(lines[0]).toContain("cancelled: 4 players, the start rule needs 5 (R-TRN-6)");
      expect(JSON.parse(lines.at(-1)!)).toEqual({ cancelled: true, players: 4, minPlayers: 5 });
      const written: string[] = [];
      const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown, cb?: unknown) => {
        written.push(String(chunk));
        if (typeof cb === "function") cb();
        return true;
      });
      try {
        expect(await main(["simulate", "--players", "5", "--settings", file, "--json"])).toBe(0);
      } finally {
        out.mockRestore();
      }
      expect(JSON.parse(written.join("").trim().split("\n").at(-1)!)).toMatchObject({ players: 5, chipsConserved: true });
    } finally {
      console.log = original;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

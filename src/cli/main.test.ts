import { describe, expect, it } from "vitest";
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

import { describe, expect, it } from "vitest";
import { RESOURCES } from "../i18n/index.ts";
import { afterBustKey } from "./button-rule.ts";

const text = (key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], RESOURCES.en) as string;

describe("after a bust the floor says the room's button rule for the next hand (R-BTN-2/3)", () => {
  it("moving button: the button goes to the next player and nobody skips the big blind", () => {
    const s = text(afterBustKey("moving")).replace("{{table}}", "Table 3"); // the table as the floor reads it (its name, else "Table 3");
    expect(s).toMatch(/^Table 3, next hand \(moving button\)/);
    expect(s).toMatch(/button moves to the next player/);
    expect(s).toMatch(/two big blinds/);
  });

  it("dead button: the big blind moves on, the button may be dead", () => {
    const s = text(afterBustKey("dead")).replace("{{table}}", "Table 1");
    expect(s).toMatch(/^Table 1, next hand \(dead button\)/);
    expect(s).toMatch(/big blind moves to the next player/);
  });
});

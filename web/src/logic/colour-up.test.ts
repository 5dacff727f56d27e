import { describe, expect, it } from "vitest";
import { RESOURCES } from "../i18n/index.ts";
import { colourUpWords } from "./colour-up.ts";

const text = (key: string, lang: keyof typeof RESOURCES = "en") =>
  key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], RESOURCES[lang]) as string;

describe("the colour-up screen says the room's rule (R-CHIP-2/3)", () => {
  it("a chip-up deals no cards, and says the odd chips are rounded up, not raced", () => {
    const w = colourUpWords("up");
    expect(w.cards).toBe(false);
    for (const key of [w.title, w.rule, w.run, w.allDone]) expect(text(key)).not.toMatch(/race/i);
    expect(text(w.rule)).toMatch(/rounded up/);
    for (const lang of ["cs", "ru", "sv", "ro"] as const) for (const key of [w.rule, w.run, w.allDone]) expect(text(key, lang)).toBeTruthy();
  });

  it("a chip race deals a card per odd chip", () => {
    const w = colourUpWords("race");
    expect(w.cards).toBe(true);
    expect(text(w.run)).toMatch(/race/);
  });
});

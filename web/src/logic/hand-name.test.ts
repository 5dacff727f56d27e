import { describe, expect, it } from "vitest";
import { HandCategory } from "../../../src/protocol/index.ts";
import { LANGUAGES, setupI18n } from "../i18n/index.ts";
import { handName, handShape } from "./hand-name.ts";

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";
const cards = (text: string) => text.split(" ").map((c) => RANKS.indexOf(c[0]!) * 4 + SUITS.indexOf(c[1]!));
const t = (lng: string) => {
  const i18n = setupI18n({ lng, strict: true });
  return i18n.t.bind(i18n);
};

describe("a shown hand's full name (R-POT-2: the ranks that decide it)", () => {
  const en = t("en");
  it.each([
    ["two-pair", "Kh Kd 8s 8c Ah", "Two pair, Kings and Eights, Ace kicker"],
    ["full-house", "Ah Ad Ac Ks Kd", "Aces full of Kings"],
    ["full-house", "Ks Kd Ah Ad Ac", "Aces full of Kings"],
    ["pair", "Qs Qd 9h 7c 2d", "Pair of Queens, Nine-Seven-Two kickers"],
    ["three-of-a-kind", "7s 7d 7h Ac Jd", "Three of a kind, Sevens, Ace-Jack kickers"],
    ["four-of-a-kind", "9s 9d 9h 9c Kd", "Four of a kind, Nines, King kicker"],
    ["straight", "Ah 2d 3c 4s 5h", "Straight, Five high"],
    ["straight", "Th Jd Qc Ks Ah", "Straight, Ace high"],
    ["flush", "Ah Th 8h 4h 2h", "Flush, Ace-Ten-Eight-Four-Two"],
    ["straight-flush", "Th Jh Qh Kh Ah", "Royal flush"],
    ["straight-flush", "5s 6s 7s 8s 9s", "Straight flush, Nine high"],
    ["high-card", "Ah Kd 9c 7s 4h", "Ace high, King-Nine-Seven-Four kickers"],
    ["pair", "Ah Ad", "Pair of Aces"],
    ["high-card", "Ah Kd", "Ace high, King kicker"],
  ] as const)("%s %s reads %s", (category, text, expected) => {
    expect(handName(en, category, cards(text))).toBe(expected);
  });

  it("without cards it is the category's name", () => {
    expect(handName(en, "two-pair", null)).toBe("Two pair");
  });

  it("names the groups highest first whatever order the cards come in", () => {
    expect(handShape("two-pair", cards("8s Ah 8c Kh Kd"))).toEqual({ key: "two-pair", main: [11, 6], kickers: [12] });
  });

  it.each(LANGUAGES.map((l) => l.code))("every category reads in full in %s, with no key or placeholder left", (lng) => {
    const tt = t(lng);
    const samples: Record<HandCategory, string> = {
      "high-card": "Ah Kd 9c 7s 4h",
      pair: "Qs Qd 9h 7c 2d",
      "two-pair": "Kh Kd 8s 8c Ah",
      "three-of-a-kind": "7s 7d 7h Ac Jd",
      straight: "Ah 2d 3c 4s 5h",
      flush: "Ah Th 8h 4h 2h",
      "full-house": "Ah Ad Ac Ks Kd",
      "four-of-a-kind": "9s 9d 9h 9c Kd",
      "straight-flush": "5s 6s 7s 8s 9s",
      "royal-flush": "Th Jh Qh Kh Ah",
    };
    for (const category of HandCategory.options) {
      const name = handName(tt, category, cards(samples[category]));
      expect(name).not.toMatch(/\{\{|handFull\.|handName\.|undefined/);
      expect(name.length).toBeGreaterThan(6);
    }
  });
});

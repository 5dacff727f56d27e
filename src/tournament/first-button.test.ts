import { describe, expect, it } from "vitest";
import { parseCards, type Card } from "../cards/index.ts";
import { unwrap } from "../lib/result.ts";
import { drawFirstButton, drawFirstButtonFrom } from "./first-button.ts";
import { seededRandom } from "./random.ts";

const supply = (text: string) => {
  const cards: Card[] = unwrap(parseCards(text));
  return () => cards.shift()!;
};

describe("first button draw (R-DEAL-6)", () => {
  it("R-DEAL-6: highest card gets the button; a tie in rank goes by suit, spades highest", () => {
    const r = unwrap(drawFirstButtonFrom([1, 3, 6], supply("KhKs9c")));
    expect(r.button).toBe(3);
    expect(r.cards.map((c) => c.seat)).toEqual([1, 3, 6]);
  });
  it("R-DEAL-6 option redraw: players tied in rank draw again, only they", () => {
    const r = unwrap(drawFirstButtonFrom([1, 3, 6], supply("KhKs9c2d3c"), "redraw"));
    expect(r.button).toBe(3);
    expect(r.cards.filter((c) => c.round === 2).map((c) => c.seat)).toEqual([1, 3]);
  });
  it("R-DEAL-6 option first jack: cards go round until a jack falls", () => {
    const r = unwrap(drawFirstButtonFrom([2, 5], supply("2c3d4h5sJc"), "first-jack"));
    expect(r.button).toBe(2);
    expect(r.cards).toHaveLength(5);
  });
  it("R-DEAL-6: with a random deck every seated player can win, and only they", () => {
    const rng = seededRandom(7);
    const seen = new Set<number>();
    for (let i = 0; i < 300; i++) seen.add(unwrap(drawFirstButton([2, 4, 9], rng, i % 2 ? "redraw" : "first-jack")).button);
    expect([...seen].sort()).toEqual([2, 4, 9]);
  });
  it("refuses fewer than two players", () => {
    expect(drawFirstButton([4], seededRandom(1)).ok).toBe(false);
  });
});

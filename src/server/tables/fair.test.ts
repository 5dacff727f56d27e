import { describe, expect, it } from "vitest";
import { commitDeck } from "../../cards/index.ts";
import { committedDeck } from "./fair.ts";

const tableSeed = "ab".repeat(32);

describe("a hand's committed deck", () => {
  it("is derived once per hand: the deal's inputs and the hand share its entropy, and get the same deck", () => {
    const entropy = { previous: "cd".repeat(32), contributions: [] };
    const deal = committedDeck({ tableSeed, handNumber: 7, entropy });
    const hand = committedDeck({ tableSeed, handNumber: 7, entropy });
    expect(hand).toBe(deal);
    expect(deal?.root).toBe(commitDeck(tableSeed, 7, entropy).root);
  });

  it("is the deck of the inputs given, whatever was derived before from the same entropy object", () => {
    const entropy = { previous: null, contributions: [] };
    const seven = committedDeck({ tableSeed, handNumber: 7, entropy })!;
    const eight = committedDeck({ tableSeed, handNumber: 8, entropy })!;
    expect(eight.root).toBe(commitDeck(tableSeed, 8, entropy).root);
    expect(eight.root).not.toBe(seven.root);
    const other = committedDeck({ tableSeed: "ef".repeat(32), handNumber: 8, entropy })!;
    expect(other.root).toBe(commitDeck("ef".repeat(32), 8, entropy).root);
    expect(committedDeck({ tableSeed: null, handNumber: 8, entropy })).toBeNull();
  });
});

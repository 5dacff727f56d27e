import { describe, expect, it } from "vitest";
import type { LastHand } from "../../../src/protocol/index.ts";
import { potLines } from "./showdown.ts";

const five = [48, 49, 28, 29, 0];

describe("R-POT-1, R-POT-3: the finished hand names every pot's winners", () => {
  it("a main and a side pot each name who took them, with the hand", () => {
    const last: Pick<LastHand, "pots" | "shown"> = {
      shown: [
        { seat: 1, name: "Ann", cards: [48, 49], hand: { category: "two-pair", cards: five } },
        { seat: 2, name: "Bo", cards: [10, 14], hand: { category: "pair", cards: [10, 11, 48, 28, 0] } },
      ],
      pots: [
        { index: 0, amount: 900, winners: [{ seat: 1, name: "Ann", amount: 900, category: "two-pair" }] },
        { index: 1, amount: 400, winners: [{ seat: 2, name: "Bo", amount: 400, category: "pair" }] },
      ],
    };
    expect(potLines(last)).toEqual([
      { index: 0, amount: 900, winners: ["Ann"], hand: { category: "two-pair", cards: five } },
      { index: 1, amount: 400, winners: ["Bo"], hand: { category: "pair", cards: [10, 11, 48, 28, 0] } },
    ]);
  });

  it("a split pot names every player with a share; a pot won without a showdown has no hand", () => {
    const last: Pick<LastHand, "pots" | "shown"> = {
      shown: [],
      pots: [
        {
          index: 0,
          amount: 1001,
          winners: [
            { seat: 1, name: "Ann", amount: 501, category: "straight" },
            { seat: 3, name: "Cy", amount: 500, category: "straight" },
          ],
        },
        { index: 1, amount: 50, winners: [{ seat: 2, name: "Bo", amount: 50, category: null }] },
      ],
    };
    expect(potLines(last)).toEqual([
      { index: 0, amount: 1001, winners: ["Ann", "Cy"], hand: { category: "straight", cards: null } },
      { index: 1, amount: 50, winners: ["Bo"], hand: null },
    ]);
  });
});

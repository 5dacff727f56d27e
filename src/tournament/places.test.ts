import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { placeBusts, splitPrize, winner } from "./places.ts";
import { shootoutLosers, shootoutRound } from "./shootout.ts";

const swedishPrizes = { 1: 2000, 2: 1000, 3: 700, 4: 500, 5: 400, 6: 300, 7: 100, 8: 200, 9: 50 };

describe("places and prizes (R-PLACE)", () => {
  it("R-PLACE-1: one bust takes the place equal to the players left", () => {
    expect(unwrap(placeBusts(6, [{ id: "x", startStack: 10 }], swedishPrizes))).toEqual([{ id: "x", places: [6], prize: 300 }]);
  });
  it("R-PLACE-2: seed 003: Albert (25) 9th for 50, Bodil and Cesar (60 each) share 7th and 8th, 150 each", () => {
    const r = unwrap(
      placeBusts(
        9,
        [
          { id: "Albert", startStack: 25 },
          { id: "Bodil", startStack: 60 },
          { id: "Cesar", startStack: 60 },
        ],
        swedishPrizes,
      ),
    );
    expect(r).toEqual([
      { id: "Bodil", places: [7, 8], prize: 150 },
      { id: "Cesar", places: [7, 8], prize: 150 },
      { id: "Albert", places: [9], prize: 50 },
    ]);
  });
  it("R-PLACE-2: a shared prize splits to the unit, remainder one unit each in seat order from the button", () => {
    expect(splitPrize(101, 3)).toEqual([34, 34, 33]);
    expect(splitPrize(1000, 3, 5)).toEqual([335, 335, 330]);
    const r = unwrap(
      placeBusts(
        5,
        [
          { id: "a", startStack: 9 },
          { id: "b", startStack: 9 },
          { id: "c", startStack: 9 },
        ],
        { 3: 100, 4: 1, 5: 0 },
      ),
    );
    expect(r.map((x) => [x.id, x.prize])).toEqual([
      ["a", 34],
      ["b", 34],
      ["c", 33],
    ]);
  });
  it("R-PLACE-4: the last player with chips wins", () => {
    expect(winner("w", swedishPrizes)).toEqual({ id: "w", places: [1], prize: 2000 });
  });
  it("refuses busting everyone, duplicates and bad prizes", () => {
    expect(
      placeBusts(
        2,
        [
          { id: "a", startStack: 1 },
          { id: "b", startStack: 1 },
        ],
        {},
      ).ok,
    ).toBe(false);
    expect(
      placeBusts(
        5,
        [
          { id: "a", startStack: 1 },
          { id: "a", startStack: 2 },
        ],
        {},
      ).ok,
    ).toBe(false);
    expect(placeBusts(5, [{ id: "a", startStack: 1 }], { 5: 1.5 }).ok).toBe(false);
  });
  it("R-PLACE-2 property: places are the last k, more chips place better, prizes add up exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 59 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 60, maxLength: 60 }),
        (left, stacks, amounts) => {
          fc.pre(stacks.length < left);
          const prizes = Object.fromEntries(amounts.map((a, i) => [i + 1, a]));
          const r = unwrap(
            placeBusts(
              left,
              stacks.map((s, i) => ({ id: `p${i}`, startStack: s })),
              prizes,
            ),
          );
          const groups = new Map(r.map((a) => [a.places.join(","), a.places]));
          const places = [...groups.values()].flat().sort((a, b) => a - b);
          expect(places).toEqual(Array.from({ length: stacks.length }, (_, i) => left - stacks.length + 1 + i));
          const paid = r.reduce((s, a) => s + a.prize, 0);
          expect(paid).toBe(places.reduce((s, p) => s + prizes[p]!, 0));
          for (const a of r)
            for (const b of r) {
              const sa = stacks[Number(a.id.slice(1))]!,
                sb = stacks[Number(b.id.slice(1))]!;
              if (sa > sb) expect(Math.max(...a.places)).toBeLessThan(Math.min(...b.places));
              if (sa === sb) expect(a.places).toEqual(b.places);
            }
        },
      ),
    );
  });
});

describe("shootout (R-TRN-11, R-PLACE-3)", () => {
  const tables = [
    {
      table: "A",
      players: [
        { id: "a1", stack: 500 },
        { id: "a2", stack: 100 },
        { id: "a3", stack: 900 },
      ],
    },
    {
      table: "B",
      players: [
        { id: "b1", stack: 300 },
        { id: "b2", stack: 300 },
        { id: "b3", stack: 800 },
      ],
    },
    {
      table: "C",
      players: [
        { id: "c1", stack: 400 },
        { id: "c2", stack: 400 },
      ],
    },
  ];
  it("R-TRN-11: the fewest chips at each table go, ties all go; a table of equals loses nobody", () => {
    expect(shootoutLosers(tables).map((l) => l.id)).toEqual(["a2", "b1", "b2"]);
  });
  it("R-PLACE-3: those going at one level change share their places and prizes (seed 003)", () => {
    const r = unwrap(shootoutRound(tables, { 6: 90, 7: 30, 8: 0 }));
    expect(r).toEqual([
      { id: "a2", places: [6, 7, 8], prize: 40 },
      { id: "b1", places: [6, 7, 8], prize: 40 },
      { id: "b2", places: [6, 7, 8], prize: 40 },
    ]);
  });
  it("R-PLACE-3 option by-stack: fewer chips place worse, equal stacks share", () => {
    const r = unwrap(shootoutRound(tables, { 6: 90, 7: 30, 8: 0 }, "by-stack"));
    expect(r.map((a) => [a.id, a.places, a.prize])).toEqual([
      ["b1", [6, 7], 60],
      ["b2", [6, 7], 60],
      ["a2", [8], 0],
    ]);
  });
});

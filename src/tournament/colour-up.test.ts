import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCards } from "../cards/index.ts";
import { unwrap } from "../lib/result.ts";
import { colourUp, removableChips, type ColourUpPlayer } from "./colour-up.ts";
import { seededRandom, shuffledDeck } from "./random.ts";

describe("which chip goes (R-CHIP-1)", () => {
  it("R-CHIP-1: 25s go once every blind and ante is a multiple of 100", () => {
    expect(removableChips([25, 100, 500, 1000], [100, 200, 25])).toEqual([]);
    expect(removableChips([25, 100, 500, 1000], [100, 200, 300, 400, 600])).toEqual([25]);
    expect(removableChips([25, 100, 500, 1000], [500, 1000, 2000])).toEqual([25, 100]);
    expect(removableChips([1000], [1000])).toEqual([]);
  });
});

describe("chip-up and chip race", () => {
  it("R-CHIP-2: chip-up rounds 1, 2 or 3 × 25 to one 100", () => {
    const r = unwrap(
      colourUp({
        method: "up",
        remove: 25,
        next: 100,
        button: 1,
        tableSize: 9,
        players: [
          { id: "a", seat: 1, stack: 1025, small: 1 },
          { id: "b", seat: 2, stack: 575, small: 3 },
          { id: "c", seat: 3, stack: 900, small: 0 },
        ],
      }),
    );
    expect(r.stacks).toEqual({ a: 1100, b: 600, c: 900 });
    expect(r.winners).toEqual([]);
  });
  it("R-CHIP-3 / R-CHIP-4: seed 003's table: Dagmar gets a bank chip, Albert's As wins the one chip", () => {
    const r = unwrap(
      colourUp({
        method: "race",
        remove: 5,
        next: 25,
        button: 4,
        tableSize: 10,
        deck: unwrap(parseCards("As4s2c4h4d3c3h")),
        players: [
          { id: "Albert", seat: 1, stack: 1005, small: 1 },
          { id: "Bodil", seat: 2, stack: 510, small: 2 },
          { id: "Cesar", seat: 3, stack: 2020, small: 4 },
          { id: "Dagmar", seat: 4, stack: 15, small: 3 },
        ],
      }),
    );
    expect(r.stacks).toEqual({ Albert: 1025, Bodil: 500, Cesar: 2000, Dagmar: 25 });
    expect(r.bankChip).toEqual(["Dagmar"]);
    expect(r.dealt.map((d) => [d.id, d.cards.length])).toEqual([
      ["Albert", 1],
      ["Bodil", 2],
      ["Cesar", 4],
    ]);
    expect(r.raceChips).toBe(1);
  });
  it("R-CHIP-3: the pool rounds up at half: 8 × 25 → 2, 9 → 2, 10 → 3, 11 → 3", () => {
    for (const [odd, chips] of [
      [8, 2],
      [9, 2],
      [10, 3],
      [11, 3],
    ] as const) {
      // four players holding 3,3,3,odd-9 odd 25s (at most 3 each)
      const smalls = [3, 3, 3, 3].map((_, i) => Math.max(0, Math.min(3, odd - 3 * i)));
      const players = smalls.map((small, i) => ({ id: `p${i}`, seat: i + 1, stack: 1000 + small * 25, small }));
      const r = unwrap(colourUp({ method: "race", remove: 25, next: 100, button: 9, tableSize: 9, players, deck: shuffledDeck(seededRandom(odd)) }));
      expect(r.raceChips).toBe(chips);
      expect(r.winners).toHaveLength(chips);
    }
  });
  it("R-CHIP-3: cards are dealt from the seat left of the button, all of a player's cards at once", () => {
    const r = unwrap(
      colourUp({
        method: "race",
        remove: 25,
        next: 100,
        button: 5,
        tableSize: 9,
        deck: unwrap(parseCards("Kd7c2hKs3dQhJc9sAsAh")),
        players: [
          { id: "P1", seat: 1, stack: 1075, small: 3 },
          { id: "P2", seat: 2, stack: 550, small: 2 },
          { id: "P3", seat: 3, stack: 2075, small: 3 },
          { id: "P6", seat: 6, stack: 1050, small: 2 },
        ],
      }),
    );
    expect(r.dealt.map((d) => d.id)).toEqual(["P6", "P1", "P2", "P3"]);
  });
  it("R-CHIP-1: an online stack (a number) holds as few small chips as it can", () => {
    const r = unwrap(
      colourUp({
        method: "up",
        remove: 25,
        next: 100,
        button: 1,
        tableSize: 9,
        players: [
          { id: "a", seat: 1, stack: 1075 },
          { id: "b", seat: 2, stack: 400 },
        ],
      }),
    );
    expect(r.stacks).toEqual({ a: 1100, b: 400 });
    expect(colourUp({ method: "up", remove: 25, next: 100, button: 1, tableSize: 9, players: [{ id: "a", seat: 1, stack: 1010 }] }).ok).toBe(false);
  });
  it("refuses impossible stacks and a short deck", () => {
    const base = { method: "race" as const, remove: 25, next: 100, button: 1, tableSize: 9 };
    expect(colourUp({ ...base, players: [{ id: "a", seat: 1, stack: 50, small: 3 }] }).ok).toBe(false);
    expect(colourUp({ ...base, players: [{ id: "a", seat: 1, stack: 1075, small: 3 }], deck: [] }).ok).toBe(false);
    expect(colourUp({ ...base, next: 110, players: [] }).ok).toBe(false);
  });
});

const arbTable = fc
  .tuple(fc.constantFrom([5, 25], [25, 100], [100, 500]), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 0xffffffff }))
  .chain(([[remove, next], n, seed]) =>
    fc.record({
      remove: fc.constant(remove!),
      next: fc.constant(next!),
      seed: fc.constant(seed),
      players: fc.array(
        fc.record({ big: fc.integer({ min: 0, max: 40 }), small: fc.integer({ min: 0, max: 12 }) }).filter((p) => p.big + p.small > 0),
        { minLength: n, maxLength: n },
      ),
    }),
  );

describe("colour-up properties", () => {
  it("R-CHIP-2/3/4: no one eliminated, each stack moves by less than one new chip, the table by at most half of one", () => {
    fc.assert(
      fc.property(arbTable, fc.constantFrom("race" as const, "up" as const), ({ remove, next, seed, players }, method) => {
        const ps: ColourUpPlayer[] = players.map((p, i) => ({ id: `p${i}`, seat: i + 1, small: p.small, stack: p.big * next + p.small * remove }));
        const r = unwrap(colourUp({ method, remove, next, button: 1 + (seed % 10), tableSize: 10, players: ps, deck: shuffledDeck(seededRandom(seed)) }));
        let delta = 0;
        for (const p of ps) {
          const after = r.stacks[p.id]!;
          expect(after).toBeGreaterThan(0);
          expect(after % next).toBe(0);
          expect(Math.abs(after - p.stack)).toBeLessThan(next);
          delta += after - p.stack;
        }
        if (method === "race") {
          const banked = r.bankChip.reduce((s, id) => s + next - ps.find((p) => p.id === id)!.stack, 0);
          expect(Math.abs(delta - banked)).toBeLessThanOrEqual(next / 2);
          expect(new Set(r.winners).size).toBe(r.winners.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});

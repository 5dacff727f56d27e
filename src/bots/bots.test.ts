import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legalActions, openHand } from "../engine/index.ts";
import { seededRandom, shuffledDeck } from "../tournament/index.ts";
import { BOTS, botView, playBotHand, preflopScore, timeoutAction, type BotStyle } from "./index.ts";
import { parseCards } from "../cards/index.ts";
import { unwrap } from "../lib/result.ts";

describe("bots choose only among the engine's legal actions", () => {
  for (const style of Object.keys(BOTS) as BotStyle[]) {
    it(`${style}: 100 random hands, 2-10 players, tiny to deep stacks: nothing refused, chips conserved`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 10 }),
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 10, maxLength: 10 }),
          (n, seed, raw) => {
            const rng = seededRandom(seed);
            const stacks = raw.slice(0, n).map((x) => x * 10);
            const blinds = n === 2 ? [20, 10] : [10, 20, ...new Array(n - 2).fill(0)];
            const r = playBotHand({ variant: "NT", stacks, blinds, chipUnit: 10, autoShowdown: true }, shuffledDeck(rng), () => BOTS[style], rng);
            expect(r.refused).toBe(0);
            expect(r.stacks.reduce((a, b) => a + b, 0)).toBe(stacks.reduce((a, b) => a + b, 0));
            for (const x of r.stacks) expect(x % 10).toBe(0);
          },
        ),
        { numRuns: 100 },
      );
    });
  }
  it("fixed limit hands too (R-BET-9 mixed levels)", () => {
    const rng = seededRandom(5);
    for (let i = 0; i < 100; i++) {
      const r = playBotHand(
        { variant: "FT", stacks: [500, 500, 500, 500], blinds: [10, 20, 0, 0], smallBet: 20, bigBet: 40, autoShowdown: true },
        shuffledDeck(rng),
        (p) => BOTS[(["random", "tight-aggressive", "calling-station"] as const)[p % 3]!],
        rng,
      );
      expect(r.refused).toBe(0);
    }
  });
});

describe("R-TRN-9 action clock", () => {
  it("at timeout a player checks if possible, else folds", () => {
    const opened = openHand({ variant: "NT", stacks: [1000, 1000, 1000], blinds: [10, 20, 0], deck: shuffledDeck(seededRandom(1)) });
    if (!opened.ok) throw new Error();
    const legal = legalActions(opened.value.state)!;
    expect(timeoutAction(legal)).toEqual({ type: "fold", player: legal.actor });
    expect(timeoutAction({ ...legal, canCheck: true, call: 0 })).toEqual({ type: "check", player: legal.actor });
  });
  it("every decision timed out: nobody ever bets, the big blind wins the blinds", () => {
    const rng = seededRandom(2);
    const r = playBotHand({ variant: "NT", stacks: [1000, 1000, 1000], blinds: [10, 20, 0], autoShowdown: true }, shuffledDeck(rng), () => BOTS.random, rng, {
      timeoutRate: 1,
    });
    expect(r.stacks).toEqual([990, 1010, 1000]);
  });
});

describe("bot views and hand strength", () => {
  it("a bot's view holds its own cards and no one else's", () => {
    const opened = openHand({ variant: "NT", stacks: [1000, 1000, 1000], blinds: [10, 20, 0], deck: shuffledDeck(seededRandom(3)) });
    if (!opened.ok) throw new Error();
    const s = opened.value.state;
    const v = botView(s)!;
    expect(v.hole).toEqual([s.hole[2 * v.player], s.hole[2 * v.player + 1]]);
    expect(Object.keys(v)).not.toContain("hole_all");
    expect(JSON.stringify(v)).not.toContain("deck");
  });
  it("preflop score orders hands: AA > AKs > AKo > 72o", () => {
    const sc = (a: string) => {
      const [x, y] = unwrap(parseCards(a));
      return preflopScore(x!, y!);
    };
    expect(sc("AsAh")).toBeGreaterThan(sc("AsKs"));
    expect(sc("AsKs")).toBeGreaterThan(sc("AsKd"));
    expect(sc("AsKd")).toBeGreaterThan(sc("7s2d"));
  });
});

// The forced bets of the rulebook (docs/rules.md R-BLIND-2/3/4, R-BET-4) and pokerkit's
// convention, which PHH replays keep.
import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { bigBlindOf } from "./config.ts";
import { apply, createHand, legalActions, type Action, type HandConfig, type HandState } from "./index.ts";
import { parseCards } from "../cards/index.ts";

function hand(config: Omit<HandConfig, "variant">, actions: Action[] = []): HandState {
  let s = unwrap(createHand({ variant: "NT", ...config }));
  for (let p = 0; p < s.n; p++) s = unwrap(apply(s, { type: "deal-hole", player: p, cards: [-1, -1] })).state;
  for (const a of actions) s = unwrap(apply(s, a)).state;
  return s;
}
/** The hand once the forced bets are posted and the cards dealt. */
const unwrapOpen = (config: Omit<HandConfig, "variant">): HandState => hand(config);
const call = (player: number): Action => ({ type: "call", player });
const check = (player: number): Action => ({ type: "check", player });
const board = (t: string): Action => ({ type: "deal-board", cards: unwrap(parseCards(t)) });

describe("R-BLIND-4: a short all-in big blind does not lower the stakes", () => {
  const short = { stacks: [5000, 60, 5000, 5000], blinds: [50, 100, 0, 0] };

  it("R-BLIND-4: the next player calls the full big blind and the smallest raise is to two big blinds", () => {
    const s = hand(short);
    expect(s.bets).toEqual([50, 60, 0, 0]);
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 100, minRaiseTo: 200 });
    expect(apply(s, { type: "raise", player: 2, to: 160 }).ok).toBe(false);
  });

  it("R-BLIND-4 / R-POT-1: the chips above what the all-in big blind matched form a side pot", () => {
    const s = hand(short, [call(2), call(3), call(0)]);
    // Main pot 4 × 60 = 240 for everyone; side pot 3 × 40 = 120 without the big blind.
    expect(s.phase).toBe("board");
    expect(s.committed).toEqual([100, 60, 100, 100]);
  });

  it("R-BLIND-4: heads-up against the short all-in big blind, the excess comes back to the caller", () => {
    const s = hand({ stacks: [60, 5000], blinds: [100, 50] }, [call(1)]);
    expect(s.committed).toEqual([60, 60]);
    expect(s.stacks).toEqual([0, 4940]);
  });

  it("R-BLIND-4 (pokerkit convention): the call is what was posted, the raise on top of it", () => {
    const s = hand({ ...short, forcedBets: "pokerkit" });
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 60, minRaiseTo: 160 });
  });
});

describe("R-BLIND-2: big-blind ante", () => {
  const bba = { stacks: [5000, 150, 5000], blinds: [50, 100, 0], antes: [0, 100, 0] };

  it("R-BLIND-2: a big blind who cannot cover both posts the blind first, the ante from what is left", () => {
    const s = unwrapOpen(bba);
    expect(s.bets).toEqual([50, 100, 0]);
    expect(s.dead).toBe(50);
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 100, minRaiseTo: 200 });
  });

  it("R-BLIND-2: a big blind with exactly the blind posts no ante", () => {
    const s = unwrapOpen({ ...bba, stacks: [5000, 100, 5000] });
    expect(s.bets).toEqual([50, 100, 0]);
    expect(s.dead).toBe(0);
  });

  it("R-BLIND-2 (pokerkit convention): the ante comes first, the blind from what is left", () => {
    const s = unwrapOpen({ ...bba, forcedBets: "pokerkit" });
    expect(s.bets).toEqual([50, 50, 0]);
    expect(s.dead).toBe(100);
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 50 });
  });

  it("R-BLIND-2: uniform antes are posted before the blinds in both conventions", () => {
    const s = unwrapOpen({ stacks: [5000, 120, 5000], blinds: [50, 100, 0], antes: [25, 25, 25] });
    expect(s.bets).toEqual([50, 95, 0]);
  });
});

describe("R-BET-4 / R-BLIND-3: after the flop the smallest bet is the big blind, never the straddle", () => {
  const straddled = { stacks: [5000, 5000, 5000, 5000], blinds: [50, 100, 200, 0] };

  it("R-BLIND-3: pre-flop the straddle sizes the raise; R-BET-4: on the flop the minimum bet is the big blind", () => {
    const pre = hand(straddled);
    expect(legalActions(pre)).toMatchObject({ actor: 3, call: 200, minRaiseTo: 400 });
    const flop = hand(straddled, [call(3), call(0), call(1), check(2), board("2c7d9h")]);
    expect(legalActions(flop)).toMatchObject({ actor: 0, canCheck: true, minRaiseTo: 100 });
  });

  it("R-BET-4: the engine's big blind is not a straddle, nor a second big or small blind (R-BTN-3)", () => {
    expect(bigBlindOf([50, 100, 200])).toBe(100);
    expect(bigBlindOf([50, 100, 200, 400])).toBe(100);
    expect(bigBlindOf([50, 50, 100, 0])).toBe(100); // two small blinds, then the big blind
    expect(bigBlindOf([100, 100, 0, 50])).toBe(100); // two big blinds, the button's small blind
    expect(bigBlindOf([100, 50])).toBe(100); // heads-up [BB, SB]
    expect(bigBlindOf([100, 0, 0])).toBe(100); // no small blind (R-BTN-2)
  });
});

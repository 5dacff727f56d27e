import { describe, expect, it } from "vitest";
import { parseCards } from "../cards/index.ts";
import { unwrap } from "../lib/result.ts";
import { ALL_IN, apply, createHand, legalActions, statusOf, type Action, type HandConfig, type HandState } from "./index.ts";

const cards = (t: string) => unwrap(parseCards(t));

/** A hand dealt from outside with unknown hole cards, then the given actions. */
function hand(config: Omit<HandConfig, "variant"> & { variant?: HandConfig["variant"] }, actions: Action[] = []): HandState {
  let s = unwrap(createHand({ variant: "NT", ...config }));
  for (let p = 0; p < s.n; p++) s = unwrap(apply(s, { type: "deal-hole", player: p, cards: [-1, -1] })).state;
  for (const a of actions) s = unwrap(apply(s, a)).state;
  return s;
}
const raise = (player: number, to: number): Action => ({ type: "raise", player, to });
const call = (player: number): Action => ({ type: "call", player });
const check = (player: number): Action => ({ type: "check", player });
const fold = (player: number): Action => ({ type: "fold", player });
const board = (t: string): Action => ({ type: "deal-board", cards: cards(t) });

const three = { stacks: [5000, 5000, 5000], blinds: [50, 100, 0] };

describe("betting order", () => {
  it("R-BET-2: pre-flop the player left of the big blind acts first; after the flop, left of the button", () => {
    expect(legalActions(hand(three))?.actor).toBe(2);
    const flop = hand(three, [call(2), call(0), check(1), board("2c7d9h")]);
    expect(legalActions(flop)?.actor).toBe(0);
  });

  it("R-HU-2: heads-up the button (p2, small blind) acts first pre-flop and last after", () => {
    const s = hand({ stacks: [1000, 1000], blinds: [10, 5] });
    expect(legalActions(s)).toMatchObject({ actor: 1, call: 5, minRaiseTo: 20 });
    const flop = hand({ stacks: [1000, 1000], blinds: [10, 5] }, [call(1), check(0), board("2c7d9h")]);
    expect(legalActions(flop)?.actor).toBe(0);
  });

  it("R-BLIND-3: the straddler acts last pre-flop and the minimum raise is to twice the straddle", () => {
    const s = hand({ stacks: [5000, 5000, 5000, 5000], blinds: [50, 100, 200, 0] });
    expect(legalActions(s)).toMatchObject({ actor: 3, call: 200, minRaiseTo: 400 });
    const back = hand({ stacks: [5000, 5000, 5000, 5000], blinds: [50, 100, 200, 0] }, [call(3), call(0), call(1)]);
    expect(legalActions(back)).toMatchObject({ actor: 2, canCheck: true, minRaiseTo: 400 });
  });

  it("R-BTN-3: with two big blinds the first to act sits after the second one", () => {
    const s = hand({ stacks: [5000, 5000, 5000, 5000], blinds: [0, 100, 100, 0] });
    expect(legalActions(s)).toMatchObject({ actor: 3, call: 100, minRaiseTo: 200 });
  });

  it("R-BTN-3: a button that also posts the small blind acts just before the big blinds", () => {
    // p1 and p2 (left of the button) post big blinds; p4, the button, posts the small blind.
    const s = hand({ stacks: [5000, 5000, 5000, 5000], blinds: [100, 100, 0, 50] });
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 100 });
    const next = hand({ stacks: [5000, 5000, 5000, 5000], blinds: [100, 100, 0, 50] }, [call(2)]);
    expect(legalActions(next)).toMatchObject({ actor: 3, call: 50 });
  });

  it("R-BET-3: the big blind keeps the option when everybody calls", () => {
    const s = hand(three, [call(2), call(0)]);
    expect(legalActions(s)).toMatchObject({ actor: 1, canCheck: true, minRaiseTo: 200 });
  });
});

describe("sizes", () => {
  it("R-BET-4: minimum bet is the big blind, minimum raise the largest previous raise", () => {
    const flop = hand(three, [call(2), call(0), check(1), board("2c7d9h")]);
    expect(legalActions(flop)).toMatchObject({ minRaiseTo: 100, maxRaiseTo: 4900 });
    const r = apply(flop, raise(0, 50));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: "engine/raise-too-small", min: 100 });
    const s = hand(three, [call(2), call(0), check(1), board("2c7d9h"), raise(0, 100), raise(1, 400)]);
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 400, minRaiseTo: 700 });
  });

  it("R-BET-6: pot-limit maximum = current bet + pot before the round + bets in the round + the call", () => {
    const cfg = { variant: "PT" as const, stacks: [1000, 1000, 1000, 1000, 1000], blinds: [1, 2, 0, 0, 0] };
    const s = hand(cfg, [call(2), call(3), call(4), call(0), check(1), board("2s7h9d"), raise(0, 5)]);
    expect(legalActions(s)).toMatchObject({ actor: 1, call: 5, minRaiseTo: 10, maxRaiseTo: 25 });
    // Pre-flop: the blinds are in the round: 2 + (3 + 2) = 7 for the first raiser.
    expect(legalActions(hand(cfg))).toMatchObject({ maxRaiseTo: 7 });
  });

  it("R-BET-7: fixed-limit sizes, small bet pre-flop and flop, big bet turn and river", () => {
    const cfg = { variant: "FT" as const, stacks: [1000, 1000, 1000], blinds: [5, 10, 0], smallBet: 10, bigBet: 20 };
    expect(legalActions(hand(cfg))).toMatchObject({ minRaiseTo: 20, maxRaiseTo: 20 });
    const turn = hand(cfg, [call(2), call(0), check(1), board("2c7d9h"), check(0), check(1), check(2), board("Ks")]);
    expect(legalActions(turn)).toMatchObject({ minRaiseTo: 20, maxRaiseTo: 20 });
  });

  it("R-BET-7: four bets cap a round, the big blind counting as the first pre-flop", () => {
    const cfg = { variant: "FT" as const, stacks: [1000, 1000, 1000, 1000], blinds: [5, 10, 0, 0], smallBet: 10, bigBet: 20 };
    const s = hand(cfg, [raise(2, 20), raise(3, 30), raise(0, 40)]);
    expect(legalActions(s)).toMatchObject({ actor: 1, call: 30, canRaise: false });
    const r = apply(s, raise(1, 50));
    expect(!r.ok && r.error.code).toBe("engine/raise-not-allowed");
  });
});

describe("R-BET-8 all-in for less than a full raise", () => {
  const cfg = { stacks: [10000, 1600, 10000], blinds: [50, 100, 0] };
  const toShort = [call(2), call(0), check(1), board("2c7dJh"), raise(0, 1000), raise(1, 1500)];

  it("does not reopen the betting for a player who already acted", () => {
    const s = hand(cfg, [...toShort, call(2)]);
    expect(legalActions(s)).toMatchObject({ actor: 0, call: 500, canRaise: false, minRaiseTo: null });
  });

  it("a player who has not acted may raise normally, by the last full raise", () => {
    const s = hand(cfg, toShort);
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 1500, canRaise: true, minRaiseTo: 2500 });
  });

  it("a full raise after it reopens the betting", () => {
    const s = hand(cfg, [...toShort, raise(2, 2500)]);
    expect(legalActions(s)).toMatchObject({ actor: 0, canRaise: true, minRaiseTo: 3500 });
  });

  it("fixed limit: an all-in of half a bet or more reopens, less does not", () => {
    const base = { variant: "FT" as const, blinds: [5, 10, 0], smallBet: 10, bigBet: 20 };
    const flop = [call(2), call(0), check(1), board("2c7dJh")];
    const half = hand({ ...base, stacks: [1000, 25, 1000] }, [...flop, raise(0, 10), raise(1, 15), call(2)]);
    expect(legalActions(half)).toMatchObject({ actor: 0, canRaise: true, minRaiseTo: 25 });
    const less = hand({ ...base, stacks: [1000, 24, 1000] }, [...flop, raise(0, 10), raise(1, 14), call(2)]);
    expect(legalActions(less)).toMatchObject({ actor: 0, canRaise: false });
  });
});

describe("forced bets", () => {
  it("R-BLIND-2: antes are dead: they never count toward the pre-flop bet", () => {
    const s = hand({ stacks: [5000, 5000, 5000], blinds: [50, 100, 0], antes: [10, 10, 10] });
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 100, minRaiseTo: 200, maxRaiseTo: 4990 });
  });

  it("R-BLIND-4: a player who cannot cover the blind posts what they have and is all-in", () => {
    const s = hand({ stacks: [5000, 60, 5000], blinds: [50, 100, 0] });
    expect(s.bets).toEqual([50, 60, 0]);
    expect(statusOf(s, 1)).toBe(ALL_IN);
    // The rulebook: the short big blind does not lower the stakes (the call is the full BB).
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 100, minRaiseTo: 200 });
  });

  it("R-BLIND-4 (pokerkit convention, PHH replays): the call is what the short blind posted", () => {
    const s = hand({ stacks: [5000, 60, 5000], blinds: [50, 100, 0], forcedBets: "pokerkit" });
    expect(s.bets).toEqual([50, 60, 0]);
    expect(legalActions(s)).toMatchObject({ actor: 2, call: 60, minRaiseTo: 160 });
  });
});

describe("refusals change nothing", () => {
  it("out of turn, bad amounts and a finished hand give typed errors", () => {
    const s = hand(three);
    const before = JSON.stringify(s);
    const tries: [Action, string][] = [
      [call(0), "engine/not-your-turn"],
      [check(2), "engine/cannot-check"],
      [raise(2, 150), "engine/raise-too-small"],
      [raise(2, 6000), "engine/raise-too-large"],
      [raise(2, 1.5), "engine/bad-amount"],
      [{ type: "show", player: 0 }, "engine/not-showdown"],
      [board("2c7d9h"), "engine/not-dealing"],
    ];
    for (const [a, code] of tries) {
      const r = apply(s, a);
      expect(r.ok ? "accepted" : r.error.code).toBe(code);
    }
    expect(JSON.stringify(s)).toBe(before);
    const over = hand(three, [fold(2), fold(0)]);
    expect(over.phase).toBe("done");
    const r = apply(over, check(1));
    expect(!r.ok && r.error.code).toBe("engine/hand-over");
  });
});

describe("amounts in whole chips of the smallest chip in play", () => {
  const unitHand = (actions: Action[] = []) => hand({ stacks: [5050, 5000, 5000], blinds: [50, 100, 0], chipUnit: 50 }, actions);

  it("a raise to an amount no chip of 50 makes up is refused and changes nothing; a multiple is taken", () => {
    const s = unitHand();
    const r = apply(s, raise(2, 325));
    expect(!r.ok && r.error.code).toBe("engine/bad-amount");
    expect(legalActions(s)).toMatchObject({ actor: 2, minRaiseTo: 200 });
    expect(apply(s, raise(2, 350)).ok).toBe(true);
  });

  it("the minimum and the all-in are taken whatever they come to", () => {
    // p0's stack leaves an all-in that is no multiple of 50 once it has posted.
    const s = hand({ stacks: [5030, 5000, 5000], blinds: [50, 100, 0], chipUnit: 50 }, [call(2)]);
    expect(legalActions(s)).toMatchObject({ actor: 0, maxRaiseTo: 5030 });
    expect(apply(s, raise(0, 5030)).ok).toBe(true);
    expect(apply(s, raise(0, 5020)).ok).toBe(false);
  });

  it("in units of 1 any whole amount goes, as before", () => {
    expect(apply(hand(three), raise(2, 327)).ok).toBe(true);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCards } from "../cards/index.ts";
import { unwrap } from "../lib/result.ts";
import { apply, computePots, createHand, type Action, type HandConfig, type HandEvent, type HandState } from "./index.ts";

const cards = (t: string) => unwrap(parseCards(t));

/** Deals the given hole cards (one string per player), then applies the actions; every
 *  event is collected. */
function play(config: Omit<HandConfig, "variant"> & { variant?: HandConfig["variant"] }, holes: string[], actions: Action[]) {
  let s: HandState = unwrap(createHand({ variant: "NT", ...config }));
  const events: HandEvent[] = [];
  const step = (a: Action) => {
    const r = unwrap(apply(s, a));
    events.push(...r.events);
    s = r.state;
  };
  holes.forEach((h, p) => step({ type: "deal-hole", player: p, cards: cards(h) }));
  actions.forEach(step);
  return { state: s, events, step };
}
const raise = (player: number, to: number): Action => ({ type: "raise", player, to });
const call = (player: number): Action => ({ type: "call", player });
const check = (player: number): Action => ({ type: "check", player });
const fold = (player: number): Action => ({ type: "fold", player });
const board = (t: string): Action => ({ type: "deal-board", cards: cards(t) });
const show = (player: number): Action => ({ type: "show", player });
const muck = (player: number): Action => ({ type: "muck", player });
const checkAround = (n: number): Action[] => Array.from({ length: n }, (_, i) => check(i));
const awards = (events: HandEvent[]) => events.filter((e) => e.type === "award");

/** R-POT-1 chip by chip: each chip a player put in is the k-th chip of their pile; the k-th
 *  chips of everyone go to the pot of the contenders who put in at least k (consecutive
 *  levels with the same contenders are one pot); chips above every contender's pile go to
 *  the top pot, dead antes to the main pot, which every contender can win (one who put in
 *  nothing too). */
function potsChipByChip(committed: readonly number[], contends: readonly boolean[], dead: number) {
  const pots: { amount: number; eligible: number[] }[] = [];
  const top = Math.max(0, ...committed.filter((_, i) => contends[i]));
  if (dead > 0 && committed.some((c, i) => contends[i] && c === 0)) pots.push({ amount: 0, eligible: committed.flatMap((_, i) => (contends[i] ? [i] : [])) });
  for (let k = 1; k <= top; k++) {
    const eligible = committed.flatMap((c, i) => (contends[i] && c >= k ? [i] : []));
    const amount = committed.filter((c) => c >= k).length;
    const last = pots[pots.length - 1];
    if (last !== undefined && last.eligible.join() === eligible.join()) last.amount += amount;
    else pots.push({ amount, eligible });
  }
  const above = committed.reduce((t, c) => t + Math.max(0, c - top), 0);
  if (pots.length === 0 && dead > 0 && contends.some((x) => x)) pots.push({ amount: 0, eligible: committed.flatMap((_, i) => (contends[i] ? [i] : [])) });
  if (pots.length > 0) {
    pots[pots.length - 1]!.amount += above;
    pots[0]!.amount += dead;
  }
  return pots;
}

describe("pots (fast-check)", () => {
  it("R-POT-1: the pots are the chip-by-chip layering, with and without side pots", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ c: fc.constantFrom(0, 5, 10, 10, 10, 25, 40), live: fc.boolean() }), { minLength: 2, maxLength: 9 }),
        fc.constantFrom(0, 0, 3),
        (players, dead) => {
          const committed = players.map((p) => p.c);
          const contends = players.map((p) => p.live);
          const folded = contends.reduce((bits, x, i) => (x ? bits : bits | (1 << i)), 0);
          const s = { n: players.length, committed, folded, allIn: 0, dead } as unknown as HandState;
          const expected = potsChipByChip(committed, contends, dead);
          expect(computePots(s).map((p) => ({ amount: p.amount, eligible: [...p.eligible] }))).toEqual(expected);
          expect(computePots(s, contends).map((p) => ({ amount: p.amount, eligible: [...p.eligible] }))).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("side pots", () => {
  it("R-POT-1: three stacks all-in make a main and a side pot; the surplus is returned", () => {
    const { state, events, step } = play({ stacks: [100, 300, 500], blinds: [5, 10, 0] }, ["AsAd", "KsKd", "QsQd"], [raise(2, 500), call(0), call(1)]);
    expect(events).toContainEqual({ type: "return", player: 2, amount: 200 });
    expect(computePots(state)).toEqual([
      { amount: 300, eligible: [0, 1, 2] },
      { amount: 400, eligible: [1, 2] },
    ]);
    // Betting is over: hands are tabled before the board is run out.
    expect(state.phase).toBe("showdown");
    [0, 1, 2].forEach((p) => step(show(p)));
    step(board("2c7d9h"));
    step(board("3c"));
    const end = play(
      { stacks: [100, 300, 500], blinds: [5, 10, 0] },
      ["AsAd", "KsKd", "QsQd"],
      [raise(2, 500), call(0), call(1), show(0), show(1), show(2), board("2c7d9h"), board("3c"), board("4s")],
    );
    expect(end.state.result?.stacks).toEqual([300, 400, 200]);
    expect(awards(end.events)).toEqual([
      { type: "award", player: 0, amount: 300, pot: 0 },
      { type: "award", player: 1, amount: 400, pot: 1 },
    ]);
  });

  it("R-POT-8: when all others fold the last player wins without showing", () => {
    const { state, events } = play({ stacks: [1000, 1000, 1000], blinds: [5, 10, 0] }, ["AsAd", "KsKd", "QsQd"], [raise(2, 40), fold(0), fold(1)]);
    expect(state.phase).toBe("done");
    expect(events).toContainEqual({ type: "return", player: 2, amount: 30 });
    expect(events.some((e) => e.type === "show")).toBe(false);
    expect(state.result?.stacks).toEqual([995, 990, 1015]);
  });

  it("R-BLIND-2 (big-blind ante): dead antes go to the main pot every player still in can win", () => {
    const { state } = play(
      { stacks: [1000, 1000, 1000], blinds: [5, 10, 0], antes: [0, 10, 0], antePots: "dead" },
      ["AsAd", "KsKd", "QsQd"],
      [call(2), call(0), check(1)],
    );
    expect(computePots(state)).toEqual([{ amount: 40, eligible: [0, 1, 2] }]);
  });
});

describe("big-blind ante", () => {
  it("R-BLIND-2: a big-blind ante is dead money by default: it never comes back to its payer", () => {
    const { state } = play(
      { stacks: [1000, 1000, 1000], blinds: [5, 10, 0], antes: [0, 10, 0], autoShowdown: true },
      ["AsAd", "7c2d", "KsKd"],
      [call(2), call(0), check(1), board("3s8h9c"), ...checkAround(3), board("Td"), ...checkAround(3), board("4h"), ...checkAround(3)],
    );
    expect(state.result?.stacks).toEqual([1030, 980, 990]);
  });
});

describe("showdown", () => {
  const river = [call(2), call(0), check(1), board("3s8h9c"), ...checkAround(3), board("Td"), ...checkAround(3), board("4h")];

  it("R-POT-5: with no river bet the first player left of the button shows first; losers may muck", () => {
    const { state } = play({ stacks: [5000, 5000, 5000], blinds: [50, 100, 0] }, ["AsKd", "QcQd", "7c2d"], [...river, ...checkAround(3)]);
    expect(state.showQueue).toEqual([0, 1, 2]);
    const first = apply(state, muck(0));
    expect(!first.ok && first.error.code).toBe("engine/must-show");
    const shown = stateAfter(state, [show(0)]);
    // p2's queens beat p1's ace-king: the winning hand is always shown.
    const winner = apply(shown, muck(1));
    expect(!winner.ok && winner.error.code).toBe("engine/must-show");
    const end = stateAfter(shown, [show(1), muck(2)]);
    expect(end.shown).toEqual([1, 1, 2]);
    expect(end.result?.stacks).toEqual([4900, 5200, 4900]);
  });

  it("R-POT-5: the river's last aggressor shows first", () => {
    const { state } = play(
      { stacks: [5000, 5000, 5000], blinds: [50, 100, 0] },
      ["AsKd", "QcQd", "7c2d"],
      [...river, check(0), raise(1, 200), call(2), call(0)],
    );
    expect(state.showQueue).toEqual([1, 2, 0]);
  });

  it("R-POT-5 (seed 004): the dealer tables the winner right after the first hand, then goes on clockwise from the winner", () => {
    // Four players; p2 bets the river and holds the worst hand, p4 the best, p1 and p3 lose.
    const four = [call(2), call(3), call(0), check(1), board("3s8h9c"), ...checkAround(4), board("Td"), ...checkAround(4), board("4h")];
    const { events } = play(
      { stacks: [5000, 5000, 5000, 5000], blinds: [50, 100, 0, 0], autoShowdown: true },
      ["AsKd", "7c2d", "JcJd", "QcQd"],
      [...four, check(0), raise(1, 200), call(2), call(3), call(0)],
    );
    const order = events.flatMap((e) => (e.type === "show" || e.type === "muck" ? [`${e.type} p${e.player + 1}`] : []));
    // Before: p2, p3, p4, p1 (the queue from the aggressor). Now p4's winner right after p2, then clockwise from p4: p1, p3.
    expect(order).toEqual(["show p2", "show p4", "muck p1", "muck p3"]);
  });

  it("R-POT-3/4: a split pot's odd chip goes to the winner first left of the button", () => {
    const { state } = play(
      { stacks: [1000, 1000, 1000], blinds: [5, 10, 0], antes: [1, 1, 1], autoShowdown: true },
      ["AsKd", "AhKc", "2c3d"],
      [call(2), call(0), check(1), board("QsJd5h"), ...checkAround(3), board("8c"), ...checkAround(3), board("9s"), ...checkAround(3)],
    );
    expect(state.result?.stacks).toEqual([1006, 1005, 989]);
  });

  const splitOdd = (extra: Partial<HandConfig>) =>
    play(
      { stacks: [1000, 1000, 1000], blinds: [5, 10, 0], antes: [1, 1, 1], autoShowdown: true, ...extra },
      ["AsKd", "AhKc", "2c3d"],
      [call(2), call(0), check(1), board("QsJd5h"), ...checkAround(3), board("8c"), ...checkAround(3), board("9s"), ...checkAround(3)],
    );

  it("R-POT-4 carry: the odd chip stays for the next hand", () => {
    const { state, events } = splitOdd({ oddChip: "carry" });
    expect(state.result?.stacks).toEqual([1005, 1005, 989]);
    expect(state.result?.carried).toBe(1);
    expect(events).toContainEqual({ type: "carry", amount: 1 });
  });

  it("R-POT-4 draw: the odd chip goes to the winner who draws the highest card", () => {
    // p2 draws the As, p1 the 2c.
    const { state } = splitOdd({ oddChip: "draw", drawCards: cards("2cAs3d") });
    expect(state.result?.stacks).toEqual([1005, 1006, 989]);
  });

  it("R-POT-4: pots split in units of the smallest chip", () => {
    const { state } = play(
      { stacks: [1000, 1000, 1000], blinds: [25, 50, 0], antes: [5, 5, 5], chipUnit: 5, autoShowdown: true },
      ["AsKd", "AhKc", "2c3d"],
      [call(2), call(0), check(1), board("QsJd5h"), ...checkAround(3), board("8c"), ...checkAround(3), board("9s"), ...checkAround(3)],
    );
    // The pot is 165: 80 each and the odd 5 to p1.
    expect(state.result?.stacks).toEqual([1030, 1025, 945]);
  });

  it("R-POT-7: rake is a capped percentage, none when the hand ends before the flop", () => {
    const rake = { percent: 10, cap: 3 };
    const folded = play({ stacks: [1000, 1000, 1000], blinds: [5, 10, 0], rake }, ["AsKd", "AhKc", "2c3d"], [raise(2, 30), fold(0), fold(1)]);
    expect(folded.events.some((e) => e.type === "rake")).toBe(false);
    const shown = splitOdd({ rake });
    expect(shown.events).toContainEqual({ type: "rake", amount: 3 });
    expect(shown.state.result?.stacks).toEqual([1004, 1004, 989]);
  });

  it("R-POT-6 one card kills: a player who shows one card loses the hand", () => {
    const { state, step } = play(
      { stacks: [1000, 1000, 1000], blinds: [5, 10, 0], oneCardKills: true },
      ["AsAd", "KsKd", "2c3d"],
      [fold(2), call(0), check(1), board("QsJd5h"), check(0), check(1), board("8c"), check(0), check(1), board("9s"), check(0), check(1)],
    );
    expect(state.showQueue).toEqual([0, 1]);
    step({ type: "show", player: 0, cards: cards("As") });
    step(show(1));
    const end = stateAfter(state, [{ type: "show", player: 0, cards: cards("As") }, show(1)]);
    expect(end.result?.stacks).toEqual([990, 1010, 1000]);
  });
});

function stateAfter(s: HandState, actions: Action[]): HandState {
  let st = s;
  for (const a of actions) st = unwrap(apply(st, a)).state;
  return st;
}

import { describe, expect, it } from "vitest";
import { orderedDeck } from "../cards/index.ts";
import { unwrap } from "../lib/result.ts";
import { apply, legalActions, openHand, eventFor, viewFor, type HandEvent, type HandState } from "./index.ts";

/** Everybody checks or calls to the end. */
function checkDown(s: HandState): { state: HandState; events: HandEvent[] } {
  const events: HandEvent[] = [];
  let st = s;
  for (let legal = legalActions(st); legal !== null; legal = legalActions(st)) {
    const r = unwrap(apply(st, legal.canCheck ? { type: "check", player: legal.actor } : { type: "call", player: legal.actor }));
    events.push(...r.events);
    st = r.state;
  }
  return { state: st, events };
}

describe("dealing from the engine's deck", () => {
  it("R-DEAL-3: one card at a time from p1, two rounds; R-DEAL-4: burn before each street", () => {
    const deck = orderedDeck();
    const { state, events } = unwrap(openHand({ variant: "NT", stacks: [100, 100, 100], blinds: [1, 2, 0], deck }));
    const holes = events.filter((e) => e.type === "hole");
    expect(holes).toEqual([
      { type: "hole", player: 0, cards: [0, 3] },
      { type: "hole", player: 1, cards: [1, 4] },
      { type: "hole", player: 2, cards: [2, 5] },
    ]);
    const rest = checkDown(state).events.filter((e) => e.type === "burn" || e.type === "board");
    expect(rest).toEqual([
      { type: "burn", card: 6 },
      { type: "board", cards: [7, 8, 9] },
      { type: "burn", card: 10 },
      { type: "board", cards: [11] },
      { type: "burn", card: 12 },
      { type: "board", cards: [13] },
    ]);
  });

  it("R-HU-2: heads-up the first card goes to the player without the button (p1)", () => {
    const { events } = unwrap(openHand({ variant: "NT", stacks: [100, 100], blinds: [2, 1], deck: orderedDeck() }));
    expect(events.filter((e) => e.type === "hole")[0]).toEqual({ type: "hole", player: 0, cards: [0, 2] });
  });

  it("R-DEAL-1: 23 players fit one deck; the burns the deck cannot spare are skipped", () => {
    const n = 23;
    const stacks = new Array<number>(n).fill(100);
    const blinds = [1, 2, ...new Array<number>(n - 2).fill(0)];
    const { state } = unwrap(openHand({ variant: "NT", stacks, blinds, deck: orderedDeck(), autoShowdown: true }));
    const { state: end, events } = checkDown(state);
    expect(end.board).toHaveLength(5);
    expect(events.filter((e) => e.type === "burn")).toHaveLength(1);
    expect(end.phase).toBe("done");
  });

  it("R-DEAL-5: one exposed card goes to the end of the deck and is replaced; two make a misdeal", () => {
    const deck = orderedDeck();
    const one = unwrap(openHand({ variant: "NT", stacks: [100, 100, 100], blinds: [1, 2, 0], deck, exposed: [1] }));
    expect(one.events).toContainEqual({ type: "exposed", card: 1 });
    expect(one.events.filter((e) => e.type === "hole")[1]).toEqual({ type: "hole", player: 1, cards: [2, 5] });
    expect(one.state.deck?.at(-1)).toBe(1);
    const two = unwrap(openHand({ variant: "NT", stacks: [100, 100, 100], blinds: [1, 2, 0], deck, exposed: [1, 4] }));
    expect(two.state.phase).toBe("misdeal");
    expect(two.state.stacks).toEqual([100, 100, 100]);
    expect(apply(two.state, { type: "fold", player: 2 }).ok).toBe(false);
  });
});

describe("views", () => {
  it("a player's view holds their own cards only, until others show; no deck", () => {
    const { state, events } = unwrap(openHand({ variant: "NT", stacks: [100, 100, 100], blinds: [1, 2, 0], deck: orderedDeck() }));
    const v = viewFor(state, 1);
    expect(v.holes).toEqual([null, [1, 4], null]);
    expect(JSON.stringify(v)).not.toContain("deck");
    expect(viewFor(state, "observer").holes).toEqual([null, null, null]);
    expect(eventFor(events.find((e) => e.type === "hole" && e.player === 0)!, 1)).toEqual({ type: "hole", player: 0, cards: [-1, -1] });
    expect(v.legal).toBeNull();
    expect(viewFor(state, 2).legal).toMatchObject({ actor: 2, call: 2 });
  });
});

describe("the engine's deck is checked", () => {
  const open = (deck: number[]) => openHand({ variant: "NT", stacks: [100, 100, 100], blinds: [1, 2, 0], deck });
  const code = (deck: number[]) => {
    const r = open(deck);
    return r.ok ? "ok" : r.error.code;
  };

  it("refuses a card twice, a card outside 0..51 and a deck too short, and opens a fair one", () => {
    const deck = orderedDeck().slice();
    expect(code(deck)).toBe("ok");
    for (const [at, card] of [
      [0, 1],
      [51, 0],
      [20, 37],
      [31, 32],
    ] as const) {
      const twice = deck.slice();
      twice[at] = card;
      expect(code(twice), `card ${card} at ${at}`).toBe("engine/bad-config");
    }
    expect(code([...deck.slice(0, 51), 52])).toBe("engine/bad-config");
    expect(code([...deck.slice(0, 51), -1])).toBe("engine/bad-config");
    expect(code([...deck.slice(0, 51), 1.5])).toBe("engine/bad-config");
    expect(code(deck.slice(0, 10))).toBe("engine/bad-config");
  });

  it("forgets one deck's cards before the next: the same cards open again, and a refused deck leaves no mark", () => {
    const deck = orderedDeck().slice();
    const reversed = deck.slice().reverse();
    for (let k = 0; k < 3; k++) {
      expect(code(deck)).toBe("ok");
      expect(code(reversed)).toBe("ok");
      expect(code([5, 5, ...deck.slice(6)])).toBe("engine/bad-config");
      expect(code(deck.slice(0, 11))).toBe("ok");
    }
  });
});

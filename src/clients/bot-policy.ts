// How a bot over the wire decides, seeing only its own TableView: either a src/bots style
// (the BotView those styles decide on is built from the view) or "check-call", the test
// and benchmark bot that checks or calls, now and then moving all in so a test tournament
// ends in minutes.
import type { Action, LegalActions as EngineLegal } from "../engine/index.ts";
import { BOTS, type BotStyle, type BotView } from "../bots/index.ts";
import type { RandomSource } from "../tournament/index.ts";
import type { PlayerAction, TableView } from "../protocol/index.ts";

export type BotPolicy = BotStyle | "check-call";

const STREET: Readonly<Record<string, number>> = { preflop: 0, flop: 1, turn: 2, river: 3, showdown: 3 };

/** The BotView src/bots decides on, built from the player's own TableView (null when not its turn). */
export function botViewOf(v: TableView): BotView | null {
  const l = v.legal;
  if (l === null || v.mySeat === null || v.actor !== v.mySeat) return null;
  const seated = v.seats.filter((s) => s.player !== null && s.status !== "empty");
  const me = v.seats.find((s) => s.seat === v.mySeat);
  if (me === undefined || me.cards === null) return null;
  const idx = seated.findIndex((s) => s.seat === v.mySeat);
  const btn = v.button === null ? -1 : seated.findIndex((s) => s.seat === v.button);
  const n = seated.length;
  // position: 0 = first after the button … n-1 = the button.
  const position = btn < 0 ? idx : (idx - btn - 1 + 2 * n) % n;
  const legal: EngineLegal = {
    actor: idx,
    canFold: l.canFold,
    canCheck: l.canCheck,
    call: l.call ?? 0,
    canRaise: l.minRaiseTo !== null && l.maxRaiseTo !== null,
    minRaiseTo: l.minRaiseTo,
    maxRaiseTo: l.maxRaiseTo,
  };
  const pot = v.pots.reduce((a, p) => a + p.amount, 0) + v.seats.reduce((a, s) => a + s.bet, 0);
  return {
    player: idx,
    players: n,
    inHand: seated.filter((s) => s.status === "active" || s.status === "all-in").length,
    hole: [me.cards[0]!, me.cards[1]!],
    board: v.board,
    street: STREET[v.street ?? "preflop"] ?? 0,
    legal,
    stack: me.stack,
    pot,
    bigBlind: v.blinds.bb,
    chipUnit: l.chipUnit ?? 1,
    position,
  };
}

/** An engine action in wire form (a raise with nothing to raise is a bet, R-BET-3). */
export function wireAction(a: Action, v: TableView): PlayerAction {
  switch (a.type) {
    case "fold":
      return v.legal?.canFold === false ? { kind: "check" } : { kind: "fold" };
    case "check":
      return { kind: "check" };
    case "call":
      return { kind: "call" };
    case "bet":
    case "raise":
      return v.legal?.isBet === true ? { kind: "bet", to: a.to } : { kind: "raise", to: a.to };
    default:
      return v.legal?.canCheck === true ? { kind: "check" } : { kind: "call" };
  }
}

/** The action for a view where it is this bot's turn (`v.legal` set). */
export function decide(v: TableView, policy: BotPolicy, allInChance: number, rng: RandomSource): PlayerAction {
  const l = v.legal!;
  const roll = () => rng.nextUint32() / 2 ** 32;
  if (allInChance > 0 && l.maxRaiseTo !== null && roll() < allInChance) {
    return l.isBet ? { kind: "bet", to: l.maxRaiseTo } : { kind: "raise", to: l.maxRaiseTo };
  }
  if (policy === "check-call") {
    const me = v.seats.find((s) => s.seat === v.mySeat);
    const big = l.call !== null && me !== undefined && l.call * 3 >= me.stack;
    if (big && l.canFold && allInChance > 0 && roll() < 0.6) return { kind: "fold" };
    return l.canCheck ? { kind: "check" } : { kind: "call" };
  }
  const bv = botViewOf(v);
  if (bv === null) return l.canCheck ? { kind: "check" } : { kind: "call" };
  return wireAction(BOTS[policy](bv, rng), v);
}

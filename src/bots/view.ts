// What a bot may know when it is its turn: its own cards, the board, the legal actions
// and the public amounts; never another player's cards (STYLE: views at the edge).
import type { Card } from "../cards/index.ts";
import { ACTIVE, legalActions, potTotal, type Action, type HandState, type LegalActions } from "../engine/index.ts";
import type { RandomSource } from "../tournament/index.ts";

export interface BotView {
  readonly player: number;
  readonly players: number;
  /** Players still able to act or all-in (not folded), this one included. */
  readonly inHand: number;
  readonly hole: readonly [Card, Card];
  readonly board: readonly Card[];
  /** 0 pre-flop, 1 flop, 2 turn, 3 river. */
  readonly street: number;
  readonly legal: LegalActions;
  readonly stack: number;
  /** Chips in the pots and in front of the players. */
  readonly pot: number;
  readonly bigBlind: number;
  /** The smallest chip in play: bets are made in whole chips of it. */
  readonly chipUnit: number;
  /** 0 = acts first after the flop (left of the button) … players-1 = the button. */
  readonly position: number;
}

/** A bot picks one of the legal actions; the caller applies it like a human's. */
export type Bot = (view: BotView, rng: RandomSource) => Action;

export function botView(s: HandState): BotView | null {
  return botViewInto(s, null);
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The view of the player to act, written into `into` when one is given (a hand's bots
 * read one view object, refilled each turn: a simulated field makes millions of
 * decisions, and a view per decision was the largest share of what it allocated). A bot
 * reads the view during its call only, never keeps it.
 */
export function botViewInto(s: HandState, into: BotView | null): BotView | null {
  const legal = legalActions(s);
  if (legal === null) return null;
  const i = legal.actor;
  const inHand = s.live;
  let bets = 0;
  for (let k = 0; k < s.n; k++) bets += s.bets[k]!;
  const first = s.hole[2 * i]!;
  const second = s.hole[2 * i + 1]!;
  const pot = potTotal(s) + bets;
  // Heads-up p2 (index 1) has the button; otherwise the last index does.
  const position = s.n === 2 ? (i === 1 ? 1 : 0) : i;
  if (into === null) {
    return {
      player: i,
      players: s.n,
      inHand,
      hole: [first, second],
      board: s.board,
      street: s.street,
      legal,
      stack: s.stacks[i]!,
      pot,
      bigBlind: s.cfg.minBet,
      chipUnit: s.cfg.unit,
      position,
    };
  }
  const v = into as Writable<BotView>;
  const hole = v.hole as [Card, Card];
  v.player = i;
  v.players = s.n;
  v.inHand = inHand;
  hole[0] = first;
  hole[1] = second;
  v.board = s.board;
  v.street = s.street;
  v.legal = legal;
  v.stack = s.stacks[i]!;
  v.pot = pot;
  v.bigBlind = s.cfg.minBet;
  v.chipUnit = s.cfg.unit;
  v.position = position;
  return v;
}

export { ACTIVE };

/** R-TRN-9: what the clock does for a player who runs out of time: check if possible, else fold. */
export function timeoutAction(legal: LegalActions): Action {
  return legal.canCheck ? { type: "check", player: legal.actor } : { type: "fold", player: legal.actor };
}

/** Check or call, whichever the legal actions allow. */
export function passive(legal: LegalActions): Action {
  return legal.canCheck ? { type: "check", player: legal.actor } : { type: "call", player: legal.actor };
}

/** A raise to `to` in whole chips of `unit`, clamped into the legal range; a call/check when raising is not allowed. */
export function raiseTo(legal: LegalActions, to: number, unit = 1): Action {
  if (!legal.canRaise || legal.minRaiseTo === null || legal.maxRaiseTo === null) return passive(legal);
  const amount = Math.max(legal.minRaiseTo, Math.min(legal.maxRaiseTo, Math.floor(to / unit) * unit));
  return { type: "raise", player: legal.actor, to: amount };
}

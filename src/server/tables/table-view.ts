// The TableView one recipient may see (views at the edge): their own hole cards, others'
// only once shown; legal actions only for the actor.
import { legalActions, potTotal, viewFor } from "../../engine/index.ts";
import type { LegalActions, SeatView, Street, TableView } from "../../protocol/index.ts";
import type { TableState } from "./table-state.ts";
import { categoryOf, potsOf } from "./table-wire.ts";

const STREETS: readonly Street[] = ["preflop", "flop", "turn", "river"];

export interface ViewContext {
  readonly connected: (seat: number) => boolean;
  readonly deadline: number | null;
}

export function tableViewFor(t: TableState, seat: number | null, ctx: ViewContext): TableView {
  return personalView(t, spectatorView(t, ctx), seat);
}

/**
 * The view of someone without a seat: what every recipient at the table shares. A step
 * builds it once and derives each seat's view from it with `personalView`, so a table of
 * nine costs one view, not nine (issue 6).
 */
export function spectatorView(t: TableState, ctx: ViewContext): TableView {
  const hand = t.hand;
  const view = hand === null ? null : viewFor(hand.state, "observer");
  const seats: SeatView[] = [];
  for (let n = 1; n <= t.config.size; n++) {
    const s = t.seats.get(n);
    const i = hand === null ? -1 : hand.order.indexOf(n);
    if (s === undefined) {
      seats.push({ seat: n, player: null, stack: 0, bet: 0, status: "empty", hasCards: false, cards: null, shownHand: null, connected: false });
      continue;
    }
    let status: SeatView["status"] = s.sittingOut ? "sitting-out" : "waiting";
    let cards: number[] | null = null;
    let stack = s.stack;
    let bet = 0;
    let hasCards = false;
    let shownHand = null;
    if (view !== null && i >= 0) {
      const st = view.status[i]!;
      status = st === 0 ? "folded" : st === 2 ? "all-in" : s.sittingOut ? "sitting-out" : "active";
      stack = view.stacks[i]!;
      bet = view.bets[i]!;
      hasCards = st !== 0;
      const h = view.holes[i]; // an observer sees a hand only once it is shown
      if (h !== null && h !== undefined && st !== 0) {
        cards = [h[0]!, h[1]!];
        shownHand = categoryOf([...cards, ...view.board]);
      }
    }
    seats.push({ seat: n, player: { id: s.playerId, name: s.name }, stack, bet, status, hasCards, cards, shownHand, connected: ctx.connected(n) });
  }
  const actorSeat = hand !== null && hand.state.actor >= 0 && hand.state.phase === "bet" ? hand.order[hand.state.actor]! : null;
  return {
    tableId: t.config.tableId,
    tournamentId: t.config.tournamentId,
    tableNumber: t.config.tableNumber,
    version: t.version,
    handId: hand?.handId ?? null,
    handNumber: t.handNumber,
    variant: "no-limit",
    blinds: hand?.blinds ?? { sb: 0, bb: 0, ante: 0 },
    street: hand === null ? null : (STREETS[hand.state.street] ?? "showdown"),
    seats,
    board: view?.board.slice() ?? [],
    pots: hand === null ? [] : potsOf(hand.state, hand),
    button: hand?.positions.button ?? null,
    smallBlind: hand?.positions.sb[0] ?? null,
    bigBlind: hand?.positions.bb.at(-1) ?? null,
    actor: actorSeat,
    mySeat: null,
    legal: null,
    clock:
      actorSeat !== null && ctx.deadline !== null
        ? { deadline: ctx.deadline, timeBankMs: t.seats.get(actorSeat)?.bankMs ?? 0, actionMs: t.config.actionMs }
        : null,
    myHand: null,
    sittingOut: false,
    recentHands: t.recent.slice(0, 10),
  };
}

/**
 * One seat's view from the shared one: its own hole cards (while it holds them), its best
 * hand, its legal actions when it is to act. Everything it does not change is the shared
 * view's own object, so a sender can tell personal parts by identity. Spectators (null)
 * get the shared view itself.
 */
export function personalView(t: TableState, shared: TableView, seat: number | null): TableView {
  const me = seat === null ? undefined : t.seats.get(seat);
  if (seat === null || me === undefined) return shared;
  const hand = t.hand;
  const player = hand === null ? -1 : hand.order.indexOf(seat);
  const s = hand?.state;
  const hole = s !== undefined && player >= 0 && s.holeDealt[player] ? [s.hole[2 * player]!, s.hole[2 * player + 1]!] : null;
  let seats = shared.seats;
  if (hole !== null && s!.status[player] !== 0) {
    const at = seats.findIndex((x) => x.seat === seat);
    const mine = seats[at];
    if (mine !== undefined && mine.cards === null) {
      seats = seats.slice();
      seats[at] = { ...mine, cards: hole };
    }
  }
  return {
    ...shared,
    seats,
    mySeat: seat,
    legal: shared.actor !== null && shared.actor === seat ? legalFor(t) : null,
    myHand: hole !== null && shared.board.length >= 3 ? categoryOf([...hole, ...shared.board]) : null,
    sittingOut: me.sittingOut,
  };
}

/** R-BET-3..8 in wire terms; `potRaiseTo` is the pot-limit size (R-BET-6) capped by the stack. */
export function legalFor(t: TableState): LegalActions | null {
  const hand = t.hand;
  if (hand === null) return null;
  const s = hand.state;
  const l = legalActions(s);
  if (l === null) return null;
  const i = l.actor;
  const potRaise = s.currentBet + potTotal(s) + (s.currentBet - s.bets[i]!);
  const cap = s.bets[i]! + s.stacks[i]!;
  return {
    canFold: l.canFold,
    canCheck: l.canCheck,
    call: l.canCheck ? null : l.call,
    currentBet: s.currentBet,
    isBet: s.currentBet === 0,
    minRaiseTo: l.canRaise ? l.minRaiseTo : null,
    maxRaiseTo: l.canRaise ? l.maxRaiseTo : null,
    potRaiseTo: l.canRaise && l.minRaiseTo !== null ? Math.max(l.minRaiseTo, Math.min(potRaise, cap)) : null,
  };
}

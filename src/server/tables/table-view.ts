// The TableView one recipient may see (views at the edge): their own hole cards, others'
// only once shown; legal actions only for the actor.
import { hasFolded, legalActions, potTotal, viewFor } from "../../engine/index.ts";
import type { LastHand, LegalActions, SeatView, Street, TableView } from "../../protocol/index.ts";
import type { HandRun, TableState } from "./table-state.ts";
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
 * nine costs one view, not nine.
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
    variant: hand?.blinds.limit === true ? "fixed-limit" : "no-limit",
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
    lastHand: hand === null && t.finished !== null ? lastHandOf(t.finished) : null,
  };
}

const summaries = new WeakMap<HandRun, LastHand>();

/**
 * The finished hand as everyone at the table saw it (the showdown stays on the
 * table until the next deal): the board, the hands shown (R-POT showdown order is the
 * engine's), each pot with its winners (a split pot lists each share), the stacks after.
 * Built from the hand's wire events, so it holds nothing a spectator did not see.
 */
export function lastHandOf(h: HandRun): LastHand {
  const known = summaries.get(h);
  if (known !== undefined) return known;
  const nameOf = (seat: number) => h.names[h.order.indexOf(seat)] ?? `#${seat}`;
  const shown: LastHand["shown"] = [];
  const pots = new Map<number, LastHand["pots"][number]>();
  let stacks: LastHand["stacks"] = [];
  for (const e of h.wire) {
    if (e.kind === "show" && !shown.some((x) => x.seat === e.seat)) shown.push({ seat: e.seat, name: nameOf(e.seat), cards: e.cards, hand: e.hand });
    else if (e.kind === "win") {
      const pot = pots.get(e.potIndex) ?? { index: e.potIndex, amount: 0, winners: [] };
      pot.amount += e.amount;
      pot.winners.push({ seat: e.seat, name: nameOf(e.seat), amount: e.amount, category: e.category });
      pots.set(e.potIndex, pot);
    } else if (e.kind === "hand-end") stacks = [...e.stacks].sort((a, b) => a.seat - b.seat);
  }
  const summary: LastHand = {
    handId: h.handId,
    handNumber: h.handNumber,
    board: h.state.board.slice(0, 5),
    shown,
    pots: [...pots.values()].sort((a, b) => a.index - b.index).slice(0, 10),
    stacks,
    myCards: null,
  };
  summaries.set(h, summary);
  return summary;
}

/**
 * One seat's view from the shared one: its own hole cards (while it holds them), its best
 * hand, its legal actions when it is to act. Everything it does not change is the shared
 * view's own object, so a sender can tell personal parts by identity. Spectators (null)
 * get the shared view itself.
 */
export function personalView(t: TableState, shared: TableView, seat: number | null): TableView {
  const mine = personalParts(t, shared, seat);
  return mine === null ? shared : { ...shared, ...mine };
}

/** The fields of a view that are the recipient's own (every other field is the shared view's). */
export type PersonalParts = Pick<TableView, "seats" | "lastHand" | "mySeat" | "legal" | "myHand" | "sittingOut">;

/**
 * What `personalView` changes in the shared view, without copying the rest: a sender that
 * holds the shared view's text reuses it for every other field. Null for a recipient
 * without a seat here. `bestOf` names the best hand of hole cards and board (a sender may
 * remember it: it changes only when the board does).
 */
export function personalParts(t: TableState, shared: TableView, seat: number | null, bestOf: typeof categoryOf = categoryOf): PersonalParts | null {
  const me = seat === null ? undefined : t.seats.get(seat);
  if (seat === null || me === undefined) return null;
  const hand = t.hand;
  const player = hand === null ? -1 : hand.order.indexOf(seat);
  const s = hand?.state;
  const hole = s !== undefined && player >= 0 && s.holeDealt[player] ? [s.hole[2 * player]!, s.hole[2 * player + 1]!] : null;
  let seats = shared.seats;
  if (hole !== null && !hasFolded(s!, player)) {
    const at = seats.findIndex((x) => x.seat === seat);
    const mine = seats[at];
    if (mine !== undefined && mine.cards === null) {
      seats = seats.slice();
      seats[at] = { ...mine, cards: hole };
    }
  }
  // Between hands, the finished hand keeps the recipient's own cards beside the others' shown ones.
  let lastHand = shared.lastHand;
  const done = t.finished;
  if (lastHand !== null && done !== null && done.handId === lastHand.handId) {
    const i = done.order.indexOf(seat);
    if (i >= 0 && done.state.holeDealt[i]) lastHand = { ...lastHand, myCards: [done.state.hole[2 * i]!, done.state.hole[2 * i + 1]!] };
  }
  return {
    seats,
    lastHand,
    mySeat: seat,
    legal: shared.actor !== null && shared.actor === seat ? legalFor(t) : null,
    myHand: hole !== null && shared.board.length >= 3 ? bestOf([...hole, ...shared.board]) : null,
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
    ...(s.cfg.unit > 1 ? { chipUnit: s.cfg.unit } : {}),
  };
}

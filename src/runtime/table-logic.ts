// One table as ActorLogic: seats, hands dealt by the engine, actions. The records hold every
// input that matters (the deck of each hand, each action with its time), so folding them
// rebuilds the table exactly, a hand in progress included. Button and blinds follow the
// tournament rules (firstHand/nextHand: R-BTN-*, forcedBets). Snapshots are taken only
// between hands, where the state is plain data.
import type { Card } from "../cards/index.ts";
import { apply, legalActions, openHand, type Action, type HandConfig, type HandEvent, type HandState } from "../engine/index.ts";
import { fail, ok, type FeltError, type Result } from "../lib/result.ts";
import { firstHand, forcedBets, nextHand, type BlindLevel, type ButtonRule, type TableHand } from "../tournament/index.ts";
import type { ActorLogic } from "./actor.ts";

export interface TableConfig {
  readonly tableId: string;
  readonly size: number;
  readonly buttonRule: ButtonRule;
}

export interface SeatInfo {
  readonly seat: number;
  readonly player: string;
  readonly stack: number;
}

export interface HandInPlay {
  readonly handNumber: number;
  readonly positions: TableHand;
  /** Seat of each engine player index (PHH order). */
  readonly seats: readonly number[];
  /** Server-only: holds the deck. */
  readonly config: HandConfig;
  readonly state: HandState;
  /** When the current actor's turn began (for action clocks). */
  readonly turnSince: number;
}

export interface TableState {
  readonly config: TableConfig | null;
  /** Indexed by seat number (1-based; index 0 unused). */
  readonly seats: ReadonlyArray<SeatInfo | null>;
  readonly handNumber: number;
  readonly last: TableHand | null;
  readonly hand: HandInPlay | null;
}

/** The choices a player sends: the engine's actions without the player index. */
export type PlayerMove =
  | { readonly type: "fold" | "check" | "call" }
  | { readonly type: "bet" | "raise"; readonly to: number };

export type TableCommand =
  | { readonly type: "open"; readonly config: TableConfig }
  | { readonly type: "sit"; readonly seat: number; readonly player: string; readonly stack: number }
  | { readonly type: "leave"; readonly seat: number }
  /** `deck`: the shuffled deck, top first, from the caller's randomness (never broadcast). */
  | { readonly type: "start-hand"; readonly deck: readonly Card[]; readonly level: BlindLevel; readonly firstButton?: number }
  | { readonly type: "act"; readonly player: string; readonly move: PlayerMove }
  /** The actor's clock ran out: check if possible, else fold. */
  | { readonly type: "timeout"; readonly handNumber: number };

export type TableRecord =
  | { readonly type: "opened"; readonly config: TableConfig }
  | { readonly type: "seated"; readonly seat: number; readonly player: string; readonly stack: number }
  | { readonly type: "left"; readonly seat: number }
  | { readonly type: "hand-started"; readonly handNumber: number; readonly positions: TableHand; readonly config: HandConfig; readonly at: number }
  | { readonly type: "acted"; readonly seat: number; readonly action: Action; readonly timeout: boolean; readonly at: number };

export type TableOutput =
  | { readonly kind: "seat"; readonly seat: number; readonly info: SeatInfo | null }
  /** Full-information engine events; filter per viewer with engine `eventFor` before sending. */
  | { readonly kind: "hand"; readonly handNumber: number; readonly seats: readonly number[]; readonly events: readonly HandEvent[] }
  | { readonly kind: "hand-ended"; readonly handNumber: number; readonly stacks: readonly number[] };

const E = {
  notOpen: "table/not-open",
  badSeat: "table/bad-seat",
  seatTaken: "table/seat-taken",
  alreadySeated: "table/already-seated",
  notSeated: "table/not-seated",
  handRunning: "table/hand-running",
  noHand: "table/no-hand",
  tooFew: "table/too-few-players",
  notYourTurn: "table/not-your-turn",
  illegal: "table/illegal-action",
  badDeck: "table/bad-deck",
} as const;
export const TABLE_ERRORS = E;

export const emptyTable = (): TableState => ({ config: null, seats: [], handNumber: 0, last: null, hand: null });

function seated(t: TableState): Array<{ seat: number; player: string }> {
  return t.seats.filter((s): s is SeatInfo => s !== null && s.stack > 0).map((s) => ({ seat: s.seat, player: s.player }));
}

function decide(t: TableState, c: TableCommand, ctx: { now: number }): Result<TableRecord[]> {
  if (c.type === "open") return t.config === null ? ok([{ type: "opened", config: c.config }]) : ok([]);
  const config = t.config;
  if (config === null) return fail(E.notOpen, "the table is not open");
  switch (c.type) {
    case "sit": {
      if (!Number.isInteger(c.seat) || c.seat < 1 || c.seat > config.size) return fail(E.badSeat, `no seat ${c.seat}`);
      if (!Number.isSafeInteger(c.stack) || c.stack <= 0) return fail(E.badSeat, "a stack must be a positive integer");
      if (t.seats[c.seat]) return fail(E.seatTaken, `seat ${c.seat} is taken`);
      if (t.seats.some((s) => s?.player === c.player)) return fail(E.alreadySeated, `${c.player} is already seated`);
      return ok([{ type: "seated", seat: c.seat, player: c.player, stack: c.stack }]);
    }
    case "leave": {
      if (!t.seats[c.seat]) return fail(E.notSeated, `nobody in seat ${c.seat}`);
      if (t.hand?.seats.includes(c.seat)) return fail(E.handRunning, `seat ${c.seat} is in the hand`);
      return ok([{ type: "left", seat: c.seat }]);
    }
    case "start-hand": {
      if (t.hand !== null) return fail(E.handRunning, "a hand is being played");
      const players = seated(t);
      if (players.length < 2) return fail(E.tooFew, "a hand needs two players with chips");
      if (c.deck.length !== 52 || new Set(c.deck).size !== 52 || c.deck.some((x) => !Number.isInteger(x) || x < 0 || x > 51)) {
        return fail(E.badDeck, "the deck must be the 52 cards once each");
      }
      let positions: Result<TableHand> = t.last === null ? fail(E.tooFew, "") : nextHand(t.last, players);
      if (!positions.ok) {
        const button = c.firstButton ?? players[0]!.seat;
        positions = firstHand(players, button, config.buttonRule, config.size);
      }
      if (!positions.ok) return positions;
      const forced = forcedBets(positions.value, c.level);
      const stacks = positions.value.order.map((p) => t.seats[p.seat]!.stack);
      const hand: HandConfig = { variant: "NT", stacks, blinds: forced.blinds, antes: forced.antes, deck: [...c.deck], autoShowdown: true };
      const opened = openHand(hand);
      if (!opened.ok) return opened;
      return ok([{ type: "hand-started", handNumber: t.handNumber + 1, positions: positions.value, config: hand, at: ctx.now }]);
    }
    case "act": {
      const hand = t.hand;
      if (hand === null) return fail(E.noHand, "no hand is being played");
      const seat = t.seats.find((s) => s?.player === c.player)?.seat;
      if (seat === undefined) return fail(E.notSeated, `${c.player} has no seat here`);
      const legal = legalActions(hand.state);
      if (legal === null || hand.seats[legal.actor] !== seat) return fail(E.notYourTurn, "it is not your turn");
      const action = toAction(legal.actor, c.move);
      const tried = apply(hand.state, action);
      if (!tried.ok) return illegal(tried.error);
      return ok([{ type: "acted", seat, action, timeout: false, at: ctx.now }]);
    }
    case "timeout": {
      const hand = t.hand;
      if (hand === null || hand.handNumber !== c.handNumber) return ok([]);
      const legal = legalActions(hand.state);
      if (legal === null) return ok([]);
      const action: Action = legal.canCheck ? { type: "check", player: legal.actor } : { type: "fold", player: legal.actor };
      return ok([{ type: "acted", seat: hand.seats[legal.actor]!, action, timeout: true, at: ctx.now }]);
    }
  }
}

function toAction(player: number, m: PlayerMove): Action {
  return m.type === "bet" || m.type === "raise" ? { type: m.type, player, to: m.to } : { type: m.type, player };
}

function illegal(e: FeltError) {
  return fail(E.illegal, e.message, { cause: e.code });
}

function withSeat(t: TableState, seat: number, info: SeatInfo | null): TableState {
  const seats = [...t.seats];
  while (seats.length <= seat) seats.push(null);
  seats[seat] = info;
  return { ...t, seats };
}

function evolve(t: TableState, r: TableRecord): Result<{ state: TableState; outputs: TableOutput[] }> {
  switch (r.type) {
    case "opened":
      return ok({ state: { ...t, config: r.config, seats: Array.from({ length: r.config.size + 1 }, () => null) }, outputs: [] });
    case "seated": {
      const info = { seat: r.seat, player: r.player, stack: r.stack };
      return ok({ state: withSeat(t, r.seat, info), outputs: [{ kind: "seat", seat: r.seat, info }] });
    }
    case "left":
      return ok({ state: withSeat(t, r.seat, null), outputs: [{ kind: "seat", seat: r.seat, info: null }] });
    case "hand-started": {
      const opened = openHand(r.config);
      if (!opened.ok) return opened;
      const seats = r.positions.order.map((p) => p.seat);
      const hand: HandInPlay = { handNumber: r.handNumber, positions: r.positions, seats, config: r.config, state: opened.value.state, turnSince: r.at };
      const next = { ...t, handNumber: r.handNumber, hand };
      return ok(finish(next, [{ kind: "hand", handNumber: r.handNumber, seats, events: opened.value.events }]));
    }
    case "acted": {
      const hand = t.hand;
      if (hand === null) return fail(E.noHand, "no hand is being played");
      const applied = apply(hand.state, r.action);
      if (!applied.ok) return applied;
      const next = { ...t, hand: { ...hand, state: applied.value.state, turnSince: r.at } };
      return ok(finish(next, [{ kind: "hand", handNumber: hand.handNumber, seats: hand.seats, events: applied.value.events }]));
    }
  }
}

/** When the hand is over: stacks back to the seats, the positions kept for the next button. */
function finish(t: TableState, outputs: TableOutput[]): { state: TableState; outputs: TableOutput[] } {
  const hand = t.hand;
  if (hand === null || hand.state.phase !== "done" || hand.state.result === null) return { state: t, outputs };
  const stacks = hand.state.result.stacks;
  let next: TableState = { ...t, hand: null, last: hand.positions };
  hand.seats.forEach((seat, i) => {
    const s = next.seats[seat];
    if (s) next = withSeat(next, seat, { ...s, stack: stacks[i]! });
  });
  outputs.push({ kind: "hand-ended", handNumber: hand.handNumber, stacks });
  return { state: next, outputs };
}

export const tableLogic: ActorLogic<TableState, TableCommand, TableRecord, TableOutput> = {
  initial: emptyTable,
  decide,
  evolve: (t, r) => evolve(t, r),
  typeOf: (r) => r.type,
  snapshot: (t) => (t.hand === null ? (JSON.parse(JSON.stringify(t)) as TableState) : null),
  restore: (data) => data as TableState,
};

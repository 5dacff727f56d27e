// One table's state as the fold of its stored records (STYLE: decide, then evolve). The
// records are the inputs that matter (seatings, each hand's entropy and blinds, each action
// with its time); the deck comes from the table seed (fair.ts), so replaying the records rebuilds the
// table exactly, a hand in progress included (restart resumes where it stood).
import { fail, ok, type Result } from "../../lib/result.ts";
import { apply, openHand, type Action, type HandEvent, type HandState } from "../../engine/index.ts";
import { firstHand, forcedBets, nextHand, type ButtonRule, type TableHand } from "../../tournament/index.ts";
import { handFits, type TournamentOddChip } from "../../tournament/director/index.ts";
import type { HandEntropy } from "../../cards/index.ts";
import type { PlayerAction, RecentHand, TableEvent } from "../../protocol/index.ts";
import { committedDeck, legacyCommitment, legacyDeck, tableSeedCommitment } from "./fair.ts";
import { categoryOf, wireEvents } from "./table-wire.ts";
import { HandSteps } from "./hand-steps.ts";
import { TABLE_ERRORS } from "../../protocol/error-catalogue.ts";

export interface TableConfig {
  readonly tableId: string;
  readonly tournamentId: string | null;
  readonly tableNumber: number;
  readonly size: number;
  /** Per-action time (speed poker: the whole allowance). */
  readonly actionMs: number;
  /** Time bank a seat starts with when no order says what the player brings (0 for speed poker, R-TRN-9). */
  readonly timeBankMs: number;
  readonly buttonRule: ButtonRule;
  /** The tournament's showdown rules (R-POT-4, R-POT-6); absent (older tables): the engine's defaults. */
  readonly oddChip?: TournamentOddChip;
  readonly oneCardKills?: boolean;
  /** The pause between hands (a table loaded apart from its tournament knows it); absent in older tables: the server's. */
  readonly handPauseMs?: number;
}

export interface Blinds {
  readonly sb: number;
  readonly bb: number;
  readonly ante: number;
  /** R-BET-9: a fixed-limit level (small bet the big blind, big bet twice it); absent: no-limit. */
  readonly limit?: true;
}

export interface SeatState {
  readonly seat: number;
  readonly playerId: string;
  readonly name: string;
  stack: number;
  sittingOut: boolean;
  bankMs: number;
}

export interface HandRun {
  readonly handId: string;
  readonly handNumber: number;
  /** The table's secret seed and the hand's entropy (null: a hand before fair dealing). */
  readonly tableSeed: string | null;
  readonly entropy: HandEntropy | null;
  /** A hand before fair dealing: its per-hand seed (never sent since). */
  readonly seed: string | null;
  /** The deck's Merkle root (before fair dealing: SHA-256 of `seed`). */
  readonly commitment: string;
  readonly startedAt: number;
  readonly blinds: Blinds;
  readonly positions: TableHand;
  /** Seat of each PHH player index. */
  readonly order: readonly number[];
  readonly names: readonly string[];
  readonly startStacks: readonly number[];
  state: HandState;
  /** Every wire event of the hand, with full information (filtered per recipient). */
  readonly wire: TableEvent[];
  /** PHH action strings, for the hand histories. */
  readonly phh: string[];
  /** The engine's events (full information), for PokerStars histories. */
  readonly engine: HandEvent[];
  /** When the current actor's turn began. */
  turnSince: number;
  /**
   * R-TRN-9: each dealt player's time bank left once the hand is over, by PHH index, for the
   * director to carry with the entry (absent: a hand still in play, or finished before banks were carried).
   */
  banks?: number[];
}

/** The blinds in force from clock time `from` on (the first entry: from the permit on). */
export interface BlindsFrom {
  readonly from: number;
  readonly blinds: Blinds;
}

/**
 * Leave to deal hand `handNumber`. The blinds are a short schedule from the director's
 * level clock (R-TRN-1: the level in force when the hand starts), valid while the clock
 * runs: a pause or a break withdraws the permit with a new order.
 */
export interface Permit {
  readonly handNumber: number;
  readonly blinds: readonly BlindsFrom[];
  /** R-BTN-5: the button and blinds a floor's ruling set for this hand; absent: the table's own next hand. */
  readonly positions?: TableHand;
  /**
   * R-POT-4: the smallest chip in play, the unit the hand's pots are split in (absent: 1).
   * In units of 1 a split could leave a stack no chip makes up, which the next colour-up
   * cannot exchange (the director then refuses to settle the table, and it never deals again).
   */
  readonly chipUnit?: number;
}

export interface OrderSeat {
  readonly seat: number;
  readonly playerId: string;
  readonly name: string;
  readonly stack: number;
  /**
   * R-TRN-9: the time bank the player brings (the tournament's bank is theirs for the whole
   * event); a player joining the table sits down with it. Absent: the table's whole bank.
   */
  readonly bankMs?: number;
}

export interface TableState {
  readonly config: TableConfig;
  version: number;
  readonly seats: Map<number, SeatState>;
  hand: HandRun | null;
  last: TableHand | null;
  handNumber: number;
  recent: RecentHand[];
  /** The last finished hand, kept for histories until the next one starts. */
  finished: HandRun | null;
  /** The table's secret seed, drawn at its first hand (fair.ts). */
  tableSeed: string | null;
  /** The director's leave to deal the next hand, with its blinds (table-order.ts); null: none. */
  permit: Permit | null;
  /** The steps since the current hand began (or the last one, until the next begins), for a client that missed some. */
  readonly log: HandSteps;
}

export type TableRecord =
  | { readonly type: "opened"; readonly data: TableConfig }
  | { readonly type: "seated"; readonly data: { seat: number; playerId: string; name: string; stack: number } }
  | { readonly type: "unseated"; readonly data: { seat: number } }
  | { readonly type: "stack-set"; readonly data: { seat: number; stack: number } }
  | { readonly type: "sitting-out"; readonly data: { seat: number; sittingOut: boolean } }
  | { readonly type: "hand-started"; readonly data: HandStarted }
  /**
   * `clockFrom`: the player was first shown the table during this turn, and their clock (the
   * action time, then the bank) counted from then instead of from the turn's start.
   */
  | { readonly type: "acted"; readonly data: { seat: number; action: PlayerAction; timeout: boolean; at: number; clockFrom?: number } }
  /** The director's order `order` (table-order.ts): the whole seating it wants, and the permit to deal the next hand (null: none). */
  | { readonly type: "ordered"; readonly data: { order: string; seats: readonly OrderSeat[]; permit: Permit | null } };

/** `tableSeed` on a table's first hand since fair dealing; `seed` only in hands stored before it. */
export interface HandStarted {
  readonly handNumber: number;
  readonly tableSeed?: string;
  readonly entropy?: HandEntropy;
  readonly seed?: string;
  readonly blinds: Blinds;
  readonly positions: TableHand;
  readonly at: number;
  /** R-POT-4: the unit the hand's pots are split in, from the permit (absent: 1, as hands stored before it were split). */
  readonly chipUnit?: number;
}

export function initialTable(config: TableConfig): TableState {
  return {
    config,
    version: 0,
    seats: new Map(),
    hand: null,
    last: null,
    handNumber: 0,
    recent: [],
    finished: null,
    tableSeed: null,
    permit: null,
    log: new HandSteps(),
  };
}

export const handIdOf = (tableId: string, n: number) => `${tableId}-h${n}`;

/** Who would be dealt in now: seated players with chips, in seat order. */
export const dealable = (t: TableState) => [...t.seats.values()].filter((s) => s.stack > 0).sort((a, b) => a.seat - b.seat);

/** Where the button and blinds go for the next hand. */
export function nextPositions(t: TableState, seed: string): Result<TableHand> {
  const seated = dealable(t).map((s) => ({ seat: s.seat, player: s.playerId }));
  if (seated.length < 2) return fail(TABLE_ERRORS.tooFewPlayers, "a hand needs two players with chips");
  const ruled = t.permit?.positions;
  if (ruled !== undefined && handFits(ruled, seated)) return ok(ruled);
  if (t.last !== null) {
    const r = nextHand(t.last, seated);
    if (r.ok) return r;
  }
  // R-DEAL-6 stand-in: the first button by the hand's own seed (published after the hand).
  const button = seated[parseInt(seed.slice(0, 8), 16) % seated.length]!.seat;
  return firstHand(seated, button, t.config.buttonRule, t.config.size);
}

export function toEngineAction(player: number, a: PlayerAction): Action {
  switch (a.kind) {
    case "bet":
    case "raise":
      return { type: a.kind, player, to: a.to };
    default:
      return { type: a.kind, player };
  }
}

function phhOf(a: PlayerAction, player: number): string {
  const p = `p${player + 1}`;
  if (a.kind === "fold") return `${p} f`;
  if (a.kind === "check" || a.kind === "call") return `${p} cc`;
  return `${p} cbr ${a.to}`;
}

/**
 * Applies one stored record; returns the wire events it produced (full information).
 * Command ids are the actor's business (src/runtime StreamActor).
 */
export function evolveTable(t: TableState, rec: TableRecord, version: number): Result<TableEvent[]> {
  const events = evolveRecord(t, rec, version);
  // One step a record, in the state: a load (a snapshot and the records after it) has the
  // log a table that never stopped kept.
  if (events.ok) t.log.record(version - 1, version, events.value);
  return events;
}

function evolveRecord(t: TableState, rec: TableRecord, version: number): Result<TableEvent[]> {
  t.version = version;
  switch (rec.type) {
    case "opened":
      return ok([]);
    case "seated": {
      const d = rec.data;
      t.seats.set(d.seat, { seat: d.seat, playerId: d.playerId, name: d.name, stack: d.stack, sittingOut: false, bankMs: t.config.timeBankMs });
      return ok([{ kind: "seat-change", seat: d.seat, player: { id: d.playerId, name: d.name }, stack: d.stack }]);
    }
    case "unseated":
      t.seats.delete(rec.data.seat);
      return ok([{ kind: "seat-change", seat: rec.data.seat, player: null, stack: 0 }]);
    case "stack-set": {
      const s = t.seats.get(rec.data.seat);
      if (s === undefined) return fail(TABLE_ERRORS.notSeated, `nobody in seat ${rec.data.seat}`);
      s.stack = rec.data.stack;
      return ok([{ kind: "seat-change", seat: s.seat, player: { id: s.playerId, name: s.name }, stack: s.stack }]);
    }
    case "sitting-out": {
      const s = t.seats.get(rec.data.seat);
      if (s !== undefined) s.sittingOut = rec.data.sittingOut;
      return ok([{ kind: "sitting-out", seat: rec.data.seat, sittingOut: rec.data.sittingOut }]);
    }
    case "hand-started":
      return startHand(t, rec.data);
    case "acted":
      return act(t, rec.data);
    case "ordered": {
      // Everyone leaving first, then everyone joining, then the stacks: as the director's separate seat commands did.
      const c = orderChanges(t, rec.data.seats);
      const out: TableEvent[] = [];
      for (const seat of c.leave) {
        t.seats.delete(seat);
        out.push({ kind: "seat-change", seat, player: null, stack: 0 });
      }
      for (const w of c.join) {
        t.seats.set(w.seat, { seat: w.seat, playerId: w.playerId, name: w.name, stack: w.stack, sittingOut: false, bankMs: w.bankMs ?? t.config.timeBankMs });
        out.push({ kind: "seat-change", seat: w.seat, player: { id: w.playerId, name: w.name }, stack: w.stack });
      }
      for (const w of c.stacks) {
        const s = t.seats.get(w.seat)!;
        s.stack = w.stack;
        out.push({ kind: "seat-change", seat: s.seat, player: { id: s.playerId, name: s.name }, stack: s.stack });
      }
      t.permit = rec.data.permit;
      return ok(out);
    }
  }
}

function startHand(t: TableState, d: Extract<TableRecord, { type: "hand-started" }>["data"]): Result<TableEvent[]> {
  const pos = d.positions;
  const forced = forcedBets(pos, d.blinds);
  const order = pos.order.map((p) => p.seat);
  const seats = order.map((s) => t.seats.get(s));
  if (seats.some((s) => s === undefined)) return fail(TABLE_ERRORS.badRecord, "a dealt seat is empty");
  const stacks = seats.map((s) => s!.stack);
  if (d.tableSeed !== undefined) t.tableSeed = d.tableSeed;
  const fair = d.entropy !== undefined && t.tableSeed !== null ? { tableSeed: t.tableSeed, handNumber: d.handNumber, entropy: d.entropy } : null;
  const committed = fair === null ? null : committedDeck(fair);
  if (committed === null && d.seed === undefined) return fail(TABLE_ERRORS.badRecord, "a hand with no deck");
  const deck = committed?.deck.slice() ?? legacyDeck(d.seed!);
  const opened = openHand({
    // R-BET-9: the level's game (mixed hold'em changes it by level).
    ...(d.blinds.limit === true ? { variant: "FT" as const, smallBet: d.blinds.bb, bigBet: 2 * d.blinds.bb } : { variant: "NT" as const }),
    stacks,
    blinds: forced.blinds,
    antes: forced.antes,
    deck,
    autoShowdown: true,
    ...(d.chipUnit !== undefined ? { chipUnit: d.chipUnit } : {}),
    ...(t.config.oddChip === "draw" ? { oddChip: "draw" as const } : {}),
    ...(t.config.oneCardKills === true ? { oneCardKills: true } : {}),
  });
  if (!opened.ok) return opened;
  const hand: HandRun = {
    handId: handIdOf(t.config.tableId, d.handNumber),
    handNumber: d.handNumber,
    tableSeed: fair?.tableSeed ?? null,
    entropy: fair?.entropy ?? null,
    seed: committed === null ? d.seed! : null,
    commitment: committed?.root ?? legacyCommitment(d.seed!),
    startedAt: d.at,
    blinds: d.blinds,
    positions: pos,
    order,
    names: seats.map((s) => s!.name),
    startStacks: stacks,
    state: opened.value.state,
    wire: [],
    phh: [],
    engine: [],
    turnSince: d.at,
  };
  t.hand = hand;
  t.handNumber = d.handNumber;
  t.finished = null;
  const start: TableEvent = {
    kind: "hand-start",
    handNumber: d.handNumber,
    at: d.at,
    blinds: d.blinds,
    button: pos.button,
    smallBlind: pos.sb[0] ?? null,
    bigBlind: pos.bb.at(-1)!,
    seats: seats.map((s) => ({ seat: s!.seat, name: s!.name, stack: s!.stack })),
    commitment: hand.commitment,
    ...(fair === null
      ? {}
      : { seedCommitment: tableSeedCommitment(fair.tableSeed), entropy: { previous: fair.entropy.previous, contributions: [...fair.entropy.contributions] } }),
  };
  for (const e of opened.value.events) if (e.type === "hole") hand.phh.push(`d dh p${e.player + 1} ${cardsText(e.cards)}`);
  const before = { ...opened.value.state, bets: stacks.map(() => 0), board: [] } as HandState;
  const events = [start, ...wireEvents(before, opened.value.state, opened.value.events, wireCtx(hand, false))];
  return ok(settle(t, hand, events, opened.value.events));
}

/**
 * What deciding an action computed, kept for evolving its record: the engine applies an
 * action once. Keyed by the hand state it was applied to and the very action object the
 * record carries, so a record read back from the store (a restart, a replay) misses and
 * is applied afresh; states are never changed in place, so a hit is the same result.
 */
const applied = new WeakMap<HandState, { readonly action: PlayerAction; readonly result: ReturnType<typeof apply> }>();

/** The engine's answer to `action` by `player` in `state`, remembered for the record that follows. */
export function tryAction(state: HandState, player: number, action: PlayerAction): ReturnType<typeof apply> {
  const result = apply(state, toEngineAction(player, action));
  applied.set(state, { action, result });
  return result;
}

function act(t: TableState, d: Extract<TableRecord, { type: "acted" }>["data"]): Result<TableEvent[]> {
  const hand = t.hand;
  if (hand === null) return fail(TABLE_ERRORS.noHand, "no hand is being played");
  const player = hand.order.indexOf(d.seat);
  if (player < 0) return fail(TABLE_ERRORS.notSeated, `seat ${d.seat} is not in this hand`);
  const before = hand.state;
  const known = applied.get(before);
  const r = known !== undefined && known.action === d.action ? known.result : apply(before, toEngineAction(player, d.action));
  applied.delete(before);
  if (!r.ok) return r;
  const seat = t.seats.get(d.seat);
  if (seat !== undefined) {
    const over = d.at - Math.max(hand.turnSince, d.clockFrom ?? hand.turnSince) - t.config.actionMs;
    if (over > 0) seat.bankMs = Math.max(0, seat.bankMs - over);
  }
  hand.state = r.value.state;
  hand.turnSince = d.at;
  hand.phh.push(phhOf(d.action, player));
  for (const e of r.value.events) if (e.type === "board") hand.phh.push(`d db ${cardsText(e.cards)}`);
  for (const e of r.value.events) if (e.type === "show") hand.phh.push(`p${e.player + 1} sm ${cardsText(e.cards)}`);
  return ok(settle(t, hand, wireEvents(before, r.value.state, r.value.events, wireCtx(hand, d.timeout)), r.value.events));
}

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";
const cardsText = (cards: readonly number[]) => cards.map((c) => (c < 0 ? "??" : RANKS[c >> 2]! + SUITS[c & 3]!)).join("");

const wireCtx = (hand: HandRun, timeout: boolean) => ({ order: hand.order, sbSeats: hand.positions.sb, deck: committedDeck(hand), timeout });

/** Records the events in the hand; when the hand is over, settles the stacks. */
function settle(t: TableState, hand: HandRun, events: TableEvent[], engine: readonly HandEvent[]): TableEvent[] {
  hand.wire.push(...events);
  hand.engine.push(...engine);
  const result = hand.state.result;
  if (hand.state.phase === "done" && result !== null) {
    result.stacks.forEach((stack, i) => {
      const s = t.seats.get(hand.order[i]!);
      if (s !== undefined) s.stack = stack;
    });
    const winners = new Map<number, number>();
    for (const e of events) if (e.kind === "win") winners.set(e.seat, (winners.get(e.seat) ?? 0) + e.amount);
    const recent: RecentHand = {
      handId: hand.handId,
      handNumber: hand.handNumber,
      winners: [...winners].slice(0, 10).map(([seat, amount]) => {
        const i = hand.order.indexOf(seat);
        const shown = hand.state.shown[i] === 1;
        const best = shown ? categoryOf([hand.state.hole[2 * i]!, hand.state.hole[2 * i + 1]!, ...hand.state.board]) : null;
        return { name: hand.names[i]!, amount, category: best?.category ?? null };
      }),
    };
    t.recent = [recent, ...t.recent].slice(0, 10);
    hand.banks = hand.order.map((seat) => t.seats.get(seat)?.bankMs ?? 0);
    t.last = hand.positions;
    t.finished = hand;
    t.hand = null;
  }
  return events;
}

/** The seat changes an order makes at the table as it is (leaving first, then joining, then stacks); empty: none. */
export function orderChanges(t: TableState, seats: readonly OrderSeat[]): { leave: number[]; join: OrderSeat[]; stacks: OrderSeat[] } {
  const want = new Map(seats.filter((s) => s.seat >= 1 && s.seat <= t.config.size).map((s) => [s.seat, s]));
  const leave: number[] = [];
  const join: OrderSeat[] = [];
  const stacks: OrderSeat[] = [];
  for (const [seat, have] of [...t.seats].sort((a, b) => a[0] - b[0])) if (want.get(seat)?.playerId !== have.playerId) leave.push(seat);
  for (const [seat, w] of [...want].sort((a, b) => a[0] - b[0])) {
    const have = t.seats.get(seat);
    if (have === undefined || have.playerId !== w.playerId) join.push(w);
    else if (have.stack !== w.stack) stacks.push(w);
  }
  return { leave, join, stacks };
}

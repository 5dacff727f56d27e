// A server table as src/runtime's ActorLogic (STYLE: decide, then evolve): `decide` checks a
// command against the table and names the record it stores; `evolve` is table-state.ts's
// fold; snapshots are taken between hands only, when the state is plain data plus
// the last finished hand (kept for histories and for the tournament's after-hand step).
import { legalActions } from "../../engine/index.ts";
import { fail, ok, type FeltError, type Result } from "../../lib/result.ts";
import type { Contribution } from "../../cards/index.ts";
import type { ActorLogic } from "../../runtime/index.ts";
import type { PlayerAction, TableEvent } from "../../protocol/index.ts";
import { publicActionsDigest } from "./fair.ts";
import { HandSteps, type HandStepsData } from "./hand-steps.ts";
import { blindsAt, orderRecords, permitted, type Permit, type TableOrder } from "./table-order.ts";
import {
  dealable,
  evolveTable,
  nextPositions,
  tryAction,
  type Blinds,
  type HandRun,
  type SeatState,
  type TableConfig,
  type TableRecord,
  type TableState,
} from "./table-state.ts";
import { TABLE_ERRORS } from "../../protocol/error-catalogue.ts";

export type TableCommand =
  | { readonly type: "open" }
  | {
      readonly type: "act";
      readonly userId: string;
      readonly handId: string;
      readonly version: number;
      readonly action: PlayerAction;
      readonly clockFrom?: ClockFrom;
    }
  | { readonly type: "sitting-out"; readonly userId: string; readonly sittingOut: boolean }
  | { readonly type: "seat"; readonly seat: number; readonly playerId: string; readonly name: string; readonly stack: number }
  | { readonly type: "unseat"; readonly seat: number }
  | { readonly type: "set-stack"; readonly seat: number; readonly stack: number }
  /**
   * The director's order (table-order.ts): the seating it wants and the permit to
   * deal the next hand, applied together in one append, or refused as stale.
   */
  | { readonly type: "order"; readonly order: TableOrder }
  /**
   * Deal the next hand if allowed: by the table's stored permit (a tournament's table,
   * split tables), or by an owner's `gate` in the same process (a table of its own: tests, the
   * demo). The gate and the blinds are asked when the command is decided, in the table's
   * queue, so they see the table as it is then. The seed comes from the caller's randomness
   * and becomes the table seed at its first hand; otherwise it is thrown away.
   * `contributions` hands over (and forgets) the players' random values for this hand.
   */
  | {
      readonly type: "deal";
      readonly seed: string;
      readonly gate?: { readonly canDeal: () => boolean; readonly blinds: () => Blinds };
      readonly contributions?: () => readonly Contribution[];
    }
  /** R-TRN-9: the actor's clock ran out at `version`; stale once anything else happened. */
  | { readonly type: "timeout"; readonly version: number; readonly clockFrom?: ClockFrom };

/**
 * When the actor's clock started, asked as the command is decided: the time their player was
 * first shown the table if that came during this turn (the session knows who was shown), else
 * null (the clock counts from the turn's start). It goes into the `acted` record, so replaying
 * the records spends the same time bank.
 */
export type ClockFrom = () => number | null;

const clockFromOf = (c: { readonly clockFrom?: ClockFrom }): { clockFrom?: number } => {
  const from = c.clockFrom?.() ?? null;
  return from === null ? {} : { clockFrom: from };
};

export const seatOfUser = (t: TableState, userId: string | null): number | null => {
  if (userId === null) return null;
  for (const s of t.seats.values()) if (s.playerId === userId) return s.seat;
  return null;
};

const inHand = (t: TableState, seat: number) => t.hand?.order.includes(seat) === true;

function decide(t: TableState, c: TableCommand, ctx: { readonly now: number; readonly version: number }): Result<TableRecord[]> {
  switch (c.type) {
    case "open":
      return ctx.version === 0 ? ok([{ type: "opened", data: t.config }]) : fail(TABLE_ERRORS.exists, `table ${t.config.tableId} is already open`);
    case "act": {
      const seat = seatOfUser(t, c.userId);
      if (seat === null) return fail(TABLE_ERRORS.notSeated, "you have no seat at this table");
      const hand = t.hand;
      if (hand === null) return fail(TABLE_ERRORS.noHand, "no hand is being played");
      if (c.handId !== hand.handId || c.version !== ctx.version) {
        return fail(TABLE_ERRORS.staleVersion, `the table is at version ${ctx.version}`, { version: ctx.version, handId: hand.handId });
      }
      const legal = legalActions(hand.state);
      if (legal === null || hand.order[legal.actor] !== seat) return fail(TABLE_ERRORS.notYourTurn, "it is not your turn");
      const tried = tryAction(hand.state, legal.actor, c.action);
      if (!tried.ok) return illegal(tried.error);
      return ok([{ type: "acted", data: { seat, action: c.action, timeout: false, at: ctx.now, ...clockFromOf(c) } }]);
    }
    case "sitting-out": {
      const seat = seatOfUser(t, c.userId);
      if (seat === null) return fail(TABLE_ERRORS.notSeated, "you have no seat at this table");
      return ok([{ type: "sitting-out", data: { seat, sittingOut: c.sittingOut } }]);
    }
    case "seat":
      if (inHand(t, c.seat)) return fail(TABLE_ERRORS.inHand, `seat ${c.seat} is in a hand`);
      return ok([{ type: "seated", data: { seat: c.seat, playerId: c.playerId, name: c.name, stack: c.stack } }]);
    case "unseat":
      if (inHand(t, c.seat)) return fail(TABLE_ERRORS.inHand, `seat ${c.seat} is in a hand`);
      return t.seats.has(c.seat) ? ok([{ type: "unseated", data: { seat: c.seat } }]) : ok([]);
    case "set-stack":
      if (inHand(t, c.seat)) return fail(TABLE_ERRORS.inHand, `seat ${c.seat} is in a hand`);
      if (!t.seats.has(c.seat)) return fail(TABLE_ERRORS.notSeated, `nobody in seat ${c.seat}`);
      return ok([{ type: "stack-set", data: { seat: c.seat, stack: c.stack } }]);
    case "order":
      return orderRecords(t, c.order);
    case "deal": {
      if (t.hand !== null || dealable(t).length < 2) return ok([]);
      const blinds = c.gate !== undefined ? (c.gate.canDeal() ? c.gate.blinds() : null) : permitted(t) ? blindsAt(t.permit!, ctx.now) : null;
      if (blinds === null) return ok([]);
      const tableSeed = t.tableSeed ?? c.seed;
      const positions = nextPositions(t, tableSeed);
      if (!positions.ok) return positions;
      // Only the dealt-in seats' values count, one per seat, in seat order.
      const dealt = new Set(positions.value.order.map((p) => p.seat));
      const given = new Map((c.contributions?.() ?? []).filter((x) => dealt.has(x.seat)).map((x) => [x.seat, x.value]));
      const contributions = [...given].sort((a, b) => a[0] - b[0]).map(([seat, value]) => ({ seat, value }));
      const entropy = { previous: publicActionsDigest(t.finished?.phh ?? null), contributions };
      // R-POT-4: a tournament's table splits in its smallest chip (a table of its own, in units of 1).
      const unit = c.gate === undefined ? t.permit?.chipUnit : undefined;
      const data = {
        handNumber: t.handNumber + 1,
        ...(t.tableSeed === null ? { tableSeed } : {}),
        entropy,
        blinds,
        positions: positions.value,
        at: ctx.now,
        ...(unit !== undefined && unit !== 1 ? { chipUnit: unit } : {}),
      };
      return ok([{ type: "hand-started", data }]);
    }
    case "timeout": {
      const hand = t.hand;
      if (hand === null || c.version !== ctx.version) return ok([]);
      const legal = legalActions(hand.state);
      if (legal === null) return ok([]);
      const action: PlayerAction = legal.canCheck ? { kind: "check" } : { kind: "fold" };
      const seat = hand.order[legal.actor]!;
      const acted: TableRecord = { type: "acted", data: { seat, action, timeout: true, at: ctx.now, ...clockFromOf(c) } };
      // A player whose clock ran out is sat out until they come back, as online rooms do: the
      // table then acts for them at once instead of running their clock again every turn.
      if (t.seats.get(seat)?.sittingOut === true) return ok([acted]);
      return ok([acted, { type: "sitting-out", data: { seat, sittingOut: true } }]);
    }
  }
}

function illegal(e: FeltError) {
  const details: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k !== "code" && k !== "message" && (typeof v === "number" || typeof v === "string" || typeof v === "boolean")) details[k] = v;
  }
  return fail(TABLE_ERRORS.illegalAction, e.message, { cause: e.code, details });
}

/** What a table snapshot holds: the state between hands, as JSON. */
interface TableSnapshot {
  readonly format: 1;
  readonly config: TableConfig;
  readonly version: number;
  readonly seats: SeatState[];
  readonly last: TableState["last"];
  readonly handNumber: number;
  readonly recent: TableState["recent"];
  readonly finished: HandRun | null;
  /** (absent in older snapshots: the next hand draws a new table seed). */
  readonly tableSeed?: string | null;
  /** (absent in older snapshots: none). */
  readonly permit?: Permit | null;
  /** (absent in older snapshots: none until the next hand begins). */
  readonly log?: HandStepsData;
}

/** Between hands only (never mid-hand); a deep copy, since the live state goes on changing. */
export function tableSnapshot(t: TableState): TableSnapshot | null {
  if (t.hand !== null) return null;
  const snap: TableSnapshot = {
    format: 1,
    config: t.config,
    version: t.version,
    seats: [...t.seats.values()],
    last: t.last,
    handNumber: t.handNumber,
    recent: t.recent,
    finished: t.finished,
    tableSeed: t.tableSeed,
    permit: t.permit,
    log: t.log.toJSON(),
  };
  return JSON.parse(JSON.stringify(snap)) as TableSnapshot;
}

export function restoreTable(data: unknown): TableState | null {
  const s = data as Partial<TableSnapshot> | null;
  if (s === null || typeof s !== "object" || s.format !== 1 || s.config === undefined || !Array.isArray(s.seats)) return null;
  return {
    config: s.config,
    version: s.version ?? 0,
    seats: new Map(s.seats.map((x) => [x.seat, x])),
    hand: null,
    last: s.last ?? null,
    handNumber: s.handNumber ?? 0,
    recent: s.recent ?? [],
    finished: s.finished ?? null,
    tableSeed: s.tableSeed ?? null,
    permit: s.permit ?? null,
    log: HandSteps.restore(s.log),
  };
}

/** The logic of one table; `initial` is the table before its first record. */
export function tableLogic(initial: () => TableState): ActorLogic<TableState, TableCommand, TableRecord, TableEvent> {
  return {
    initial,
    decide,
    evolve(t, rec, { version }) {
      const events = evolveTable(t, rec, version);
      return events.ok ? ok({ state: t, outputs: events.value }) : events;
    },
    typeOf: (r) => r.type,
    // The stored shape predates the actor: { type, data }, so old streams replay unchanged.
    dataOf: (r) => r.data,
    fromStored: (type, data) => ({ type, data }) as TableRecord,
    snapshot: tableSnapshot,
    restore: restoreTable,
  };
}

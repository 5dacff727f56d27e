// What a tournament's director and its tables say to each other, as plain data (,
// stage 2: a table may live in another process than its director).
//   - director → table: a TableOrder, the whole seating the director wants at the table
//     (who sits where, with what stack) and, when the table may deal, a Permit for its next
//     hand with the blinds in force. Its id comes from the director's state
//     (`<tableId>@<directorVersion>`), so a director replayed after a failover sends the
//     same ids and the table's command memory answers "duplicate". The table applies an
//     order only between hands and only after the hand the director last recorded
//     (`afterHand`); otherwise it is stale and changes nothing (the table's next result
//     brings a fresh one).
//   - table → director: a HandResult per finished hand, with an id of its own
//     (`<tableId>:h<n>`), so a result sent twice is applied once.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { TableHand } from "../../tournament/index.ts";
import type { Blinds, HandRun, TableRecord, TableState } from "./table-state.ts";

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
}

export interface OrderSeat {
  readonly seat: number;
  readonly playerId: string;
  readonly name: string;
  readonly stack: number;
}

export interface TableOrder {
  readonly id: string;
  /** The table's last hand the director has recorded: the order is for the table after it. */
  readonly afterHand: number;
  /** Everyone the director wants seated, with their stacks; anyone else leaves. */
  readonly seats: readonly OrderSeat[];
  readonly permit: Permit | null;
}

export interface HandResult {
  readonly id: string;
  readonly tableId: string;
  readonly handId: string;
  readonly handNumber: number;
  readonly positions: TableHand;
  /** Seat of each PHH player index. */
  readonly order: readonly number[];
  readonly startStacks: readonly number[];
  readonly stacks: readonly number[];
}

export const orderId = (tableId: string, directorVersion: number) => `${tableId}@${directorVersion}`;
export const resultId = (tableId: string, handNumber: number) => `${tableId}:h${handNumber}`;

export const ORDER_ERRORS = { stale: "table/stale-order" } as const;

/** A finished hand as its director needs it; null for a hand without a result. */
export function handResultOf(tableId: string, hand: HandRun): HandResult | null {
  const result = hand.state.result;
  if (result === null) return null;
  return {
    id: resultId(tableId, hand.handNumber),
    tableId,
    handId: hand.handId,
    handNumber: hand.handNumber,
    positions: hand.positions,
    order: [...hand.order],
    startStacks: [...hand.startStacks],
    stacks: [...result.stacks],
  };
}

/** The blinds a permit gives for a hand starting at clock time `now`. */
export function blindsAt(permit: Permit, now: number): Blinds {
  let b = permit.blinds[0]?.blinds ?? { sb: 0, bb: 0, ante: 0 };
  for (const x of permit.blinds) if (x.from <= now) b = x.blinds;
  return b;
}

/** Whether the table may deal its next hand under its permit. */
export const permitted = (t: TableState): boolean => t.permit !== null && t.permit.handNumber === t.handNumber + 1;

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

/**
 * The ONE record that makes the table what the order says (its seating and its permit), so
 * an order is one version of the table; none when it changes nothing (a director resending
 * after a failover). Refused as stale in a hand, or when the table has played past (or not
 * yet reached) the hand the director recorded.
 */
export function orderRecords(t: TableState, o: TableOrder): Result<TableRecord[]> {
  if (t.hand !== null || t.handNumber !== o.afterHand) {
    return fail(
      ORDER_ERRORS.stale,
      `the order is for the table after hand ${o.afterHand}; it is ${t.hand !== null ? `in hand ${t.hand.handNumber}` : `after hand ${t.handNumber}`}`,
      { handNumber: t.handNumber },
    );
  }
  const c = orderChanges(t, o.seats);
  const same = c.leave.length === 0 && c.join.length === 0 && c.stacks.length === 0 && JSON.stringify(t.permit) === JSON.stringify(o.permit);
  return ok(same ? [] : [{ type: "ordered", data: { order: o.id, seats: o.seats, permit: o.permit } }]);
}

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
import { orderChanges, type Blinds, type HandRun, type OrderSeat, type Permit, type TableRecord, type TableState } from "./table-state.ts";

export type { BlindsFrom, OrderSeat, Permit } from "./table-state.ts";

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
  /** R-TRN-9: each dealt player's time bank left after the hand, by PHH index (absent from tables that did not carry banks). */
  readonly banks?: readonly number[];
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
    ...(hand.banks === undefined ? {} : { banks: [...hand.banks] }),
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

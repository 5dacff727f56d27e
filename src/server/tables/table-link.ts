// How a tournament's director reaches its tables when they do not live in its runtime
// (stage 2: `felt serve --cluster --split-tables`, each table owned by its own
// table partition, anywhere in the cluster). Everything crosses as data (table-order.ts):
// the director sends an order (opening the table where it lives when it is new); the table
// answers whether it applied it and, when it refused it as stale because it finished a hand
// the director has not recorded, that hand's result, so a result lost with a process that
// died is recovered by the next order. The other way, every finished hand's result goes to
// the director (TableHost's `deliver`).
import { ok, type Result } from "../../lib/result.ts";
import type { DealerNote } from "../../protocol/index.ts";
import { ORDER_ERRORS, type HandResult, type TableOrder } from "./table-order.ts";
import type { TableSession } from "./table-session.ts";
import type { TableConfig } from "./table-state.ts";

export interface OrderAnswer {
  readonly applied: boolean;
  /** Refused as stale after a hand the order did not know of: that hand's result (null otherwise). */
  readonly result: HandResult | null;
}

export interface TableLink {
  /** Applies the order at the table `config` names, opening the table first when it has no stream. */
  order(config: TableConfig, order: TableOrder): Promise<Result<OrderAnswer>>;
  /** The dealer's entries in the table's chat (a bust): best effort, not awaited by the director. */
  say(tableId: string, notes: readonly DealerNote[]): void;
}

/**
 * The table's side of `order`, wherever the table lives (local-tables.ts, table-host.ts):
 * applied, or refused as stale with the finished hand the order did not know of.
 */
export async function applyOrder(s: TableSession, o: TableOrder): Promise<Result<OrderAnswer>> {
  const r = await s.order(o);
  if (r.ok) return ok({ applied: true, result: null });
  if (r.error.code !== ORDER_ERRORS.stale) return r;
  const last = s.lastResult();
  return ok({ applied: false, result: last !== null && last.handNumber > o.afterHand && s.state.hand === null ? last : null });
}

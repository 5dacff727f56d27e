// How a tournament's director reaches its tables when they do not live in its runtime
// (stage 2: `felt serve --cluster --split-tables`, each table owned by its own
// table partition, anywhere in the cluster). Everything crosses as data (table-order.ts):
// the director sends an order (opening the table where it lives when it is new); the table
// answers whether it applied it and, when it refused it as stale because it finished a hand
// the director has not recorded, that hand's result, so a result lost with a process that
// died is recovered by the next order. The other way, every finished hand's result goes to
// the director (TableHost's `deliver`).
import type { Result } from "../../lib/result.ts";
import type { DealerNote } from "../../protocol/index.ts";
import type { HandResult, TableOrder } from "./table-order.ts";
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

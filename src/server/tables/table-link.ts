// How a tournament's director reaches its tables, wherever they live: in its own process
// (local-tables.ts: one `felt serve`, or a cluster with `--tables-with-director`) or each
// with its own table partition's owner anywhere in the cluster (gateway/cluster-tables.ts,
// split tables). The choice is made once, in the wiring (`Services.tableLinks`); the
// director (tournaments/tournament-tables.ts, order-senders.ts) runs the same path either
// way. Everything crosses as data (table-order.ts): the director sends an order (opening the
// table where it lives when it is new); the table answers whether it applied it and, when
// it refused it as stale because it finished a hand the director has not recorded, that
// hand's result, so a result lost with a process that died is recovered by the next order.
// The other way, every finished hand's result goes to the director (TableHost's `deliver`,
// LocalTables' `handEnded`). What only tables in the director's process need (opened at
// once so watchers find them, loaded and resumed after a restart, closed with the
// tournament) are capabilities here too, which the cluster's link fulfils as no-ops: its
// tables are opened on their first order and loaded, resumed and closed by their own
// partitions' owners.
import { ok, type Result } from "../../lib/result.ts";
import type { DealerNote } from "../../protocol/index.ts";
import { ORDER_ERRORS, type HandResult, type TableOrder } from "./table-order.ts";
import type { SessionOptions, TableSession } from "./table-session.ts";
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
  /** Opens the table now, where watchers find it before its first order (split tables: nothing, it opens on its first order). */
  open(config: TableConfig): Promise<Result<void>>;
  /** After a restart: the tournament's tables are loaded, not yet resumed (split tables: nothing, each partition's owner loads its own). */
  load(tables: readonly { readonly tableNumber: number; readonly tableId: string }[]): Promise<Result<void>>;
  /** After a restart: a table in a hand finishes it, one whose last hand ended unrecorded delivers it (split tables: nothing, as load). */
  resume(): void;
  /** The tournament stopped here (finished, closed, moved): its tables stop with it (split tables: nothing, they live on with their partitions). */
  close(): void;
}

/** What a tournament gives the link to its tables (LocalTables keeps them in `tables`, which watchers read). */
export interface LinkedTournament {
  /** The tournament's tables held in this process, by number. */
  readonly tables: Map<number, TableSession>;
  /** How a table is stored and clocked, asked when it opens or loads (the link adds its own hooks). */
  sessionOptions(): Omit<SessionOptions, "hooks">;
  /** A table finished a hand (or resumed after one): its result joins the director's queue. */
  handEnded(tableNumber: number, result: HandResult | null): Promise<void>;
}

/** Makes a tournament's link: the one choice of where tables live, made in the wiring (felt-server.ts). */
export type TableLinks = (t: LinkedTournament) => TableLink;

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

// Split tables (stage 2, `felt serve --cluster --split-tables`): a tournament's
// tables are owned by their own table partitions ("table.017"), so one event's tables spread
// over every process. This is the table link (tables/table-link.ts) over the cluster: an
// order goes to the table's owner (here: the process's TableHost; elsewhere: a bus request
// to `keyOfTable(tableId)`, retried with the same order id, which the table answers
// "duplicate" rather than apply twice), and a finished hand's result goes to its
// tournament's owner (`deliverResult`), retried until that owner takes it: the director
// records a hand once (by its number), so a result sent twice changes nothing. One link
// serves every tournament of the process: its tables are opened on their first order and
// loaded, resumed and closed by their partitions' owners (TableHost), so what a director's
// link does for tables in its own process (open, load, resume, close) is nothing here. The
// director's side of sending (newest order wins, retries, leaving before joining) is the
// same as in one process (tournaments/order-senders.ts).
import { fail, ok, type Result } from "../../lib/result.ts";
import type { DealerNote } from "../../protocol/index.ts";
import type { ServerPort } from "../server-port.ts";
import type { HandResult, TableOrder } from "../tables/table-order.ts";
import type { OrderAnswer, TableLink } from "../tables/table-link.ts";
import type { TableConfig } from "../tables/table-state.ts";
import type { TableSession } from "../tables/table-session.ts";
import { BUS_ERRORS } from "../../cluster/bus.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

/** A result the tournament's owner could not take yet is sent again after this (its partition is moving). */
const RESULT_RETRY_MS = 500;

export class ClusterTables implements TableLink {
  constructor(private readonly server: Pick<ServerPort, "ownership" | "tableHost" | "cluster" | "served" | "svc">) {}

  private local(tableId: string): boolean {
    return this.server.ownership.serving(this.server.ownership.keyOfTable(tableId)) !== undefined;
  }

  async order(config: TableConfig, order: TableOrder): Promise<Result<OrderAnswer>> {
    const host = this.server.tableHost;
    if (host !== null && this.local(config.tableId)) return host.order(config, order);
    const cluster = this.server.cluster;
    if (cluster === null) return fail(BUS_ERRORS.unavailable, "the cluster link is not up yet");
    return (await cluster.forwardTable(config.tableId, { kind: "table-order", config, order })) as Result<OrderAnswer>;
  }

  /** Opened where it lives, on its first order. */
  async open(): Promise<Result<void>> {
    return ok(undefined);
  }

  /** Loaded by its partition's owner when that process gains the partition. */
  async load(): Promise<Result<void>> {
    return ok(undefined);
  }

  /** Resumed by its partition's owner, which also sends a result the director may have missed. */
  resume(): void {}

  /** The tables live on with their partitions: a tournament stopping here (or moving) does not stop them. */
  close(): void {}

  say(tableId: string, notes: readonly DealerNote[]): void {
    const host = this.server.tableHost;
    const done =
      host !== null && this.local(tableId)
        ? host.say(tableId, notes)
        : this.server.cluster?.forwardTable(tableId, { kind: "table-say", tableId, notes: [...notes] });
    void done?.then((r) => !r.ok && this.server.svc.log(`table ${tableId}: the dealer's entries not said: ${r.error.message}`));
  }

  /**
   * A table here finished a hand (or resumed after one): its result goes to the director,
   * here or on its tournament's owner, until it is taken (or the table closes: its new owner
   * sends it again when it resumes the table).
   */
  async deliverResult(tableId: string, result: HandResult | null, session: TableSession): Promise<void> {
    const { tournamentId, tableNumber: n } = session.state.config;
    if (tournamentId === null) return;
    for (;;) {
      const r = await this.handResult(tournamentId, n, result);
      if (r.ok || session.fenced || this.server.tableHost?.sessions.get(tableId) !== session) return;
      this.server.svc.log(`table ${tableId}: hand result not taken yet (${r.error.code}); sending it again`);
      await new Promise<void>((done) => void this.server.svc.clock.after(RESULT_RETRY_MS, done));
    }
  }

  /** The director's side: the result is recorded and its table settled, in the tournament's queue. */
  async handResult(tournamentId: string, n: number, result: HandResult | null): Promise<Result<void>> {
    const t = this.server.served.get(tournamentId);
    if (t !== undefined && this.server.cluster?.serves(tournamentId) !== false) {
      await t.takeHandResult(n, result);
      return ok(undefined);
    }
    const cluster = this.server.cluster;
    if (cluster === null || cluster.serves(tournamentId)) return fail(TOURNAMENT_ERRORS.notFound, `no tournament ${tournamentId}`);
    return (await cluster.forward(tournamentId, { kind: "hand-result", tournamentId, table: n, result })) as Result<void>;
  }
}

// The table link (table-link.ts) when a tournament's tables live in its own process (one
// `felt serve`, or a cluster with `--tables-with-director`): the director reaches them as it
// reaches split tables, by orders through the same senders (tournaments/order-senders.ts),
// and hears of every finished hand through `handEnded`, as TableHost's tables deliver
// theirs. The tables are opened at once on their director's word (`open`, so watchers find
// them before their first order) or loaded after a restart (`load`), and kept in the
// tournament's table map, which watchers read.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { DealerNote } from "../../protocol/index.ts";
import { TABLE_ERRORS } from "../../protocol/error-catalogue.ts";
import type { Deliver } from "./table-host.ts";
import { applyOrder, type OrderAnswer, type TableLink, type TableLinks } from "./table-link.ts";
import { handResultOf, type TableOrder } from "./table-order.ts";
import { type SessionOptions, TableSession } from "./table-session.ts";
import type { HandRun, TableConfig } from "./table-state.ts";

export class LocalTables implements TableLink {
  /**
   * @param sessions the tournament's tables by number (shared: watchers read it)
   * @param options how a table is stored and clocked, asked when it opens or loads; its `hooks` are this link's (every result goes to `deliver`)
   */
  constructor(
    private readonly sessions: Map<number, TableSession>,
    private readonly options: () => Omit<SessionOptions, "hooks">,
    private readonly deliver: Deliver,
  ) {}

  private sessionOptions(): SessionOptions {
    return {
      ...this.options(),
      hooks: { handEnded: (s: TableSession, hand: HandRun | null) => this.deliver(s.id, hand === null ? null : handResultOf(s.id, hand), s) },
    };
  }

  /** Each table not here yet is loaded from its stream (not resumed: `resume` does that for all); one with no stream stays unopened. */
  async load(tables: readonly { readonly tableNumber: number; readonly tableId: string }[]): Promise<Result<void>> {
    for (const { tableNumber: n, tableId } of tables) {
      if (this.sessions.has(n)) continue;
      const s = await TableSession.load(tableId, this.sessionOptions());
      if (!s.ok) return s;
      if (s.value !== null) this.sessions.set(n, s.value);
    }
    return ok(undefined);
  }

  /** The table `config` names: here, loaded, or opened new. */
  async ensure(config: TableConfig): Promise<Result<TableSession>> {
    const n = config.tableNumber;
    const here = this.sessions.get(n);
    if (here !== undefined) return ok(here);
    const loaded = await TableSession.load(config.tableId, this.sessionOptions());
    const s = loaded.ok && loaded.value !== null ? ok(loaded.value) : await TableSession.open(config, this.sessionOptions());
    // Opened while this one was loading (two orders at once): the first stays.
    const first = this.sessions.get(n);
    if (first !== undefined) return ok(first);
    if (s.ok) this.sessions.set(n, s.value);
    return s;
  }

  async open(config: TableConfig): Promise<Result<void>> {
    const s = await this.ensure(config);
    return s.ok ? ok(undefined) : s;
  }

  async order(config: TableConfig, order: TableOrder): Promise<Result<OrderAnswer>> {
    const s = await this.ensure(config);
    return s.ok ? applyOrder(s.value, order) : s;
  }

  say(tableId: string, notes: readonly DealerNote[]): void {
    const s = [...this.sessions.values()].find((x) => x.id === tableId);
    const done = s === undefined ? Promise.resolve(fail(TABLE_ERRORS.notFound, `no table ${tableId} here`)) : s.dealerSay(notes);
    void done.then(
      (r) => !r.ok && this.options().log?.(`table ${tableId}: the dealer's entries not said: ${r.error.message}`),
      (err: unknown) => this.options().log?.(`table ${tableId}: the dealer's entries not said`, err),
    );
  }

  resume(): void {
    for (const s of this.sessions.values()) s.resume();
  }

  close(): void {
    for (const s of this.sessions.values()) s.close();
  }
}

/** Tables in the director's process: each tournament keeps its own in its table map. */
export const localTableLinks: TableLinks = (t) =>
  new LocalTables(
    t.tables,
    () => t.sessionOptions(),
    (_id, result, s) => t.handEnded(s.state.config.tableNumber, result),
  );

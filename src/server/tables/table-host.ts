// The tables this process owns on their own (stage 2, `--split-tables`): each
// table belongs to its table partition ("table.017"), not to its tournament's, so one
// event's tables spread over the cluster. The host loads a partition's tables when the
// process gains it (each resumes: a hand in play goes on from its recorded clock, a finished
// hand's result goes to the director again), opens a new table on its director's first
// order, applies orders, and hands every finished hand's result to `deliver` (the director,
// here or on another process). A table refused with store/fenced closes (its partition
// moved on).
import { fail, ok, type Result } from "../../lib/result.ts";
import type { DealerNote } from "../../protocol/index.ts";
import type { Services } from "../services.ts";
import { streamOf, TableSession } from "./table-session.ts";
import { handResultOf, type HandResult, type TableOrder } from "./table-order.ts";
import { applyOrder, type OrderAnswer } from "./table-link.ts";
import type { HandRun, TableConfig } from "./table-state.ts";
import { TABLE_ERRORS } from "../../protocol/error-catalogue.ts";

export type Deliver = (tableId: string, result: HandResult | null, session: TableSession) => Promise<void>;

/**
 * How long a watch waits for a table of this process's partition that is not open yet: a
 * new table opens on its director's first order, which can still be on its way when a
 * player already knows the table (the tournament just started; its director's process
 * just changed). A table that does not open within it is not found.
 */
export const OPEN_WAIT_MS = 5_000;

export class TableHost {
  readonly sessions = new Map<string, TableSession>();
  private readonly opening = new Map<string, Promise<Result<TableSession>>>();
  private readonly waiting = new Map<string, Set<(s: TableSession | undefined) => void>>();

  constructor(
    private readonly svc: Services,
    private readonly deliver: Deliver,
  ) {}

  private options(handPauseMs: number | undefined) {
    const svc = this.svc;
    return {
      store: svc.store,
      handIndex: svc.hands,
      clock: svc.clock,
      handPauseMs: handPauseMs ?? svc.handPauseMs,
      ...(svc.newSeed ? { seed: svc.newSeed } : {}),
      log: svc.log,
      hooks: { handEnded: (s: TableSession, hand: HandRun | null) => this.deliver(s.id, hand === null ? null : handResultOf(s.id, hand), s) },
    };
  }

  /** Loads (and resumes) every stored table `wanted` names that is not here yet. */
  async loadWhere(wanted: (tableId: string) => boolean): Promise<number> {
    let n = 0;
    for (const s of await this.svc.store.listStreams({ type: "table" })) {
      const tableId = s.stream.slice("table:".length);
      if (!wanted(tableId) || this.sessions.has(tableId)) continue;
      const r = await this.load(tableId);
      if (!r.ok) this.svc.log(`cannot load ${s.stream}: ${r.error.message}`);
      else if (r.value !== null) n++;
    }
    return n;
  }

  private async load(tableId: string): Promise<Result<TableSession | null>> {
    const first = (await this.svc.store.read(streamOf(tableId), 1, 1))[0];
    const pause = (first?.data as TableConfig | undefined)?.handPauseMs;
    const r = await TableSession.load(tableId, this.options(pause));
    if (r.ok && r.value !== null) {
      this.place(r.value);
      r.value.resume();
    }
    return r;
  }

  /** The table once it is here: at once if it is, else when it opens, or undefined after `ms`. */
  whenOpen(tableId: string, ms: number = OPEN_WAIT_MS): Promise<TableSession | undefined> {
    const here = this.sessions.get(tableId);
    if (here !== undefined) return Promise.resolve(here);
    return new Promise((resolve) => {
      const waiters = this.waiting.get(tableId) ?? new Set();
      this.waiting.set(tableId, waiters);
      const done = (s: TableSession | undefined): void => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiting.get(tableId) === waiters) this.waiting.delete(tableId);
        resolve(s);
      };
      const timer = setTimeout(() => done(undefined), ms);
      timer.unref?.();
      waiters.add(done);
    });
  }

  private place(s: TableSession): void {
    this.sessions.set(s.id, s);
    for (const done of [...(this.waiting.get(s.id) ?? [])]) done(s);
  }

  /** Closes (and forgets) the tables `gone` names: their partition is no longer this process's. */
  async dropWhere(gone: (tableId: string) => boolean): Promise<void> {
    const dropped = [...this.sessions.values()].filter((s) => gone(s.id));
    for (const s of dropped) {
      s.close();
      this.sessions.delete(s.id);
    }
    for (const s of dropped) await s.idle();
  }

  /** The table, loaded or opened (a new table: on its director's first order). */
  private ensure(config: TableConfig): Promise<Result<TableSession>> {
    const here = this.sessions.get(config.tableId);
    if (here !== undefined) return Promise.resolve(ok(here));
    const pending = this.opening.get(config.tableId);
    if (pending !== undefined) return pending;
    const p = (async (): Promise<Result<TableSession>> => {
      const loaded = await this.load(config.tableId);
      if (!loaded.ok) return loaded;
      if (loaded.value !== null) return ok(loaded.value);
      const opened = await TableSession.open(config, this.options(config.handPauseMs));
      if (opened.ok) this.place(opened.value);
      return opened;
    })().finally(() => this.opening.delete(config.tableId));
    this.opening.set(config.tableId, p);
    return p;
  }

  /** The director's order (table-link.ts): applied, or refused as stale with the hand it did not know of. */
  async order(config: TableConfig, o: TableOrder): Promise<Result<OrderAnswer>> {
    const s = await this.ensure(config);
    return s.ok ? applyOrder(s.value, o) : s;
  }

  async say(tableId: string, notes: readonly DealerNote[]): Promise<Result<void>> {
    const s = this.sessions.get(tableId);
    return s === undefined ? fail(TABLE_ERRORS.notFound, `no table ${tableId} here`) : s.dealerSay(notes);
  }

  close(): void {
    for (const waiters of [...this.waiting.values()]) for (const done of [...waiters]) done(undefined);
    for (const s of this.sessions.values()) s.close();
  }

  async idle(): Promise<void> {
    for (const s of this.sessions.values()) await s.idle();
  }
}

// An online tournament's tables: the server deals every hand, and every table plays at its
// own pace. When a table's hand ends, its result goes to the director with the
// hand's record, the clock is ticked, and the director settles that table alone
// (`table-settle`): its busts go out, it gives a player, receives one, breaks or waits; the
// tables the director names (`dealing`) deal their next hand at once. No table waits for
// the others, except where the rules say: a short table for the giving table's current
// hand (R-TBL-2), hand-for-hand at the bubble, the final-table draw (R-TBL-3), a break.
// After a crash a settle with no table repairs any half-done step (it only makes the
// director's tables consistent and names who deals), and the seatings are reconciled to
// the director's state.
// The tables are reached through the tournament's table link (tables/table-link.ts), made
// once by the wiring (`Services.tableLinks`: in this process, or over the cluster), and
// every order goes through the same per-table senders (order-senders.ts) either way, so a
// single process runs the path a cluster runs.
import { fail, type FeltError, type Result } from "../../lib/result.ts";
import { awaitingRebuys, decide, playedMs, rebuyGraceEndsMs, untilNextItemMs, type TournamentEvent } from "../../tournament/director/index.ts";
import type { TimerHandle } from "../clock.ts";
import { crashPoint } from "../crash-point.ts";
import type { TableConfig } from "../tables/table-state.ts";
import type { TableLink } from "../tables/table-link.ts";
import type { HandResult, TableOrder } from "../tables/table-order.ts";
import { orderFor } from "./tournament-orders.ts";
import { OrderSenders } from "./order-senders.ts";
import { payPrizes } from "./tournament-money.ts";
import { clockTimerMs, tableIdOf, type Rec, type TournamentPort } from "./tournament-port.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

/** R-TRN-9: the record of the time bank each entry dealt in has left after the hand (none when the table did not say). */
function banksOf(n: number, entries: readonly string[], result: HandResult): Rec[] {
  const banks: Record<string, number> = {};
  entries.forEach((id, i) => {
    const ms = result.banks?.[i];
    if (id !== "" && ms !== undefined) banks[id] = ms;
  });
  return Object.keys(banks).length === 0 ? [] : [{ type: "time-banks", data: { table: n, handNumber: result.handNumber, banks } }];
}

/**
 * A table's hand or settle the store could not record (the database did not answer) is tried
 * again after this, twice as long after each failure in a row up to REFUSED_RETRY_MS; one the
 * director refused (nothing online should be) every REFUSED_RETRY_MS, and the floor sees the
 * table as stopped meanwhile.
 */
export const SETTLE_RETRY_MS = 1_000;
export const REFUSED_RETRY_MS = 30_000;

/** A command the director refused, or whose events the store did not take. */
type Failed = { readonly refused: FeltError; readonly unstored?: never } | { readonly unstored: FeltError; readonly refused?: never };

export class OnlineTables {
  private breakTimer: TimerHandle | null = null;
  /** Per table, the retry of a settle that failed (0: the settle of every table; -n: table n's hand record). */
  private readonly retries = new Map<number, { timer: TimerHandle | null; failures: number }>();
  /** Tables whose settle the director refused (0: the settle of every table), tried again until it passes; the floor's seat map shows them. */
  readonly stopped = new Map<number, { readonly code: string; readonly message: string }>();
  /** R-TRN-4: when the first rebuy grace ends (a table may be idle meanwhile, waiting for that player). */
  private graceTimer: TimerHandle | null = null;

  /** The tournament's table link and its senders, made on first use: the runtime builds this part before its services are set. */
  private wiring: { readonly link: TableLink; readonly senders: OrderSenders } | null = null;

  constructor(private readonly t: TournamentPort) {}

  private get wired(): { readonly link: TableLink; readonly senders: OrderSenders } {
    if (this.wiring !== null) return this.wiring;
    const t = this.t;
    const link = t.svc.tableLinks({
      tables: t.tables,
      sessionOptions: () => this.sessionOptions(),
      handEnded: (n, result) => t.enqueue(() => this.handEnded(n, result)),
    });
    const senders = new OrderSenders({
      link: () => link,
      clock: () => t.svc.clock,
      log: (m) => t.svc.log(`tournament ${t.id}: ${m}`),
      stopped: () => t.closed,
      missed: (n, result) => {
        if (result.handNumber > (t.recorded.get(n) ?? 0)) void t.enqueue(() => this.handEnded(n, result));
      },
    });
    this.wiring = { link, senders };
    return this.wiring;
  }

  private get link(): TableLink {
    return this.wired.link;
  }

  /**
   * Whether table `n` may be playing a hand, as the director can know it wherever the table
   * lives: it let the table deal and has not recorded that hand yet, unless the table since
   * applied an order without a permit (a pause took it back) and so cannot deal.
   */
  mayBeInHand(n: number): boolean {
    const t = this.t;
    if (t.dir.tables.get(n)?.inHand !== true) return false;
    return this.wiring === null || !this.wiring.senders.idle(n, t.recorded.get(n) ?? 0);
  }

  /** After a restart: the director's tables are loaded where the link keeps them (not yet resumed). */
  load(): Promise<Result<void>> {
    const t = this.t;
    return this.link.load([...t.dir.tables.keys()].map((n) => ({ tableNumber: n, tableId: tableIdOf(t.id, n) })));
  }

  /**
   * After a restart: tables in a hand finish it (its end is recorded and settled as usual);
   * a table whose last hand ended unrecorded records it now (TableSession.resume); then a
   * settle with no table repairs whatever a crash cut short and every table named deals.
   */
  resume(): void {
    this.link.resume();
    void this.t.enqueue(() => this.settle(null));
  }

  close(): void {
    this.breakTimer?.cancel();
    this.graceTimer?.cancel();
    for (const r of this.retries.values()) r.timer?.cancel();
    this.retries.clear();
    this.stopTables();
  }

  /** Nothing more is sent, and the tables stop where the link keeps them with the tournament. */
  private stopTables(): void {
    if (this.wiring === null) return;
    this.wiring.senders.stop();
    this.wiring.link.close();
  }

  /**
   * The tournament started: open the tables, seat the draw, and let every table deal. The
   * seating round is waited for (order-senders.ts: bounded) before the button draws are said,
   * so each table says them open and seated, split tables too (they open on their first order).
   */
  async started(): Promise<void> {
    await this.openTables();
    await this.reconcile(null);
    this.announceButtonDraws(null);
    await this.settle(null);
  }

  async reconcileAll(): Promise<void> {
    await this.openTables();
    await this.reconcile(null);
  }

  /**
   * After a command (an entry, a rebuy, a decline, a move): the tables take the director's
   * seats and stacks, and a settle with no table lets every table that can deal do so (a
   * table waiting for a busted player to rebuy, a new table of late entries).
   */
  async afterCommand(): Promise<void> {
    await this.reconcileAll();
    const t = this.t;
    if (t.closed || t.dir.status !== "running") return;
    await this.settle(null);
  }

  /** Finished by a command (an applied deal): the tables stop. */
  finish(): void {
    this.breakTimer?.cancel();
    this.graceTimer?.cancel();
    this.stopTables();
  }

  /** After the director paused or resumed: paused, no table deals again; resumed, every table told to deal does. */
  async pausedChanged(): Promise<void> {
    if (this.t.dir.status !== "running") return;
    // Paused: every table between hands loses its permit (one in a hand finishes it, and is not given a new one).
    if (this.t.paused) return this.reconcile(null);
    await this.settle(null);
  }

  private sessionOptions() {
    const t = this.t;
    const svc = t.svc;
    return {
      store: svc.store,
      handIndex: svc.hands,
      clock: svc.clock,
      handPauseMs: t.meta.handPauseMs ?? svc.handPauseMs,
      ...(svc.newSeed ? { seed: svc.newSeed } : {}),
      log: svc.log,
      onFenced: (error: { readonly code: string; readonly message: string }) => t.stopFenced(fail(error.code, error.message)),
    };
  }

  /** Table `n`'s order now (table-order.ts): the director's seating there and, when it may deal, its permit; a broken table's is empty. */
  private orderOf(n: number): TableOrder {
    const t = this.t;
    const table = t.dir.tables.get(n) ?? null;
    return orderFor({
      dir: t.dir,
      names: t.names,
      tableId: tableIdOf(t.id, n),
      table,
      recorded: t.recorded.get(n) ?? 0,
      banks: t.banks,
      version: t.version,
      now: t.now(),
      running: !t.closed,
    });
  }

  /** A hand's result (table-order.ts): recorded once (by hand number), then the table is settled. */
  async handEnded(n: number, result: HandResult | null): Promise<void> {
    const t = this.t;
    if (t.closed || t.dir.status !== "running") return;
    if (result !== null && result.handNumber > (t.recorded.get(n) ?? 0)) {
      const table = t.dir.tables.get(n);
      const entries = result.order.map((seat) => table?.seats[seat - 1] ?? "");
      const outcome = { table: n, hand: result.positions, entries, startStacks: result.startStacks, stacks: result.stacks };
      const d = decide(t.dir, { type: "hand", at: t.now(), outcome }, t.svc.rng);
      if (!d.ok) t.svc.log(`tournament ${t.id}: the director refused hand ${result.handId}: ${d.error.code} ${d.error.message}`);
      // The hand's events and its record land together: a restart never plays it twice.
      const recs: Rec[] = [
        ...(d.ok ? d.value : []).map((e) => ({ type: "director" as const, data: e })),
        ...banksOf(n, entries, result),
        { type: "hand-recorded", data: { table: n, handNumber: result.handNumber } },
      ];
      const r = await t.append(recs);
      if (!r.ok) {
        // The table waits for its permit until this hand is recorded: try again, not only when the table is next heard from.
        if (this.retryLater(-n, false, () => this.handEnded(n, result)) === 1)
          t.svc.log(`tournament ${t.id}: cannot record hand ${result.handId}: ${r.error.message}`);
        return;
      }
      crashPoint("settle", () => JSON.stringify({ tournament: t.id, table: n, hand: result.handNumber, version: t.version }));
    }
    // Recorded now or before: a retry of this hand's record has nothing left to do.
    if (result !== null && result.handNumber <= (t.recorded.get(n) ?? 0)) this.succeeded(-n);
    // A table the director still has in a hand (it has not dealt since it was told to) is not
    // settled; it is sent its order again (an order lost with a process that died is not lost:
    // a repeat changes nothing).
    if (t.dir.tables.get(n)?.inHand === false) await this.settle(n);
    else if (result !== null && result.handNumber <= (t.recorded.get(n) ?? 0)) await this.reconcile(new Set([n]));
  }

  /**
   * The clock moves (levels, breaks, colour-ups: a table in a hand is coloured up when it is
   * settled), then the director settles table `n` (null: none, every table that can deal
   * does); the tables it touched take its seats and the ones it names deal.
   */
  private async settle(n: number | null): Promise<void> {
    const t = this.t;
    this.breakTimer?.cancel();
    this.breakTimer = null;
    if (t.closed || t.dir.status !== "running") return;
    const began = t.now();
    const events: TournamentEvent[] = [];
    const touched = new Set<number>(n === null ? [] : [n]);
    // Where each busted entry sits before its elimination unseats it (the dealer says it there).
    const bustTables = new Map(t.dir.busted.map((id) => [id, t.dir.entries.get(id)?.table ?? 0]));
    // Busted entries may go out at other tables (a rebuy grace over, a hand-for-hand round).
    for (const id of t.dir.busted) touched.add(t.dir.entries.get(id)?.table ?? 0);
    let clock: Failed | null = null;
    for (let i = 0; i < 50; i++) {
      const r = await this.runCollect({ type: "tick", at: t.now() }, events);
      if (typeof r !== "boolean") clock = r;
      if (r !== true) break;
    }
    const settled = await this.runCollect({ type: "table-settle", at: t.now(), table: n }, events);
    const failed = typeof settled === "boolean" ? null : settled;
    // The clock is the whole tournament's: a tick that failed is tried again with the settle of every table.
    if (n === null) this.settledOrNot(null, clock ?? failed);
    else {
      this.settledOrNot(n, failed);
      if (clock !== null) this.settledOrNot(null, clock);
    }
    this.announceBusts(events, bustTables);
    await this.openTables();
    let all = n === null;
    for (const e of events) {
      if (e.type === "moved") for (const m of e.moves) touched.add(m.from).add(m.to);
      else if (e.type === "table-broken") touched.add(e.table);
      else if (e.type === "dealing") e.tables === "all" ? (all = true) : e.tables.forEach((x) => touched.add(x));
      else if (e.type === "coloured-up") for (const [id] of e.stacks) touched.add(t.dir.entries.get(id)?.table ?? 0);
      else if (e.type === "final-table" || e.type === "redrawn" || e.type === "matches-drawn" || e.type === "match-drawn" || e.type === "eliminated") {
        // A heads-up match drawn (R-TRN-10): its players leave their decided matches; every table between hands is made right.
        if (e.type !== "eliminated" || n === null) all = true;
      }
    }
    await this.reconcile(all ? null : touched, events);
    const drawnAnew = new Set<number>();
    for (const e of events) {
      if (e.type === "final-table") drawnAnew.add(e.table);
      else if (e.type === "redrawn") for (const x of e.tables) drawnAnew.add(x.table);
      else if (e.type === "matches-drawn") for (const x of e.tables) drawnAnew.add(x.table);
      else if (e.type === "match-drawn") drawnAnew.add(e.table.table);
    }
    if (drawnAnew.size > 0) this.announceButtonDraws(drawnAnew);
    if ((t.dir.status as string) === "finished") {
      await payPrizes(t);
      this.stopTables();
      return;
    }
    if (t.dir.onBreak && !t.paused) {
      const left = untilNextItemMs(t.dir, t.now());
      if (left !== null) this.breakTimer = t.svc.clock.after(clockTimerMs(left), () => void t.enqueue(() => this.settle(null)));
    }
    this.armGrace(began);
    t.onChange?.();
  }

  /**
   * The dealer says who went out (and their place once the field is closed) in the
   * chat of the table they played at, before the table lets them go. Not awaited: the chat's
   * appends keep their order, and the table need not wait for them.
   */
  private announceBusts(events: readonly TournamentEvent[], bustTables: ReadonlyMap<string, number>): void {
    const t = this.t;
    for (const e of events) {
      if (e.type !== "eliminated") continue;
      e.groups.forEach((group, g) =>
        group.forEach((id, j) => {
          const player = t.dir.entries.get(id)?.player;
          if (player === undefined) return;
          const note = { kind: "bust" as const, name: t.names.get(player) ?? "player", place: e.places?.[g]?.[j] ?? null };
          const at = bustTables.get(id) ?? 0;
          if (at > 0) this.link.say(tableIdOf(t.id, at), [note]);
        }),
      );
    }
  }

  /**
   * R-DEAL-6 online: the dealer shows each table (`only`; null: all) its first-button draw
   * card by card in its chat, as a live dealer turns the cards up, once, when the draw is
   * made (a restart does not repeat it: the chat keeps it). Not awaited, as bust notes.
   */
  private announceButtonDraws(only: ReadonlySet<number> | null): void {
    const t = this.t;
    for (const [n, table] of t.dir.tables) {
      if ((only !== null && !only.has(n)) || table.last !== null || table.firstDraw === undefined) continue;
      const note = {
        kind: "button-draw" as const,
        button: table.firstButton,
        cards: table.firstDraw.map((d) => ({ round: d.round, seat: d.seat, card: d.card })),
      };
      this.link.say(tableIdOf(t.id, n), [note]);
    }
  }

  /**
   * A settle that failed is tried again: the table (or, with no table, every table) would
   * otherwise wait for its permit until some other table's hand or a timer happened to settle
   * it, which a one-table event never has. A store that did not answer is asked again in a
   * second, then less often (retryLater); a refusal (the director's state cannot be settled
   * as it is) every REFUSED_RETRY_MS, logged once, and the floor's seat map shows the table
   * as stopped.
   */
  private settledOrNot(n: number | null, failed: Failed | null): void {
    const t = this.t;
    const key = n ?? 0;
    const what = key === 0 ? "the tables" : `table ${key}`;
    // A table broken since (its players moved on by another table's settle) has nothing left to settle.
    const gone = n !== null && !t.dir.tables.has(n);
    if (failed === null || gone) {
      this.succeeded(key);
      if (this.stopped.delete(key)) t.svc.log(`tournament ${t.id}: ${what} ${gone ? "is broken" : "settled again"}`);
      return;
    }
    const { refused, unstored } = failed;
    const failures = this.retryLater(key, refused !== undefined, () => this.settle(n));
    if (refused !== undefined) {
      const before = this.stopped.get(key);
      this.stopped.set(key, { code: refused.code, message: refused.message });
      if (before?.message !== refused.message) t.svc.log(`tournament ${t.id}: ${what} stopped: ${refused.message}`);
    } else if (failures === 1) t.svc.log(`tournament ${t.id}: cannot record the settle of ${what} (tried again): ${unstored.message}`);
  }

  /** What `key`'s retry was for went through: no retry pending, and the next failure is the first again. */
  private succeeded(key: number): void {
    this.retries.get(key)?.timer?.cancel();
    this.retries.delete(key);
  }

  /**
   * Runs `run` in the tournament's queue later (one retry per key: a newer one replaces it):
   * a refusal after REFUSED_RETRY_MS, a store failure after SETTLE_RETRY_MS doubled for each
   * failure in a row before it, so a long outage is not asked every second by every table.
   * Returns the failures in a row, this one counted.
   */
  private retryLater(key: number, refused: boolean, run: () => Promise<void>): number {
    const t = this.t;
    const r = this.retries.get(key) ?? { timer: null, failures: 0 };
    r.timer?.cancel();
    r.failures++;
    const ms = refused ? REFUSED_RETRY_MS : Math.min(REFUSED_RETRY_MS, SETTLE_RETRY_MS * 2 ** Math.min(r.failures - 1, 10));
    r.timer = t.svc.clock.after(ms, () => {
      r.timer = null;
      if (!t.closed) void t.enqueue(run);
    });
    this.retries.set(key, r);
    return r.failures;
  }

  /**
   * decide, append, evolve one command, keeping its events; whether it made any, or how it
   * failed (a table in its hand is not a failure: its hand's end settles it).
   */
  private async runCollect(cmd: Parameters<typeof decide>[1], into: TournamentEvent[]): Promise<boolean | Failed> {
    const t = this.t;
    const d = decide(t.dir, cmd, t.svc.rng);
    if (!d.ok) return d.error.code === TOURNAMENT_ERRORS.tableInHand ? false : { refused: d.error };
    if (d.value.length === 0) return false;
    const r = await t.append(d.value.map((e) => ({ type: "director" as const, data: e })));
    if (!r.ok) return { unstored: r.error };
    into.push(...d.value);
    return true;
  }

  /**
   * R-TRN-4: settles when the first busted player's grace to rebuy ends (online, in played
   * time: none is armed while paused). The graces counted are those running when the settle
   * began (`began`): one that ended while it ran (a slow store, a stalled machine) is
   * settled at once, not forgotten.
   */
  private armGrace(began = this.t.now()): void {
    this.graceTimer?.cancel();
    this.graceTimer = null;
    const t = this.t;
    if (t.closed || t.paused || t.dir.status !== "running") return;
    const now = t.now();
    let first = Infinity;
    for (const id of awaitingRebuys(t.dir, began)) first = Math.min(first, rebuyGraceEndsMs(t.dir, id) ?? Infinity);
    if (first === Infinity) return;
    const wait = Math.max(1, first - playedMs(t.dir, now));
    this.graceTimer = t.svc.clock.after(wait, () => void t.enqueue(() => this.graceEnded()));
  }

  private async graceEnded(): Promise<void> {
    this.graceTimer = null;
    const t = this.t;
    if (t.closed || t.dir.status !== "running" || t.paused) return;
    await this.settle(null);
  }

  /** Table `n`'s configuration (its `opened` record), from the director's table. */
  private configOf(n: number, size: number): TableConfig {
    const t = this.t;
    return {
      tableId: tableIdOf(t.id, n),
      tournamentId: t.id,
      tableNumber: n,
      size,
      actionMs: t.meta.actionMs,
      timeBankMs: t.meta.timeBankMs,
      buttonRule: t.dir.config?.buttonRule ?? ("dead" as const),
      ...(t.dir.config?.oddChip === "draw" ? { oddChip: "draw" as const } : {}),
      ...(t.dir.config?.oneCardKills === true ? { oneCardKills: true } : {}),
      handPauseMs: t.meta.handPauseMs ?? t.svc.handPauseMs,
    };
  }

  /** Every table of the director's is opened where watchers find it before its first order (split tables: a no-op, a table opens where it lives on its first order). */
  private async openTables(): Promise<void> {
    const t = this.t;
    for (const [n, table] of t.dir.tables) {
      const r = await this.link.open(this.configOf(n, table.seats.length));
      if (!r.ok) t.svc.log(`tournament ${t.id}: cannot open table ${n}: ${r.error.message}`);
    }
  }

  /**
   * Sends the tables (`only` of them; null: every table of the director's and every one held
   * here) the director's orders (table-order.ts) through their senders (order-senders.ts):
   * each applies its seating and its permit in one append, or refuses it as stale (in a hand,
   * or with a result the director has not recorded yet: that result's settle sends a fresh
   * one). The tables that lose players (`events`' moves and broken tables, and any whose new
   * seating drops a player another seats) apply theirs first, so a moved player leaves before
   * joining, with the crash point `move` between. Settles once the tables answered, or when
   * the senders stop waiting for them (order-senders.ts says when and why).
   */
  private reconcile(only: ReadonlySet<number> | null, events: readonly TournamentEvent[] = []): Promise<void> {
    const t = this.t;
    const givers = new Set<number>();
    const moves: { entry: string; from: number; to: number }[] = [];
    for (const e of events) {
      if (e.type === "moved") for (const m of e.moves) givers.add(m.from), moves.push({ entry: m.entry, from: m.from, to: m.to });
      else if (e.type === "table-broken") givers.add(e.table);
    }
    const targets = new Set<number>(only ?? [...t.dir.tables.keys(), ...t.tables.keys()]);
    for (const g of givers) targets.add(g);
    const orders = new Map<number, { config: TableConfig; order: TableOrder }>();
    for (const n of [...targets].sort((a, b) => a - b)) {
      if (n <= 0) continue;
      orders.set(n, { config: this.configOf(n, t.dir.tables.get(n)?.seats.length ?? 9), order: this.orderOf(n) });
    }
    const joining = new Map<number, Set<string>>();
    for (const m of moves) {
      const player = t.dir.entries.get(m.entry)?.player;
      if (player !== undefined) joining.set(m.to, (joining.get(m.to) ?? new Set()).add(player));
    }
    return this.wired.senders.send({
      orders,
      givers,
      joining,
      between: () =>
        crashPoint("move", () => {
          const m = moves.find((x) => !givers.has(x.to) && t.dir.entries.get(x.entry)?.table === x.to);
          const player = m === undefined ? undefined : t.dir.entries.get(m.entry)?.player;
          return m === undefined || player === undefined ? null : JSON.stringify({ tournament: t.id, player, entry: m.entry, from: m.from, to: m.to });
        }),
    });
  }
}

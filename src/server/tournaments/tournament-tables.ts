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
import { fail, ok, type Result } from "../../lib/result.ts";
import { awaitingRebuys, decide, playedMs, rebuyGraceEndsMs, type TournamentEvent } from "../../tournament/director/index.ts";
import { clockAt } from "../../tournament/structure/index.ts";
import type { TimerHandle } from "../clock.ts";
import { crashPoint } from "../crash-point.ts";
import type { TableConfig } from "../tables/table-state.ts";
import type { TableLink } from "../tables/table-link.ts";
import type { HandResult, TableOrder } from "../tables/table-order.ts";
import { orderFor } from "./tournament-orders.ts";
import type { TableSession } from "../tables/table-session.ts";
import { LocalTables } from "../tables/local-tables.ts";
import { payPrizes } from "./tournament-money.ts";
import { tableIdOf, type Rec, type TournamentPort } from "./tournament-port.ts";
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

/** A table's order that could not be delivered (its partition is moving) is sent again after this. */
const ORDER_RETRY_MS = 500;

export class OnlineTables {
  private breakTimer: TimerHandle | null = null;
  /** R-TRN-4: when the first rebuy grace ends (a table may be idle meanwhile, waiting for that player). */
  private graceTimer: TimerHandle | null = null;

  /**
   * Where the tables live: with their own partitions' owners (split tables: the server's
   * link), or here (`local`, in the tournament's table map). Either way the director sends
   * orders over `link` and takes hand results in `handEnded`.
   */
  private wiring: { readonly local: LocalTables | null; readonly link: TableLink } | null = null;

  constructor(private readonly t: TournamentPort) {}

  // Made on first use: the runtime builds this part before its services are set.
  private get wired(): { readonly local: LocalTables | null; readonly link: TableLink } {
    if (this.wiring !== null) return this.wiring;
    const split = this.t.svc.tables;
    const local =
      split === undefined
        ? new LocalTables(
            this.t.tables,
            () => this.sessionOptions(),
            (_id, result, s) => this.delivered(s, result),
          )
        : null;
    this.wiring = { local, link: split ?? local! };
    return this.wiring;
  }

  private get local(): LocalTables | null {
    return this.wired.local;
  }

  private get link(): TableLink {
    return this.wired.link;
  }

  /** A table here finished a hand (or resumed after one): its result joins the director's queue. */
  private delivered(s: TableSession, result: HandResult | null): Promise<void> {
    return this.t.enqueue(() => this.handEnded(s.state.config.tableNumber, result));
  }

  async load(): Promise<Result<void>> {
    const t = this.t;
    if (this.local === null) return ok(undefined);
    for (const n of t.dir.tables.keys()) {
      const s = await this.local.load(n, tableIdOf(t.id, n));
      if (!s.ok) return s;
    }
    return ok(undefined);
  }

  /**
   * After a restart: tables in a hand finish it (its end is recorded and settled as usual);
   * a table whose last hand ended unrecorded records it now (TableSession.resume); then a
   * settle with no table repairs whatever a crash cut short and every table named deals.
   */
  resume(): void {
    this.local?.resume();
    void this.t.enqueue(() => this.settle(null));
  }

  close(): void {
    this.breakTimer?.cancel();
    this.graceTimer?.cancel();
    this.local?.close();
  }

  /** The tournament started: open the tables, seat the draw, and let every table deal. */
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
    this.local?.close();
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
      if (!r.ok) return t.svc.log(`tournament ${t.id}: cannot record hand ${result.handId}: ${r.error.message}`);
      crashPoint("settle", () => JSON.stringify({ tournament: t.id, table: n, hand: result.handNumber, version: t.version }));
    }
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
    for (let i = 0; i < 50; i++) {
      const r = await this.runCollect({ type: "tick", at: t.now() }, events);
      if (!r) break;
    }
    await this.runCollect({ type: "table-settle", at: t.now(), table: n }, events);
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
      this.local?.close();
      return;
    }
    if (t.dir.onBreak && !t.paused) {
      const c = t.dir.config!;
      const left = clockAt(c.structure, playedMs(t.dir, t.now())).remainingMs ?? 1000;
      this.breakTimer = t.svc.clock.after(Math.max(50, left), () => void t.enqueue(() => this.settle(null)));
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

  /** decide, append, evolve one command, keeping its events; whether it made any. */
  private async runCollect(cmd: Parameters<typeof decide>[1], into: TournamentEvent[]): Promise<boolean> {
    const t = this.t;
    const d = decide(t.dir, cmd, t.svc.rng);
    if (!d.ok) {
      if (d.error.code !== TOURNAMENT_ERRORS.tableInHand) t.svc.log(`tournament ${t.id}: ${cmd.type} refused: ${d.error.message}`);
      return false;
    }
    if (d.value.length === 0) return false;
    const r = await t.append(d.value.map((e) => ({ type: "director" as const, data: e })));
    if (!r.ok) {
      t.svc.log(`tournament ${t.id}: cannot record ${cmd.type}: ${r.error.message}`);
      return false;
    }
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

  private async openTables(): Promise<void> {
    const t = this.t;
    // Split tables: a table opens where it lives, on its first order. Here: every table at once (watchers find it before its first order).
    if (this.local === null) return;
    for (const n of t.dir.tables.keys()) {
      if (t.tables.has(n)) continue;
      const s = await this.local.ensure(this.configOf(n, t.dir.tables.get(n)!.seats.length));
      if (!s.ok) t.svc.log(`tournament ${t.id}: cannot open table ${n}`);
    }
  }

  /**
   * Sends the tables (`only` of them; null: all) the director's orders (table-order.ts):
   * each applies its seating and its permit in one append, or refuses it as stale (in a
   * hand, or with a result the director has not recorded yet: that result's settle sends a
   * fresh one). The tables that lose players (`events`' moves and broken tables) get theirs
   * first, so a moved player leaves before joining; the others' are asked for at once
   * (the tables' writes share the store's group commits).
   */
  private async reconcile(only: ReadonlySet<number> | null, events: readonly TournamentEvent[] = []): Promise<void> {
    const t = this.t;
    const givers = new Set<number>();
    const moves: { entry: string; from: number; to: number }[] = [];
    for (const e of events) {
      if (e.type === "moved") for (const m of e.moves) givers.add(m.from), moves.push({ entry: m.entry, from: m.from, to: m.to });
      else if (e.type === "table-broken") givers.add(e.table);
    }
    if (this.local === null) return this.reconcileLinked(this.link, only, givers);
    const send = async (n: number, s: TableSession) => {
      // A table in a hand here refuses any order as stale: not asked (its result brings one).
      if (s.state.hand !== null) return;
      const r = await this.link.order(s.state.config, this.orderOf(n));
      if (!r.ok) t.svc.log(`tournament ${t.id}: table ${n} refused its order: ${r.error.code} ${r.error.message}`);
    };
    const sessions = [...t.tables].filter(([n]) => only === null || only.has(n));
    await Promise.all(sessions.filter(([n]) => givers.has(n)).map(([n, s]) => send(n, s)));
    crashPoint("move", () => {
      const m = moves.find((x) => !givers.has(x.to) && t.dir.entries.get(x.entry)?.table === x.to);
      const player = m === undefined ? undefined : t.dir.entries.get(m.entry)?.player;
      return m === undefined || player === undefined ? null : JSON.stringify({ tournament: t.id, player, entry: m.entry, from: m.from, to: m.to });
    });
    await Promise.all(sessions.filter(([n]) => !givers.has(n)).map(([n, s]) => send(n, s)));
  }

  /**
   * Split tables (stage 2): the orders go over the table link to wherever each
   * table lives (a new table opens there), without holding up the director: each table has
   * one sender, which sends the newest order it was given (an older one not yet delivered is
   * superseded, never sent after a newer one) and tries again while the table's partition
   * moves. So a table whose owner died delays only its own order, not every other table's
   * settle behind it in the director's queue. A table that refuses its order as stale
   * because it finished a hand this director has not recorded hands that hand's result
   * back: it is recorded (a result lost with a process that died is not lost).
   */
  private reconcileLinked(link: TableLink, only: ReadonlySet<number> | null, givers: ReadonlySet<number>): void {
    const t = this.t;
    const targets = new Set<number>(only === null ? [...t.dir.tables.keys()] : [...only]);
    for (const g of givers) targets.add(g);
    for (const n of [...targets].sort((a, b) => Number(givers.has(b)) - Number(givers.has(a)))) {
      this.newest.set(n, { config: this.configOf(n, t.dir.tables.get(n)?.seats.length ?? 9), order: this.orderOf(n) });
      if (!this.senders.has(n))
        this.senders.set(
          n,
          this.sendOrders(link, n).finally(() => this.senders.delete(n)),
        );
    }
  }

  /** Per table: the newest order not yet sent, and the sender delivering them in turn. */
  private readonly newest = new Map<number, { config: TableConfig; order: TableOrder }>();
  private readonly senders = new Map<number, Promise<void>>();

  private async sendOrders(link: TableLink, n: number): Promise<void> {
    const t = this.t;
    for (let next = this.newest.get(n); next !== undefined && !t.closed; next = this.newest.get(n)) {
      this.newest.delete(n);
      const r = await link.order(next.config, next.order);
      if (!r.ok) {
        t.svc.log(`tournament ${t.id}: table ${n}'s order not delivered yet: ${r.error.code} ${r.error.message}`);
        // Sent again (or a newer one) shortly: the table's partition is moving.
        if (!this.newest.has(n)) this.newest.set(n, next);
        await new Promise<void>((done) => void t.svc.clock.after(ORDER_RETRY_MS, done));
        continue;
      }
      const missed = r.value.result;
      if (missed !== null && missed.handNumber > (t.recorded.get(n) ?? 0)) void t.enqueue(() => this.handEnded(n, missed));
    }
  }
}

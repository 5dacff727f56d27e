// An online tournament's tables: the server deals every hand, and every table plays at its
// own pace (issue 13). When a table's hand ends, its result goes to the director with the
// hand's record, the clock is ticked, and the director settles that table alone
// (`table-settle`): its busts go out, it gives a player, receives one, breaks or waits; the
// tables the director names (`dealing`) deal their next hand at once. No table waits for
// the others, except where the rules say: a short table for the giving table's current
// hand (R-TBL-2), hand-for-hand at the bubble, the final-table draw (R-TBL-3), a break.
// After a crash a settle with no table repairs any half-done step (it only makes the
// director's tables consistent and names who deals), and the seatings are reconciled to
// the director's state.
import { fail, ok, type Result } from "../../lib/result.ts";
import { awaitingRebuys, decide, handSetup, playedMs, rebuyGraceEndsMs, type TournamentEvent } from "../../tournament/director/index.ts";
import { clockAt, playedBlinds } from "../../tournament/structure/index.ts";
import type { TimerHandle } from "../clock.ts";
import { crashPoint } from "../crash-point.ts";
import type { Blinds, HandRun } from "../tables/table-state.ts";
import { TableSession } from "../tables/table-session.ts";
import { payPrizes } from "./tournament-money.ts";
import { tableIdOf, type Rec, type TournamentRuntime } from "./tournament-runtime.ts";

export class OnlineTables {
  private breakTimer: TimerHandle | null = null;
  /** R-TRN-4: when the first rebuy grace ends (a table may be idle meanwhile, waiting for that player). */
  private graceTimer: TimerHandle | null = null;

  constructor(private readonly t: TournamentRuntime) {}

  async load(): Promise<Result<void>> {
    const t = this.t;
    for (const n of t.dir.tables.keys()) {
      const s = await TableSession.load(tableIdOf(t.id, n), this.sessionOptions(n));
      if (!s.ok) return s;
      if (s.value !== null) t.tables.set(n, s.value);
    }
    return ok(undefined);
  }

  /**
   * After a restart: tables in a hand finish it (its end is recorded and settled as usual);
   * a table whose last hand ended unrecorded records it now (TableSession.resume); then a
   * settle with no table repairs whatever a crash cut short and every table named deals.
   */
  resume(): void {
    for (const s of this.t.tables.values()) s.resume();
    void this.t.enqueue(() => this.settle(null));
  }

  close(): void {
    this.breakTimer?.cancel();
    this.graceTimer?.cancel();
    for (const s of this.t.tables.values()) s.close();
  }

  /** The tournament started: open the tables, seat the draw, and let every table deal. */
  async started(): Promise<void> {
    await this.openTables();
    await this.reconcile(null);
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
    for (const s of this.t.tables.values()) s.close();
  }

  /** After the director paused or resumed: resumed, every table told to deal does. */
  async pausedChanged(): Promise<void> {
    if (this.t.paused || this.t.dir.status !== "running") return;
    await this.settle(null);
  }

  private sessionOptions(n: number) {
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
      hooks: {
        blinds: () => this.blindsFor(n),
        canDeal: () => this.canDeal(n),
        handEnded: (_: TableSession, hand: HandRun | null) => t.enqueue(() => this.handEnded(n, hand)),
      },
    };
  }

  /** The director told the table to deal, its last hand is recorded, and the clock runs. */
  private canDeal(n: number): boolean {
    const t = this.t;
    const s = t.tables.get(n);
    const table = t.dir.tables.get(n);
    if (t.closed || t.dir.status !== "running" || t.paused || t.dir.onBreak || s === undefined || table === undefined) return false;
    return table.inHand && s.state.handNumber === (t.recorded.get(n) ?? 0);
  }

  private blindsFor(n: number): Blinds {
    const t = this.t;
    const table = t.dir.tables.get(n);
    const setup = table === undefined ? null : handSetup(t.dir, table, t.now());
    if (setup === null) return { sb: 0, bb: 0, ante: 0 };
    const b = playedBlinds(setup.level);
    return setup.level.bigBlindAnte ? ({ sb: b.sb, bb: b.bb, ante: b.ante, bigBlindAnte: true } as Blinds) : { sb: b.sb, bb: b.bb, ante: b.ante };
  }

  private async handEnded(n: number, hand: HandRun | null): Promise<void> {
    const t = this.t;
    if (t.closed || t.dir.status !== "running") return;
    if (hand !== null && hand.state.result !== null && hand.handNumber > (t.recorded.get(n) ?? 0)) {
      const table = t.dir.tables.get(n);
      const entries = hand.order.map((seat) => table?.seats[seat - 1] ?? "");
      const outcome = { table: n, hand: hand.positions, entries, startStacks: hand.startStacks, stacks: hand.state.result.stacks };
      const d = decide(t.dir, { type: "hand", at: t.now(), outcome }, t.svc.rng);
      if (!d.ok) t.svc.log(`tournament ${t.id}: the director refused hand ${hand.handId}: ${d.error.code} ${d.error.message}`);
      // The hand's events and its record land together: a restart never plays it twice.
      const recs: Rec[] = [...(d.ok ? d.value : []).map((e) => ({ type: "director" as const, data: e })), { type: "hand-recorded", data: { table: n, handNumber: hand.handNumber } }];
      const r = await t.append(recs);
      if (!r.ok) return t.svc.log(`tournament ${t.id}: cannot record hand ${hand.handId}: ${r.error.message}`);
      crashPoint("settle", () => JSON.stringify({ tournament: t.id, table: n, hand: hand.handNumber, version: t.version }));
    }
    // A table the director still has in a hand (it has not dealt since it was told to) is not settled.
    if (t.dir.tables.get(n)?.inHand === false) await this.settle(n);
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
    const events: TournamentEvent[] = [];
    const touched = new Set<number>(n === null ? [] : [n]);
    // Busted entries may go out at other tables (a rebuy grace over, a hand-for-hand round).
    for (const id of t.dir.busted) touched.add(t.dir.entries.get(id)?.table ?? 0);
    for (let i = 0; i < 50; i++) {
      const r = await this.runCollect({ type: "tick", at: t.now() }, events);
      if (!r) break;
    }
    await this.runCollect({ type: "table-settle", at: t.now(), table: n }, events);
    this.announceBusts(events);
    await this.openTables();
    let all = n === null;
    for (const e of events) {
      if (e.type === "moved") for (const m of e.moves) touched.add(m.from).add(m.to);
      else if (e.type === "table-broken") touched.add(e.table);
      else if (e.type === "dealing") e.tables === "all" ? (all = true) : e.tables.forEach((x) => touched.add(x));
      else if (e.type === "coloured-up") for (const [id] of e.stacks) touched.add(t.dir.entries.get(id)?.table ?? 0);
      else if (e.type === "final-table" || e.type === "matches-drawn" || e.type === "match-drawn" || e.type === "eliminated") {
        // A heads-up match drawn (R-TRN-10): its players leave their decided matches; every table between hands is made right.
        if (e.type !== "eliminated" || n === null) all = true;
      }
    }
    await this.reconcile(all ? null : touched);
    if ((t.dir.status as string) === "finished") {
      await payPrizes(t);
      for (const s of t.tables.values()) s.close();
      return;
    }
    for (const [m, s] of t.tables) if ((all || touched.has(m)) && this.canDeal(m)) s.dealSoon();
    if (t.dir.onBreak && !t.paused) {
      const c = t.dir.config!;
      const left = clockAt(c.structure, playedMs(t.dir, t.now())).remainingMs ?? 1000;
      this.breakTimer = t.svc.clock.after(Math.max(50, left), () => void t.enqueue(() => this.settle(null)));
    }
    this.armGrace();
    t.onChange?.();
  }

  /**
   * Issue 14: the dealer says who went out (and their place once the field is closed) in the
   * chat of the table they played at, before the table lets them go. Not awaited: the chat's
   * appends keep their order, and the table need not wait for them.
   */
  private announceBusts(events: readonly TournamentEvent[]): void {
    const t = this.t;
    for (const e of events) {
      if (e.type !== "eliminated") continue;
      e.groups.forEach((group, g) =>
        group.forEach((id, j) => {
          const player = t.dir.entries.get(id)?.player;
          if (player === undefined) return;
          const table = [...t.tables.values()].find((s) => [...s.state.seats.values()].some((seat) => seat.playerId === player));
          table?.dealerSay([{ kind: "bust", name: t.names.get(player) ?? "player", place: e.places?.[g]?.[j] ?? null }]).catch((err: unknown) => t.svc.log(`tournament ${t.id}: dealer's entry failed`, err));
        }),
      );
    }
  }

  /** decide, append, evolve one command, keeping its events; whether it made any. */
  private async runCollect(cmd: Parameters<typeof decide>[1], into: TournamentEvent[]): Promise<boolean> {
    const t = this.t;
    const d = decide(t.dir, cmd, t.svc.rng);
    if (!d.ok) {
      if (d.error.code !== "tournament/table-in-hand") t.svc.log(`tournament ${t.id}: ${cmd.type} refused: ${d.error.message}`);
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

  /** R-TRN-4: settles when the first busted player's grace to rebuy ends (online, in played time: none is armed while paused). */
  private armGrace(): void {
    this.graceTimer?.cancel();
    this.graceTimer = null;
    const t = this.t;
    if (t.closed || t.paused || t.dir.status !== "running") return;
    const now = t.now();
    let first = Infinity;
    for (const id of awaitingRebuys(t.dir, now)) first = Math.min(first, rebuyGraceEndsMs(t.dir, id) ?? Infinity);
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

  private async openTables(): Promise<void> {
    const t = this.t;
    for (const n of t.dir.tables.keys()) {
      if (t.tables.has(n)) continue;
      const config = {
        tableId: tableIdOf(t.id, n),
        tournamentId: t.id,
        tableNumber: n,
        size: t.dir.tables.get(n)!.seats.length,
        actionMs: t.meta.actionMs,
        timeBankMs: t.meta.timeBankMs,
        buttonRule: t.dir.config?.buttonRule ?? ("dead" as const),
      };
      const loaded = await TableSession.load(config.tableId, this.sessionOptions(n));
      const s = loaded.ok && loaded.value !== null ? loaded : await TableSession.open(config, this.sessionOptions(n));
      if (s.ok && s.value !== null) t.tables.set(n, s.value);
      else t.svc.log(`tournament ${t.id}: cannot open table ${n}`);
    }
  }

  /**
   * Makes the tables between hands (`only` of them; null: all) seat exactly whom the
   * director says, with those stacks: everyone leaving a table first, then everyone
   * joining one, so nobody is seated at two tables at once.
   */
  private async reconcile(only: ReadonlySet<number> | null): Promise<void> {
    const t = this.t;
    const sessions = [...t.tables].filter(([n, s]) => s.state.hand === null && (only === null || only.has(n)));
    const wanted = (n: number, seat: number) => {
      const id = t.dir.tables.get(n)?.seats[seat - 1] ?? null;
      const e = id === null ? undefined : t.dir.entries.get(id);
      return e !== undefined && e.alive ? e : undefined;
    };
    // Every table's changes are asked for at once (issue 13): each table's queue keeps its own
    // in order, and the tables' writes share the store's group commits, instead of one write
    // after another, each waiting its turn while the tournament's queue (every other table's
    // settle) waits behind them. Everyone has left before anyone joins.
    const left = new Map<string, number>();
    const leaving: Promise<unknown>[] = [];
    for (const [n, s] of sessions) {
      for (let seat = 1; seat <= s.state.config.size; seat++) {
        const want = wanted(n, seat);
        const have = s.state.seats.get(seat);
        if (have !== undefined && (want === undefined || have.playerId !== want.player)) {
          leaving.push(s.unseat(seat));
          left.set(have.playerId, n);
        }
      }
    }
    await Promise.all(leaving);
    crashPoint("move", () => {
      const moved = sessions.flatMap(([n, s]) => Array.from({ length: s.state.config.size }, (_, i) => wanted(n, i + 1)).flatMap((e) => (e !== undefined && left.has(e.player) && left.get(e.player) !== n ? [{ player: e.player, entry: e.id, from: left.get(e.player)!, to: n }] : [])));
      return moved.length === 0 ? null : JSON.stringify({ tournament: t.id, ...moved[0]! });
    });
    const joining: Promise<unknown>[] = [];
    for (const [n, s] of sessions) {
      for (let seat = 1; seat <= s.state.config.size; seat++) {
        const want = wanted(n, seat);
        const have = s.state.seats.get(seat);
        if (want !== undefined && have === undefined) joining.push(s.seat(seat, want.player, t.names.get(want.player) ?? "player", want.stack));
        else if (want !== undefined && have !== undefined && have.stack !== want.stack) joining.push(s.setStack(seat, want.stack));
      }
    }
    await Promise.all(joining);
  }
}

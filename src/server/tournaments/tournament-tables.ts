// An online tournament's tables: the server deals every hand. Tables play in rounds: every
// table deals one hand, and when all are done the director settles (busts, places,
// balancing, breaking tables) and the seatings are reconciled. After a crash the same
// reconciliation repairs any half-done step, since it only makes the tables match the
// director's state.
import { ok, type Result } from "../../lib/result.ts";
import { awaitingRebuys, decide, handSetup, playedMs, rebuyGraceEndsMs } from "../../tournament/director/index.ts";
import { clockAt, playedBlinds } from "../../tournament/structure/index.ts";
import type { TimerHandle } from "../clock.ts";
import { dealable, type Blinds, type HandRun } from "../tables/table-state.ts";
import { TableSession } from "../tables/table-session.ts";
import { payPrizes } from "./tournament-money.ts";
import { tableIdOf, type Rec, type TournamentRuntime } from "./tournament-runtime.ts";

export class OnlineTables {
  private round: Map<number, number> | null = null;
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

  /** After a restart: tables in a hand finish it; then the round closes as usual. */
  resume(): void {
    this.round = new Map();
    for (const [n, s] of this.t.tables) if (s.state.hand !== null) this.round.set(n, s.state.handNumber - 1);
    for (const s of this.t.tables.values()) s.resume();
    if (this.round.size === 0) void this.t.enqueue(() => this.closeRound());
  }

  close(): void {
    this.breakTimer?.cancel();
    this.graceTimer?.cancel();
    for (const s of this.t.tables.values()) s.close();
  }

  /** The tournament started: open the tables, seat the draw, deal. */
  async started(): Promise<void> {
    await this.openTables();
    await this.reconcile();
    this.newRound();
  }

  async reconcileAll(): Promise<void> {
    await this.openTables();
    await this.reconcile();
  }

  /**
   * After a command (an entry, a rebuy, a decline, a move): the tables take the director's
   * seats and stacks; a round with nothing to deal (a table waiting for a busted player to
   * rebuy) closes again, so a rebuy or a decline is played or settled at once.
   */
  async afterCommand(): Promise<void> {
    await this.reconcileAll();
    const t = this.t;
    if (t.closed || t.dir.status !== "running") return;
    if (this.idle()) await this.closeRound();
    else this.armGrace();
  }

  /** Finished by a command (an applied deal): the tables stop. */
  finish(): void {
    this.breakTimer?.cancel();
    this.graceTimer?.cancel();
    for (const s of this.t.tables.values()) s.close();
  }

  /** After the director paused or resumed: a resumed round deals on (or closes, if all are done). */
  async pausedChanged(): Promise<void> {
    if (this.t.paused || this.t.dir.status !== "running") return;
    if (this.round === null || this.round.size === 0) {
      if ([...this.t.tables.values()].every((s) => s.state.hand === null)) await this.closeRound();
    } else for (const [n, s] of this.t.tables) if (this.round.has(n)) s.dealSoon(0);
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
      hooks: {
        blinds: () => this.blindsFor(n),
        canDeal: () => {
          const s = t.tables.get(n);
          return !t.closed && t.dir.status === "running" && !t.paused && !t.dir.onBreak && s !== undefined && this.round?.get(n) === s.state.handNumber;
        },
        handEnded: (_: TableSession, hand: HandRun | null) => t.enqueue(() => this.handEnded(n, hand)),
      },
    };
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
    }
    await this.maybeCloseRound();
  }

  private async maybeCloseRound(): Promise<void> {
    const round = this.round;
    if (round === null) return;
    for (const [n, start] of round) {
      const s = this.t.tables.get(n);
      if (s === undefined) continue;
      if (s.state.hand !== null) return;
      if (s.state.handNumber === start && dealable(s.state).length >= 2) return;
      if (s.state.handNumber > (this.t.recorded.get(n) ?? 0) && s.state.finished !== null) return;
    }
    await this.closeRound();
  }

  private async closeRound(): Promise<void> {
    const t = this.t;
    this.round = null;
    this.breakTimer?.cancel();
    this.breakTimer = null;
    if (t.closed || t.dir.status !== "running") return;
    for (let i = 0; i < 50; i++) {
      const r = await t.run({ type: "tick", at: t.now() });
      if (!r.ok || r.value === 0) break;
    }
    const settled = await t.run({ type: "settle", at: t.now() });
    if (!settled.ok) t.svc.log(`tournament ${t.id}: settle refused: ${settled.error.message}`);
    await this.openTables();
    await this.reconcile();
    if ((t.dir.status as string) === "finished") {
      await payPrizes(t);
      for (const s of t.tables.values()) s.close();
      return;
    }
    if (t.dir.onBreak) {
      // Paused during a break: the resume closes the round again.
      if (t.paused) return;
      const c = t.dir.config!;
      const left = clockAt(c.structure, playedMs(t.dir, t.now())).remainingMs ?? 1000;
      this.breakTimer = t.svc.clock.after(Math.max(50, left), () => void t.enqueue(() => this.closeRound()));
      return;
    }
    this.newRound();
    this.armGrace();
  }

  /** A round was dealt and nothing is left to play in it, with the clock running and no break: only a settle can move things on. */
  private idle(): boolean {
    const t = this.t;
    if (this.round === null || this.round.size > 0 || t.paused || t.dir.onBreak) return false;
    return [...t.tables.values()].every((s) => s.state.hand === null);
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
    if (t.closed || t.dir.status !== "running" || t.paused || this.round === null) return;
    // A round still playing settles when it ends; an idle one is closed now.
    if (this.round.size > 0) await this.maybeCloseRound();
    else if (this.idle()) await this.closeRound();
  }

  private newRound(): void {
    const t = this.t;
    if (t.paused || t.closed) {
      this.round = new Map();
      return;
    }
    const round = new Map<number, number>();
    for (const [n, s] of t.tables) {
      if (dealable(s.state).length >= 2) round.set(n, s.state.handNumber);
    }
    this.round = round;
    for (const n of round.keys()) t.tables.get(n)!.dealSoon();
    if (round.size === 0) t.svc.log(`tournament ${t.id}: no table can deal (${t.dir.alive} left)`);
    t.onChange?.();
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

  /** Makes every table between hands seat exactly whom the director says, with those stacks. */
  private async reconcile(): Promise<void> {
    const t = this.t;
    for (const [n, s] of t.tables) {
      if (s.state.hand !== null) continue;
      const table = t.dir.tables.get(n);
      for (let seat = 1; seat <= s.state.config.size; seat++) {
        const id = table?.seats[seat - 1] ?? null;
        const e = id === null ? undefined : t.dir.entries.get(id);
        const want = e !== undefined && e.alive ? e : undefined;
        const have = s.state.seats.get(seat);
        if (have !== undefined && (want === undefined || have.playerId !== want.player)) await s.unseat(seat);
        if (want !== undefined && (have === undefined || have.playerId !== want.player)) {
          await s.seat(seat, want.player, t.names.get(want.player) ?? "player", want.stack);
        } else if (want !== undefined && have !== undefined && have.stack !== want.stack) await s.setStack(seat, want.stack);
      }
    }
  }
}

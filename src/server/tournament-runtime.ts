// A running tournament: the director (src/tournament/director, decide then evolve) fed by
// live tables. Its stream holds the director's events plus a few server records; the
// tables keep their own streams. Tables play in rounds: every table deals one hand, and
// when all are done the director settles (busts, places, balancing, breaking tables) and
// the seatings are reconciled. After a crash the same reconciliation repairs any half-done
// step, since it only makes the tables match the director's state.
import { fail, ok, type Result } from "../lib/result.ts";
import { decide, evolve, handSetup, initialState, type TournamentCommand, type TournamentConfig, type TournamentEvent, type TournamentState } from "../tournament/director/index.ts";
import { clockAt, playedBlinds } from "../tournament/structure/index.ts";
import { postings } from "../store/index.ts";
import type { TimerHandle } from "./clock.ts";
import type { Services } from "./services.ts";
import { dealable, type Blinds, type HandRun } from "./table-state.ts";
import { TableSession } from "./table-session.ts";

export interface TournamentMeta {
  readonly id: string;
  readonly name: string;
  readonly kind: "online" | "live";
  readonly presetId: string;
  readonly startsAt: number;
  readonly actionMs: number;
  readonly timeBankMs: number;
  readonly maxEntries: number | null;
  readonly guarantee: number;
  readonly createdAt: number;
}

export type Rec =
  | { readonly type: "created"; readonly data: TournamentMeta }
  | { readonly type: "director"; readonly data: TournamentEvent }
  | { readonly type: "entrant"; readonly data: { player: string; name: string } }
  | { readonly type: "hand-recorded"; readonly data: { table: number; handNumber: number } }
  | { readonly type: "paused"; readonly data: { at: number; paused: boolean } };

export const tournamentStream = (id: string) => `tournament:${id}`;
export const tableIdOf = (tournamentId: string, table: number) => `${tournamentId}-t${table}`;

export class TournamentRuntime {
  readonly dir: TournamentState = initialState();
  meta!: TournamentMeta;
  version = 0;
  paused = false;
  pausedAt: number | null = null;
  readonly names = new Map<string, string>();
  readonly recorded = new Map<number, number>();
  readonly tables = new Map<number, TableSession>();
  private readonly commands = new Map<string, number>();
  private round: Map<number, number> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private breakTimer: TimerHandle | null = null;
  private closed = false;
  /** Called after every change (lobby and tournament-view pushes). */
  onChange: (() => void) | null = null;

  private constructor(private readonly svc: Services) {}

  get id(): string {
    return this.meta.id;
  }

  static async create(svc: Services, meta: TournamentMeta, config: TournamentConfig, commandId: string): Promise<Result<TournamentRuntime>> {
    const t = new TournamentRuntime(svc);
    const announced = decide(t.dir, { type: "announce", at: meta.createdAt, config }, svc.rng);
    if (!announced.ok) return announced;
    const probe = initialState();
    for (const e of announced.value) evolve(probe, e);
    const opened = decide(probe, { type: "open-registration", at: meta.createdAt }, svc.rng);
    if (!opened.ok) return opened;
    const recs: Rec[] = [{ type: "created", data: meta }, ...[...announced.value, ...opened.value].map((e) => ({ type: "director" as const, data: e }))];
    const r = await t.append(recs, commandId, meta.id);
    return r.ok ? ok(t) : r;
  }

  static async load(svc: Services, id: string): Promise<Result<TournamentRuntime | null>> {
    const t = new TournamentRuntime(svc);
    const events = await svc.store.read(tournamentStream(id));
    if (events.length === 0) return ok(null);
    for (const e of events) {
      t.fold({ type: e.type, data: e.data } as Rec);
      t.version = e.version;
      const c = e.meta["commandId"];
      if (typeof c === "string") t.commands.set(c, e.version);
    }
    for (const n of t.dir.tables.keys()) {
      const s = await TableSession.load(tableIdOf(id, n), t.sessionOptions(n));
      if (!s.ok) return s;
      if (s.value !== null) t.tables.set(n, s.value);
    }
    return ok(t);
  }

  /** After a restart: tables in a hand finish it; then the round closes as usual. */
  resume(): void {
    if (this.dir.status !== "running") return void this.enqueue(() => this.payPrizes());
    this.round = new Map();
    for (const [n, s] of this.tables) if (s.state.hand !== null) this.round.set(n, s.state.handNumber - 1);
    for (const s of this.tables.values()) s.resume();
    if (this.round.size === 0) void this.enqueue(() => this.closeRound());
  }

  close(): void {
    this.closed = true;
    this.breakTimer?.cancel();
    for (const s of this.tables.values()) s.close();
  }

  enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch((e) => this.svc.log(`tournament ${this.meta?.id}: step failed`, e));
    return run;
  }

  // ---- commands ----

  register(user: { id: string; name: string }, commandId: string): Promise<Result<{ duplicate: boolean }>> {
    return this.enqueue(async () => {
      if (this.commands.has(commandId)) return ok({ duplicate: true });
      if (this.meta.maxEntries !== null && this.dir.entries.size >= this.meta.maxEntries) return fail("tournament/not-allowed", "the tournament is full");
      const d = decide(this.dir, { type: "register", at: this.now(), player: user.id }, this.svc.rng);
      if (!d.ok) return fail(d.error.code === "tournament/already-registered" ? "tournament/not-allowed" : "tournament/bad-state", d.error.message, { cause: d.error.code });
      const reg = d.value.find((e) => e.type === "registered");
      if (reg !== undefined && reg.type === "registered" && reg.payment.toPool + reg.payment.fee > 0) {
        const tx = postings.buyIn({ key: `buy-in:${this.id}:${user.id}`, asset: this.svc.asset, player: user.id, tournament: this.id, amount: reg.payment.toPool, fee: reg.payment.fee });
        if (!tx.ok) return tx;
        const paid = await this.svc.ledger.post(tx.value);
        if (!paid.ok) return paid;
      }
      const r = await this.append([{ type: "entrant", data: { player: user.id, name: user.name } }, ...d.value.map((e) => ({ type: "director" as const, data: e }))], commandId);
      return r.ok ? ok({ duplicate: false }) : r;
    });
  }

  start(commandId: string): Promise<Result<{ duplicate: boolean }>> {
    return this.enqueue(async () => {
      if (this.commands.has(commandId)) return ok({ duplicate: true });
      const r = await this.run({ type: "start", at: this.now() }, commandId);
      if (!r.ok) return r;
      await this.openTables();
      await this.reconcile();
      this.newRound();
      return ok({ duplicate: false });
    });
  }

  setPaused(paused: boolean, commandId: string): Promise<Result<{ duplicate: boolean }>> {
    return this.enqueue(async () => {
      if (this.commands.has(commandId)) return ok({ duplicate: true });
      if (this.dir.status !== "running") return fail("tournament/bad-state", `the tournament is ${this.dir.status}`);
      if (this.paused === paused) return fail("tournament/bad-state", paused ? "already paused" : "not paused");
      const r = await this.append([{ type: "paused", data: { at: this.now(), paused } }], commandId);
      if (!r.ok) return r;
      if (!paused) {
        if (this.round === null || this.round.size === 0) {
          if ([...this.tables.values()].every((s) => s.state.hand === null)) await this.closeRound();
        } else for (const [n, s] of this.tables) if (this.round.has(n)) s.dealSoon(0);
      }
      return ok({ duplicate: false });
    });
  }

  /** A director's move (R-TBL-4): between hands at both tables, into an empty seat. */
  move(entryId: string, toTable: number, toSeat: number, commandId: string): Promise<Result<{ duplicate: boolean }>> {
    return this.enqueue(async () => {
      if (this.commands.has(commandId)) return ok({ duplicate: true });
      const e = this.dir.entries.get(entryId);
      if (e === undefined || !e.alive || e.table === 0) return fail("director/not-found", `no seated entry ${entryId}`);
      const dest = this.dir.tables.get(toTable);
      if (dest === undefined) return fail("director/not-found", `no table ${toTable}`);
      if (toSeat > dest.seats.length || dest.seats[toSeat - 1] != null) return fail("director/invalid", `seat ${toSeat} at table ${toTable} is not free`);
      for (const n of [e.table, toTable]) {
        if (this.tables.get(n)?.state.hand != null) return fail("tournament/bad-state", `table ${n} is playing a hand; move between hands`);
      }
      const moved: TournamentEvent = { type: "moved", at: this.now(), moves: [{ entry: entryId, from: e.table, to: toTable, seat: toSeat }] };
      const r = await this.append([{ type: "director", data: moved }], commandId);
      if (!r.ok) return r;
      await this.reconcile();
      return ok({ duplicate: false });
    });
  }

  /** One director command through decide: `pay` may post the money its events move (a
   *  refusal stops it), then the events (after `records`) are appended, the tables opened
   *  and reconciled. Acts once per commandId; `events` is empty for a repeat. */
  command(
    make: (at: number) => TournamentCommand,
    commandId: string,
    opts: { readonly pay?: (events: readonly TournamentEvent[]) => Promise<Result<void>>; readonly records?: readonly Rec[] } = {},
  ): Promise<Result<{ duplicate: boolean; events: readonly TournamentEvent[] }>> {
    return this.enqueue(async () => {
      if (this.commands.has(commandId)) return ok({ duplicate: true, events: [] });
      const d = decide(this.dir, make(this.now()), this.svc.rng);
      if (!d.ok) return fail("tournament/bad-state", d.error.message, { cause: d.error.code });
      if (opts.pay !== undefined) {
        const p = await opts.pay(d.value);
        if (!p.ok) return p;
      }
      const r = await this.append([...(opts.records ?? []), ...d.value.map((e) => ({ type: "director" as const, data: e }))], commandId);
      if (!r.ok) return r;
      if (this.dir.status === "running") {
        await this.openTables();
        await this.reconcile();
      }
      return ok({ duplicate: false, events: d.value });
    });
  }

  // ---- the round loop ----

  private sessionOptions(n: number) {
    return {
      store: this.svc.store,
      clock: this.svc.clock,
      handPauseMs: this.svc.handPauseMs,
      ...(this.svc.newSeed ? { seed: this.svc.newSeed } : {}),
      log: this.svc.log,
      hooks: {
        blinds: () => this.blindsFor(n),
        canDeal: () => {
          const s = this.tables.get(n);
          return !this.closed && this.dir.status === "running" && !this.paused && !this.dir.onBreak && s !== undefined && this.round?.get(n) === s.state.handNumber;
        },
        handEnded: (_: TableSession, hand: HandRun | null) => this.enqueue(() => this.handEnded(n, hand)),
      },
    };
  }

  private blindsFor(n: number): Blinds {
    const t = this.dir.tables.get(n);
    const setup = t === undefined ? null : handSetup(this.dir, t, this.now());
    if (setup === null) return { sb: 0, bb: 0, ante: 0 };
    const b = playedBlinds(setup.level);
    return setup.level.bigBlindAnte ? { sb: b.sb, bb: b.bb, ante: b.ante, bigBlindAnte: true } as Blinds : { sb: b.sb, bb: b.bb, ante: b.ante };
  }

  private async handEnded(n: number, hand: HandRun | null): Promise<void> {
    if (this.closed || this.dir.status !== "running") return;
    if (hand !== null && hand.state.result !== null && hand.handNumber > (this.recorded.get(n) ?? 0)) {
      const t = this.dir.tables.get(n);
      const entries = hand.order.map((seat) => t?.seats[seat - 1] ?? "");
      const outcome = { table: n, hand: hand.positions, entries, startStacks: hand.startStacks, stacks: hand.state.result.stacks };
      const d = decide(this.dir, { type: "hand", at: this.now(), outcome }, this.svc.rng);
      if (!d.ok) this.svc.log(`tournament ${this.id}: the director refused hand ${hand.handId}: ${d.error.code} ${d.error.message}`);
      const recs: Rec[] = [...(d.ok ? d.value : []).map((e) => ({ type: "director" as const, data: e })), { type: "hand-recorded", data: { table: n, handNumber: hand.handNumber } }];
      const r = await this.append(recs);
      if (!r.ok) return this.svc.log(`tournament ${this.id}: cannot record hand ${hand.handId}: ${r.error.message}`);
    }
    await this.maybeCloseRound();
  }

  private async maybeCloseRound(): Promise<void> {
    const round = this.round;
    if (round === null) return;
    for (const [n, start] of round) {
      const s = this.tables.get(n);
      if (s === undefined) continue;
      if (s.state.hand !== null) return;
      if (s.state.handNumber === start && dealable(s.state).length >= 2) return;
      if (s.state.handNumber > (this.recorded.get(n) ?? 0) && s.state.finished !== null) return;
    }
    await this.closeRound();
  }

  private async closeRound(): Promise<void> {
    this.round = null;
    if (this.closed || this.dir.status !== "running") return;
    for (let i = 0; i < 50; i++) {
      const t = await this.run({ type: "tick", at: this.now() });
      if (!t.ok || t.value === 0) break;
    }
    const settled = await this.run({ type: "settle", at: this.now() });
    if (!settled.ok) this.svc.log(`tournament ${this.id}: settle refused: ${settled.error.message}`);
    await this.openTables();
    await this.reconcile();
    if ((this.dir.status as string) === "finished") {
      await this.payPrizes();
      for (const s of this.tables.values()) s.close();
      return;
    }
    if (this.dir.onBreak) {
      const c = this.dir.config!;
      const left = clockAt(c.structure, this.now() - (this.dir.startedAt ?? this.now())).remainingMs ?? 1000;
      this.breakTimer = this.svc.clock.after(Math.max(50, left), () => void this.enqueue(() => this.closeRound()));
      return;
    }
    this.newRound();
  }

  private newRound(): void {
    if (this.paused || this.closed) {
      this.round = new Map();
      return;
    }
    const round = new Map<number, number>();
    for (const [n, s] of this.tables) {
      if (dealable(s.state).length >= 2) round.set(n, s.state.handNumber);
    }
    this.round = round;
    for (const n of round.keys()) this.tables.get(n)!.dealSoon();
    if (round.size === 0) this.svc.log(`tournament ${this.id}: no table can deal (${this.dir.alive} left)`);
    this.onChange?.();
  }

  private async openTables(): Promise<void> {
    for (const n of this.dir.tables.keys()) {
      if (this.tables.has(n)) continue;
      const config = {
        tableId: tableIdOf(this.id, n),
        tournamentId: this.id,
        tableNumber: n,
        size: this.dir.tables.get(n)!.seats.length,
        actionMs: this.meta.actionMs,
        timeBankMs: this.meta.timeBankMs,
        buttonRule: this.dir.config?.buttonRule ?? ("dead" as const),
      };
      const loaded = await TableSession.load(config.tableId, this.sessionOptions(n));
      const s = loaded.ok && loaded.value !== null ? loaded : await TableSession.open(config, this.sessionOptions(n));
      if (s.ok && s.value !== null) this.tables.set(n, s.value);
      else this.svc.log(`tournament ${this.id}: cannot open table ${n}`);
    }
  }

  /** Makes every table between hands seat exactly whom the director says, with those stacks. */
  private async reconcile(): Promise<void> {
    for (const [n, s] of this.tables) {
      if (s.state.hand !== null) continue;
      const t = this.dir.tables.get(n);
      for (let seat = 1; seat <= s.state.config.size; seat++) {
        const id = t?.seats[seat - 1] ?? null;
        const e = id === null ? undefined : this.dir.entries.get(id);
        const want = e !== undefined && e.alive ? e : undefined;
        const have = s.state.seats.get(seat);
        if (have !== undefined && (want === undefined || have.playerId !== want.player)) await s.unseat(seat);
        if (want !== undefined && (have === undefined || have.playerId !== want.player)) {
          await s.seat(seat, want.player, this.names.get(want.player) ?? "player", want.stack);
        } else if (want !== undefined && have !== undefined && have.stack !== want.stack) await s.setStack(seat, want.stack);
      }
    }
  }

  private async payPrizes(): Promise<void> {
    const fixed = [...this.directorEvents()].find((e) => e.type === "prizes-fixed");
    if (fixed?.type === "prizes-fixed" && fixed.overlay > 0) {
      const tx = postings.overlay({ key: `overlay:${this.id}`, asset: this.svc.asset, tournament: this.id, amount: fixed.overlay });
      if (tx.ok) await this.svc.ledger.post(tx.value);
    }
    for (const p of this.dir.placements ?? []) {
      if (p.prize <= 0) continue;
      const tx = postings.prize({ key: `prize:${this.id}:${p.entry}`, asset: this.svc.asset, tournament: this.id, player: p.player, amount: p.prize, place: p.places[0]! });
      if (!tx.ok) continue;
      const r = await this.svc.ledger.post(tx.value);
      if (!r.ok) this.svc.log(`tournament ${this.id}: prize for ${p.entry} not paid: ${r.error.message}`);
    }
  }

  private *directorEvents(): Generator<TournamentEvent> {
    yield* this.kept;
  }
  private readonly kept: TournamentEvent[] = [];

  // ---- persistence ----

  private now(): number {
    return this.svc.clock.now();
  }

  /** decide, append, evolve; the number of events. */
  private async run(cmd: TournamentCommand, commandId?: string): Promise<Result<number>> {
    const d = decide(this.dir, cmd, this.svc.rng);
    if (!d.ok) return fail(d.error.code.startsWith("tournament/") && d.error.code !== "tournament/not-found" ? "tournament/bad-state" : "tournament/bad-state", d.error.message, { cause: d.error.code });
    if (d.value.length === 0) return ok(0);
    const r = await this.append(d.value.map((e) => ({ type: "director" as const, data: e })), commandId);
    return r.ok ? ok(d.value.length) : r;
  }

  private async append(recs: readonly Rec[], commandId?: string, id = this.meta.id): Promise<Result<void>> {
    const meta = commandId === undefined ? {} : { commandId };
    const r = await this.svc.store.append(tournamentStream(id), this.version, recs.map((x) => ({ type: x.type, data: x.data, meta })));
    if (!r.ok) return r;
    for (const x of recs) this.fold(x);
    this.version = r.value.version;
    if (commandId !== undefined) this.commands.set(commandId, r.value.version);
    this.onChange?.();
    return ok(undefined);
  }

  private fold(x: Rec): void {
    switch (x.type) {
      case "created":
        this.meta = x.data;
        break;
      case "director":
        evolve(this.dir, x.data);
        if (x.data.type === "prizes-fixed" || x.data.type === "finished") this.kept.push(x.data);
        break;
      case "entrant":
        this.names.set(x.data.player, x.data.name);
        break;
      case "hand-recorded":
        this.recorded.set(x.data.table, Math.max(this.recorded.get(x.data.table) ?? 0, x.data.handNumber));
        break;
      case "paused":
        this.paused = x.data.paused;
        this.pausedAt = x.data.paused ? x.data.at : null;
        break;
    }
  }
}

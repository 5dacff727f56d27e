// The table actor: the one writer of a table's stream. Every command runs in the table's
// queue, is decided against the current state, persisted, and only then applied and
// broadcast (STYLE: persist, then broadcast). Timers (action clock, the pause between
// hands) live here, on the injected clock. This file is the seam for src/runtime's actor.
import { fail, ok, type FeltError, type Result } from "../lib/result.ts";
import { apply, legalActions } from "../engine/index.ts";
import type { EventStore } from "../store/index.ts";
import type { PlayerAction, ServerMessage, TableEvent, TableView } from "../protocol/index.ts";
import type { Clock, TimerHandle } from "./clock.ts";
import { newSeed } from "./fair.ts";
import {
  dealable,
  evolveTable,
  initialTable,
  nextPositions,
  toEngineAction,
  type Blinds,
  type HandRun,
  type TableConfig,
  type TableRecord,
  type TableState,
} from "./table-state.ts";
import { tableViewFor } from "./table-view.ts";
import { eventForSeat } from "./table-wire.ts";

export interface TableHooks {
  /** Blinds for the hand about to start. */
  blinds(): Blinds;
  /** False while the tournament is paused, on a break or over. */
  canDeal(): boolean;
  /** After a hand (and after recovery between hands): busts, moves. Idempotent. */
  handEnded(session: TableSession, hand: HandRun | null): Promise<void>;
}

export interface Subscriber {
  readonly userId: string | null;
  send(message: ServerMessage): void;
}

export interface SessionOptions {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly hooks: TableHooks;
  /** Pause between hands, so people see the result. */
  readonly handPauseMs: number;
  readonly seed?: () => string;
  readonly log?: (message: string, error?: unknown) => void;
}

export interface ActCommand {
  readonly handId: string;
  readonly version: number;
  readonly commandId: string;
  readonly action: PlayerAction;
}

export interface Ack {
  readonly version: number;
  readonly duplicate: boolean;
}

export const streamOf = (tableId: string) => `table:${tableId}`;

export class TableSession {
  readonly state: TableState;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly subscribers = new Set<Subscriber>();
  private clockTimer: TimerHandle | null = null;
  private dealTimer: TimerHandle | null = null;
  private deadline: number | null = null;
  private closed = false;

  private constructor(
    state: TableState,
    private readonly opts: SessionOptions,
  ) {
    this.state = state;
  }

  get id(): string {
    return this.state.config.tableId;
  }

  static async open(config: TableConfig, opts: SessionOptions): Promise<Result<TableSession>> {
    const s = new TableSession(initialTable(config), opts);
    const r = await s.persist({ type: "opened", data: config }, null, 0);
    return r.ok ? ok(s) : r;
  }

  /** Rebuilds the table from its stream; null when it has none. */
  static async load(tableId: string, opts: SessionOptions): Promise<Result<TableSession | null>> {
    const events = await opts.store.read(streamOf(tableId));
    const first = events[0];
    if (first === undefined || first.type !== "opened") return ok(null);
    const s = new TableSession(initialTable(first.data as TableConfig), opts);
    for (const e of events) {
      const r = evolveTable(s.state, { type: e.type, data: e.data } as TableRecord, e.version, (e.meta["commandId"] as string | undefined) ?? null);
      if (!r.ok) return fail("server/internal", `table ${tableId} v${e.version} does not replay: ${r.error.message}`);
    }
    return ok(s);
  }

  /** Runs `fn` after every earlier command of this table (one writer per table). */
  enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  // ---- subscriptions ----

  seatOf(userId: string | null): number | null {
    if (userId === null) return null;
    for (const s of this.state.seats.values()) if (s.playerId === userId) return s.seat;
    return null;
  }

  subscribe(sub: Subscriber): void {
    const wasConnected = this.isConnected(this.seatOf(sub.userId));
    this.subscribers.add(sub);
    sub.send({ type: "table-view", view: this.viewFor(sub.userId) });
    if (!wasConnected && this.seatOf(sub.userId) !== null) this.broadcastViews();
  }

  unsubscribe(sub: Subscriber): void {
    if (!this.subscribers.delete(sub)) return;
    if (this.seatOf(sub.userId) !== null && !this.isConnected(this.seatOf(sub.userId))) this.broadcastViews();
  }

  isConnected(seat: number | null): boolean {
    if (seat === null) return false;
    for (const s of this.subscribers) if (s.userId !== null && this.seatOf(s.userId) === seat) return true;
    return false;
  }

  viewFor(userId: string | null): TableView {
    const connected = new Set<number>();
    for (const s of this.subscribers) {
      const seat = this.seatOf(s.userId);
      if (seat !== null) connected.add(seat);
    }
    return tableViewFor(this.state, this.seatOf(userId), { connected: (n) => connected.has(n), deadline: this.deadline });
  }

  // ---- commands ----

  act(userId: string, cmd: ActCommand): Promise<Result<Ack>> {
    return this.enqueue(async () => {
      const t = this.state;
      const seat = this.seatOf(userId);
      const done = t.commands.get(cmd.commandId);
      if (done !== undefined) return duplicate(done, seat);
      if (seat === null) return fail("table/not-seated", "you have no seat at this table");
      const hand = t.hand;
      if (hand === null) return fail("table/no-hand", "no hand is being played");
      if (cmd.handId !== hand.handId || cmd.version !== t.version) {
        return fail("table/stale-version", `the table is at version ${t.version}`, { version: t.version, handId: hand.handId });
      }
      const legal = legalActions(hand.state);
      if (legal === null || hand.order[legal.actor] !== seat) return fail("table/not-your-turn", "it is not your turn");
      const tried = apply(hand.state, toEngineAction(legal.actor, cmd.action));
      if (!tried.ok) return illegal(tried.error);
      const r = await this.persist(
        { type: "acted", data: { seat, action: cmd.action, timeout: false, at: this.opts.clock.now() } },
        cmd.commandId,
        t.version,
      );
      return r.ok ? ok({ version: t.version, duplicate: false }) : r;
    });
  }

  setSittingOut(userId: string, commandId: string, sittingOut: boolean): Promise<Result<Ack>> {
    return this.enqueue(async () => {
      const t = this.state;
      const seat = this.seatOf(userId);
      const done = t.commands.get(commandId);
      if (done !== undefined) return duplicate(done, seat);
      if (seat === null) return fail("table/not-seated", "you have no seat at this table");
      const r = await this.persist({ type: "sitting-out", data: { seat, sittingOut } }, commandId, t.version);
      return r.ok ? ok({ version: t.version, duplicate: false }) : r;
    });
  }

  /** Seating changes from the tournament; between hands for a seat in play. */
  seat(seat: number, playerId: string, name: string, stack: number): Promise<Result<void>> {
    return this.enqueue(() => this.persistVoid({ type: "seated", data: { seat, playerId, name, stack } }));
  }

  unseat(seat: number): Promise<Result<void>> {
    return this.enqueue(async () => {
      if (this.state.hand?.order.includes(seat)) return fail("table/in-hand", `seat ${seat} is in a hand`);
      if (!this.state.seats.has(seat)) return ok(undefined);
      return this.persistVoid({ type: "unseated", data: { seat } });
    });
  }

  setStack(seat: number, stack: number): Promise<Result<void>> {
    return this.enqueue(async () => {
      if (this.state.hand?.order.includes(seat)) return fail("table/in-hand", `seat ${seat} is in a hand`);
      return this.persistVoid({ type: "stack-set", data: { seat, stack } });
    });
  }

  /** Starts a hand soon if none is running and the owner allows it. */
  dealSoon(delayMs = this.opts.handPauseMs): void {
    if (this.closed || this.dealTimer !== null) return;
    this.dealTimer = this.opts.clock.after(delayMs, () => {
      this.dealTimer = null;
      void this.enqueue(() => this.startHand()).catch((e) => this.opts.log?.(`table ${this.id}: deal failed`, e));
    });
  }

  /** Resumes timers after a restart: the action clock goes on from the recorded time. */
  resume(): void {
    if (this.state.hand !== null) this.armClock();
    else void this.afterHand(this.state.finished);
  }

  close(): void {
    this.closed = true;
    this.clockTimer?.cancel();
    this.dealTimer?.cancel();
    this.clockTimer = this.dealTimer = null;
  }

  /** Waits until every queued command has run (tests, shutdown). */
  idle(): Promise<void> {
    return this.enqueue(async () => undefined);
  }

  // ---- internals ----

  private async startHand(): Promise<Result<void>> {
    const t = this.state;
    if (this.closed || t.hand !== null || !this.opts.hooks.canDeal() || dealable(t).length < 2) return ok(undefined);
    const seed = (this.opts.seed ?? newSeed)();
    const positions = nextPositions(t, seed);
    if (!positions.ok) return positions;
    const data = { handNumber: t.handNumber + 1, seed, blinds: this.opts.hooks.blinds(), positions: positions.value, at: this.opts.clock.now() };
    return this.persistVoid({ type: "hand-started", data });
  }

  private async persistVoid(rec: TableRecord): Promise<Result<void>> {
    const r = await this.persist(rec, null, this.state.version);
    return r.ok ? ok(undefined) : r;
  }

  /** Append, then evolve, then broadcast. Nothing is shown that is not stored. */
  private async persist(rec: TableRecord, commandId: string | null, expected: number): Promise<Result<TableEvent[]>> {
    const meta = commandId === null ? {} : { commandId };
    const appended = await this.opts.store.append(streamOf(this.id), expected, [{ type: rec.type, data: rec.data, meta }]);
    if (!appended.ok) return appended;
    const handBefore = this.state.hand;
    const events = evolveTable(this.state, rec, appended.value.version, commandId);
    if (!events.ok) {
      // Decided as valid but refused on evolve: a bug. The record is stored; crash loudly.
      this.opts.log?.(`table ${this.id}: stored record does not apply`, events.error);
      return fail("server/internal", "internal error");
    }
    this.armClock();
    this.broadcast(events.value);
    if (handBefore !== null && this.state.hand === null) void this.afterHand(this.state.finished);
    return events;
  }

  private async afterHand(hand: HandRun | null): Promise<void> {
    try {
      await this.opts.hooks.handEnded(this, hand);
    } catch (e) {
      this.opts.log?.(`table ${this.id}: after-hand hook failed`, e);
    }
    this.dealSoon();
  }

  private broadcast(events: readonly TableEvent[]): void {
    const t = this.state;
    const handId = t.hand?.handId ?? t.finished?.handId ?? null;
    for (const sub of this.subscribers) {
      const seat = this.seatOf(sub.userId);
      for (const e of events) sub.send({ type: "event", tableId: this.id, handId, version: t.version, event: eventForSeat(e, seat) });
    }
    this.broadcastViews();
  }

  private broadcastViews(): void {
    for (const sub of this.subscribers) sub.send({ type: "table-view", view: this.viewFor(sub.userId) });
  }

  /** R-TRN-9 and the time bank: the actor's deadline; at its end, check if possible, else fold. */
  private armClock(): void {
    this.clockTimer?.cancel();
    this.clockTimer = null;
    this.deadline = null;
    const hand = this.state.hand;
    if (hand === null || this.closed) return;
    const legal = legalActions(hand.state);
    if (legal === null) return;
    const seat = hand.order[legal.actor]!;
    const s = this.state.seats.get(seat);
    this.deadline = hand.turnSince + this.state.config.actionMs;
    const bank = s?.bankMs ?? 0;
    const due = s?.sittingOut ? this.opts.clock.now() : this.deadline + bank;
    const version = this.state.version;
    this.clockTimer = this.opts.clock.after(due - this.opts.clock.now(), () => {
      this.clockTimer = null;
      void this.enqueue(() => this.timeout(version)).catch((e) => this.opts.log?.(`table ${this.id}: timeout failed`, e));
    });
  }

  private async timeout(version: number): Promise<Result<void>> {
    const hand = this.state.hand;
    if (hand === null || this.state.version !== version) return ok(undefined);
    const legal = legalActions(hand.state);
    if (legal === null) return ok(undefined);
    const action: PlayerAction = legal.canCheck ? { kind: "check" } : { kind: "fold" };
    const seat = hand.order[legal.actor]!;
    return this.persistVoid({ type: "acted", data: { seat, action, timeout: true, at: this.opts.clock.now() } });
  }
}

/** A command id seen before acts once: its sender gets the first answer again; anyone else an error. */
function duplicate(done: { version: number; seat: number | null }, seat: number | null): Result<Ack> {
  if (done.seat !== null && done.seat !== seat) return fail("protocol/invalid-message", "this command id was already used by someone else");
  return ok({ version: done.version, duplicate: true });
}

function illegal(e: FeltError) {
  const details: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k !== "code" && k !== "message" && (typeof v === "number" || typeof v === "string" || typeof v === "boolean")) details[k] = v;
  }
  return fail("table/illegal-action", e.message, { cause: e.code, details });
}

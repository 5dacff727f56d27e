// A live table: src/runtime's StreamActor over the table's stream (table-logic.ts decides,
// table-state.ts evolves). Every command runs in the actor's queue, is decided against the
// current state, persisted, and only then applied and broadcast (STYLE: persist, then
// broadcast). Between hands the actor saves snapshots; a load starts from the latest one
// and replays the records after it, a hand in progress included. Timers (action
// clock, the pause between hands) live here, on the injected clock, armed from recorded
// times, so after a restart the clock goes on where it stood.
// A command refused with `store/fenced` (cluster mode: another process owns this table's
// partition now) closes the session: timers cancelled, one log line, nothing retried.
import { fail, ok, type Result } from "../../lib/result.ts";
import { legalActions } from "../../engine/index.ts";
import { RUNTIME_ERRORS, StreamActor, type ActorOptions, type Batch, type Envelope } from "../../runtime/index.ts";
import { STORE_ERRORS, type EventStore, type HandIndex, type HandIndexEntry } from "../../store/index.ts";
import type { PlayerAction, TableEvent, TableView } from "../../protocol/index.ts";
import type { Clock, TimerHandle } from "../clock.ts";
import { newSeed } from "./fair.ts";
import { seatOfUser, tableLogic, type TableCommand } from "./table-logic.ts";
import { initialTable, type Blinds, type HandRun, type TableConfig, type TableRecord, type TableState } from "./table-state.ts";
import { personalView, spectatorView, type ViewContext } from "./table-view.ts";
import { ViewFanout, type Subscriber } from "./view-fanout.ts";
import { withLog } from "./hand-steps.ts";
import type { DealerNote } from "../../protocol/index.ts";
import { ChatLog, handResultNotes } from "./table-chat-log.ts";
import { handResultOf, permitted, type HandResult, type TableOrder } from "./table-order.ts";
import { PROTOCOL_ERRORS, SERVER_ERRORS, TABLE_ERRORS } from "../../protocol/error-catalogue.ts";

export type { Subscriber };

export interface TableHooks {
  /**
   * A table's own owner in this process (tests, the demo): the blinds for the hand about
   * to start, and whether it may deal. Without them (a tournament's table) the
   * table deals by its director's stored permit (order()).
   */
  blinds?(): Blinds;
  canDeal?(): boolean;
  /** After a hand (and after recovery between hands): busts, moves. Idempotent. */
  handEnded(session: TableSession, hand: HandRun | null): Promise<void>;
}

export interface SessionOptions {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly hooks: TableHooks;
  /** Pause between hands, so people see the result. */
  readonly handPauseMs: number;
  readonly seed?: () => string;
  /**
   * A snapshot at the first moment between hands once this many records passed (default 200:
   * every few hands; a snapshot costs a few ms of the event loop, a restart replays at most
   * this many records more).
   */
  readonly snapshotEvery?: number;
  readonly log?: (message: string, error?: unknown) => void;
  /** Where each finished hand is indexed per player (GET /hands reads only this). */
  readonly handIndex?: HandIndex;
  /** Called once when the table stopped on store/fenced (its tournament stops with it). */
  readonly onFenced?: (error: { readonly code: string; readonly message: string }) => void;
}

/** One index row per player dealt into a finished hand (with that player's own hole cards), read from the table while they are still seated. */
export function handIndexEntries(state: TableState, hand: HandRun): HandIndexEntry[] {
  const result = hand.state.result;
  if (result === null) return [];
  const out: HandIndexEntry[] = [];
  hand.order.forEach((seat, i) => {
    const playerId = state.seats.get(seat)?.playerId;
    if (playerId === undefined) return;
    out.push({
      playerId,
      handId: hand.handId,
      tableId: state.config.tableId,
      tournamentId: state.config.tournamentId,
      handNumber: hand.handNumber,
      startedAt: hand.startedAt,
      seat,
      net: (result.stacks[i] ?? 0) - (hand.startStacks[i] ?? 0),
      // This player's own hole cards only (index i's two), so their list can show them.
      cards: [hand.state.hole[2 * i] ?? -1, hand.state.hole[2 * i + 1] ?? -1].filter((c) => c >= 0),
    });
  });
  return out;
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

/** A timer's command that could not be stored (database down) is tried again after this. */
export const STORE_RETRY_MS = 1_000;

/** Command ids a table remembers (and keeps in its snapshots): far more than any client resends. */
const COMMAND_MEMORY = 1_000;

type Actor = StreamActor<TableState, TableCommand, TableRecord, TableEvent>;

function actorOptions(config: TableConfig, opts: SessionOptions): ActorOptions<TableState, TableCommand, TableRecord, TableEvent> {
  return {
    store: opts.store,
    stream: streamOf(config.tableId),
    logic: tableLogic(() => initialTable(config)),
    clock: opts.clock,
    snapshotEvery: opts.snapshotEvery ?? 200,
    commandMemory: COMMAND_MEMORY,
    ...(opts.log === undefined ? {} : { log: opts.log }),
  };
}

export class TableSession {
  private readonly subscribers = new Set<Subscriber>();
  private readonly fanout = new ViewFanout();
  private clockTimer: TimerHandle | null = null;
  private dealTimer: TimerHandle | null = null;
  private deadline: number | null = null;
  /**
   * Players shown this table since they were seated here (their client subscribed to it, or
   * was subscribed when their turn came). A restarted table starts with nobody: a player counts
   * once their client is back.
   */
  private readonly shown = new Set<string>();
  /** The actor of the current turn was first shown the table during it, at `at`: their clock counts from then. */
  private arrival: { readonly handId: string; readonly turnSince: number; readonly seat: number; readonly at: number } | null = null;
  private closed = false;
  /**
   * When this session took the table (a start, a restart, a failover). A turn that began
   * before keeps its recorded clock; but if that clock had run out by then, it counts from
   * here: nobody could come back while no session had the table (a late arrival's own clock
   * is not recorded), so a restart never times out at once a player who had no way to return.
   */
  private readonly since: number;
  /** Players' random values for the next hand, by seat (the last one a seat sends counts). */
  private readonly contributions = new Map<number, string>();
  /**
   * The id of the finished hand last handed to the after-hand step: another one means a hand
   * just ended. Its id, not the hand: the state lets go of a finished hand when the next one
   * starts, and holding it here kept every table's last hand alive (hundreds of objects each)
   * for a whole hand more, for every major collection to walk.
   */
  private seenFinished: string | null;

  private constructor(
    private readonly actor: Actor,
    private readonly opts: SessionOptions,
    /** Table chat: its own stream, so a line never moves the table's version. */
    private readonly chatLog: ChatLog,
  ) {
    this.seenFinished = actor.state.finished?.handId ?? null;
    this.since = opts.clock.now();
    actor.subscribe((batch) => this.applied(batch));
  }

  /** The live state (server side only: it holds the seed). Read it; only records change it. */
  get state(): TableState {
    return this.actor.state;
  }

  get id(): string {
    return this.state.config.tableId;
  }

  static async open(config: TableConfig, opts: SessionOptions): Promise<Result<TableSession>> {
    const loaded = await StreamActor.load(actorOptions(config, opts));
    if (!loaded.ok) return loaded;
    const s = new TableSession(loaded.value, opts, await ChatLog.load(opts.store, config.tableId));
    const r = await loaded.value.submit({ id: null, version: "any", command: { type: "open" } });
    return r.ok ? ok(s) : r;
  }

  /** Rebuilds the table from its latest snapshot and the records after it; null when it has no stream. */
  static async load(tableId: string, opts: SessionOptions): Promise<Result<TableSession | null>> {
    const first = (await opts.store.read(streamOf(tableId), 1, 1))[0];
    if (first === undefined || first.type !== "opened") return ok(null);
    // The hand's log is in the state (its snapshot and the records after it), so a player
    // back in the hand, or in the pause after it, reads it whole.
    const loaded = await StreamActor.load(actorOptions(first.data as TableConfig, opts));
    if (!loaded.ok) return fail(SERVER_ERRORS.internal, `table ${tableId} does not load: ${loaded.error.message}`);
    return ok(new TableSession(loaded.value, opts, await ChatLog.load(opts.store, tableId)));
  }

  // ---- subscriptions ----

  /** Bound, so every fan-out step passes this one function instead of making one. */
  readonly seatOf = (userId: string | null): number | null => seatOfUser(this.state, userId);

  subscribe(sub: Subscriber): void {
    const wasConnected = this.isConnected(this.seatOf(sub.userId));
    this.subscribers.add(sub);
    this.arrived(sub.userId);
    this.fanout.start(sub, this.viewFor(sub.userId), this.state.log);
    const chat = this.chatLog.chat;
    if (chat.lines.length > 0 || chat.muted.length > 0) sub.send({ type: "chat", tableId: this.id, lines: [...chat.lines], muted: chat.muted });
    if (!wasConnected && this.seatOf(sub.userId) !== null) this.broadcastViews();
  }

  /**
   * Frames that bring a copy of `sub`'s stream up to date (a gateway on another
   * process resyncing): its view as last sent (v2; the next patch applies to it) or as it is
   * now (v1), then the chat.
   */
  framesFor(sub: Subscriber): string[] {
    const sent = this.fanout.sentFrame(sub, this.id);
    // A v2 copy starts a client as a subscribe here would: with the hand's steps so far.
    const view =
      sent === undefined
        ? JSON.stringify({ type: "table-view", view: this.viewFor(sub.userId) })
        : withLog(sent, this.state.log.fitting(this.seatOf(sub.userId), sent));
    const room = this.chatLog.chat;
    const chat =
      room.lines.length > 0 || room.muted.length > 0 ? [JSON.stringify({ type: "chat", tableId: this.id, lines: [...room.lines], muted: room.muted })] : [];
    return [view, ...chat];
  }

  unsubscribe(sub: Subscriber): void {
    if (!this.subscribers.delete(sub)) return;
    this.fanout.forget(sub);
    if (this.seatOf(sub.userId) !== null && !this.isConnected(this.seatOf(sub.userId))) this.broadcastViews();
  }

  /**
   * R-TRN-9, Felt online: a player's clock does not run before their table is on their
   * screen. The first time a seated player's client shows this table (subscribes), they count
   * as shown; if it is their turn then, their clock (the action time, then the bank) starts
   * afresh from now.
   */
  private arrived(userId: string | null): void {
    const seat = this.seatOf(userId);
    if (userId === null || seat === null || this.shown.has(userId)) return;
    this.shown.add(userId);
    const hand = this.state.hand;
    const legal = hand === null ? null : legalActions(hand.state);
    if (hand === null || legal === null || hand.order[legal.actor] !== seat || this.closed) return;
    const s = this.state.seats.get(seat);
    const now = this.opts.clock.now();
    // Sat out, the table acts for them at once; a clock already run out is not given back.
    if (s === undefined || s.sittingOut || now >= (this.clockFrom() ?? hand.turnSince) + this.state.config.actionMs + s.bankMs) return;
    this.arrival = { handId: hand.handId, turnSince: hand.turnSince, seat, at: now };
    this.armClock();
  }

  /**
   * When the current actor's clock started (see arrived()); else, for a turn whose recorded
   * clock had run out when this session took the table, when it did (`since`); null: at the turn's start.
   */
  private readonly clockFrom = (): number | null => {
    const hand = this.state.hand;
    if (hand === null) return null;
    const taken = this.since >= hand.turnSince + this.state.config.actionMs + this.actorBank(hand) ? this.since : null;
    const a = this.arrival;
    if (a === null || a.handId !== hand.handId || a.turnSince !== hand.turnSince) return taken;
    const legal = legalActions(hand.state);
    return legal !== null && hand.order[legal.actor] === a.seat ? a.at : taken;
  };

  /** The current actor's time bank (0 when nobody is to act). */
  private actorBank(hand: HandRun): number {
    const legal = legalActions(hand.state);
    const seat = legal === null ? undefined : hand.order[legal.actor];
    return seat === undefined ? 0 : (this.state.seats.get(seat)?.bankMs ?? 0);
  }

  isConnected(seat: number | null): boolean {
    if (seat === null) return false;
    for (const s of this.subscribers) if (s.userId !== null && this.seatOf(s.userId) === seat) return true;
    return false;
  }

  viewFor(userId: string | null): TableView {
    return personalView(this.state, spectatorView(this.state, this.viewContext()), this.seatOf(userId));
  }

  private viewContext(): ViewContext {
    const connected = new Set<number>();
    for (const s of this.subscribers) {
      const seat = this.seatOf(s.userId);
      if (seat !== null) connected.add(seat);
    }
    // A bound method, not an arrow: this runs for every step, and the TypeScript loader keeps
    // the names of functions made at run time by defining a property on each.
    return { connected: connected.has.bind(connected), deadline: this.deadline };
  }

  // ---- commands ----

  act(userId: string, cmd: ActCommand): Promise<Result<Ack>> {
    const { handId, version, action } = cmd;
    return this.submit({
      id: cmd.commandId,
      sender: userId,
      version: "any",
      command: { type: "act", userId, handId, version, action, clockFrom: this.clockFrom },
    });
  }

  setSittingOut(userId: string, commandId: string, sittingOut: boolean): Promise<Result<Ack>> {
    return this.submit({ id: commandId, sender: userId, version: "any", command: { type: "sitting-out", userId, sittingOut } });
  }

  /**
   * A seated player's random value (64 hex digits) for the next hand's deck.
   * Taken only once the table's seed commitment is public (from its first hand on), so the
   * server's seed is fixed before it sees any contribution. Not stored: a restart before
   * the deal loses it, and the hand's first event shows which values were used.
   */
  contribute(userId: string, value: string): Result<Ack> {
    const seat = this.seatOf(userId);
    if (seat === null) return fail(TABLE_ERRORS.notSeated, "you have no seat at this table");
    if (this.state.tableSeed === null)
      return fail(TABLE_ERRORS.noCommitmentYet, "the table publishes its seed commitment with its first hand: contribute after it");
    if (!/^[0-9a-f]{64}$/.test(value)) return fail(PROTOCOL_ERRORS.invalidMessage, "a contribution is 64 lowercase hex digits");
    this.contributions.set(seat, value);
    return ok({ version: this.state.version, duplicate: false });
  }

  /** A chat line from a seated player or a director: stored, then sent to everyone watching the table. */
  async say(user: { id: string; name: string; director: boolean }, text: string): Promise<Result<void>> {
    const r = this.chatLog.chat.say({ ...user, seated: this.seatOf(user.id) !== null }, text, this.opts.clock.now());
    if (!r.ok) return r;
    const stored = await this.chatLog.append([{ type: "chat-line", data: r.value }]);
    if (!stored.ok) return stored;
    for (const s of this.subscribers) s.send({ type: "chat", tableId: this.id, lines: [r.value] });
    return ok(undefined);
  }

  /** The director mutes or unmutes a player's chat here: stored (it survives a restart), then everyone watching learns the list. */
  async muteChat(playerId: string, muted: boolean): Promise<Result<void>> {
    const r = this.chatLog.chat.mute(playerId, muted);
    if (!r.ok || r.value === null) return r.ok ? ok(undefined) : r;
    const stored = await this.chatLog.append([r.value]);
    if (!stored.ok) return stored;
    for (const s of this.subscribers) s.send({ type: "chat", tableId: this.id, lines: [], muted: this.chatLog.chat.muted });
    return ok(undefined);
  }

  /** The dealer's entries (a hand's results, a player out): stored in the chat, then sent to everyone watching. */
  async dealerSay(notes: readonly DealerNote[]): Promise<Result<void>> {
    if (notes.length === 0) return ok(undefined);
    const now = this.opts.clock.now();
    const lines = notes.map((n) => this.chatLog.chat.dealer(n, now));
    const stored = await this.chatLog.append(lines.map((data) => ({ type: "chat-line" as const, data })));
    if (!stored.ok) {
      this.opts.log?.(`table ${this.id}: dealer's chat entries not stored: ${stored.error.message}`);
      return stored;
    }
    for (const s of this.subscribers) s.send({ type: "chat", tableId: this.id, lines });
    return ok(undefined);
  }

  /**
   * The director's order (table-order.ts): the seating and the permit for the
   * next hand in one append; a repeat answers "duplicate", a stale one `table/stale-order`.
   * With a permit the table deals once its pause is over.
   */
  async order(o: TableOrder): Promise<Result<Ack>> {
    const r = await this.submit({ id: o.id, version: "any", command: { type: "order", order: o } });
    if (r.ok && this.state.hand === null && permitted(this.state)) this.dealSoon();
    return r;
  }

  /** The table's last finished hand as its director takes it (null: none, or one without a result). */
  lastResult(): HandResult | null {
    const f = this.state.finished;
    return f === null ? null : handResultOf(this.id, f);
  }

  /** Seating changes from the tournament; between hands for a seat in play. */
  seat(seat: number, playerId: string, name: string, stack: number): Promise<Result<void>> {
    return this.internal({ type: "seat", seat, playerId, name, stack });
  }

  unseat(seat: number): Promise<Result<void>> {
    return this.internal({ type: "unseat", seat });
  }

  setStack(seat: number, stack: number): Promise<Result<void>> {
    return this.internal({ type: "set-stack", seat, stack });
  }

  /**
   * Starts a hand soon if none is running and the owner allows it. The pause between hands
   * counts from the end of the last hand, not from this call: a table whose
   * settle waited in its tournament's queue behind other tables' deals when its own pause
   * is over, as a table alone would, instead of a whole pause after the settle.
   */
  dealSoon(delayMs = this.pauseLeft()): void {
    if (this.closed || this.dealTimer !== null) return;
    this.dealTimer = this.opts.clock.after(delayMs, () => {
      this.dealTimer = null;
      if (this.closed) return;
      const { hooks } = this.opts;
      const seed = (this.opts.seed ?? newSeed)();
      const contributions = () => {
        const given = [...this.contributions].map(([seat, value]) => ({ seat, value }));
        this.contributions.clear();
        return given;
      };
      const gate =
        hooks.canDeal === undefined
          ? undefined
          : { canDeal: () => !this.closed && hooks.canDeal!(), blinds: () => hooks.blinds?.() ?? { sb: 0, bb: 0, ante: 0 } };
      const deal: TableCommand = { type: "deal", seed, ...(gate === undefined ? {} : { gate }), contributions };
      void this.internal(deal).then(
        (r) => {
          if (r.ok || this.fenced) return;
          // Not stored (the database is down): try again shortly rather than stall the table.
          if (r.error.code === RUNTIME_ERRORS.storeFailed) return this.dealSoon(STORE_RETRY_MS);
          this.opts.log?.(`table ${this.id}: deal refused: ${r.error.code} ${r.error.message}`);
        },
        (e) => this.opts.log?.(`table ${this.id}: deal failed`, e),
      );
    });
  }

  /** What is left of the pause after the last hand this session saw end (all of it when none did). */
  private pauseLeft(): number {
    const pause = this.opts.handPauseMs;
    return this.handEndedAt === null ? pause : Math.max(0, Math.min(pause, this.handEndedAt + pause - this.opts.clock.now()));
  }

  /** When this session saw its last hand end (the clock's time); null: none since it was loaded. */
  private handEndedAt: number | null = null;

  /** Resumes timers after a restart: the action clock goes on from the recorded time. */
  resume(): void {
    if (this.state.hand !== null) this.armClock();
    // The last finished hand is indexed again: a crash may have come between its last
    // record and its index rows (a row written twice stays one).
    else void this.afterHand(this.state.finished, this.state.finished === null ? [] : handIndexEntries(this.state, this.state.finished));
  }

  close(): void {
    this.closed = true;
    this.clockTimer?.cancel();
    this.dealTimer?.cancel();
    this.clockTimer = this.dealTimer = null;
  }

  /** Waits until every queued command has run and every chat line asked for is stored (tests, shutdown). */
  async idle(): Promise<void> {
    await this.actor.idle();
    await this.chatLog.idle();
  }

  // ---- internals ----

  private async submit(env: Envelope<TableCommand>): Promise<Result<Ack>> {
    if (this.closed && !this.fenced) return closing(this.id);
    const r = await this.actor.submit(env);
    if (!r.ok && r.error.code === RUNTIME_ERRORS.idTaken) return fail(PROTOCOL_ERRORS.invalidMessage, r.error.message);
    if (!r.ok) this.fencedOff(r.error);
    return r;
  }

  /** A server-internal command: no id (it is not resent), no version (it is decided against whatever the table is then). */
  private async internal(command: TableCommand): Promise<Result<void>> {
    if (this.closed && !this.fenced) return closing(this.id);
    const r = await this.actor.submit({ id: null, version: "any", command });
    if (!r.ok) this.fencedOff(r.error);
    return r.ok ? ok(undefined) : r;
  }

  /** Whether this session stopped because another process owns its table now (store/fenced). */
  fenced = false;

  /** store/fenced: another process owns the table now. Close once, say it once, retry nothing. */
  private fencedOff(error: { readonly code: string; readonly message: string }): void {
    if (error.code !== STORE_ERRORS.fenced || this.fenced) return;
    this.fenced = true;
    this.close();
    this.opts.log?.(`table ${this.id}: stopped: ${error.message}`);
    this.opts.onFenced?.(error);
  }

  /** Records are stored and applied: arm the clock, show them, and after a hand run the owner's step. */
  private applied(batch: Batch<TableEvent>): void {
    // A player who left this table is shown it afresh if they are seated here again.
    for (const id of this.shown) if (this.seatOf(id) === null) this.shown.delete(id);
    this.armClock();
    this.broadcast(batch.outputs);
    const finished = this.state.finished;
    if (finished !== null && finished.handId !== this.seenFinished) {
      this.seenFinished = finished.handId;
      this.handEndedAt = this.opts.clock.now();
      void this.afterHand(finished, handIndexEntries(this.state, finished));
    }
  }

  /**
   * The hand's index rows go to the store at once (they join the store's next group commit
   * and never hold up this table or another), then the owner's after-hand step runs. A crash
   * before the rows land can lose at most the last hands' rows: resume() indexes the last
   * finished hand again (a row written twice stays one).
   */
  private async afterHand(hand: HandRun | null, entries: readonly HandIndexEntry[]): Promise<void> {
    if (this.opts.handIndex !== undefined && entries.length > 0) {
      this.opts.handIndex.record(entries).catch((e: unknown) => this.opts.log?.(`table ${this.id}: hand index write failed`, e));
    }
    // The dealer's results go into the chat (queued now, so the busts the owner's step
    // announces follow them; the deal does not wait for them); after a restart only when
    // they were not written before the crash.
    if (hand !== null && !this.chatLog.chat.hasResultsOf(hand.handId))
      void this.dealerSay(handResultNotes(hand)).catch((e: unknown) => this.opts.log?.(`table ${this.id}: dealer's entries failed`, e));
    try {
      await this.opts.hooks.handEnded(this, hand);
    } catch (e) {
      this.opts.log?.(`table ${this.id}: after-hand hook failed`, e);
    }
    this.dealSoon();
  }

  /** One step to every subscriber: the shared view is built once per step (view-fanout.ts). */
  private broadcast(events: readonly TableEvent[]): void {
    this.fanout.step(this.subscribers, { state: this.state, events, ctx: this.viewContext(), seatOf: this.seatOf });
  }

  /**
   * Who is connected changed: one broadcast at the end of this turn of the event loop,
   * however many of the table's players (dis)connected in it (a field connecting at
   * once cost every table a broadcast to all its subscribers per player, n² frames, and the
   * tables' first actions waited behind them). A step in between carries the change itself.
   */
  private broadcastViews(): void {
    if (this.viewsDue) return;
    this.viewsDue = true;
    setImmediate(() => {
      this.viewsDue = false;
      this.broadcast([]);
    });
  }
  private viewsDue = false;

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
    // A player watching the table when their turn comes has it on screen already.
    if (s !== undefined && this.isConnected(seat)) this.shown.add(s.playerId);
    // Not yet shown the table: this clock is the bounded wait for them, counted from the
    // turn's start; arrived() starts their own clock if they come while it runs.
    this.deadline = (this.clockFrom() ?? hand.turnSince) + this.state.config.actionMs;
    const bank = s?.bankMs ?? 0;
    const due = s?.sittingOut ? this.opts.clock.now() : this.deadline + bank;
    const version = this.state.version;
    this.clockTimer = this.opts.clock.after(due - this.opts.clock.now(), () => this.timeout(version));
  }

  private timeout(version: number): void {
    this.clockTimer = null;
    void this.internal({ type: "timeout", version, clockFrom: this.clockFrom }).then(
      (r) => {
        if (r.ok || this.fenced) return;
        // Not stored (the database is down): the clock is due still, so try again shortly.
        if (r.error.code === RUNTIME_ERRORS.storeFailed && !this.closed && this.state.version === version) {
          this.clockTimer = this.opts.clock.after(STORE_RETRY_MS, () => this.timeout(version));
          return;
        }
        this.opts.log?.(`table ${this.id}: timeout refused: ${r.error.code} ${r.error.message}`);
      },
      (e) => this.opts.log?.(`table ${this.id}: timeout failed`, e),
    );
  }
}

/**
 * A closed table (its tournament handed over, finished or shutting down here) writes nothing
 * more: a command that reaches it is answered as unavailable, so the client sends it again
 * and it goes to wherever the table is served now. Without this a player's action could still
 * be stored by the old owner after the new one loaded the table (in production the
 * partition's fence refuses such a write; this holds without one).
 */
function closing(tableId: string) {
  return fail(SERVER_ERRORS.unavailable, `table ${tableId} is closed here; try again`, { retryAfterS: 1 });
}

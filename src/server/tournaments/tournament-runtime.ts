// A running tournament: the director (src/tournament/director, decide then evolve) fed by
// the room. Its stream holds the director's events plus a few server records; online
// tables keep their own streams. Two kinds:
//   - online: the server deals every hand (tournament-tables.ts plays the tables in rounds
//     and settles between them);
//   - live: a card room deals real cards (config.live). No table is opened and nothing is
//     dealt; the level clock runs on the server's Clock, the floor records busts, rebuys,
//     add-ons, counts and colour-ups, and the director settles after each record; its moves
//     become instructions for the floor (tournament-live.ts).
// Every command is checked by the director, then its events are stored together with the
// money they move, in ONE database transaction (EventStore.appendWithPostings):
// entries and refunds (tournament-entries.ts), cash at the desk, and what the end moves
// (prizes, deals, a freeroll's fund, the overlay, satellite tickets, R-TRN-6 refunds;
// tournament-money.ts). A repeated commandId acts once.
// Cluster mode: an append refused with `store/fenced` (another process owns the
// tournament's partition now) closes the tournament and its tables at once, with one log
// line; every later append is refused the same way without reaching the store.
// The stream is written by a StreamActor (src/runtime/actor.ts), as a table's is: its queue,
// command ids, snapshots, catch-up and fencing; the fold is tournament-logic.ts. The
// director's commands are decided here, inside the actor's `exclusive`, and stored with
// its `commit`/`commitGroups`.
import { fail, ok, type Result } from "../../lib/result.ts";
import {
  decide,
  evolve,
  initialState,
  isPaused,
  type TournamentCommand,
  type TournamentConfig,
  type TournamentEvent,
  type TournamentState,
} from "../../tournament/director/index.ts";
import type { Services } from "../services.ts";
import { StartClock } from "./tournament-start-clock.ts";
import { LiveFloor } from "./tournament-live.ts";
import { STORE_ERRORS, type TransactionInput } from "../../store/index.ts";
import { StreamActor, type ActorOptions } from "../../runtime/actor.ts";
import { tournamentLogic, type TournamentFold } from "./tournament-logic.ts";
import { endPostings, payPrizes, refundCancelled } from "./tournament-money.ts";
import { OnlineTables } from "./tournament-tables.ts";
import { Registrations } from "./tournament-registrations.ts";
import {
  type CommandOptions,
  type Done,
  type Rec,
  TOURNAMENT_SNAPSHOT_EVERY,
  type TournamentMeta,
  type TournamentPort,
  tournamentStream,
} from "./tournament-port.ts";

export {
  type CommandOptions,
  entrantRecord,
  playerNumberOf,
  type Rec,
  TOURNAMENT_SNAPSHOT_EVERY,
  tableIdOf,
  type TournamentMeta,
  tournamentStream,
} from "./tournament-port.ts";
import type { TableSession } from "../tables/table-session.ts";
import type { HandResult } from "../tables/table-order.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";
import { DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";

type Actor = StreamActor<TournamentFold, never, Rec, never>;

export class TournamentRuntime implements TournamentPort {
  /** The stream's one writer; set by create/load before anything else runs. */
  private actor!: Actor;
  /** Records between snapshots (tests make it small). */
  static snapshotEvery = TOURNAMENT_SNAPSHOT_EVERY;
  /** Online tables (a live tournament has none). */
  readonly tables = new Map<number, TableSession>();
  readonly live: LiveFloor = new LiveFloor(this);
  readonly online: OnlineTables = new OnlineTables(this);
  /** Registrations before the start, decided one by one and stored in batches. */
  readonly registrations: Registrations = new Registrations(this);
  /** The start at its time and R-TRN-6's deadline, on one timer (tournament-start-clock.ts). */
  readonly startClock: StartClock = new StartClock(this);
  private isClosed = false;
  /** The store/fenced answer that stopped this tournament (cluster mode), if one did. */
  private fencedBy: Result<never> | null = null;
  /** Called after every change (lobby and tournament-view pushes). */
  onChange: (() => void) | null = null;

  private constructor(readonly svc: Services) {}

  private actorOptions(id: string): ActorOptions<TournamentFold, never, Rec, never> {
    const svc = this.svc;
    return {
      store: svc.store,
      stream: tournamentStream(id),
      logic: tournamentLogic(this.live),
      clock: svc.clock,
      // Read at every append: tests change it while a tournament runs.
      get snapshotEvery() {
        return TournamentRuntime.snapshotEvery;
      },
      // Every command id of the tournament is remembered (a registration is retried long after).
      commandMemory: Number.POSITIVE_INFINITY,
      // Older streams carry the id on every record of a command; so do new ones.
      idOnEveryRecord: true,
      log: (m, e) => svc.log(m, e),
    };
  }

  // The fold's parts, read by the port's users (the actor owns them; only records change them).
  get dir(): TournamentState {
    return this.actor.state.dir;
  }
  get meta(): TournamentMeta {
    return this.actor.state.meta!;
  }
  /** The stream's version: the last record stored. */
  get version(): number {
    return this.actor.version;
  }
  /** The version of the snapshot this runtime was loaded from (0: every record was folded). */
  get loadedFrom(): number {
    return this.actor.loadedFrom;
  }
  get names(): Map<string, string> {
    return this.actor.state.names;
  }
  get numbers(): Map<string, number> {
    return this.actor.state.numbers;
  }
  /** Online: the last hand number recorded per table. */
  get recorded(): Map<number, number> {
    return this.actor.state.recorded;
  }
  /** Online: each entry's time bank left (R-TRN-9), carried to whichever table it sits at. */
  get banks(): Map<string, number> {
    return this.actor.state.banks;
  }
  /** The player each entrant record's command entered (a walk-in's answer names its entry). */
  get entrantByCommand(): Map<string, string> {
    return this.actor.state.entrantByCommand;
  }
  /** When each eliminated entry went out (results). */
  get bustedAt(): Map<string, number> {
    return this.actor.state.bustedAt;
  }
  /** Director events kept for the prize postings (prizes-fixed, finished). */
  get kept(): TournamentEvent[] {
    return this.actor.state.kept;
  }
  /** The tables drawn at the start and every bracket round's and match's draw, for the bracket view (R-TRN-10/11). */
  get draws(): TournamentEvent[] {
    return this.actor.state.draws;
  }

  get id(): string {
    return this.meta.id;
  }
  get closed(): boolean {
    return this.isClosed;
  }
  /** A live room's tournament (config.live): nothing is dealt online. */
  get isLive(): boolean {
    return this.dir.config?.live === true;
  }
  /** The director's clock is stopped (pause/resume commands). */
  get paused(): boolean {
    return isPaused(this.dir);
  }
  get pausedAt(): number | null {
    return this.dir.pausedAt;
  }
  hasCommand(commandId: string): boolean {
    return this.actor.has(commandId);
  }

  static async create(svc: Services, meta: TournamentMeta, config: TournamentConfig, commandId: string): Promise<Result<TournamentRuntime>> {
    const t = new TournamentRuntime(svc);
    t.actor = StreamActor.empty(t.actorOptions(meta.id));
    const cfg: TournamentConfig = meta.kind === "live" ? { ...config, live: true } : config;
    const announced = decide(t.dir, { type: "announce", at: meta.createdAt, config: cfg }, svc.rng);
    if (!announced.ok) return announced;
    const probe = initialState();
    for (const e of announced.value) evolve(probe, e);
    const opened = decide(probe, { type: "open-registration", at: meta.createdAt }, svc.rng);
    if (!opened.ok) return opened;
    const recs: Rec[] = [{ type: "created", data: meta }, ...[...announced.value, ...opened.value].map((e) => ({ type: "director" as const, data: e }))];
    const r = await t.append(recs, commandId, meta.id);
    if (!r.ok) return r;
    t.startClock.arm();
    return ok(t);
  }

  static async load(svc: Services, id: string): Promise<Result<TournamentRuntime | null>> {
    const t = new TournamentRuntime(svc);
    // The live floor's fold reads the tournament (its state, its names) while the stream is replayed.
    t.actor = StreamActor.empty(t.actorOptions(id));
    const r = await t.actor.recover();
    if (!r.ok) return r;
    if (t.actor.version === 0) return ok(null);
    if (!t.isLive) {
      const r = await t.online.load();
      if (!r.ok) return r;
    }
    return ok(t);
  }

  /** After a restart: online tables in a hand finish it, the live clock goes on. */
  resume(): void {
    // A stream written before events and postings were one append may have ended without its end's postings: posted now (their keys make this once).
    if (this.dir.status === "finished") return void this.enqueue(() => payPrizes(this));
    if (this.dir.status === "cancelled") return void this.enqueue(() => refundCancelled(this));
    if (this.dir.status !== "running") {
      return this.startClock.arm();
    }
    if (this.isLive) void this.enqueue(() => this.live.settle());
    else this.online.resume();
  }

  /** Whether it stopped because another process owns it now (store/fenced). */
  get fenced(): boolean {
    return this.fencedBy !== null;
  }

  close(): void {
    this.isClosed = true;
    this.startClock.close();
    this.live.close();
    this.online.close();
  }

  enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.actor.exclusive(fn);
    run.catch((e: unknown) => this.svc.log(`tournament ${this.actor.state.meta?.id}: step failed`, e));
    return run;
  }

  /**
   * A table's hand result reaches this director (from a table here or, split tables, over the
   * bus): recorded once by hand number and its table settled, in the tournament's queue.
   */
  async takeHandResult(table: number, result: HandResult | null): Promise<void> {
    await this.enqueue(() => this.online.handEnded(table, result));
  }

  // ---- commands ----

  start(commandId: string, early = false): Promise<Done> {
    return this.enqueue(async () => {
      if (this.actor.has(commandId)) return ok({ duplicate: true });
      const r = await this.run({ type: "start", at: this.now(), ...(early ? { early } : {}) }, commandId);
      if (!r.ok) return r;
      // R-TRN-6: too few players by the deadline: cancelled (the refunds committed with it), nothing opens.
      if ((this.dir.status as string) === "cancelled") return ok({ duplicate: false });
      if (this.isLive) await this.live.settle();
      else await this.online.started();
      return ok({ duplicate: false });
    });
  }

  /** The director cancels before the start (R-TRN-6): everyone gets back all they paid. */
  cancel(reason: string, commandId: string): Promise<Done> {
    return this.command((at) => ({ type: "cancel", at, reason }), commandId).then((r) => (r.ok ? ok({ duplicate: r.value.duplicate }) : r));
  }

  /** The floor moves the start time before the start; an event that starts by itself waits for the new time. */
  reschedule(startsAt: number, commandId: string): Promise<Done> {
    return this.enqueue(async () => {
      if (this.actor.has(commandId)) return ok({ duplicate: true });
      if (this.dir.status !== "registering" && this.dir.status !== "announced")
        return fail(TOURNAMENT_ERRORS.badState, `cannot move the start when ${this.dir.status}`, { cause: "tournament/bad-status" });
      // R-TRN-6: a start rule's deadline is its grace after the start (19:00 and 19:15), so it moves with the start.
      const moved = decide(this.dir, { type: "move-start", at: this.now(), scheduledAt: startsAt }, this.svc.rng);
      if (!moved.ok) return fail(TOURNAMENT_ERRORS.badState, moved.error.message, { cause: moved.error.code });
      const r = await this.append(
        [{ type: "rescheduled", data: { startsAt, at: this.now() } }, ...moved.value.map((e) => ({ type: "director" as const, data: e }))],
        commandId,
      );
      if (!r.ok) return r;
      this.startClock.arm();
      return ok({ duplicate: false });
    });
  }

  /** The director's pause/resume: the level clock (and every window) freezes, online tables stop dealing. */
  async setPaused(paused: boolean, commandId: string): Promise<Done> {
    const r = await this.command((at) => (paused ? { type: "pause", at } : { type: "resume", at }), commandId);
    if (!r.ok) return r;
    if (!r.value.duplicate) await this.enqueue(async () => (this.isLive ? this.live.armClock() : this.online.pausedChanged()));
    return ok({ duplicate: r.value.duplicate });
  }

  /** A director's move (R-TBL-4) into an empty seat; online only while neither table may be dealing (a running table holds its permit between hands: pause first). */
  move(entryId: string, toTable: number, toSeat: number, commandId: string): Promise<Done> {
    // Online: checked in the queue, where no hand can start meanwhile (nothing is paid).
    const betweenHands = async (): Promise<Result<readonly TransactionInput[]>> => {
      const from = this.dir.entries.get(entryId)?.table ?? 0;
      const busy = this.tableInHand([from, toTable]);
      return busy === undefined
        ? ok([])
        : fail(TOURNAMENT_ERRORS.badState, `table ${busy} is playing a hand or about to deal its next; pause the tournament to move a player`);
    };
    // Live: not settled at once, or balancing could undo the director's own decision; the next record settles.
    return this.command((at) => ({ type: "move", at, entry: entryId, table: toTable, seat: toSeat }), commandId, { settle: false, pay: betweenHands }).then(
      (r) => {
        if (r.ok) return ok({ duplicate: r.value.duplicate });
        const cause = String(r.error["cause"] ?? "");
        if (cause === TOURNAMENT_ERRORS.noEntry || cause === TOURNAMENT_ERRORS.noTable) return fail(DIRECTOR_ERRORS.notFound, r.error.message, { cause });
        if (cause === TOURNAMENT_ERRORS.seatTaken || cause === TOURNAMENT_ERRORS.badSeat || cause === TOURNAMENT_ERRORS.entryBusted)
          return fail(DIRECTOR_ERRORS.invalid, r.error.message, { cause });
        return r;
      },
    );
  }

  /**
   * The first of these tables that may be playing a hand, asked of the director in every
   * mode (tables may live elsewhere): a table it let deal counts until its result is in,
   * unless it has since applied an order that took its permit back (OnlineTables.mayBeInHand).
   */
  tableInHand(tables: readonly number[]): number | undefined {
    return tables.find((n) => this.online.mayBeInHand(n));
  }

  /** Live: the floor carried out instruction `iid`; confirming it again changes nothing. */
  confirmInstruction(iid: string, commandId: string): Promise<Result<void>> {
    return this.enqueue(async () => {
      if (this.actor.has(commandId) || this.live.confirmed.has(iid)) return ok(undefined);
      if (!this.live.pending.has(iid)) return fail(DIRECTOR_ERRORS.notFound, `no instruction ${iid}`);
      return this.append([{ type: "instruction-confirmed", data: { id: iid, at: this.now() } }], commandId);
    });
  }

  /**
   * One director command through decide: `pay` builds the postings its events need (a
   * refusal stops it), then the events (after `records`) are appended with them and with
   * what an end moves, in one transaction; then a live
   * tournament settles (busts, places, balancing, the end, prizes) and online tables are
   * opened and reconciled. Acts once per commandId; `events` is empty for a repeat.
   */
  command(
    make: (at: number) => TournamentCommand,
    commandId: string,
    opts: CommandOptions = {},
  ): Promise<Result<{ duplicate: boolean; events: readonly TournamentEvent[] }>> {
    return this.enqueue(async () => {
      if (this.actor.has(commandId)) return ok({ duplicate: true, events: [] });
      if (this.isLive && this.dir.status === "running") await this.live.tick();
      const d = decide(this.dir, make(this.now()), this.svc.rng);
      if (!d.ok) {
        // The core's figures ride along (a screen says why in the user's language).
        const { code, message, ...details } = d.error;
        return fail(TOURNAMENT_ERRORS.badState, message, { ...details, cause: code });
      }
      let paid: readonly TransactionInput[] = [];
      if (opts.pay !== undefined) {
        const p = await opts.pay(d.value);
        if (!p.ok) return p;
        paid = p.value ?? [];
      }
      const r = await this.append([...(opts.records ?? []), ...d.value.map((e) => ({ type: "director" as const, data: e }))], commandId, this.meta.id, paid);
      if (!r.ok) return r;
      if (this.dir.status === "running") {
        if (!this.isLive) await this.online.afterCommand();
        else if (opts.settle !== false) await this.live.settle();
      } else if (this.dir.status === "finished" && !this.isLive) this.online.finish();
      return ok({ duplicate: false, events: d.value });
    });
  }

  // ---- persistence (used by the online and live parts) ----

  now(): number {
    return this.svc.clock.now();
  }

  /** decide, append, evolve; the number of events. */
  async run(cmd: TournamentCommand, commandId?: string): Promise<Result<number>> {
    const d = decide(this.dir, cmd, this.svc.rng);
    if (!d.ok) return fail(TOURNAMENT_ERRORS.badState, d.error.message, { cause: d.error.code });
    if (d.value.length === 0) return ok(0);
    const r = await this.append(
      d.value.map((e) => ({ type: "director" as const, data: e })),
      commandId,
    );
    return r.ok ? ok(d.value.length) : r;
  }

  /**
   * Stores records and the money they move in one transaction: `paid` (a command's entries
   * or refunds) and, when the records end the tournament, its end's postings. Should the
   * ledger refuse the end's postings (the ledger and the tournament disagree already), the
   * end is stored without them and said loudly; the start's check reports the difference.
   */
  async append(recs: readonly Rec[], commandId?: string, id = this.meta.id, paid: readonly TransactionInput[] = []): Promise<Result<void>> {
    if (this.fencedBy !== null) return this.fencedBy;
    const end = await endPostings(
      this,
      recs.flatMap((x) => (x.type === "director" ? [x.data] : [])),
    );
    // A new append: the live floor's moves of an earlier one are not relabelled by this one's.
    const commit = (postings: readonly TransactionInput[]) => {
      this.live.newBatch();
      return this.actor.commit({ records: recs, commandId: commandId ?? null, postings });
    };
    let r = await commit([...paid, ...end]);
    if (!r.ok && end.length > 0 && r.error.code.startsWith("ledger/")) {
      this.svc.log(`tournament ${id}: MONEY the end's postings were refused (${r.error.code}: ${r.error.message}); the end is stored without them`);
      r = await commit(paid);
    }
    if (!r.ok && r.error.code === STORE_ERRORS.fenced) {
      this.stopFenced(r);
      return r;
    }
    if (!r.ok) return r;
    this.onChange?.();
    return ok(undefined);
  }

  /** store/fenced (here or at one of its tables): another process owns the tournament now. Closes once, one log line. */
  stopFenced(r: Result<never>): void {
    if (this.fencedBy !== null || r.ok) return;
    this.fencedBy = r;
    this.close();
    this.svc.log(`tournament ${this.meta.id}: stopped: ${r.error.message}`);
  }

  /**
   * Many commands' records, each with the postings paying for it, in ONE transaction
   * (tournament-registrations.ts): each group folds at its own versions; a group
   * the ledger refuses is answered with its refusal and leaves nothing.
   */
  async appendGroups(
    groups: readonly { readonly recs: readonly Rec[]; readonly commandId: string; readonly paid: readonly TransactionInput[] }[],
  ): Promise<Result<Result<void>[]>> {
    if (this.fencedBy !== null) return this.fencedBy;
    this.live.newBatch();
    const r = await this.actor.commitGroups(groups.map((g) => ({ records: g.recs, commandId: g.commandId, postings: g.paid })));
    if (!r.ok && r.error.code === STORE_ERRORS.fenced) this.stopFenced(r);
    if (!r.ok) return r;
    this.onChange?.();
    return ok(r.value.map((a): Result<void> => (a.ok ? ok(undefined) : a)));
  }
}

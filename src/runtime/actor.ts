// The stream actor: the one writer of one stream (a table, a tournament). Commands run one
// at a time in arrival order. Each is decided against the current state; the records it
// produces are appended to the stream, and only once the store has acknowledged them are
// they applied and handed to subscribers (persist, then broadcast: a crash in between shows
// nobody something that did not happen). Recovery is the same fold: the latest snapshot,
// then every record after it.
//
// Commands name the version they were made against (STYLE, boardgame.io's _stateID): a
// stale one is refused with `runtime/stale-version`; the same command id twice acts once
// (ids travel in the records' meta and in snapshots, so this survives a restart). An id
// belongs to whoever sent it first: the same id from someone else is refused.
//
// Cluster mode: an append refused with `store/fenced` means another process owns
// the stream now. The actor closes at once (every later command: `runtime/closed`) and
// answers that command with the store's `store/fenced`; it never catches up or retries.
//
// A writer whose decisions need more than a pure decide (a tournament's director: its rng,
// payments checked before the append, tables settled after it) runs them in `exclusive`
// and stores what it decided with `commit` (records and the money they move, in one
// transaction) or `commitGroups` (many commands in one transaction): the same append,
// fencing, catch-up, evolve, command memory and snapshots as `submit`.
import { fail, ok, type Result } from "../lib/result.ts";
import { STORE_ERRORS, type EventStore, type TransactionInput } from "../store/index.ts";
import type { Clock } from "./clock.ts";
import { CommandMemory } from "./command-memory.ts";
import { traceStage } from "./trace.ts";

export const RUNTIME_ERRORS = {
  staleVersion: "runtime/stale-version",
  conflict: "runtime/conflict",
  storeFailed: "runtime/store-failed",
  closed: "runtime/closed",
  corrupt: "runtime/corrupt-stream",
  idTaken: "runtime/command-id-taken",
} as const;

export interface ActorLogic<S, C, R, O> {
  /** The state of an empty stream. */
  initial(): S;
  /** Decide: the records a command produces, or why it is refused. Pure; no change to state. */
  decide(state: S, command: C, ctx: { readonly now: number; readonly version: number }): Result<R[]>;
  /** Evolve: one stored record applied. May mutate and return `state`, or return a new one. */
  evolve(state: S, record: R, ctx: EvolveContext): Result<{ state: S; outputs: O[] }>;
  /** The store's event type of a record. */
  typeOf(record: R): string;
  /** The store's event data of a record (default: the record itself). */
  dataOf?(record: R): unknown;
  /** The record of a stored event (default: its data). */
  fromStored?(type: string, data: unknown): R;
  /**
   * A snapshot of the state, or null when now is not a good moment (e.g. mid-hand). It is
   * stored after the call returns, while the state moves on: return a copy, not a view.
   */
  snapshot?(state: S): unknown;
  /** The state a snapshot holds; null when it cannot be read (the stream is replayed whole). */
  restore?(data: unknown): S | null;
}

export interface EvolveContext {
  readonly version: number;
  /** The id of the command whose records these are (null or absent: a server-internal one, or not stored with them). */
  readonly commandId?: string | null;
}

/** Records decided by the caller (in `exclusive`), with what they are stored with. */
export interface Commit<R> {
  readonly records: readonly R[];
  readonly commandId?: string | null;
  readonly sender?: string;
  /** The money these records move: committed with them in one transaction (EventStore.appendWithPostings). */
  readonly postings?: readonly TransactionInput[];
}

export interface Envelope<C> {
  /** Client-chosen id; the same id twice acts once. null: a server-internal command, not remembered. */
  readonly id: string | null;
  /** Who sent it (a user id); the same id from another sender is refused with `runtime/command-id-taken`. */
  readonly sender?: string;
  /** The state version the command was made against; "any" for server-internal commands. */
  readonly version: number | "any";
  readonly command: C;
}

export interface Accepted {
  /** The stream version after the command (for a duplicate: the version it landed at). */
  readonly version: number;
  readonly duplicate: boolean;
}

export interface Batch<O> {
  readonly version: number;
  readonly outputs: readonly O[];
}

export interface ActorOptions<S, C, R, O> {
  readonly store: EventStore;
  readonly stream: string;
  readonly logic: ActorLogic<S, C, R, O>;
  readonly clock: Clock;
  /** Save a snapshot when possible once this many records passed since the last (default 50). */
  readonly snapshotEvery?: number;
  /** How many command ids are remembered, in memory and in snapshots (default 5,000). */
  readonly commandMemory?: number;
  /**
   * Store the command id in every record's meta, not only the last (streams whose older
   * readers find a command's records by it). Replay remembers the id at its last record either way.
   */
  readonly idOnEveryRecord?: boolean;
  readonly log?: (message: string, error?: unknown) => void;
}

/** Remembered command ids (and kept in snapshots): far more than any client retries over. */
const COMMAND_MEMORY = 5_000;

interface SnapshotEnvelope {
  readonly state: unknown;
  /** [id, version] or [id, version, sender]. */
  readonly commands: ReadonlyArray<readonly [string, number] | readonly [string, number, string]>;
}

export class StreamActor<S, C, R, O> {
  private current: S;
  private at = 0;
  /** The remembered command ids, oldest first: the version each left, and who sent it. */
  private readonly commands: CommandMemory;
  private readonly listeners = new Set<(batch: Batch<O>) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private snapshotAt = 0;
  private loadedAt = 0;
  private closed = false;

  private constructor(private readonly opts: ActorOptions<S, C, R, O>) {
    this.current = opts.logic.initial();
    this.commands = new CommandMemory(opts.commandMemory ?? COMMAND_MEMORY);
  }

  /** Rebuilds the actor from its stream (empty stream: the initial state). */
  static async load<S, C, R, O>(opts: ActorOptions<S, C, R, O>): Promise<Result<StreamActor<S, C, R, O>>> {
    const actor = new StreamActor(opts);
    const r = await actor.recover();
    return r.ok ? ok(actor) : r;
  }

  /**
   * `load` in two steps, for a logic whose evolve reads its owner, which reads the actor
   * (a tournament's live floor): `empty`, keep the actor, then this, once, before any command.
   */
  async recover(): Promise<Result<void>> {
    const { opts } = this;
    const snap = opts.logic.restore === undefined ? null : await opts.store.loadSnapshot(opts.stream);
    if (snap !== null && opts.logic.restore !== undefined) {
      const env = snap.state as Partial<SnapshotEnvelope> | null;
      const state = env?.state === undefined || !Array.isArray(env.commands) ? null : opts.logic.restore(env.state);
      if (state !== null && env?.commands !== undefined) {
        this.current = state;
        for (const [id, version, sender] of env.commands) this.remember(id, version, sender ?? null);
        this.at = snap.version;
        this.snapshotAt = snap.version;
        this.loadedAt = snap.version;
      } else {
        // An unreadable snapshot (an older format?) costs only a longer replay.
        opts.log?.(`${opts.stream}: snapshot at ${snap.version} not readable; replaying the stream`);
      }
    }
    return this.catchUp(false);
  }

  /**
   * An actor for a stream its caller is creating: nothing is read. Should the stream exist
   * after all, the first append conflicts (and catches up, as any conflict does).
   */
  static empty<S, C, R, O>(opts: ActorOptions<S, C, R, O>): StreamActor<S, C, R, O> {
    return new StreamActor(opts);
  }

  /** The version of the snapshot this actor was loaded from (0: every record was replayed). */
  get loadedFrom(): number {
    return this.loadedAt;
  }

  /** Whether this command id is remembered (it acted). */
  has(commandId: string): boolean {
    return this.commands.has(commandId);
  }

  get stream(): string {
    return this.opts.stream;
  }

  get version(): number {
    return this.at;
  }

  /** The live state. Read it; never change it (only records do). */
  get state(): S {
    return this.current;
  }

  /** Listener gets every batch of outputs after it was persisted; returns unsubscribe. */
  subscribe(listener: (batch: Batch<O>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  submit(envelope: Envelope<C>): Promise<Result<Accepted>> {
    return this.enqueue(() => this.handle(envelope));
  }

  /**
   * Runs `fn` in the actor's queue, after every earlier command and before any later one: a
   * multi-step operation (decide, check payments, `commit`, act on the result, commit again).
   * Only inside it may `commit` and `commitGroups` be called.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.enqueue(fn);
  }

  /**
   * Stores records the caller decided (inside `exclusive`), with their postings in the same
   * transaction, then evolves, remembers the id, broadcasts and snapshots exactly as a
   * submitted command. Refusals: `runtime/closed`, `store/fenced` (closes the actor), a
   * conflict (`runtime/conflict`, after catching up), the ledger's refusal of a posting
   * (nothing stored), `runtime/store-failed`. The id is not checked: the caller asks `has` first.
   */
  commit(c: Commit<R>): Promise<Result<Accepted>> {
    if (this.closed) return Promise.resolve(fail(RUNTIME_ERRORS.closed, "this actor is closed"));
    return this.persist(c.records, c.commandId ?? null, c.sender ?? null, c.postings ?? []);
  }

  /**
   * Many commands' records, each with its postings, in ONE transaction (EventStore.appendGroups;
   * inside `exclusive`): each group is evolved at its own versions and its id remembered; a
   * group the ledger refuses is answered with its refusal and leaves nothing. The outer
   * refusals are `commit`'s.
   */
  async commitGroups(groups: readonly Commit<R>[]): Promise<Result<Result<{ readonly version: number }>[]>> {
    if (this.closed) return fail(RUNTIME_ERRORS.closed, "this actor is closed");
    const events = groups.map((g) => ({ events: this.events(g.records, g.commandId ?? null, g.sender ?? null), postings: g.postings ?? [] }));
    let appended;
    try {
      appended = await this.opts.store.appendGroups(this.opts.stream, this.at, events);
    } catch (e) {
      return this.unknownOutcome(e);
    }
    if (!appended.ok) return this.refused(appended);
    const answers: Result<{ readonly version: number }>[] = [];
    for (const [i, a] of appended.value.groups.entries()) {
      if (!a.ok) {
        answers.push(a);
        continue;
      }
      const g = groups[i]!;
      const applied = this.applyAll(g.records, a.value.version - g.records.length + 1, g.commandId ?? null, g.sender ?? null);
      if (!applied.ok) return applied;
      answers.push(ok({ version: a.value.version }));
    }
    this.maybeSnapshot();
    return ok(answers);
  }

  /** Runs after every earlier command (tests, shutdown, reads that must see all writes). */
  idle(): Promise<void> {
    return this.enqueue(async () => undefined);
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
  }

  /** Closed (by close(), a corrupt record, or a fenced append): every command is refused. */
  get isClosed(): boolean {
    return this.closed;
  }

  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async handle(env: Envelope<C>): Promise<Result<Accepted>> {
    if (this.closed) return fail(RUNTIME_ERRORS.closed, "this actor is closed");
    traceStage(env.id, "started");
    const seen = env.id === null ? undefined : this.commands.version(env.id);
    if (seen !== undefined && env.id !== null) {
      const sender = this.commands.sender(env.id);
      if (sender !== undefined && env.sender !== undefined && sender !== env.sender) {
        return fail(RUNTIME_ERRORS.idTaken, "this command id was already used by someone else");
      }
      return ok({ version: seen, duplicate: true });
    }
    if (env.version !== "any" && env.version !== this.at) {
      return fail(RUNTIME_ERRORS.staleVersion, `made against version ${env.version}; the state is at ${this.at}`, {
        version: this.at,
        sent: env.version,
      });
    }
    const decided = this.opts.logic.decide(this.current, env.command, { now: this.opts.clock.now(), version: this.at });
    if (!decided.ok) return decided;
    if (decided.value.length === 0) return ok({ version: this.at, duplicate: false });
    return this.persist(decided.value, env.id, env.sender ?? null, []);
  }

  /** The store's events of one command's records; the id rides on the last (replay remembers it at the command's final version). */
  private events(records: readonly R[], commandId: string | null, sender: string | null) {
    const { logic } = this.opts;
    const last = records.length - 1;
    const meta = commandId === null ? {} : sender === null ? { commandId } : { commandId, sender };
    return records.map((r, i) => ({
      type: logic.typeOf(r),
      data: logic.dataOf === undefined ? r : logic.dataOf(r),
      meta: i === last || this.opts.idOnEveryRecord === true ? meta : {},
    }));
  }

  /** Append, then evolve, remember, broadcast and snapshot: the one path of `submit` and `commit`. */
  private async persist(
    records: readonly R[],
    commandId: string | null,
    sender: string | null,
    postings: readonly TransactionInput[],
  ): Promise<Result<Accepted>> {
    if (records.length === 0) return ok({ version: this.at, duplicate: false });
    const events = this.events(records, commandId, sender);
    const { store, stream } = this.opts;
    let appended;
    try {
      appended = postings.length === 0 ? await store.append(stream, this.at, events) : await store.appendWithPostings(stream, this.at, events, postings);
    } catch (e) {
      return this.unknownOutcome(e);
    }
    traceStage(commandId, "stored");
    if (!appended.ok) return this.refused(appended);
    const applied = this.applyAll(records, appended.value.version - records.length + 1, commandId, sender);
    if (!applied.ok) return applied;
    this.maybeSnapshot();
    return ok({ version: this.at, duplicate: false });
  }

  /** The append threw: the commit may have landed; re-read before the next command. */
  private async unknownOutcome(e: unknown): Promise<Result<never>> {
    this.opts.log?.(`${this.stream}: append failed`, e);
    await this.catchUp(true).catch(() => undefined);
    return fail(RUNTIME_ERRORS.storeFailed, "the command could not be stored; try again");
  }

  /** An append the store refused: fenced closes the actor; a conflict catches up; a ledger's refusal stored nothing. */
  private async refused(appended: Result<never>): Promise<Result<never>> {
    if (appended.ok) return appended;
    if (appended.error.code === STORE_ERRORS.fenced) {
      this.closed = true;
      this.listeners.clear();
      return appended;
    }
    if (appended.error.code !== STORE_ERRORS.versionConflict) return appended;
    // Someone else wrote the stream (a second process?): take their records, refuse ours.
    const caught = await this.catchUp(true).catch((e: unknown) => {
      this.opts.log?.(`${this.stream}: catch-up failed`, e);
      return null;
    });
    if (caught !== null && !caught.ok) return caught;
    return fail(RUNTIME_ERRORS.conflict, `the stream moved on to version ${this.at}; try again`, { version: this.at });
  }

  /** Applies records that are already stored, then broadcasts their outputs in one batch. */
  private applyAll(records: readonly R[], firstVersion: number, commandId: string | null, sender: string | null, broadcast = true): Result<void> {
    const outputs: O[] = [];
    for (const [i, record] of records.entries()) {
      const version = firstVersion + i;
      const r = this.opts.logic.evolve(this.current, record, { version, commandId });
      if (!r.ok) {
        // Stored but not applicable: a bug; stop rather than diverge from the stream.
        this.closed = true;
        this.opts.log?.(`${this.stream}: record v${version} does not apply`, r.error);
        return fail(RUNTIME_ERRORS.corrupt, `record ${version} of ${this.stream} does not apply: ${r.error.message}`, {
          cause: r.error.code,
        });
      }
      this.current = r.value.state;
      this.at = version;
      outputs.push(...r.value.outputs);
    }
    if (commandId !== null) this.remember(commandId, this.at, sender);
    if (!broadcast) return ok(undefined);
    traceStage(commandId, "applied");
    this.broadcast({ version: this.at, outputs });
    traceStage(commandId, "written");
    return ok(undefined);
  }

  private remember(id: string, version: number, sender: string | null): void {
    this.commands.remember(id, version, sender);
  }

  /** Every applied batch, outputs or none: its records moved the version (a client sees every version). */
  private broadcast(batch: Batch<O>): void {
    for (const l of this.listeners) {
      try {
        l(batch);
      } catch (e) {
        this.opts.log?.(`${this.stream}: a subscriber threw`, e);
      }
    }
  }

  private async catchUp(broadcast: boolean): Promise<Result<void>> {
    const events = await this.opts.store.read(this.opts.stream, this.at + 1);
    for (const e of events) {
      if (e.version !== this.at + 1) return fail(RUNTIME_ERRORS.corrupt, `${this.stream} has a gap at ${this.at + 1}`);
      const commandId = typeof e.meta["commandId"] === "string" ? e.meta["commandId"] : null;
      const sender = typeof e.meta["sender"] === "string" ? e.meta["sender"] : null;
      const { fromStored } = this.opts.logic;
      const record = fromStored === undefined ? (e.data as R) : fromStored(e.type, e.data);
      const r = this.applyAll([record], e.version, commandId, sender, broadcast);
      if (!r.ok) return r;
    }
    return ok(undefined);
  }

  private maybeSnapshot(): void {
    const { logic } = this.opts;
    if (logic.snapshot === undefined || this.at - this.snapshotAt < (this.opts.snapshotEvery ?? 50)) return;
    const state = logic.snapshot(this.current);
    if (state === null || state === undefined) return;
    const env: SnapshotEnvelope = { state, commands: this.commands.entries() };
    const version = this.at;
    this.snapshotAt = version;
    // Best effort and off the command path: a lost snapshot only means a longer replay.
    this.opts.store.saveSnapshot(this.opts.stream, version, env).then(
      (r) => {
        if (!r.ok) this.opts.log?.(`${this.stream}: snapshot refused`, r.error);
      },
      (e) => this.opts.log?.(`${this.stream}: snapshot failed`, e),
    );
  }
}

// The stream actor: the one writer of one stream (a table, a tournament). Commands run one
// at a time in arrival order. Each is decided against the current state; the records it
// produces are appended to the stream, and only once the store has acknowledged them are
// they applied and handed to subscribers (persist, then broadcast: a crash in between shows
// nobody something that did not happen). Recovery is the same fold: the latest snapshot,
// then every record after it.
//
// Commands name the version they were made against (STYLE, boardgame.io's _stateID): a
// stale one is refused with `runtime/stale-version`; the same command id twice acts once
// (ids travel in the records' meta, so this survives a restart).
import { fail, ok, type Result } from "../lib/result.ts";
import type { EventStore } from "../store/index.ts";
import type { Clock } from "./clock.ts";

export const RUNTIME_ERRORS = {
  staleVersion: "runtime/stale-version",
  conflict: "runtime/conflict",
  storeFailed: "runtime/store-failed",
  closed: "runtime/closed",
  corrupt: "runtime/corrupt-stream",
} as const;

export interface ActorLogic<S, C, R, O> {
  /** The state of an empty stream. */
  initial(): S;
  /** Decide: the records a command produces, or why it is refused. Pure; no change to state. */
  decide(state: S, command: C, ctx: { readonly now: number; readonly version: number }): Result<R[]>;
  /** Evolve: one stored record applied. May mutate and return `state`, or return a new one. */
  evolve(state: S, record: R, ctx: { readonly version: number }): Result<{ state: S; outputs: O[] }>;
  /** The store's event type of a record. */
  typeOf(record: R): string;
  /** A snapshot of the state, or null when now is not a good moment (e.g. mid-hand). */
  snapshot?(state: S): unknown;
  restore?(data: unknown): S;
}

export interface Envelope<C> {
  /** Client-chosen id; the same id twice acts once. */
  readonly id: string;
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
  readonly log?: (message: string, error?: unknown) => void;
}

/** Remembered command ids (and kept in snapshots): far more than any client retries over. */
const COMMAND_MEMORY = 5_000;

interface SnapshotEnvelope {
  readonly state: unknown;
  readonly commands: ReadonlyArray<readonly [string, number]>;
}

export class StreamActor<S, C, R, O> {
  private current: S;
  private at = 0;
  private readonly commands = new Map<string, number>();
  private readonly listeners = new Set<(batch: Batch<O>) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private snapshotAt = 0;
  private closed = false;

  private constructor(private readonly opts: ActorOptions<S, C, R, O>) {
    this.current = opts.logic.initial();
  }

  /** Rebuilds the actor from its stream (empty stream: the initial state). */
  static async load<S, C, R, O>(opts: ActorOptions<S, C, R, O>): Promise<Result<StreamActor<S, C, R, O>>> {
    const actor = new StreamActor(opts);
    const snap = opts.logic.restore === undefined ? null : await opts.store.loadSnapshot(opts.stream);
    if (snap !== null && opts.logic.restore !== undefined) {
      const env = snap.state as SnapshotEnvelope;
      actor.current = opts.logic.restore(env.state);
      for (const [id, v] of env.commands) actor.commands.set(id, v);
      actor.at = snap.version;
      actor.snapshotAt = snap.version;
    }
    const caught = await actor.catchUp(false);
    return caught.ok ? ok(actor) : caught;
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

  /** Runs after every earlier command (tests, shutdown, reads that must see all writes). */
  idle(): Promise<void> {
    return this.enqueue(async () => undefined);
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
  }

  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async handle(env: Envelope<C>): Promise<Result<Accepted>> {
    if (this.closed) return fail(RUNTIME_ERRORS.closed, "this actor is closed");
    const seen = this.commands.get(env.id);
    if (seen !== undefined) return ok({ version: seen, duplicate: true });
    if (env.version !== "any" && env.version !== this.at) {
      return fail(RUNTIME_ERRORS.staleVersion, `made against version ${env.version}; the state is at ${this.at}`, {
        version: this.at,
        sent: env.version,
      });
    }
    const decided = this.opts.logic.decide(this.current, env.command, { now: this.opts.clock.now(), version: this.at });
    if (!decided.ok) return decided;
    if (decided.value.length === 0) return ok({ version: this.at, duplicate: false });
    const events = decided.value.map((r, i) => ({
      type: this.opts.logic.typeOf(r),
      data: r,
      // The id rides on the last record: replay remembers it at the command's final version.
      meta: i === decided.value.length - 1 ? { commandId: env.id } : {},
    }));
    let appended;
    try {
      appended = await this.opts.store.append(this.opts.stream, this.at, events);
    } catch (e) {
      // Unknown outcome (the commit may have landed): re-read before the next command.
      this.opts.log?.(`${this.stream}: append failed`, e);
      await this.catchUp(true).catch(() => undefined);
      return fail(RUNTIME_ERRORS.storeFailed, "the command could not be stored; try again");
    }
    if (!appended.ok) {
      // Someone else wrote the stream (a second process?): take their records, refuse ours.
      const caught = await this.catchUp(true).catch((e: unknown) => {
        this.opts.log?.(`${this.stream}: catch-up failed`, e);
        return null;
      });
      if (caught !== null && !caught.ok) return caught;
      return fail(RUNTIME_ERRORS.conflict, `the stream moved on to version ${this.at}; try again`, { version: this.at });
    }
    const applied = this.applyAll(decided.value, appended.value.version - decided.value.length + 1, env.id);
    if (!applied.ok) return applied;
    this.maybeSnapshot();
    return ok({ version: this.at, duplicate: false });
  }

  /** Applies records that are already stored, then broadcasts their outputs in one batch. */
  private applyAll(records: readonly R[], firstVersion: number, commandId: string | null, broadcast = true): Result<void> {
    const outputs: O[] = [];
    for (const [i, record] of records.entries()) {
      const version = firstVersion + i;
      const r = this.opts.logic.evolve(this.current, record, { version });
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
    if (commandId !== null) this.remember(commandId, this.at);
    if (broadcast) this.broadcast({ version: this.at, outputs });
    return ok(undefined);
  }

  private remember(id: string, version: number): void {
    this.commands.set(id, version);
    if (this.commands.size > COMMAND_MEMORY) {
      const oldest = this.commands.keys().next().value;
      if (oldest !== undefined) this.commands.delete(oldest);
    }
  }

  private broadcast(batch: Batch<O>): void {
    if (batch.outputs.length === 0) return;
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
      const r = this.applyAll([e.data as R], e.version, commandId, broadcast);
      if (!r.ok) return r;
    }
    return ok(undefined);
  }

  private maybeSnapshot(): void {
    const { logic } = this.opts;
    if (logic.snapshot === undefined || this.at - this.snapshotAt < (this.opts.snapshotEvery ?? 50)) return;
    const state = logic.snapshot(this.current);
    if (state === null || state === undefined) return;
    const env: SnapshotEnvelope = { state, commands: [...this.commands] };
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

// Lobby lines in a KV bucket ("Reads: lobby lines in a KV bucket watched by every
// gateway"). The owner of a tournament puts its line under `<prefix>_lobby` key
// `<tournament token>` when it changes, coalesced (the latest value per tournament, at most
// one put per flush, a flush every coalesceMs), and deletes it when the tournament is gone;
// every process watches the bucket and keeps a local map it reads without asking anyone.
//
// Generic over the line (any JSON): the server decides what a line holds (the public half
// of a lobby line: a line for a viewer needs the owner, cluster-lobby.ts). Each value
// carries the writer's epoch for the tournament's partition: a map keeps the line of the
// highest epoch it has seen, so an ex-owner's late put (a frozen process waking up) cannot
// replace the new owner's line here; the new owner puts every line again on taking over.
import type { KV, KvEntry, NatsConnection } from "nats";
import { followKv, type KvFollow } from "./watch.ts";
import { idToken } from "./results.ts";

export const LOBBY_DEFAULTS = { coalesceMs: 250 } as const;

export interface BoardEntry<T> {
  readonly id: string;
  readonly epoch: number;
  readonly line: T;
}

export interface LobbyBoardOptions {
  /** Bucket `<prefix>_lobby` (default "felt"). */
  readonly prefix?: string;
  readonly coalesceMs?: number;
  /** Asked at flush time: does this process still write for the tournament at this epoch? */
  readonly mayWrite?: (id: string, epoch: number) => boolean;
  readonly log?: (message: string, error?: unknown) => void;
}

type Pending<T> = { readonly put: BoardEntry<T> } | { readonly remove: true };

const enc = new TextEncoder();

export class LobbyBoard<T> {
  private readonly map = new Map<string, BoardEntry<T>>();
  /** KV key → tournament id, for deletes (a DEL entry carries no value). */
  private readonly idOfKey = new Map<string, string>();
  private readonly pending = new Map<string, Pending<T>>();
  private readonly listeners = new Set<(id: string) => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private watch: KvFollow | null = null;
  private closed = false;
  /** KV updates this process made (stats, tests). */
  puts = 0;

  private constructor(
    private readonly kv: KV,
    private readonly coalesceMs: number,
    private readonly mayWrite: (id: string, epoch: number) => boolean,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  /** Opens (creating when missing) the bucket and resolves once the map holds every line already there. */
  static async open<T>(nc: NatsConnection, options: LobbyBoardOptions = {}): Promise<LobbyBoard<T>> {
    const kv = await nc.jetstream().views.kv(`${options.prefix ?? "felt"}_lobby`, { history: 1 });
    const board = new LobbyBoard<T>(kv, options.coalesceMs ?? LOBBY_DEFAULTS.coalesceMs, options.mayWrite ?? (() => true), options.log ?? (() => {}));
    await board.start();
    return board;
  }

  private async start(): Promise<void> {
    this.watch = followKv(this.kv, (e) => this.observe(e), { log: this.log });
    await this.watch.caughtUp;
  }

  /** The line of a tournament, as last seen. */
  get(id: string): T | undefined {
    return this.map.get(id)?.line;
  }

  /** Every tournament's line, as last seen. */
  entries(): readonly BoardEntry<T>[] {
    return [...this.map.values()];
  }

  /** Called with the tournament's id after its line changed or went. */
  onChange(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The owner's new line for a tournament: put at the next flush (a newer one before it replaces it). */
  put(id: string, epoch: number, line: T): void {
    this.pending.set(id, { put: { id, epoch, line } });
    this.schedule();
  }

  /** The tournament is gone from the lobby: deleted at the next flush. */
  remove(id: string): void {
    this.pending.set(id, { remove: true });
    this.schedule();
  }

  /** Writes what is pending now (tests, closing). */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending];
    this.pending.clear();
    this.flushing = this.flushing.then(() =>
      Promise.all(
        batch.map(async ([id, p]) => {
          const key = idToken(id);
          try {
            if ("remove" in p) await this.kv.delete(key);
            else if (this.mayWrite(id, p.put.epoch)) await this.kv.put(key, enc.encode(JSON.stringify(p.put)));
            else return;
            this.puts++;
          } catch (e) {
            this.log(`lobby board: ${id} not written`, e);
          }
        }),
      ).then(() => {}),
    );
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.flush();
    this.watch?.stop();
    this.watch = null;
  }

  private schedule(): void {
    if (this.timer !== null || this.closed) return;
    this.timer = setTimeout(() => void this.flush(), this.coalesceMs);
    this.timer.unref?.();
  }

  private observe(e: KvEntry): void {
    if (e.operation !== "PUT") {
      const id = this.idOfKey.get(e.key);
      if (id === undefined) return;
      this.idOfKey.delete(e.key);
      this.map.delete(id);
      for (const l of this.listeners) l(id);
      return;
    }
    let v: BoardEntry<T>;
    try {
      v = e.json<BoardEntry<T>>();
    } catch {
      return;
    }
    if (typeof v?.id !== "string" || typeof v.epoch !== "number") return;
    const held = this.map.get(v.id);
    if (held !== undefined && held.epoch > v.epoch) return;
    this.idOfKey.set(e.key, v.id);
    this.map.set(v.id, v);
    for (const l of this.listeners) l(v.id);
  }
}

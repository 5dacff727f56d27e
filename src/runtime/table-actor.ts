// A live table: the StreamActor over the table logic, plus what the server needs around it:
// per-viewer messages (engine viewFor/eventFor: nobody receives another player's hole cards
// before they are shown, nor the deck), the deck drawn from injected randomness, and the
// action clock on the injected Clock (armed from the recorded time, so after a restart it
// goes on where it stood rather than starting over).
import { randomUUID } from "node:crypto";
import type { Card } from "../cards/index.ts";
import { eventFor, viewFor, type HandEvent, type PlayerView } from "../engine/index.ts";
import { ok, type Result } from "../lib/result.ts";
import type { EventStore } from "../store/index.ts";
import type { BlindLevel } from "../tournament/index.ts";
import { StreamActor, type Accepted, type Batch } from "./actor.ts";
import type { Clock, TimerHandle } from "./clock.ts";
import {
  tableLogic,
  type PlayerMove,
  type SeatInfo,
  type TableCommand,
  type TableConfig,
  type TableOutput,
  type TableRecord,
  type TableState,
} from "./table-logic.ts";

export const tableStream = (tableId: string) => `table:${tableId}`;

export interface TableView {
  readonly tableId: string;
  readonly version: number;
  readonly seats: ReadonlyArray<SeatInfo | null>;
  readonly handNumber: number;
  /** The viewer's seat, if seated. */
  readonly you: number | null;
  readonly hand: {
    readonly handNumber: number;
    /** Seat of each engine player index. */
    readonly seats: readonly number[];
    readonly view: PlayerView;
    /** When the current actor's clock ends; null without an action clock. */
    readonly deadline: number | null;
  } | null;
}

export interface TableMessage {
  readonly version: number;
  /** The batch's outputs as this viewer may see them. */
  readonly outputs: readonly TableOutput[];
  readonly view: TableView;
}

export interface TableActorOptions {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly tableId: string;
  /** Written as the first record when the stream is new; ignored when it exists. */
  readonly config?: TableConfig;
  /** A freshly shuffled deck, top first (the OS CSPRNG in live play; seeded in tests). */
  readonly shuffle: () => Card[];
  /** Per-action time; absent: no action clock. */
  readonly actionMs?: number;
  readonly snapshotEvery?: number;
  readonly log?: (message: string, error?: unknown) => void;
}

type Actor = StreamActor<TableState, TableCommand, TableRecord, TableOutput>;

export class TableActor {
  private timer: TimerHandle | null = null;

  private constructor(
    private readonly actor: Actor,
    private readonly opts: TableActorOptions,
  ) {
    actor.subscribe(() => this.armClock());
  }

  /** Loads the table from its stream (snapshot + replay); opens it when new. */
  static async open(opts: TableActorOptions): Promise<Result<TableActor>> {
    const loaded = await StreamActor.load({
      store: opts.store,
      stream: tableStream(opts.tableId),
      logic: tableLogic,
      clock: opts.clock,
      ...(opts.snapshotEvery === undefined ? {} : { snapshotEvery: opts.snapshotEvery }),
      ...(opts.log === undefined ? {} : { log: opts.log }),
    });
    if (!loaded.ok) return loaded;
    const table = new TableActor(loaded.value, opts);
    if (loaded.value.state.config === null && opts.config !== undefined) {
      const r = await loaded.value.submit({ id: `open:${opts.tableId}`, version: "any", command: { type: "open", config: opts.config } });
      if (!r.ok) return r;
    }
    table.armClock();
    return ok(table);
  }

  get version(): number {
    return this.actor.version;
  }

  /** The full state (server side only: it holds the deck). */
  get state(): TableState {
    return this.actor.state;
  }

  /** A player's move, made against `version`; `id` makes a resend act once. */
  act(player: string, move: PlayerMove, envelope: { readonly id: string; readonly version: number }): Promise<Result<Accepted>> {
    return this.actor.submit({ id: envelope.id, version: envelope.version, command: { type: "act", player, move } });
  }

  sit(seat: number, player: string, stack: number, id: string = randomUUID()): Promise<Result<Accepted>> {
    return this.actor.submit({ id, version: "any", command: { type: "sit", seat, player, stack } });
  }

  leave(seat: number, id: string = randomUUID()): Promise<Result<Accepted>> {
    return this.actor.submit({ id, version: "any", command: { type: "leave", seat } });
  }

  startHand(level: BlindLevel, options: { firstButton?: number; id?: string } = {}): Promise<Result<Accepted>> {
    const command: TableCommand =
      options.firstButton === undefined
        ? { type: "start-hand", deck: this.opts.shuffle(), level }
        : { type: "start-hand", deck: this.opts.shuffle(), level, firstButton: options.firstButton };
    return this.actor.submit({ id: options.id ?? randomUUID(), version: "any", command });
  }

  /** Sends the current view now and every persisted change after; returns unsubscribe. */
  subscribe(viewer: string | null, send: (message: TableMessage) => void): () => void {
    send({ version: this.version, outputs: [], view: this.view(viewer) });
    return this.actor.subscribe((batch) => send(this.messageFor(batch, viewer)));
  }

  view(viewer: string | null): TableView {
    const t = this.actor.state;
    const you = t.seats.find((s) => s !== null && s.player === viewer)?.seat ?? null;
    const hand = t.hand;
    let handView: TableView["hand"] = null;
    if (hand !== null) {
      const index = you === null ? -1 : hand.seats.indexOf(you);
      handView = {
        handNumber: hand.handNumber,
        seats: hand.seats,
        view: viewFor(hand.state, index < 0 ? "observer" : index),
        deadline: this.deadline(),
      };
    }
    return { tableId: this.opts.tableId, version: this.version, seats: t.seats, handNumber: t.handNumber, you, hand: handView };
  }

  idle(): Promise<void> {
    return this.actor.idle();
  }

  close(): void {
    this.timer?.cancel();
    this.timer = null;
    this.actor.close();
  }

  private messageFor(batch: Batch<TableOutput>, viewer: string | null): TableMessage {
    const you = this.actor.state.seats.find((s) => s !== null && s.player === viewer)?.seat ?? null;
    const outputs = batch.outputs.map((o): TableOutput => {
      if (o.kind !== "hand") return o;
      const index = you === null ? -1 : o.seats.indexOf(you);
      const events: HandEvent[] = o.events.map((e) => eventFor(e, index < 0 ? "observer" : index));
      return { ...o, events };
    });
    return { version: batch.version, outputs, view: this.view(viewer) };
  }

  private deadline(): number | null {
    const hand = this.actor.state.hand;
    return hand === null || this.opts.actionMs === undefined ? null : hand.turnSince + this.opts.actionMs;
  }

  private armClock(): void {
    this.timer?.cancel();
    this.timer = null;
    const hand = this.actor.state.hand;
    const due = this.deadline();
    if (hand === null || due === null) return;
    const handNumber = hand.handNumber;
    const version = this.actor.version;
    this.timer = this.opts.clock.after(due - this.opts.clock.now(), () => {
      this.timer = null;
      void this.actor
        .submit({ id: `timeout:${version}`, version, command: { type: "timeout", handNumber } })
        .catch((e) => this.opts.log?.(`table ${this.opts.tableId}: timeout failed`, e));
    });
  }
}

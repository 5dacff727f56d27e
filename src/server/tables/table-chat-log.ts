// A table's chat, kept in its own stream `chat:TABLE`: lines (players', the
// director's and the dealer's) and the director's mutes are stored before they are applied
// and sent (persist, then broadcast), so a restart, a reload or someone who starts watching
// later gets the same recent lines and the same mutes. The chat has its own stream so that a
// line never moves the table's version (a player's action names the version it was made
// against). A snapshot every SNAPSHOT_EVERY records keeps a load to one snapshot and a few
// records. Appends go one after another, in the order they were decided.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { DealerNote } from "../../protocol/index.ts";
import type { EventStore } from "../../store/index.ts";
import type { HandRun } from "./table-state.ts";
import { TableChat, type ChatRecord, type ChatSnapshot } from "./table-chat.ts";
import { BUS_ERRORS } from "../../cluster/bus.ts";

export const chatStreamOf = (tableId: string) => `chat:${tableId}`;

const SNAPSHOT_EVERY = 100;

/** The dealer's entries for a finished hand: one per winner of each pot (a split pot names each winner). */
export function handResultNotes(hand: HandRun): DealerNote[] {
  const notes: DealerNote[] = [];
  for (const e of hand.wire) {
    if (e.kind !== "win") continue;
    const i = hand.order.indexOf(e.seat);
    notes.push({
      kind: "win",
      handId: hand.handId,
      handNumber: hand.handNumber,
      potIndex: e.potIndex,
      seat: e.seat,
      name: hand.names[i] ?? `#${e.seat}`,
      amount: e.amount,
      category: e.category,
    });
  }
  return notes;
}

export class ChatLog {
  private queue: Promise<unknown> = Promise.resolve();
  private sinceSnapshot = 0;

  private constructor(
    private readonly store: EventStore,
    private readonly stream: string,
    readonly chat: TableChat,
  ) {}

  /** The table's chat as stored: its latest snapshot and the records after it. */
  static async load(store: EventStore, tableId: string): Promise<ChatLog> {
    const stream = chatStreamOf(tableId);
    const snap = await store.loadSnapshot(stream);
    const chat = snap === null ? new TableChat() : TableChat.restore(snap.state as ChatSnapshot);
    const after = await store.read(stream, (snap?.version ?? 0) + 1);
    for (const e of after) chat.apply({ type: e.type, data: e.data } as ChatRecord);
    const log = new ChatLog(store, stream, chat);
    log.sinceSnapshot = after.length;
    return log;
  }

  /** Resolves when every append asked for so far has finished. */
  async idle(): Promise<void> {
    await this.queue;
  }

  /** Stores the records (after every append decided before them), then applies them; refused whole when the store fails. */
  append(records: readonly ChatRecord[]): Promise<Result<void>> {
    const run = this.queue.then(() => this.write(records));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(records: readonly ChatRecord[]): Promise<Result<void>> {
    if (records.length === 0) return ok(undefined);
    let r;
    try {
      r = await this.store.append(
        this.stream,
        "any",
        records.map((x) => ({ type: x.type, data: x.data })),
      );
    } catch (e) {
      return fail(BUS_ERRORS.unavailable, `the chat was not stored: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!r.ok) return fail(BUS_ERRORS.unavailable, `the chat was not stored: ${r.error.message}`);
    for (const x of records) this.chat.apply(x);
    this.sinceSnapshot += records.length;
    if (this.sinceSnapshot >= SNAPSHOT_EVERY) {
      this.sinceSnapshot = 0;
      // A snapshot only shortens the next load: one that fails is not an error.
      await this.store.saveSnapshot(this.stream, r.value.version, this.chat.snapshot()).catch(() => undefined);
    }
    return ok(undefined);
  }
}

// Sends one table step to everyone watching it (views at the edge). The shared
// part of the view (what a spectator sees) is built and serialised once per step; each
// recipient's view differs from it only in its own cards, best hand, legal actions and
// seat, found by object identity (table-view.ts: personalView).
// - Protocol v1 subscribers get each event as an `event` frame, then their whole view.
// - Protocol v2 subscribers get one `table-step` frame: the events as they may see them and
//   the fields of their view that changed since the last view or step they were sent,
//   spliced from the serialised fragments without serialising a view per recipient.
import { byteLength, MAX_FRAME_BYTES, type ServerMessage, type TableEvent, type TableView } from "../../protocol/index.ts";
import type { TableState } from "./table-state.ts";
import { personalView, spectatorView, type ViewContext } from "./table-view.ts";
import { eventForSeat } from "./table-wire.ts";

export interface Subscriber {
  readonly userId: string | null;
  send(message: ServerMessage): void;
  /** Present when the subscriber speaks protocol v2: takes a serialised `table-step` frame. */
  readonly sendStep?: (text: string) => void;
}

export interface Step {
  readonly state: TableState;
  /** The step's events with full information (filtered per recipient here). */
  readonly events: readonly TableEvent[];
  readonly ctx: ViewContext;
  readonly seatOf: (userId: string | null) => number | null;
}

/** The view's fields a patch carries, in wire order (tableId never changes; seats go one by one). */
const FIELDS = [
  "tournamentId",
  "tableNumber",
  "version",
  "handId",
  "handNumber",
  "variant",
  "blinds",
  "street",
  "board",
  "pots",
  "button",
  "smallBlind",
  "bigBlind",
  "actor",
  "mySeat",
  "legal",
  "clock",
  "myHand",
  "sittingOut",
  "recentHands",
  "lastHand",
] as const satisfies readonly (keyof TableView)[];
// A field added to TableView and not to FIELDS would never reach v2 clients: refuse to compile.
type Unsent = Exclude<keyof TableView, (typeof FIELDS)[number] | "tableId" | "seats">;
const everyFieldSent: [Unsent] extends [never] ? true : never = true;
void everyFieldSent;

/** A view as JSON text, field by field and seat by seat (seats in the view's order). */
interface Texts {
  readonly fields: string[];
  readonly seats: string[];
}

export class ViewFanout {
  /** What each v2 subscriber was last sent, field by field, as JSON text. */
  private readonly sent = new Map<Subscriber, Texts>();

  /** Starts a subscriber with its whole view. */
  start(sub: Subscriber, view: TableView): void {
    sub.send({ type: "table-view", view });
    if (sub.sendStep !== undefined) this.sent.set(sub, textsOf(view));
  }

  /**
   * The `table-view` frame a v2 subscriber holds now (what it was started with, folded with
   * every patch since), as text; undefined for a v1 subscriber. A copy of the subscriber's
   * stream elsewhere (a gateway on another process) starts from exactly this, so
   * the next patch applies to it.
   */
  sentFrame(sub: Subscriber, tableId: string): string | undefined {
    const last = this.sent.get(sub);
    if (last === undefined) return undefined;
    const fields = FIELDS.map((k, i) => `"${k}":${last.fields[i]!}`).join(",");
    return `{"type":"table-view","view":{"tableId":${JSON.stringify(tableId)},${fields},"seats":[${last.seats.join(",")}]}}`;
  }

  forget(sub: Subscriber): void {
    this.sent.delete(sub);
  }

  /** One stored step (or a change of who is connected: no events) to every subscriber. */
  step(subscribers: Iterable<Subscriber>, step: Step): void {
    const t = step.state;
    const handId = t.hand?.handId ?? t.finished?.handId ?? null;
    const shared = spectatorView(t, step.ctx);
    let sharedTexts: Texts | null = null;
    let publicEvents: string[] | null = null;
    let head: string | null = null;
    for (const sub of subscribers) {
      const seat = step.seatOf(sub.userId);
      const view = personalView(t, shared, seat);
      const last = sub.sendStep === undefined ? undefined : this.sent.get(sub);
      if (last === undefined || last.seats.length !== view.seats.length) {
        for (const e of step.events) sub.send({ type: "event", tableId: t.config.tableId, handId, version: t.version, event: eventForSeat(e, seat) });
        sub.send({ type: "table-view", view });
        if (sub.sendStep !== undefined) this.sent.set(sub, textsOf(view));
        continue;
      }
      const st = (sharedTexts ??= textsOf(shared));
      publicEvents ??= step.events.map((e) => JSON.stringify(eventForSeat(e, null)));
      head ??= `{"type":"table-step","tableId":${JSON.stringify(t.config.tableId)},"handId":${JSON.stringify(handId)},"version":${t.version},"events":[`;
      // Only what differs from what this subscriber holds; parts it shares with the
      // spectator view reuse that view's text (personal parts are new objects).
      let patch = "";
      for (let i = 0; i < FIELDS.length; i++) {
        const k = FIELDS[i]!;
        const text = view[k] === shared[k] ? st.fields[i]! : JSON.stringify(view[k]);
        if (last.fields[i] === text) continue;
        last.fields[i] = text;
        patch += `${patch === "" ? "" : ","}"${k}":${text}`;
      }
      let seats = "";
      for (let i = 0; i < view.seats.length; i++) {
        const text = view.seats[i] === shared.seats[i] ? st.seats[i]! : JSON.stringify(view.seats[i]);
        if (last.seats[i] === text) continue;
        last.seats[i] = text;
        seats += `${seats === "" ? "" : ","}${text}`;
      }
      if (seats !== "") patch += `${patch === "" ? "" : ","}"seats":[${seats}]`;
      if (patch === "" && step.events.length === 0) continue;
      const events = step.events.map((e, i) => (e.kind === "hole-cards" && e.seat === seat ? JSON.stringify(e) : publicEvents![i]!));
      const text = `${head}${events.join(",")}],"patch":{${patch}}}`;
      if (text.length * 3 > MAX_FRAME_BYTES && byteLength(text) > MAX_FRAME_BYTES) {
        // Too large for one frame: the v1 frames, each within the limit, and a fresh start.
        for (const e of step.events) sub.send({ type: "event", tableId: t.config.tableId, handId, version: t.version, event: eventForSeat(e, seat) });
        this.start(sub, view);
        continue;
      }
      sub.sendStep!(text);
    }
  }
}

function textsOf(view: TableView): Texts {
  return { fields: FIELDS.map((k) => JSON.stringify(view[k])), seats: view.seats.map((s) => JSON.stringify(s)) };
}

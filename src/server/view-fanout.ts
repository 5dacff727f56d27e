// Sends one table step to everyone watching it (views at the edge, issue 6). The shared
// part of the view (what a spectator sees) is built and serialised once per step; each
// recipient's view differs from it only in its own cards, best hand, legal actions and
// seat, found by object identity (table-view.ts: personalView).
// - Protocol v1 subscribers get each event as an `event` frame, then their whole view.
// - Protocol v2 subscribers get one `table-step` frame: the events as they may see them and
//   the fields of their view that changed since the last view or step they were sent,
//   spliced from the serialised fragments without serialising a view per recipient.
import { byteLength, MAX_FRAME_BYTES, type ServerMessage, type TableEvent, type TableView } from "../protocol/index.ts";
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

type Fragments = Map<string, string>;

/** The key a seat's fragment is kept under, apart from the view's own field names. */
const seatKey = (n: number) => `#${n}`;

export class ViewFanout {
  /** What each v2 subscriber was last sent, field by field, as JSON text. */
  private readonly sent = new Map<Subscriber, Fragments>();

  /** Starts a subscriber with its whole view. */
  start(sub: Subscriber, view: TableView): void {
    sub.send({ type: "table-view", view });
    if (sub.sendStep !== undefined) this.sent.set(sub, fragmentsOf(view, null, null));
  }

  forget(sub: Subscriber): void {
    this.sent.delete(sub);
  }

  /** One stored step (or a change of who is connected: no events) to every subscriber. */
  step(subscribers: Iterable<Subscriber>, step: Step): void {
    const t = step.state;
    const handId = t.hand?.handId ?? t.finished?.handId ?? null;
    const shared = spectatorView(t, step.ctx);
    let sharedText: Fragments | null = null;
    let publicEvents: string[] | null = null;
    let head: string | null = null;
    for (const sub of subscribers) {
      const seat = step.seatOf(sub.userId);
      const view = personalView(t, shared, seat);
      const last = sub.sendStep === undefined ? undefined : this.sent.get(sub);
      if (last === undefined) {
        for (const e of step.events) sub.send({ type: "event", tableId: t.config.tableId, handId, version: t.version, event: eventForSeat(e, seat) });
        sub.send({ type: "table-view", view });
        if (sub.sendStep !== undefined) this.sent.set(sub, fragmentsOf(view, null, null));
        continue;
      }
      sharedText ??= fragmentsOf(shared, null, null);
      publicEvents ??= step.events.map((e) => JSON.stringify(eventForSeat(e, null)));
      head ??= `{"type":"table-step","tableId":${JSON.stringify(t.config.tableId)},"handId":${JSON.stringify(handId)},"version":${t.version},"events":[`;
      const now = fragmentsOf(view, shared, sharedText);
      const fields: string[] = [];
      const seats: string[] = [];
      for (const [k, text] of now) {
        if (last.get(k) === text) continue;
        last.set(k, text);
        if (k.startsWith("#")) seats.push(text);
        else fields.push(`"${k}":${text}`);
      }
      if (seats.length > 0) fields.push(`"seats":[${seats.join(",")}]`);
      if (fields.length === 0 && step.events.length === 0) continue;
      const events = step.events.map((e, i) => (e.kind === "hole-cards" && e.seat === seat ? JSON.stringify(e) : publicEvents![i]!));
      const text = `${head}${events.join(",")}],"patch":{${fields.join(",")}}}`;
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

/**
 * A view as JSON text per field (tableId and seats apart: seats one by one). Parts that are
 * the shared view's own objects reuse its text, so only personal parts are serialised.
 */
function fragmentsOf(view: TableView, shared: TableView | null, sharedText: Fragments | null): Fragments {
  const out: Fragments = new Map();
  for (const k of Object.keys(view) as (keyof TableView)[]) {
    if (k === "tableId" || k === "seats") continue;
    const reuse = shared !== null && view[k] === shared[k] ? sharedText!.get(k) : undefined;
    out.set(k, reuse ?? JSON.stringify(view[k]));
  }
  view.seats.forEach((s, i) => {
    const reuse = shared !== null && s === shared.seats[i] ? sharedText!.get(seatKey(s.seat)) : undefined;
    out.set(seatKey(s.seat), reuse ?? JSON.stringify(s));
  });
  return out;
}

// Sends one table step to everyone watching it (views at the edge). The shared
// part of the view (what a spectator sees) is built and serialised once per step; each
// recipient's view differs from it only in its own cards, best hand, legal actions and
// seat, found by object identity (table-view.ts: personalView).
// - Protocol v1 subscribers get each event as an `event` frame, then their whole view.
// - Protocol v2 subscribers get one `table-step` frame: the events as they may see them and
//   the fields of their view that changed since the last view or step they were sent,
//   spliced from the serialised fragments without serialising a view per recipient.
import { exceedsFrame, type ServerMessage, type TableEvent, type TableView } from "../../protocol/index.ts";
import type { TableState } from "./table-state.ts";
import { personalParts, personalView, spectatorView, type ViewContext } from "./table-view.ts";
import { categoryOf, eventForSeat } from "./table-wire.ts";
import type { HandSteps } from "./hand-steps.ts";
import { flat } from "../../lib/flat-string.ts";

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
const MY_SEAT = FIELDS.indexOf("mySeat");
const SITTING_OUT = FIELDS.indexOf("sittingOut");
const LEGAL = FIELDS.indexOf("legal");
const MY_HAND = FIELDS.indexOf("myHand");
const LAST_HAND = FIELDS.indexOf("lastHand");
// A field added to TableView and not to FIELDS would never reach v2 clients: refuse to compile.
type Unsent = Exclude<keyof TableView, (typeof FIELDS)[number] | "tableId" | "seats">;
const everyFieldSent: [Unsent] extends [never] ? true : never = true;
void everyFieldSent;

/** A view as JSON text, field by field and seat by seat (seats in the view's order). */
interface Texts {
  readonly fields: string[];
  readonly seats: string[];
  /** The recipient's own seat as text (ownText). */
  own?: OwnText;
  /** The last hand's summary with the recipient's own cards in it, as text: a new object every
   *  step until the next hand ends, and long. */
  ownLast?: OwnText;
}

/** A recipient's own version of a shared part (the part with their cards in it) as text, and
 *  what it was made from: the shared part's text and the cards. It changes only when one of
 *  them does, so most steps reuse it instead of serialising it for every recipient. */
interface OwnText {
  readonly from: string;
  readonly cards: readonly number[] | null;
  readonly text: string;
}

const SEAT_TEXTS = Array.from({ length: 11 }, (_, seat) => String(seat));

export class ViewFanout {
  /** What each v2 subscriber was last sent, field by field, as JSON text. */
  private readonly sent = new Map<Subscriber, Texts>();

  /** Starts a subscriber with its whole view, and a v2 one with the hand's steps so far when they fit the frame. */
  start(sub: Subscriber, view: TableView, steps?: HandSteps): void {
    const log = steps?.kept !== true || sub.sendStep === undefined ? null : steps.fitting(view.mySeat, JSON.stringify({ type: "table-view", view }));
    sub.send(log === null ? { type: "table-view", view } : { type: "table-view", view, log });
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

  /**
   * The shared view's field texts of the last step, and the values they were made from: a
   * field whose value is the same object (or an array of the same items) keeps its text, and
   * a field that serialises the same keeps the same string. A subscriber that holds it then
   * compares by identity, not character by character, and most fields of most steps are
   * neither serialised nor compared again.
   */
  private shared: { readonly values: unknown[]; readonly seats: readonly SeatView[]; readonly texts: Texts } | null = null;
  /** Each hole-and-board's best hand this hand, by (hole cards, board length): it changes only with the board. */
  private readonly best = new Map<number, ReturnType<typeof categoryOf>>();
  private bestHand: string | null = null;
  /** Texts of values that keep their identity across steps (a remembered best hand). */
  private readonly textOf = new WeakMap<object, string>();

  /** One stored step (or a change of who is connected: no events) to every subscriber. */
  step(subscribers: Iterable<Subscriber>, step: Step): void {
    const t = step.state;
    const handId = t.hand?.handId ?? t.finished?.handId ?? null;
    if (this.bestHand !== handId) {
      this.best.clear();
      this.bestHand = handId;
    }
    const shared = spectatorView(t, step.ctx);
    let st: Texts | null = null;
    let publicEvents: string[] | null = null;
    let publicJoined = "";
    let head: string | null = null;
    for (const sub of subscribers) {
      const seat = step.seatOf(sub.userId);
      const last = sub.sendStep === undefined ? undefined : this.sent.get(sub);
      const mine = last === undefined ? null : personalParts(t, shared, seat, this.bestOf);
      if (last === undefined || last.seats.length !== (mine?.seats ?? shared.seats).length) {
        const view = personalView(t, shared, seat);
        for (const e of step.events) sub.send({ type: "event", tableId: t.config.tableId, handId, version: t.version, event: eventForSeat(e, seat) });
        sub.send({ type: "table-view", view });
        if (sub.sendStep !== undefined) this.sent.set(sub, textsOf(view));
        continue;
      }
      st ??= this.sharedTexts(shared);
      if (publicEvents === null) {
        publicEvents = step.events.map((e) => JSON.stringify(eventForSeat(e, null)));
        publicJoined = publicEvents.join(",");
      }
      head ??= `{"type":"table-step","tableId":${JSON.stringify(t.config.tableId)},"handId":${JSON.stringify(handId)},"version":${t.version},"events":[`;
      // Only what differs from what this subscriber holds; parts it shares with the
      // spectator view reuse that view's text (personal parts are new objects).
      let patch = "";
      for (let i = 0; i < FIELDS.length; i++) {
        let text = st.fields[i]!;
        if (mine !== null) {
          // A seat number or null: its JSON text is String's (one string per seat number).
          if (i === MY_SEAT) text = mine.mySeat === null ? "null" : (SEAT_TEXTS[mine.mySeat] ?? String(mine.mySeat));
          else if (i === SITTING_OUT) text = mine.sittingOut ? "true" : "false";
          else if (i === LEGAL) text = mine.legal === null ? text : flat(JSON.stringify(mine.legal));
          else if (i === MY_HAND) text = mine.myHand === null ? text : this.textOfValue(mine.myHand);
          else if (i === LAST_HAND && mine.lastHand !== shared.lastHand && mine.lastHand !== null) {
            last.ownLast = ownText(last.ownLast, text, mine.lastHand.myCards, mine.lastHand);
            text = last.ownLast.text;
          }
        }
        // Equal or not, the subscriber keeps this step's string: most are the shared view's,
        // so its own copies from its start (or of its own parts) go, instead of staying alive
        // as long as the field does not change, for every major collection to walk.
        const changed = last.fields[i] !== text;
        last.fields[i] = text;
        if (!changed) continue;
        patch += `${patch === "" ? "" : ","}"${FIELDS[i]!}":${text}`;
      }
      const seatsNow = mine?.seats ?? shared.seats;
      let seats = "";
      for (let i = 0; i < seatsNow.length; i++) {
        const seatNow = seatsNow[i]!;
        let text = st.seats[i]!;
        if (seatNow !== shared.seats[i]) {
          last.own = ownText(last.own, text, seatNow.cards, seatNow);
          text = last.own.text;
        }
        const changed = last.seats[i] !== text;
        last.seats[i] = text;
        if (!changed) continue;
        seats += `${seats === "" ? "" : ","}${text}`;
      }
      if (seats !== "") patch += `${patch === "" ? "" : ","}"seats":[${seats}]`;
      if (patch === "" && step.events.length === 0) continue;
      let events = publicJoined;
      if (seat !== null && step.events.some((e) => e.kind === "hole-cards" && e.seat === seat)) {
        events = step.events.map((e, i) => (e.kind === "hole-cards" && e.seat === seat ? JSON.stringify(e) : publicEvents![i]!)).join(",");
      }
      const text = `${head}${events}],"patch":{${patch}}}`;
      if (exceedsFrame(text)) {
        // Too large for one frame: the v1 frames, each within the limit, and a fresh start.
        for (const e of step.events) sub.send({ type: "event", tableId: t.config.tableId, handId, version: t.version, event: eventForSeat(e, seat) });
        this.start(sub, personalView(t, shared, seat));
        continue;
      }
      sub.sendStep!(text);
    }
  }

  /** The shared view as texts, reusing the last step's text of every field that did not change. */
  private sharedTexts(view: TableView): Texts {
    const before = this.shared;
    const values: unknown[] = [];
    const fields: string[] = [];
    for (let i = 0; i < FIELDS.length; i++) {
      const v = view[FIELDS[i]!];
      values.push(v);
      if (before !== null && same(v, before.values[i])) {
        fields.push(before.texts.fields[i]!);
        continue;
      }
      const text = JSON.stringify(v);
      fields.push(before !== null && before.texts.fields[i] === text ? before.texts.fields[i]! : flat(text));
    }
    // A seat is a new object every step; one whose values did not change keeps its text.
    const seats = view.seats.map((x, i) => {
      const was = before?.texts.seats[i];
      const wasSeat = before?.seats[i];
      if (was !== undefined && wasSeat !== undefined && sameSeat(x, wasSeat)) return was;
      const text = JSON.stringify(x);
      return was === text ? was : flat(text);
    });
    const texts = { fields, seats };
    this.shared = { values, seats: view.seats, texts };
    return texts;
  }

  private readonly bestOf = (cards: readonly number[]): ReturnType<typeof categoryOf> => {
    // Two hole cards then the board: within one hand the board's length says which board.
    const key = (cards[0]! * 52 + cards[1]!) * 8 + (cards.length - 2);
    let known = this.best.get(key);
    if (known === undefined) this.best.set(key, (known = categoryOf(cards)));
    return known;
  };

  private textOfValue(v: object): string {
    let text = this.textOf.get(v);
    if (text === undefined) this.textOf.set(v, (text = flat(JSON.stringify(v))));
    return text;
  }
}

/** `value`'s text: the one in `memo` while it was made from the same shared text and cards. */
function ownText(memo: OwnText | undefined, from: string, cards: readonly number[] | null, value: object): OwnText {
  if (memo !== undefined && memo.from === from && same(memo.cards, cards)) return memo;
  return { from, cards, text: flat(JSON.stringify(value)) };
}

type SeatView = TableView["seats"][number];

// A field added to SeatView and not compared in sameSeat would keep last step's text: refuse to compile.
const SEAT_COMPARED = [
  "seat",
  "player",
  "stack",
  "bet",
  "status",
  "hasCards",
  "cards",
  "shownHand",
  "connected",
] as const satisfies readonly (keyof SeatView)[];
type Uncompared = Exclude<keyof SeatView, (typeof SEAT_COMPARED)[number]>;
const everySeatFieldCompared: [Uncompared] extends [never] ? true : never = true;
void everySeatFieldCompared;

/** Two seats that serialise the same: built by spectatorView, so their keys come in one order.
 *  A shown hand is compared by its text (only at a showdown). */
function sameSeat(a: SeatView, b: SeatView): boolean {
  return (
    a.seat === b.seat &&
    a.stack === b.stack &&
    a.bet === b.bet &&
    a.status === b.status &&
    a.hasCards === b.hasCards &&
    a.connected === b.connected &&
    (a.player === b.player || (a.player !== null && b.player !== null && a.player.id === b.player.id && a.player.name === b.player.name)) &&
    same(a.cards, b.cards) &&
    (a.shownHand === b.shownHand || (a.shownHand !== null && b.shownHand !== null && JSON.stringify(a.shownHand) === JSON.stringify(b.shownHand)))
  );
}

/** The same value, or arrays of the same items (a view's lists are copied each step). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function textsOf(view: TableView): Texts {
  return { fields: FIELDS.map((k) => flat(JSON.stringify(view[k]))), seats: view.seats.map((s) => flat(JSON.stringify(s))) };
}

import {
  HEARTBEAT,
  HOME_MOVE_GAP_MS,
  heartbeatDue,
  PROTOCOL_VERSION,
  applyTablePatch,
  encodeClientMessage,
  logCovers,
  parseServerMessage,
  type Channel,
  type ChatLine,
  type ClientMessage,
  type PlayerAction,
  type ServerMessage,
  type TableEvent,
  type TableView,
  type TournamentView,
  type UserInfo,
  type WireError,
} from "../../../src/protocol/index.ts";
import { GAPS_KEPT, loadLog, type LogGap, saveLog, sessionStore, type LogStore } from "../logic/kept-log.ts";
import { newCommandId, type FeltClient } from "./client.ts";
import type { SocketLike } from "./transport.ts";

/** How long before a table not found (not yet opened) is asked for again. */
export const TABLE_RETRY_MS = 1000;
/** How long without a frame from the server before a connected client pings it (src/protocol's HEARTBEAT). */
export const PING_MS = HEARTBEAT.PING_AFTER_MS;
/** How long without a frame from the server (its pongs included) before the connection counts as lost. */
export const SILENT_MS = HEARTBEAT.LOST_AFTER_MS;

export interface LiveState {
  readonly connected: boolean;
  readonly user: UserInfo | null;
  /** serverTime − local time at welcome/pong: add to Date.now() to read the server clock. */
  readonly clockOffsetMs: number;
  readonly tables: ReadonlyMap<string, TableView>;
  readonly tournaments: ReadonlyMap<string, TournamentView>;
  readonly events: ReadonlyMap<string, readonly TableEvent[]>;
  /**
   * Where each table's hand log has a hole: the events and chat lines received before each. The
   * server streams a table's events only while this tab is subscribed, so steps played while
   * it was not (on another screen, offline, reloading) are missing, and the log says so there.
   */
  readonly gaps: ReadonlyMap<string, readonly LogGap[]>;
  readonly lastError: WireError | null;
  /** Table chat: lines with `after`, the number of the table's events received before them (to interleave with the hand log), and the director's mutes. */
  readonly chats: ReadonlyMap<string, TableChat>;
  /** When the socket dropped after a welcome (local ms), until the next welcome; null while connected or before the first. */
  readonly offlineSince: number | null;
  /** The table whose act was sent and not answered yet (the player sees it as "sending"). */
  readonly sendingAt: string | null;
  /**
   * An act sent before the connection dropped that did not count: the table moved on while it
   * was down (`code` null), or the server refused it after the reconnect. Cleared by the next act.
   */
  readonly refused: RefusedAct | null;
}

export interface RefusedAct {
  readonly tableId: string;
  readonly action: PlayerAction["kind"];
  readonly code: string | null;
}

export interface TableChat {
  readonly lines: readonly (ChatLine & { readonly after: number })[];
  readonly muted: readonly string[];
}

const CHAT_KEPT = 60;

type ActMessage = Extract<ClientMessage, { type: "act" }>;

interface Unanswered {
  readonly message: ActMessage;
  /** The connection it was last sent on. */
  connection: number;
  /** The connection it was first sent on. */
  readonly sentOn: number;
}

const EVENTS_KEPT = 60;

/**
 * The last EVENTS_KEPT events, and the `hand-start` of the first kept hand when the cut falls
 * inside it: its seats name the players of that hand's lines, who may have left since.
 */
export function keptEvents(events: readonly TableEvent[]): readonly TableEvent[] {
  if (events.length <= EVENTS_KEPT) return events;
  const kept = events.slice(-EVENTS_KEPT);
  if (kept[0]?.kind === "hand-start") return kept;
  const start = events.findLastIndex((e, i) => i < events.length - EVENTS_KEPT && e.kind === "hand-start");
  return start < 0 ? kept : [events[start]!, ...kept];
}

/** The WebSocket side: hello, subscriptions, the latest views, as a React-friendly store. */
export class LiveSession {
  private socket: SocketLike | null = null;
  private readonly channels = new Map<string, Channel>();
  private readonly listeners = new Set<() => void>();
  private state: LiveState = {
    connected: false,
    user: null,
    clockOffsetMs: 0,
    tables: new Map(),
    tournaments: new Map(),
    events: new Map(),
    gaps: new Map(),
    lastError: null,
    chats: new Map(),
    offlineSince: null,
    sendingAt: null,
    refused: null,
  };
  /** Events received per table since the page opened (the hand log keeps only the last ones). */
  private readonly eventCount = new Map<string, number>();
  /** The version of each table its hand log is complete up to (every step since was received). */
  private readonly logVersion = new Map<string, number>();
  /** The hands the log was last filled with from a view's steps: where each begins, and when. */
  private readonly filledStarts = new Map<string, readonly { readonly after: number; readonly at: number }[]>();

  /** How many events of this table came before the ones the hand log still holds. */
  eventsBefore(tableId: string): number {
    return (this.eventCount.get(tableId) ?? 0) - (this.state.events.get(tableId)?.length ?? 0);
  }

  /** `store` keeps each table's hand log across a reload of the page (the tab's session storage). */
  constructor(
    private readonly client: FeltClient,
    private readonly store: LogStore | null = sessionStore(),
  ) {}

  /** A table first watched since the page opened: its log as the tab last kept it. */
  private restoreLog(tableId: string): void {
    if (this.state.events.has(tableId) || this.eventCount.has(tableId)) return;
    const kept = loadLog(this.store, tableId);
    if (kept === null) return;
    this.eventCount.set(tableId, kept.count);
    if (kept.version !== undefined) this.logVersion.set(tableId, kept.version);
    const events = new Map(this.state.events);
    events.set(tableId, kept.events);
    const chats = new Map(this.state.chats);
    chats.set(tableId, { lines: kept.chat.map((x) => ({ ...x.line, after: x.after })), muted: chats.get(tableId)?.muted ?? [] });
    const gaps = new Map(this.state.gaps);
    gaps.set(tableId, kept.gaps ?? []);
    this.set({ events, chats, gaps });
  }

  private keepLog(tableId: string): void {
    if (this.store === null) return;
    const chat = (this.state.chats.get(tableId)?.lines ?? []).map(({ after, ...line }) => ({ line: line as ChatLine, after }));
    const version = this.logVersion.get(tableId);
    saveLog(this.store, tableId, {
      events: [...(this.state.events.get(tableId) ?? [])],
      count: this.eventCount.get(tableId) ?? 0,
      chat,
      ...(version === undefined ? {} : { version }),
      gaps: [...(this.state.gaps.get(tableId) ?? [])],
    });
  }

  readonly getState = (): LiveState => this.state;

  readonly subscribeStore = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private set(change: Partial<LiveState>): void {
    this.state = { ...this.state, ...change };
    for (const fn of this.listeners) fn();
  }

  private wanted = false;
  private retries = 0;

  connect(): void {
    this.wanted = true;
    if (this.socket || !this.client.token) return;
    this.socket = this.open(this.home ?? undefined, this.client.token);
  }

  /**
   * A socket at `at` (the page's origin when undefined) that says hello. Its frames count
   * while it is this session's socket, or, until its welcome, while it is the socket of a move
   * to a table's home; a socket given up (silent, or left for a home) may still deliver
   * later, and that is no longer this session's.
   */
  private open(at: string | undefined, token: string): SocketLike {
    const socket: SocketLike = this.client.transport.openSocket(
      {
        onOpen: () => {
          const hello = encodeClientMessage({ type: "hello", v: PROTOCOL_VERSION, token });
          if (hello.ok) socket.send(hello.value);
        },
        onFrame: (text) => {
          if (this.socket === socket) {
            this.heardAt = Date.now();
            this.receive(text);
          } else if (this.candidate === socket && at !== undefined) this.candidateSaid(socket, at, text);
        },
        onClose: () => {
          if (this.candidate === socket && at !== undefined) this.candidateFailed(at);
          if (this.socket === socket) this.lost();
        },
      },
      at,
    );
    return socket;
  }

  /**
   * The member of a cluster the socket is on, past the page's origin: the home of the table
   * where the player sits (`table-home`), so that each action is answered where the table is
   * run instead of crossing to it and back. Forgotten when that connection is lost: the next
   * goes through the page's origin again, which names the home anew.
   */
  private home: string | null = null;
  /** Homes the server named, by table (a hint may come before the view that shows the seat). */
  private readonly homes = new Map<string, string>();
  private movedAt = Number.NEGATIVE_INFINITY;
  /** Homes whose connection closed before its welcome. */
  private readonly unreachable = new Set<string>();
  /** The socket whose welcome came: nothing but hello goes before it (the server would refuse it). */
  private welcomedOn: SocketLike | null = null;

  /**
   * Goes to the home of a table where the player sits, if the server named one and the socket
   * is elsewhere, and only when every table the player sits at (of those it follows, each
   * view come) has that home: a player at two tables run by two members stays where they
   * are, rather than go back and forth between them.
   */
  private maybeGoHome(tableId: string): void {
    const url = this.homes.get(tableId);
    if (url === undefined || url === this.home || this.unreachable.has(url) || this.state.tables.get(tableId)?.mySeat == null || this.socket === null) return;
    for (const channel of this.channels.values()) {
      if (channel.kind !== "table") continue;
      // A followed table whose view has not come yet may be another seat of the player's.
      const view = this.state.tables.get(channel.tableId);
      if (view === undefined || (view.mySeat != null && this.homes.get(channel.tableId) !== url)) return;
    }
    // Members that disagree for a moment about who runs the table cannot bounce the player.
    if (Date.now() - this.movedAt < HOME_MOVE_GAP_MS || this.candidate !== null || !this.client.token) return;
    this.movedAt = Date.now();
    // Make before break: the new socket says hello while this one plays on; at its welcome it
    // takes over, and this one closes once a table's view has come on the new one, so the
    // seat never reads "away" and nothing the player does falls between the two.
    this.candidate = this.open(url, this.client.token);
  }

  /** The first frame on a move's socket: a welcome makes it this session's socket. */
  private candidateSaid(socket: SocketLike, url: string, text: string): void {
    const m = parseServerMessage(text);
    if (!m.ok || m.value.type !== "welcome") {
      this.candidateFailed(url);
      socket.close();
      return;
    }
    this.candidate = null;
    this.leaving?.close();
    this.leaving = this.socket;
    this.socket = socket;
    this.home = url;
    this.heardAt = Date.now();
    // The welcome subscribes every channel again and resends an unanswered act.
    this.apply(m.value);
  }

  /** Down, or refusing this page's origin: not tried again; the player stays where they are. */
  private candidateFailed(url: string): void {
    this.candidate = null;
    this.unreachable.add(url);
  }

  /** A socket opened at a table's home, until its welcome. */
  private candidate: SocketLike | null = null;
  /** The socket the player moved away from, open until a table's view comes on the new one. */
  private leaving: SocketLike | null = null;

  private closeLeaving(): void {
    this.leaving?.close();
    this.leaving = null;
  }

  /** The connection is gone (closed, or silent too long): say so from when, and connect again. */
  private lost(): void {
    this.stopHeartbeat();
    this.closeLeaving();
    this.socket = null;
    this.home = null;
    this.set({ connected: false, offlineSince: this.connection > 0 ? (this.state.offlineSince ?? Date.now()) : null });
    // Reconnect with backoff; the server restores the full view on subscribe,
    // and steps patch it from there (protocol v2).
    if (this.wanted) setTimeout(() => this.wanted && this.connect(), Math.min(10_000, 500 * 2 ** this.retries++));
  }

  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private heardAt = 0;
  private pingedAt = Number.NEGATIVE_INFINITY;
  private pings = 0;

  /** From the welcome on: a ping after PING_MS without a frame; nothing heard for SILENT_MS, the connection is lost. */
  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      const now = Date.now();
      const due = heartbeatDue(now, this.heardAt, this.pingedAt);
      if (due === "lost") {
        const silent = this.socket;
        this.lost();
        silent?.close();
      } else if (due === "ping") {
        this.pingedAt = now;
        this.send({ type: "ping", nonce: this.pings++ });
      }
    }, HEARTBEAT.CHECK_EVERY_MS);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  disconnect(): void {
    this.wanted = false;
    this.stopHeartbeat();
    this.socket?.close();
    this.socket = null;
    this.candidate?.close();
    this.candidate = null;
    this.closeLeaving();
  }

  private send(message: ClientMessage): void {
    if (message.type !== "hello" && (this.socket === null || this.welcomedOn !== this.socket)) return;
    const frame = encodeClientMessage(message);
    if (!frame.ok) {
      this.set({ lastError: { code: "protocol/invalid-message", message: frame.error.message } });
      return;
    }
    this.socket?.send(frame.value);
  }

  private receive(text: string): void {
    const parsed = parseServerMessage(text);
    if (!parsed.ok) {
      this.set({ lastError: { code: "protocol/invalid-message", message: parsed.error.message } });
      return;
    }
    this.apply(parsed.value);
  }

  private apply(m: ServerMessage): void {
    switch (m.type) {
      case "welcome":
        this.welcomedOn = this.socket;
        this.retries = 0;
        this.connection++;
        this.startHeartbeat();
        this.set({ connected: true, offlineSince: null, user: m.user, clockOffsetMs: m.serverTime - Date.now() });
        for (const channel of this.channels.values()) this.send({ type: "subscribe", channel });
        return;
      case "table-view": {
        const id = m.view.tableId;
        const tables = new Map(this.state.tables);
        tables.set(id, m.view);
        const known = this.logVersion.get(id);
        this.logVersion.set(id, m.view.version);
        // A whole view after a new subscribe. The server sends the hand's steps so far with it:
        // a log that stops inside the hand (or at its start) takes the steps after its last,
        // and has no hole; one that stops before the hand missed steps nobody sends again,
        // and says so there, before the hand. Without the steps, a hole where the log stops.
        const fresh = known === undefined && (this.eventCount.get(id) ?? 0) === 0;
        if (fresh || (known !== undefined && m.view.version > known)) {
          const log = m.log;
          const hole = !fresh && !logCovers(log, known!);
          const gaps = new Map(this.state.gaps);
          if (hole) {
            // Chat ids grow: the dealer's entries of what was missed come after the last one held.
            const chat = Math.max(0, ...(this.state.chats.get(id)?.lines ?? []).map((l) => l.id));
            gaps.set(id, [...(gaps.get(id) ?? []), { after: this.eventCount.get(id) ?? 0, chat }].slice(-GAPS_KEPT));
          }
          const missed = (log?.steps ?? []).filter((s) => known === undefined || s.version > known).flatMap((s) => s.events);
          const before = this.eventCount.get(id) ?? 0;
          if (missed.length > 0)
            this.filledStarts.set(
              id,
              missed.flatMap((e, k) => (e.kind === "hand-start" ? [{ after: before + k, at: e.at }] : [])),
            );
          this.set({ tables, gaps, events: this.appended(id, missed) });
          if (hole || missed.length > 0) this.keepLog(id);
          this.contribute(id, missed);
        } else this.set({ tables });
        // A table's view on the socket the player moved to: the old one can go.
        this.closeLeaving();
        this.resendUnanswered(m.view);
        this.maybeGoHome(id);
        return;
      }
      case "table-home":
        this.homes.set(m.tableId, m.url);
        this.maybeGoHome(m.tableId);
        return;
      case "tournament-view": {
        const tournaments = new Map(this.state.tournaments);
        tournaments.set(m.view.tournamentId, m.view);
        this.set({ tournaments, clockOffsetMs: m.view.serverTime - Date.now() });
        return;
      }
      case "event": {
        // Protocol v1's events carry no version: no hole can be told from them.
        this.logVersion.delete(m.tableId);
        this.contribute(m.tableId, [m.event]);
        this.set({ events: this.appended(m.tableId, [m.event]) });
        this.keepLog(m.tableId);
        return;
      }
      case "table-step": {
        // Protocol v2: the step's events and the changes to this player's view, in one frame.
        const base = this.state.tables.get(m.tableId);
        if (base === undefined) {
          // Nothing to fold into: ask for the whole view again (the server starts with one).
          const channel = this.channels.get(`table:${m.tableId}`);
          if (channel !== undefined) this.send({ type: "subscribe", channel });
          return;
        }
        const tables = new Map(this.state.tables);
        const view = applyTablePatch(base, m.patch);
        tables.set(m.tableId, view);
        this.logVersion.set(m.tableId, m.version);
        if (view.version !== base.version) this.resendUnanswered(view);
        if (m.events.length === 0) return this.set({ tables });
        this.contribute(m.tableId, m.events);
        this.set({ tables, events: this.appended(m.tableId, m.events) });
        this.keepLog(m.tableId);
        return;
      }
      case "chat": {
        const chats = new Map(this.state.chats);
        const old = chats.get(m.tableId) ?? { lines: [], muted: [] };
        const after = this.eventCount.get(m.tableId) ?? 0;
        const known = new Set(old.lines.map((l) => l.id));
        // A line said before a hand the log was just filled with (the subscribe's recent lines:
        // the button draw, the results of hands missed) goes before that hand, not after it.
        const starts = this.filledStarts.get(m.tableId) ?? [];
        const place = (at: number) => starts.find((s) => at <= s.at)?.after ?? after;
        const lines = [...old.lines, ...m.lines.filter((l) => !known.has(l.id)).map((l) => ({ ...l, after: place(l.at) }))].slice(-CHAT_KEPT);
        chats.set(m.tableId, { lines, muted: m.muted ?? old.muted });
        this.set({ chats });
        this.keepLog(m.tableId);
        return;
      }
      case "error":
        this.refusedAfterReconnect(m.commandId, m.error.code);
        this.answered(m.commandId);
        // A table just opened by a start or a move may not be there yet when the screen asks
        // for it: ask again shortly rather than stay on "Loading…".
        if (m.commandId === null && m.error.code === "table/not-found") this.retryUnseenTables();
        this.set({ lastError: m.error });
        return;
      case "ack":
        this.answered(m.commandId);
        return;
      case "pong":
        this.set({ clockOffsetMs: m.serverTime - Date.now() });
        return;
    }
  }

  /** Subscribes while at least one screen watches the channel (each watch returns its own stop). */
  watch(channel: Channel): () => void {
    const key = channel.kind === "table" ? `table:${channel.tableId}` : `tournament:${channel.tournamentId}`;
    const watchers = this.watchers.get(key) ?? 0;
    this.watchers.set(key, watchers + 1);
    if (watchers === 0) {
      if (channel.kind === "table") this.restoreLog(channel.tableId);
      this.channels.set(key, channel);
      if (this.state.connected) this.send({ type: "subscribe", channel });
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const left = (this.watchers.get(key) ?? 1) - 1;
      if (left > 0) return void this.watchers.set(key, left);
      this.watchers.delete(key);
      this.channels.delete(key);
      if (this.state.connected) this.send({ type: "unsubscribe", channel });
    };
  }

  private readonly watchers = new Map<string, number>();
  private tableRetry: ReturnType<typeof setTimeout> | null = null;

  /** Subscribes again, after a second, to every watched table it has no view of yet. */
  private retryUnseenTables(): void {
    if (this.tableRetry !== null) return;
    this.tableRetry = setTimeout(() => {
      this.tableRetry = null;
      if (!this.state.connected) return;
      for (const channel of this.channels.values())
        if (channel.kind === "table" && !this.state.tables.has(channel.tableId)) this.send({ type: "subscribe", channel });
    }, TABLE_RETRY_MS);
  }

  /** The hand logs with `events` added to this table's (counted, and cut to the last ones kept). */
  private appended(tableId: string, events: readonly TableEvent[]): LiveState["events"] {
    if (events.length === 0) return this.state.events;
    this.eventCount.set(tableId, (this.eventCount.get(tableId) ?? 0) + events.length);
    const all = new Map(this.state.events);
    all.set(tableId, keptEvents([...(all.get(tableId) ?? []), ...events]));
    return all;
  }

  /**
   * Provably fair decks: when a hand starts at a table where this player sits,
   * send 32 random bytes for the next hand's deck, so the server cannot choose decks alone.
   */
  private contribute(tableId: string, events: readonly TableEvent[]): void {
    if (!events.some((e) => e.kind === "hand-start") || this.state.tables.get(tableId)?.mySeat == null) return;
    const value = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
    this.send({ type: "contribute", tableId, commandId: newCommandId(), value });
  }

  /**
   * Sends an action against the view's current version (a stale one is refused). A second
   * click on the same view sends nothing: the first is on its way (or resent, below).
   */
  act(tableId: string, action: PlayerAction): void {
    const view = this.state.tables.get(tableId);
    if (!view?.handId) return;
    const u = this.unanswered?.message;
    if (u !== undefined && u.tableId === tableId && u.handId === view.handId && u.version === view.version) return;
    const message: ActMessage = { type: "act", tableId, handId: view.handId, version: view.version, commandId: newCommandId(), action };
    if (this.state.refused !== null) this.set({ refused: null });
    this.setUnanswered({ message, connection: this.connection, sentOn: this.connection });
    this.send(message);
  }

  /**
   * The last act sent and not answered yet. When the connection drops with it on its way (a
   * server stopping, a network change), the server may or may not have acted on it. After the
   * reconnect, if the table's fresh view still waits for this player at the same version, the
   * same act goes again with its own command id: the server acts once and answers
   * "duplicate" if it had already ('s rolling restart: without this the player would
   * act again with a new id and, had the first arrived meanwhile, be told the table moved on).
   * Any other view means the table moved on: the act is forgotten.
   */
  private unanswered: Unanswered | null = null;
  /** Counts welcomes: which connection an unanswered act was last sent on. */
  private connection = 0;

  private resendUnanswered(view: TableView): void {
    const u = this.unanswered;
    if (u === null || u.message.tableId !== view.tableId) return;
    if (u.message.handId !== view.handId || u.message.version !== view.version || view.actor === null || view.actor !== view.mySeat) {
      // Sent before the drop and the table went on without it: the player is told it did not count.
      if (u.sentOn !== this.connection) this.set({ refused: { tableId: u.message.tableId, action: u.message.action.kind, code: null } });
      this.setUnanswered(null);
      return;
    }
    if (u.connection === this.connection) return; // still on its way on this connection
    u.connection = this.connection;
    this.send(u.message);
  }

  /** The server refused an act that was first sent before the connection dropped. */
  private refusedAfterReconnect(commandId: string | null, code: string): void {
    const u = this.unanswered;
    if (commandId === null || u === null || u.message.commandId !== commandId || u.sentOn === this.connection) return;
    this.set({ refused: { tableId: u.message.tableId, action: u.message.action.kind, code } });
  }

  /** The player has read that their act did not count. */
  dismissRefused(): void {
    if (this.state.refused !== null) this.set({ refused: null });
  }

  private answered(commandId: string | null): void {
    if (commandId !== null && this.unanswered?.message.commandId === commandId) this.setUnanswered(null);
  }

  private setUnanswered(u: Unanswered | null): void {
    this.unanswered = u;
    const sendingAt = u?.message.tableId ?? null;
    if (sendingAt !== this.state.sendingAt) this.set({ sendingAt });
  }

  /** A chat line at a table (refusals come back as `lastError`). */
  chat(tableId: string, text: string): void {
    this.send({ type: "chat", tableId, text });
  }

  /** The director mutes or unmutes a player's chat at a table. */
  muteChat(tableId: string, playerId: string, muted: boolean): void {
    this.send({ type: "chat-mute", tableId, playerId, muted });
  }

  sitOut(tableId: string, out: boolean): void {
    this.send({ type: out ? "sit-out" : "sit-in", tableId, commandId: newCommandId() });
  }

  clearError(): void {
    this.set({ lastError: null });
  }
}

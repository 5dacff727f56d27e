// The one client that plays a running server over the wire, as any client would: HTTP for
// its account and the lobby, WebSocket for its table. It sees only what the server sent it
// (its own TableView, folded from protocol v2 steps) and decides with a bot policy
// (bot-policy.ts). `felt simulate --server` (remote-sim.ts), the server's tests
// (testkit/server/bot.ts), the browser tests' opponents and bench/load.ts all use it.
import WebSocket from "ws";
import { seededRandom, type RandomSource } from "../tournament/index.ts";
import {
  HEARTBEAT,
  HOME_MOVE_GAP_MS,
  PROTOCOL_VERSION,
  heartbeatDue,
  WS_PATH,
  applyTablePatch,
  parseServerMessage,
  type ClientMessage,
  type ServerMessage,
  type TableView,
} from "../protocol/index.ts";
import { decide, type BotPolicy } from "./bot-policy.ts";
import { AUTH_ERRORS, PROTOCOL_ERRORS } from "../protocol/error-catalogue.ts";

export { botViewOf, wireAction, type BotPolicy } from "./bot-policy.ts";

/** A failed HTTP call: status and the server's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what}: HTTP ${status} ${JSON.stringify(body)}`);
  }
}

let commandSeq = 0;
/** Idempotency keys only need to be unique per user and command. */
export const commandId = (): string => `c${Date.now().toString(36)}${(commandSeq++).toString(36).padStart(6, "0")}`;

/** One JSON call to the HTTP API; throws HttpError on a non-2xx answer. */
export async function http<T>(base: string, method: "GET" | "POST", path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base.replace(/\/$/, "") + path, {
    method,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const parsed: unknown = text === "" ? null : JSON.parse(text);
  if (res.status < 200 || res.status >= 300) throw new HttpError(res.status, parsed, `${method} ${path}`);
  return parsed as T;
}

export interface BotClientOptions {
  /** How it decides (default "random"); "check-call" is the test and benchmark bot. */
  readonly style?: BotPolicy;
  readonly seed?: number;
  /** Chance of moving all in when a bet is possible, so a test tournament ends in minutes. */
  readonly allInChance?: number;
  /** Smallest gap between two actions this bot sends (default 60 ms; 0: none). */
  readonly minSendGapMs?: number;
  /** Mean think time before each action (uniform 0.5x..1.5x; the load benchmark's human pace); default 0. */
  readonly thinkMs?: number;
  /** The local address to connect from (bench/pace.ts spreads a thousand bots over 127.0.0.x, the server allowing 64 sockets per address). */
  readonly localAddress?: string;
  /** Think time before each action drawn by the caller (ms, from a uniform draw in [0, 1)); overrides thinkMs (bench/pace.ts's heavy tail). */
  readonly thinkDraw?: (u: number) => number;
  /** The protocol version it speaks (default the current one, which goes to its table's home in a cluster; 2: stays on `base`; 1: a whole view after every step). */
  readonly protocol?: number;
  /** Keep every frame received (the no-leak tests). */
  readonly keepFrames?: boolean;
  /** Skip validating frames with zod (the load benchmark measures the server, not the client). */
  readonly trustFrames?: boolean;
  /** A frame that fails validation throws (tests) instead of being ignored. */
  readonly strictFrames?: boolean;
  /** Every message received, and after each v2 step the view it led to, as a `table-view`. */
  readonly onBroadcast?: (m: ServerMessage, bot: BotClient) => void;
  /** After each hand starts at its table, send a random value for the next hand's deck. */
  readonly contribute?: boolean;
  /** Called when the bot sends an action (the load benchmark times broadcasts from here). */
  readonly onAct?: (tableId: string, version: number, commandId: string) => void;
  /**
   * Pings the server from its welcome on (src/protocol's HEARTBEAT; default none): "silent"
   * as the web client does, after PING_AFTER_MS without a frame; "every", each PING_AFTER_MS
   * whatever it hears (the web client's heartbeat before, which bench/load.ts measures).
   */
  readonly heartbeat?: "silent" | "every";
}

export class BotClient {
  ws: WebSocket | null = null;
  private readonly rng: RandomSource;
  tableId: string | null = null;
  private lastActed = -1;
  private lastSend = 0;
  private seq = 0;
  /** The last act sent: resent with the same id after a reconnect or a rate limit (it acts once). */
  private pending: Extract<ClientMessage, { type: "act" }> | null = null;
  private welcomed: ((ok: boolean) => void) | null = null;
  /** The latest view of each table this bot followed. */
  readonly views = new Map<string, TableView>();
  /** Hand ids this bot was dealt into (the driver unions them over all bots). */
  readonly hands = new Set<string>();
  /** Every frame received, with `keepFrames`. */
  readonly frames: ServerMessage[] = [];
  /** The values this bot contributed (hex), in order. */
  readonly contributed: string[] = [];
  private contributedFor: string | null = null;
  /** The view version it last asked to sit back in at. */
  private sitInAt = -1;
  /** commandId → the version the server acknowledged it at. */
  readonly acked = new Map<string, number>();
  actions = 0;
  refused = 0;
  /** Error codes the server sent, in order (diagnostics). */
  readonly errors: string[] = [];
  /** When set, acting is paused (tests that send their own commands). */
  passive = false;
  /** Chance of moving all in when a raise is possible (tests change it as they go). */
  allInChance: number;
  /** Where its socket goes: `base`, or its table's home while the connection there lasts. */
  private at: string;
  private movedAt = Number.NEGATIVE_INFINITY;
  /** Homes it could not connect to. */
  private readonly unreachable = new Set<string>();
  /** The moves to a table's home it made (diagnostics, tests). */
  homeMoves = 0;

  constructor(
    readonly base: string,
    readonly name: string,
    readonly token: string,
    readonly opts: BotClientOptions = {},
  ) {
    this.rng = seededRandom(opts.seed ?? 1);
    this.allInChance = opts.allInChance ?? 0;
    this.at = base;
  }

  /** The server its socket is on now: `base`, or its table's home. */
  get server(): string {
    return this.at;
  }

  /** Sign up (or sign in when the name exists) and return a client for the account. */
  static async account(base: string, name: string, password: string, opts: BotClientOptions = {}): Promise<BotClient> {
    let auth: { token: string };
    try {
      auth = await http<{ token: string }>(base, "POST", "/api/v1/auth/sign-up", { name, password });
    } catch (e) {
      if (!(e instanceof HttpError) || e.status !== 409) throw e;
      auth = await http<{ token: string }>(base, "POST", "/api/v1/auth/sign-in", { name, password });
    }
    return new BotClient(base, name, auth.token, opts);
  }

  /** Acting again after `passive`: a turn already waiting is taken now, not at the next frame. */
  resume(): void {
    this.passive = false;
    const v = this.view;
    if (v === null) return;
    this.maybeSitIn(v);
    this.maybeAct(v);
  }

  get connected(): boolean {
    return this.ws !== null;
  }

  /** The latest view of the table it follows. */
  get view(): TableView | null {
    return this.tableId === null ? null : (this.views.get(this.tableId) ?? null);
  }

  /**
   * A socket at `at` that says hello. Its frames count while it is this client's socket, or,
   * until its welcome, while it is the socket of a move to a table's home; a socket it left
   * may still deliver while closing, and that is not its view any more.
   */
  private open(at: string): WebSocket {
    const url = at.replace(/^http/, "ws").replace(/\/$/, "") + WS_PATH;
    const ws = this.opts.localAddress !== undefined ? new WebSocket(url, { localAddress: this.opts.localAddress }) : new WebSocket(url);
    ws.on("open", () => ws.send(JSON.stringify({ type: "hello", v: this.opts.protocol ?? PROTOCOL_VERSION, token: this.token })));
    ws.on("message", (data) => {
      if (this.ws === ws) this.receive(String(data));
      else if (this.candidate === ws) this.candidateSaid(ws, at, String(data));
    });
    // The `ws` library emits close after every error.
    ws.on("error", () => undefined);
    ws.on("close", () => {
      if (this.candidate === ws) this.candidateFailed(at);
      if (this.ws === ws) {
        this.ws = null;
        // The next connection goes through the address it was given, which names the
        // table's home again if there is one.
        this.at = this.base;
        this.welcomed?.(false);
        this.welcomed = null;
      }
    });
    return ws;
  }

  connect(): Promise<boolean> {
    return new Promise((resolve) => {
      this.welcomed = resolve;
      this.ws = this.open(this.at);
    });
  }

  close(): void {
    if (this.beat !== null) clearInterval(this.beat);
    this.beat = null;
    this.ws?.close();
    this.ws = null;
    this.at = this.base;
    this.welcomed?.(false);
    this.welcomed = null;
    this.candidate?.close();
    this.candidate = null;
    this.leaving?.close();
    this.leaving = null;
  }

  /** A socket opened at its table's home, until its welcome. */
  private candidate: WebSocket | null = null;
  /** The socket it moved away from, open until the table's view comes on the new one. */
  private leaving: WebSocket | null = null;

  /**
   * Moves its connection to the member that runs its table, make before break: a new socket
   * there says hello while the old one plays on; at its welcome the new one takes over (the
   * table subscribed again, an unanswered act resent with its own id), and the old one
   * closes once the table's view has come on the new one, so the seat never reads "away".
   * A home that closes or answers anything but a welcome is not tried again: it plays on
   * where it is.
   */
  private goHome(url: string): void {
    const now = Date.now();
    if (now - this.movedAt < HOME_MOVE_GAP_MS || this.candidate !== null) return;
    this.movedAt = now;
    this.homeMoves++;
    this.candidate = this.open(url);
  }

  /** The first frame on a move's socket: a welcome makes it this client's socket. */
  private candidateSaid(ws: WebSocket, at: string, text: string): void {
    const m = this.parse(text);
    if (m?.type !== "welcome") {
      this.candidateFailed(at);
      ws.close();
      return;
    }
    this.candidate = null;
    this.leaving?.close();
    this.leaving = this.ws;
    this.ws = ws;
    this.at = at;
    this.handle(m);
  }

  private candidateFailed(at: string): void {
    this.candidate = null;
    this.unreachable.add(at);
    // The old connection was lost meanwhile: on through `base`.
    if (this.ws === null) void this.connect();
  }

  /**
   * The same player's client going on through another server (a test driver that opens a new
   * connection elsewhere): the act `from` sent and never saw answered is resent with its own
   * command id when its view comes again, as this client does after a reconnect of its own
   * (the server answers "duplicate" if it had acted).
   */
  keepUnanswered(from: BotClient): void {
    this.pending = from.pending;
  }

  /** Follow a table (the lobby says where the player sits; moves change it). */
  watch(tableId: string): void {
    if (this.tableId === tableId) return;
    if (this.tableId !== null) this.send({ type: "unsubscribe", channel: { kind: "table", tableId: this.tableId } });
    this.tableId = tableId;
    this.lastActed = -1;
    this.send({ type: "subscribe", channel: { kind: "table", tableId } });
  }

  send(m: ClientMessage | string): void {
    if (this.ws?.readyState !== WebSocket.OPEN) return;
    // Between a socket's open and its welcome the server answers anything but hello with
    // protocol/hello-required: what was due then (an act's think time ending) waits for the
    // welcome, which subscribes again and resends an unanswered act.
    if (this.welcomedOn !== this.ws && (typeof m === "string" || m.type !== "hello")) return;
    this.ws.send(typeof m === "string" ? m : JSON.stringify(m));
  }
  /** The socket whose welcome came. */
  private welcomedOn: WebSocket | null = null;

  nextCommandId(): string {
    return `${this.name.replace(/[^A-Za-z0-9]/g, "").slice(0, 32)}-${Date.now().toString(36)}-${(this.seq++).toString(36)}`.padEnd(8, "0");
  }

  /** Keep under the server's per-connection message limit (20/s by default): heads-up
   * with no pause between hands, a bot could otherwise act faster than that and be refused. */
  private paced(m: ClientMessage): void {
    const now = Date.now();
    const wait = this.lastSend + (this.opts.minSendGapMs ?? 60) - now;
    this.lastSend = Math.max(now, this.lastSend + (this.opts.minSendGapMs ?? 60));
    if (wait <= 0) return this.sendAct(m);
    setTimeout(() => this.sendAct(m), wait);
  }

  private sendAct(m: ClientMessage): void {
    if (m.type === "act") this.opts.onAct?.(m.tableId, m.version, m.commandId);
    this.send(m);
  }

  /** A frame as this client reads frames (trusted, checked, or strictly checked); null for one it ignores. */
  private parse(text: string): ServerMessage | null {
    if (this.opts.trustFrames) return JSON.parse(text) as ServerMessage;
    const r = parseServerMessage(text);
    if (r.ok) return r.value;
    if (this.opts.strictFrames) throw new Error(`server sent an invalid frame: ${r.error.message}`);
    return null; // a frame this client does not understand is ignored, not fatal
  }

  private beat: ReturnType<typeof setInterval> | null = null;
  private heardAt = 0;
  private pingedAt = Number.NEGATIVE_INFINITY;
  private pings = 0;

  private startHeartbeat(): void {
    if (this.beat !== null || this.opts.heartbeat === undefined) return;
    const every = this.opts.heartbeat === "every";
    this.beat = setInterval(
      () => {
        const ws = this.ws;
        if (ws === null || this.welcomedOn !== ws) return;
        const now = Date.now();
        const due = every ? "ping" : heartbeatDue(now, this.heardAt, this.pingedAt);
        if (due === "lost") ws.close();
        else if (due === "ping") {
          this.pingedAt = now;
          this.send({ type: "ping", nonce: this.pings++ });
        }
      },
      every ? HEARTBEAT.PING_AFTER_MS : HEARTBEAT.CHECK_EVERY_MS,
    );
  }

  private receive(text: string): void {
    this.heardAt = Date.now();
    const m = this.parse(text);
    if (m !== null) this.handle(m);
  }

  private handle(m: ServerMessage): void {
    if (this.opts.keepFrames) this.frames.push(m);
    this.opts.onBroadcast?.(m, this);
    switch (m.type) {
      case "welcome":
        this.welcomedOn = this.ws;
        this.startHeartbeat();
        this.welcomed?.(true);
        this.welcomed = null;
        this.lastActed = -1;
        if (this.tableId !== null) this.send({ type: "subscribe", channel: { kind: "table", tableId: this.tableId } });
        break;
      case "ack":
        this.acked.set(m.commandId, m.version);
        break;
      case "table-home":
        if (m.tableId === this.tableId && m.url !== this.at && !this.unreachable.has(m.url) && this.ws !== null) this.goHome(m.url);
        break;
      case "error":
        if (m.error.code === AUTH_ERRORS.invalidToken) this.welcomed?.(false);
        if (m.commandId !== null) this.refused++;
        // Not acted on (slow down, or the server could not store it): send the same command again.
        if ((m.error.code === PROTOCOL_ERRORS.rateLimited || m.error.code === "server/unavailable") && this.pending !== null) {
          const p = this.pending;
          setTimeout(() => {
            if (this.views.get(p.tableId)?.version === p.version) this.paced(p);
          }, 1000);
        }
        this.errors.push(m.error.code);
        break;
      case "table-view":
        // The table's view on the socket it moved to: the seat is followed here now.
        if (this.leaving !== null && m.view.tableId === this.tableId) {
          this.leaving.close();
          this.leaving = null;
        }
        this.viewChanged(m.view);
        break;
      case "table-step": {
        const base = this.views.get(m.tableId);
        if (base === undefined) {
          // Nothing to fold into (never happens on one ordered connection): start again.
          if (m.tableId === this.tableId) this.send({ type: "subscribe", channel: { kind: "table", tableId: m.tableId } });
          break;
        }
        const view = applyTablePatch(base, m.patch);
        this.opts.onBroadcast?.({ type: "table-view", view }, this);
        this.viewChanged(view);
        break;
      }
      default:
        break;
    }
  }

  private viewChanged(v: TableView): void {
    this.views.set(v.tableId, v);
    if (v.handId !== null && v.mySeat !== null && v.seats.some((s) => s.seat === v.mySeat && s.cards !== null)) this.hands.add(v.handId);
    if (this.opts.contribute && v.handId !== null && v.mySeat !== null && v.handId !== this.contributedFor) {
      // Web Crypto: the value must be unpredictable to the server.
      this.contributedFor = v.handId;
      const value = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
      this.contributed.push(value);
      this.send({ type: "contribute", tableId: v.tableId, commandId: this.nextCommandId(), value });
    }
    if (v.tableId === this.tableId) {
      this.maybeSitIn(v);
      this.maybeAct(v);
    }
  }

  /** Sat out by the table after its clock ran out (a slow machine, a reconnect): back in, once per view. */
  private maybeSitIn(v: TableView): void {
    if (this.passive || !v.sittingOut || v.mySeat === null || this.sitInAt === v.version) return;
    this.sitInAt = v.version;
    this.send({ type: "sit-in", tableId: v.tableId, commandId: this.nextCommandId() });
  }

  private maybeAct(v: TableView): void {
    if (this.passive || v.actor === null || v.actor !== v.mySeat || v.legal === null || v.handId === null) return;
    if (this.lastActed === v.version) return;
    this.lastActed = v.version;
    const p = this.pending;
    if (p !== null && p.tableId === v.tableId && p.version === v.version && p.handId === v.handId) return this.paced(p);
    this.actions++;
    const action = decide(v, this.opts.style ?? "random", this.allInChance, this.rng);
    const msg = { type: "act" as const, tableId: v.tableId, handId: v.handId, version: v.version, commandId: this.nextCommandId(), action };
    this.pending = msg;
    const think = this.opts.thinkMs ?? 0;
    const draw = this.opts.thinkDraw;
    if (draw !== undefined) setTimeout(() => this.paced(msg), draw(this.rng.nextUint32() / 2 ** 32));
    else if (think > 0) setTimeout(() => this.paced(msg), think * (0.5 + this.rng.nextUint32() / 2 ** 32));
    else this.paced(msg);
  }
}

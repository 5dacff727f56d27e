// A bot that plays over the wire like any client: HTTP for its account and the lobby,
// WebSocket for its table. It decides with the src/bots styles, seeing only what the
// server sent it (its own TableView), so a remote simulation exercises the real protocol.
import WebSocket from "ws";
import type { Action, LegalActions as EngineLegal } from "../engine/index.ts";
import { BOTS, type BotStyle, type BotView } from "../bots/index.ts";
import { seededRandom, type RandomSource } from "../tournament/index.ts";
import {
  PROTOCOL_VERSION,
  WS_PATH,
  parseServerMessage,
  type ClientMessage,
  type PlayerAction,
  type ServerMessage,
  type TableView,
} from "../protocol/index.ts";

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

const STREET: Readonly<Record<string, number>> = { preflop: 0, flop: 1, turn: 2, river: 3, showdown: 3 };

/** The BotView src/bots decides on, built from the player's own TableView (null when not its turn). */
export function botViewOf(v: TableView): BotView | null {
  const l = v.legal;
  if (l === null || v.mySeat === null || v.actor !== v.mySeat) return null;
  const seated = v.seats.filter((s) => s.player !== null && s.status !== "empty");
  const me = v.seats.find((s) => s.seat === v.mySeat);
  if (me === undefined || me.cards === null) return null;
  const idx = seated.findIndex((s) => s.seat === v.mySeat);
  const btn = v.button === null ? -1 : seated.findIndex((s) => s.seat === v.button);
  const n = seated.length;
  // position: 0 = first after the button … n-1 = the button.
  const position = btn < 0 ? idx : (idx - btn - 1 + 2 * n) % n;
  const legal: EngineLegal = {
    actor: idx,
    canFold: l.canFold,
    canCheck: l.canCheck,
    call: l.call ?? 0,
    canRaise: l.minRaiseTo !== null && l.maxRaiseTo !== null,
    minRaiseTo: l.minRaiseTo,
    maxRaiseTo: l.maxRaiseTo,
  };
  const pot = v.pots.reduce((a, p) => a + p.amount, 0) + v.seats.reduce((a, s) => a + s.bet, 0);
  return {
    player: idx,
    players: n,
    inHand: seated.filter((s) => s.status === "active" || s.status === "all-in").length,
    hole: [me.cards[0]!, me.cards[1]!],
    board: v.board,
    street: STREET[v.street ?? "preflop"] ?? 0,
    legal,
    stack: me.stack,
    pot,
    bigBlind: v.blinds.bb,
    chipUnit: 1,
    position,
  };
}

/** An engine action in wire form (a raise with nothing to raise is a bet, R-BET-3). */
export function wireAction(a: Action, v: TableView): PlayerAction {
  switch (a.type) {
    case "fold":
      return v.legal?.canFold === false ? { kind: "check" } : { kind: "fold" };
    case "check":
      return { kind: "check" };
    case "call":
      return { kind: "call" };
    case "bet":
    case "raise":
      return v.legal?.isBet === true ? { kind: "bet", to: a.to } : { kind: "raise", to: a.to };
    default:
      return v.legal?.canCheck === true ? { kind: "check" } : { kind: "call" };
  }
}

export interface BotClientOptions {
  readonly style?: BotStyle;
  readonly seed?: number;
  /** Chance of moving all in when a bet is possible, so a test tournament ends in minutes. */
  readonly allInChance?: number;
  /** Smallest gap between two messages this bot sends (default 60 ms). */
  readonly minSendGapMs?: number;
}

export class BotClient {
  private ws: WebSocket | null = null;
  private readonly rng: RandomSource;
  private tableId: string | null = null;
  private lastActed = -1;
  private lastSend = 0;
  /** The last act sent, resent once if the server says the bot was too fast. */
  private pending: { msg: ClientMessage; view: TableView } | null = null;
  private welcomed: ((ok: boolean) => void) | null = null;
  /** The latest view of each table this bot followed. */
  readonly views = new Map<string, TableView>();
  /** Hand ids this bot was dealt into (the driver unions them over all bots). */
  readonly hands = new Set<string>();
  actions = 0;
  refused = 0;
  /** Error codes the server sent, in order (diagnostics). */
  readonly errors: string[] = [];

  constructor(
    readonly base: string,
    readonly name: string,
    readonly token: string,
    readonly opts: BotClientOptions = {},
  ) {
    this.rng = seededRandom(opts.seed ?? 1);
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

  get connected(): boolean {
    return this.ws !== null;
  }

  connect(): Promise<boolean> {
    const ws = new WebSocket(this.base.replace(/^http/, "ws").replace(/\/$/, "") + WS_PATH);
    this.ws = ws;
    return new Promise((resolve) => {
      this.welcomed = resolve;
      ws.on("open", () => this.send({ type: "hello", v: PROTOCOL_VERSION, token: this.token }));
      ws.on("message", (data) => this.receive(String(data)));
      ws.on("error", () => resolve(false));
      ws.on("close", () => {
        if (this.ws === ws) this.ws = null;
        resolve(false);
      });
    });
  }

  close(): void {
    this.ws?.close();
    this.ws = null;
  }

  /** Follow a table (the lobby says where the player sits; moves change it). */
  watch(tableId: string): void {
    if (this.tableId === tableId) return;
    if (this.tableId !== null) this.send({ type: "unsubscribe", channel: { kind: "table", tableId: this.tableId } });
    this.tableId = tableId;
    this.lastActed = -1;
    this.send({ type: "subscribe", channel: { kind: "table", tableId } });
  }

  private send(m: ClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
    this.lastSend = Date.now();
  }

  /** Keep under the server's per-connection message limit (20/s by default): heads-up
   * with no pause between hands, a bot could otherwise act faster than that and be refused. */
  private paced(m: ClientMessage): void {
    const wait = this.lastSend + (this.opts.minSendGapMs ?? 60) - Date.now();
    if (wait <= 0) return this.send(m);
    setTimeout(() => this.send(m), wait);
    this.lastSend += wait;
  }

  private receive(text: string): void {
    const r = parseServerMessage(text);
    if (!r.ok) return; // a frame this client does not understand is ignored, not fatal
    const m: ServerMessage = r.value;
    switch (m.type) {
      case "welcome":
        this.welcomed?.(true);
        this.welcomed = null;
        this.lastActed = -1;
        if (this.tableId !== null) this.send({ type: "subscribe", channel: { kind: "table", tableId: this.tableId } });
        break;
      case "error":
        if (m.error.code === "auth/invalid-token") this.welcomed?.(false);
        if (m.commandId !== null) this.refused++;
        if (m.error.code === "protocol/rate-limited" && this.pending !== null) {
          const p = this.pending;
          setTimeout(() => {
            if (this.views.get(p.view.tableId)?.version === p.view.version) this.paced(p.msg);
          }, 1000);
        }
        this.errors.push(m.error.code);
        break;
      case "table-view":
        this.views.set(m.view.tableId, m.view);
        if (m.view.handId !== null && m.view.mySeat !== null && m.view.seats.some((s) => s.seat === m.view.mySeat && s.cards !== null)) this.hands.add(m.view.handId);
        if (m.view.tableId === this.tableId) this.maybeAct(m.view);
        break;
      default:
        break;
    }
  }

  private decide(v: TableView): PlayerAction {
    const l = v.legal!;
    const chance = this.opts.allInChance ?? 0;
    if (chance > 0 && l.maxRaiseTo !== null && this.rng.nextUint32() / 2 ** 32 < chance) {
      return l.isBet ? { kind: "bet", to: l.maxRaiseTo } : { kind: "raise", to: l.maxRaiseTo };
    }
    const bv = botViewOf(v);
    if (bv === null) return l.canCheck ? { kind: "check" } : { kind: "call" };
    return wireAction(BOTS[this.opts.style ?? "random"](bv, this.rng), v);
  }

  private maybeAct(v: TableView): void {
    if (v.actor === null || v.actor !== v.mySeat || v.legal === null || v.handId === null) return;
    if (this.lastActed === v.version) return;
    this.lastActed = v.version;
    this.actions++;
    const action = this.decide(v);
    const msg: ClientMessage = { type: "act", tableId: v.tableId, handId: v.handId, version: v.version, commandId: commandId(), action };
    this.pending = { msg, view: v };
    this.paced(msg);
  }
}

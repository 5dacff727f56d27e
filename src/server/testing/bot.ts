// A bot that plays through the wire protocol only, as any client would: HTTP for the lobby,
// WebSocket for its table. It calls or checks, and now and then moves all in (so a test
// tournament ends in minutes). Every frame it receives is kept for the no-leak checks.
import WebSocket from "ws";
import { PROTOCOL_VERSION, WS_PATH, parseServerMessage, type ClientMessage, type ServerMessage, type TableView } from "../../protocol/index.ts";
import { seededRandom, type RandomSource } from "../../tournament/index.ts";

export interface BotOptions {
  readonly allInChance?: number;
  readonly seed?: number;
  /** Keep frames (no-leak test); off for the load benchmark. */
  readonly keepFrames?: boolean;
  /** Skip validating frames with zod (the load benchmark measures the server, not the client). */
  readonly trustFrames?: boolean;
  readonly onBroadcast?: (m: ServerMessage, bot: Bot) => void;
  /** Called when the bot sends an action (the load benchmark times broadcasts from here). */
  readonly onAct?: (tableId: string, version: number) => void;
  /** Think this long before acting (the load benchmark's human pace); default 0. */
  readonly thinkMs?: number;
}

export class Bot {
  ws: WebSocket | null = null;
  readonly frames: ServerMessage[] = [];
  readonly acked = new Map<string, number>();
  readonly errors: ServerMessage[] = [];
  tableId: string | null = null;
  view: TableView | null = null;
  private lastActed = -1;
  /** The last command sent; after a reconnect it is sent again with the same id (acts once). */
  private pending: ClientMessage | null = null;
  private seq = 0;
  private readonly rng: RandomSource;
  private welcome: ((ok: boolean) => void) | null = null;
  actions = 0;
  /** When set, acting is paused (tests that send their own commands). */
  passive = false;
  /** Chance of moving all in when a raise is possible (tests change it as they go). */
  allInChance: number;

  constructor(
    readonly base: string,
    readonly name: string,
    readonly token: string,
    readonly opts: BotOptions = {},
  ) {
    this.rng = seededRandom(opts.seed ?? 1);
    this.allInChance = opts.allInChance ?? 0;
  }

  connect(): Promise<boolean> {
    const url = this.base.replace(/^http/, "ws") + WS_PATH;
    const ws = new WebSocket(url);
    this.ws = ws;
    return new Promise((resolve) => {
      this.welcome = resolve;
      ws.on("open", () => this.send({ type: "hello", v: PROTOCOL_VERSION, token: this.token }));
      ws.on("message", (data) => this.receive(data.toString()));
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

  send(m: ClientMessage | string): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(typeof m === "string" ? m : JSON.stringify(m));
  }

  watch(tableId: string): void {
    if (this.tableId === tableId) return;
    if (this.tableId !== null) this.send({ type: "unsubscribe", channel: { kind: "table", tableId: this.tableId } });
    this.tableId = tableId;
    this.lastActed = -1;
    this.send({ type: "subscribe", channel: { kind: "table", tableId } });
  }

  nextCommandId(): string {
    return `${this.name.replace(/[^A-Za-z0-9]/g, "")}-${Date.now().toString(36)}-${this.seq++}`.padEnd(8, "0");
  }

  private receive(text: string): void {
    let m: ServerMessage;
    if (this.opts.trustFrames) m = JSON.parse(text) as ServerMessage;
    else {
      const r = parseServerMessage(text);
      if (!r.ok) throw new Error(`server sent an invalid frame: ${r.error.message}`);
      m = r.value;
    }
    if (this.opts.keepFrames) this.frames.push(m);
    this.opts.onBroadcast?.(m, this);
    switch (m.type) {
      case "welcome":
        this.welcome?.(true);
        this.welcome = null;
        this.lastActed = -1;
        if (this.tableId !== null) this.send({ type: "subscribe", channel: { kind: "table", tableId: this.tableId } });
        break;
      case "ack":
        this.acked.set(m.commandId, m.version);
        break;
      case "error":
        this.errors.push(m);
        if (m.error.code === "auth/invalid-token") this.welcome?.(false);
        break;
      case "table-view":
        if (m.view.tableId !== this.tableId) break;
        this.view = m.view;
        this.maybeAct(m.view);
        break;
      default:
        break;
    }
  }

  private maybeAct(v: TableView): void {
    if (this.passive || v.actor === null || v.actor !== v.mySeat || v.legal === null || v.handId === null) return;
    if (this.lastActed === v.version) return;
    this.lastActed = v.version;
    const p = this.pending;
    if (p !== null && p.type === "act" && p.version === v.version && p.handId === v.handId) {
      this.send(p);
      return;
    }
    const l = v.legal;
    let action: Extract<ClientMessage, { type: "act" }>["action"];
    const chance = this.allInChance;
    const roll = () => this.rng.nextUint32() / 2 ** 32;
    const me = v.seats.find((s) => s.seat === v.mySeat);
    const big = l.call !== null && me !== undefined && l.call * 3 >= me.stack;
    if (l.maxRaiseTo !== null && chance > 0 && roll() < chance) action = l.isBet ? { kind: "bet", to: l.maxRaiseTo } : { kind: "raise", to: l.maxRaiseTo };
    else if (big && l.canFold && chance > 0 && roll() < 0.6) action = { kind: "fold" };
    else action = l.canCheck ? { kind: "check" } : { kind: "call" };
    this.actions++;
    const msg: ClientMessage = { type: "act", tableId: v.tableId, handId: v.handId, version: v.version, commandId: this.nextCommandId(), action };
    this.pending = msg;
    const go = () => {
      this.opts.onAct?.(v.tableId, v.version);
      this.send(msg);
    };
    const think = this.opts.thinkMs ?? 0;
    if (think > 0) setTimeout(go, think * (0.5 + this.rng.nextUint32() / 2 ** 32));
    else go();
  }
}

// The WebSocket endpoint: versioned hello with the session token (the seat token: it binds
// the connection to one player, who alone can act in that seat), every frame size-checked,
// rate-limited and validated, Origin checked. Errors are typed `error` frames; the
// connection stays open unless the peer is refused outright (bad origin).
import type { FastifyInstance } from "fastify";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { hashToken, type User } from "../../accounts/index.ts";
import type { FeltError } from "../../lib/result.ts";
import {
  MAX_FRAME_BYTES,
  PROTOCOL_VERSION,
  byteLength,
  exceedsFrame,
  SUPPORTED_PROTOCOL_VERSIONS,
  WS_PATH,
  encodeServerMessage,
  parseClientMessage,
  parseServerMessage,
  type ClientMessage,
  type ServerMessage,
} from "../../protocol/index.ts";
import type { ServerPort } from "../server-port.ts";
import type { Follower } from "../../cluster/follower.ts";
import { homeAt } from "../../cluster/index.ts";
import { errorCommandId, tableCommand, tournamentOfTable } from "./table-commands.ts";
import { toWire } from "./http-errors.ts";
import { isStorageOutage } from "./outage.ts";
import { tournamentViewFrame } from "./lobby-views.ts";
import { DEFAULT_RATE_LIMIT, TokenBucket, type RateLimit } from "./rate-limit.ts";
import { type ConnectionCounts, DEFAULT_WS_LIMITS, type WsLimits } from "./connections.ts";
import type { Subscriber, TableSession } from "../tables/table-session.ts";
import type { TimerHandle } from "../clock.ts";

export type { RateLimit } from "./rate-limit.ts";
export { ConnectionCounts, DEFAULT_WS_LIMITS, type WsLimits } from "./connections.ts";

/** What a command may be answered while its process stops (FeltServer.closing). */
const CLOSING_CODES = new Set(["server/unavailable", "store/fenced", "runtime/closed", "table/not-found"]);

/**
 * A browser's Origin must be the server's own (same scheme, host and port: the server speaks
 * http, so an https:// origin is another site) or one of `allowed`, compared as origins.
 * No Origin at all is not a browser (bots, the CLI).
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[], scheme: "http" | "https" = "http"): boolean {
  if (origin === undefined) return true;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (o.origin === "null") return false;
  for (const a of allowed) {
    try {
      if (new URL(a).origin === o.origin) return true;
    } catch {
      // a malformed allowed origin matches nothing
    }
  }
  if (host === undefined) return false;
  try {
    return new URL(`${scheme}://${host}`).origin === o.origin;
  } catch {
    return false;
  }
}

/** What a socket's connection reaches: the services, the tournaments and tables here, the cluster link, and whether the server is stopping. */
type ConnectionPorts = Pick<ServerPort, "svc" | "options" | "outage" | "closing" | "cluster" | "served" | "tables" | "tableHost">;

/** The largest frame a socket reads: up to it, one over MAX_FRAME_BYTES is answered `protocol/frame-too-large`; past it the socket is cut off. */
const MAX_PAYLOAD = 1024 * 1024;

/** An upgrade to any other path: the typed body every route answers an unknown path with. */
const NOT_FOUND = (() => {
  const body = JSON.stringify({ error: toWire({ code: "director/not-found", message: "no such route" }) });
  return `HTTP/1.1 404 Not Found\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
})();

/**
 * The WebSocket endpoint on the server's own HTTP upgrades, with `ws` alone. A connection
 * keeps nothing of its upgrade request: the address, the Origin and the Host are read
 * at once. (Routed through Fastify, each socket's error handler held its request and reply,
 * some 30 objects a connection, for as long as it stayed open.)
 */
export function registerWebSocket(app: FastifyInstance, server: ConnectionPorts & Pick<ServerPort, "connections">): void {
  const limits: WsLimits = { ...DEFAULT_WS_LIMITS, ...server.options.wsLimits };
  const counts = server.connections;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node takes its own error listener off before an upgrade; `ws` adds one in handleUpgrade.
    if ((req.url ?? "").split("?", 1)[0] !== WS_PATH) {
      socket.on("error", () => socket.destroy());
      socket.end(NOT_FOUND);
      return;
    }
    const ip = req.socket.remoteAddress ?? "unknown";
    const { origin, host } = req.headers;
    wss.handleUpgrade(req, socket, head, (ws) => accept(server, ws, { ip, origin, host }, counts, limits));
  };
  app.server.on("upgrade", onUpgrade);
  app.addHook("preClose", (done) => {
    app.server.off("upgrade", onUpgrade);
    for (const client of wss.clients) client.close();
    wss.close();
    done();
  });
}

function accept(
  server: ConnectionPorts,
  socket: WebSocket,
  from: { readonly ip: string; readonly origin: string | undefined; readonly host: string | undefined },
  counts: ConnectionCounts,
  limits: WsLimits,
): void {
  const { ip } = from;
  const conn = new Connection(server, socket, counts, limits);
  if (!originAllowed(from.origin, from.host, server.options.allowedOrigins ?? [])) {
    conn.error(null, { code: "protocol/origin-refused", message: "this origin may not connect" });
    socket.close(1008, "origin refused");
    return;
  }
  if (counts.address(ip) >= limits.perAddress) {
    conn.error(null, { code: "protocol/rate-limited", message: "too many connections from this address" });
    socket.close(1013, "too many connections");
    return;
  }
  counts.addAddress(ip, 1);
  let open = true;
  const closed = () => {
    if (!open) return;
    open = false;
    counts.addAddress(ip, -1);
    conn.closed();
  };
  socket.on("message", (data, isBinary) => void conn.receive(isBinary ? null : data.toString("utf8"), Buffer.isBuffer(data) ? data.length : 0));
  socket.on("close", closed);
  socket.on("error", closed);
}

class Connection {
  private user: User | null = null;
  /** The stored hash of the session token the hello named (a sign-out of that session, on any member, closes this socket). */
  private tokenHash: string | null = null;
  /** The protocol version this client said hello with (v2: table steps as patches). */
  private version: number = PROTOCOL_VERSION;
  private readonly tables = new Map<string, { session: TableSession; sub: Subscriber } | { follower: Follower }>();
  /** Watches waiting for their table to open here (split tables), by a token per wait. */
  private readonly opening = new Map<string, number>();
  private openings = 0;
  private readonly watching = new Map<string, () => void>();
  /** Tournaments another process owns, followed over the cluster. */
  private readonly remoteWatching = new Map<string, Follower>();
  private readonly bucket: TokenBucket;
  private helloTimer: TimerHandle | null;

  constructor(
    private readonly server: ConnectionPorts,
    private readonly socket: WebSocket,
    private readonly counts: ConnectionCounts,
    private readonly limits: WsLimits,
  ) {
    const limit: RateLimit = server.options.rateLimit ?? DEFAULT_RATE_LIMIT;
    this.bucket = new TokenBucket(limit, server.svc.clock.now());
    // A socket that never says hello holds a slot for nothing: closed after helloTimeoutMs.
    this.helloTimer = this.armSilent();
  }

  private checkingHello = 0;

  private armSilent(): TimerHandle {
    return this.server.svc.clock.after(this.limits.helloTimeoutMs, () => {
      this.helloTimer = null;
      if (this.user !== null) return;
      if (this.checkingHello > 0) {
        this.helloTimer = this.armSilent();
        return;
      }
      this.error(null, { code: "protocol/hello-required", message: `say hello within ${this.limits.helloTimeoutMs} ms` });
      this.socket.close(1008, "hello required");
    });
  }

  private stopSilentTimer(): void {
    this.helloTimer?.cancel();
    this.helloTimer = null;
  }

  send(m: ServerMessage): void {
    if (this.socket.readyState !== 1) return;
    let text: string;
    if (this.server.options.validateOutgoing) {
      const r = encodeServerMessage(m);
      if (!r.ok) {
        this.server.svc.log(`refusing to send an invalid ${m.type} frame: ${r.error.message}`);
        return;
      }
      text = r.value;
    } else {
      text = JSON.stringify(m);
      if (exceedsFrame(text)) return this.server.svc.log(`refusing to send a ${m.type} frame of ${byteLength(text)} bytes`);
    }
    this.write(text);
  }

  /** A frame the server serialised itself (a v2 table step, a tournament's view shared by its watchers). */
  sendText(text: string): void {
    if (this.socket.readyState !== 1) return;
    if (exceedsFrame(text)) return this.server.svc.log(`refusing to send a frame of ${byteLength(text)} bytes`);
    if (this.server.options.validateOutgoing) {
      const r = parseServerMessage(text);
      if (!r.ok) return this.server.svc.log(`refusing to send an invalid frame: ${r.error.message}`);
    }
    this.write(text);
  }

  private write(text: string): void {
    // One step of a table sends several frames to each player: cork the TCP socket until
    // the next tick so they leave in one write.
    const raw = (this.socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    if (raw !== undefined && !this.corked) {
      this.corked = true;
      raw.cork();
      process.nextTick(() => {
        this.corked = false;
        raw.uncork();
      });
    }
    this.socket.send(text);
  }
  private corked = false;

  error(commandId: string | null, e: FeltError): void {
    this.send({ type: "error", commandId, error: toWire(e) });
  }

  async receive(text: string | null, bytes: number): Promise<void> {
    if (!this.bucket.take(this.server.svc.clock.now())) return this.error(null, { code: "protocol/rate-limited", message: "too many messages; slow down" });
    if (bytes > MAX_FRAME_BYTES) return this.error(null, { code: "protocol/frame-too-large", message: `frame exceeds ${MAX_FRAME_BYTES} bytes` });
    const parsed = parseClientMessage(text);
    if (!parsed.ok) return this.error(null, parsed.error);
    try {
      await this.handle(parsed.value);
    } catch (e) {
      // The database is down: say so (the client tries again), one log line per outage.
      if (isStorageOutage(e)) {
        this.server.outage.failed(e);
        return this.error(null, { code: "server/unavailable", message: "the database is unavailable; try again shortly" });
      }
      this.server.svc.log("ws message failed", e);
      this.error(null, { code: "server/internal", message: "internal error" });
    }
  }

  private async handle(m: ClientMessage): Promise<void> {
    if (m.type === "ping") return this.send({ type: "pong", nonce: m.nonce, serverTime: this.server.svc.clock.now() });
    if (m.type === "hello") {
      if (!SUPPORTED_PROTOCOL_VERSIONS.includes(m.v))
        return this.error(null, {
          code: "protocol/version-unsupported",
          message: `this server speaks versions ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}`,
          supported: PROTOCOL_VERSION,
        });
      // The token's check may take a while on a busy server: the silent-socket timer waits for it.
      this.checkingHello += 1;
      const session = await this.server.svc.accounts.authenticateSession(m.token).finally(() => (this.checkingHello -= 1));
      if (!session.ok) return this.error(null, { code: "auth/invalid-token", message: session.error.message, cause: session.error.code });
      const who = session.value.user;
      // A new hello may change who this is or which version it speaks: start the tables afresh.
      if (this.user !== null && (this.user.id !== who.id || this.version !== m.v)) this.dropAll();
      const mine = this.counts.account(who.id);
      if (!mine.has(this) && mine.size >= this.limits.perAccount) {
        this.error(null, { code: "protocol/rate-limited", message: "too many connections for this account" });
        this.socket.close(1013, "too many connections");
        return;
      }
      if (this.user !== null && this.user.id !== who.id) this.counts.dropAccount(this.user.id, this);
      mine.add(this);
      this.stopSilentTimer();
      this.user = who;
      this.tokenHash = hashToken(m.token);
      this.expiry?.cancel();
      this.expiry = this.armExpiry(session.value.expiresAt);
      this.version = m.v;
      return this.send({ type: "welcome", v: m.v, user: { id: who.id, name: who.name, role: who.role }, serverTime: this.server.svc.clock.now() });
    }
    const user = this.user;
    if (user === null) return this.error("commandId" in m ? m.commandId : null, { code: "protocol/hello-required", message: "say hello first" });
    switch (m.type) {
      case "subscribe":
      case "unsubscribe": {
        const c = m.channel;
        const on = m.type === "subscribe";
        return c.kind === "table" ? this.watchTable(user.id, c.tableId, on) : this.watchTournament(c.tournamentId, on);
      }
      case "act":
      case "chat":
      case "chat-mute":
      case "sit-out":
      case "sit-in":
      case "contribute": {
        // One code path for a table here and a table on another process (table-commands.ts).
        const r = await tableCommand(this.server, user, m);
        // A process being stopped hands its partitions over and then closes its sockets: a
        // command that failed because of that (its forward cut off, its table closed under it)
        // is not the player's error. The socket closes next; the client sends the same
        // command again from its reconnect (the same command id: it acts once).
        if (!r.ok && this.server.closing && CLOSING_CODES.has(r.error.code)) return;
        if (!r.ok) return this.error(errorCommandId(m), r.error);
        if (r.value === null || m.type === "chat" || m.type === "chat-mute") return;
        return this.send({ type: "ack", commandId: m.commandId, version: r.value.version, duplicate: r.value.duplicate });
      }
    }
  }

  /** Starts or stops following a table: here, or (cluster mode) through its owner's frames. */
  private watchTable(userId: string, tableId: string, on: boolean, waited = false): void {
    if (this.opening.delete(tableId) && !on) return; // a watch still waiting for its table: dropped
    const old = this.tables.get(tableId);
    if (old !== undefined) {
      if ("follower" in old) old.follower.close();
      else old.session.unsubscribe(old.sub);
      this.tables.delete(tableId);
    }
    const cluster = this.server.cluster;
    const owner = tournamentOfTable(tableId);
    if (cluster !== null && owner !== null && !cluster.servesTable(tableId)) {
      // Another process owns the table: its frames come over the cluster.
      if (!on) return;
      cluster.onMoved(this.rehome);
      // v3: the member that runs the table, for a player's client to go to (every action from
      // here crosses to it and back): as the leases show it now, and each new owner after.
      const tellHome = (url: string | undefined) => {
        if (url !== undefined && this.version >= 3) this.send({ type: "table-home", tableId, url });
      };
      const follower = cluster.followTable(
        tableId,
        userId,
        this.version,
        (frames) => this.sendFrames(frames),
        (e) => {
          const now = this.tables.get(tableId);
          if (now !== undefined && "follower" in now && now.follower === follower) this.tables.delete(tableId);
          this.error(null, e);
        },
        (member) => tellHome(homeAt(cluster.ownership, member)),
      );
      this.tables.set(tableId, { follower });
      tellHome(homeAt(cluster.ownership, cluster.ownership.ownerOf(cluster.ownership.keyOfTable(tableId))));
      return;
    }
    const session = this.server.tables.table(tableId);
    const host = this.server.tableHost;
    if (session === undefined && on && !waited && host !== null && owner !== null) {
      // Split tables: the table opens here on its director's first order, which may still be
      // on its way (the tournament just started): watched once it opens, or not found.
      const token = ++this.openings;
      this.opening.set(tableId, token);
      void host.whenOpen(tableId).then(() => {
        if (this.opening.get(tableId) === token) this.watchTable(userId, tableId, true, true);
      });
      return;
    }
    if (session === undefined) return this.error(null, { code: "table/not-found", message: `no table ${tableId}` });
    if (!on) return;
    cluster?.onMoved(this.rehome);
    const sub: Subscriber = { userId, send: (x) => this.send(x), ...(this.version >= 2 ? { sendStep: (text: string) => this.sendText(text) } : {}) };
    this.tables.set(tableId, { session, sub });
    session.subscribe(sub);
  }

  private watchTournament(tournamentId: string, on: boolean): void {
    const prevRemote = this.remoteWatching.get(tournamentId);
    if (prevRemote !== undefined) {
      prevRemote.close();
      this.remoteWatching.delete(tournamentId);
    }
    const prev = this.watching.get(tournamentId);
    if (prev !== undefined) this.server.served.unwatch(tournamentId, prev);
    this.watching.delete(tournamentId);
    const cluster = this.server.cluster;
    if (cluster !== null && !cluster.serves(tournamentId)) {
      if (!on) return;
      cluster.onMoved(this.rehome);
      const follower = cluster.followTournament(
        tournamentId,
        (frames) => this.sendFrames(frames),
        (e) => {
          if (this.remoteWatching.get(tournamentId) === follower) this.remoteWatching.delete(tournamentId);
          this.error(null, e);
        },
      );
      this.remoteWatching.set(tournamentId, follower);
      return;
    }
    const t = this.server.served.get(tournamentId);
    if (t === undefined) return this.error(null, { code: "tournament/not-found", message: `no tournament ${tournamentId}` });
    if (!on) return;
    cluster?.onMoved(this.rehome);
    const push = () => this.sendText(tournamentViewFrame(t, this.server.svc.clock.now()));
    this.server.served.watch(t.id, push);
    this.watching.set(t.id, push);
    push();
  }

  /**
   * Cluster mode: this process stopped serving a partition (lost or handed over).
   * What this client followed here in it is followed again, now through the new owner: the
   * client gets a fresh view from there and goes on, without noticing.
   */
  private readonly rehome = (key: string): void => {
    const cluster = this.server.cluster;
    if (cluster === null || this.user === null) return;
    const userId = this.user.id;
    for (const [tableId, t] of [...this.tables]) {
      const owner = tournamentOfTable(tableId);
      if (!("follower" in t) && owner !== null && cluster.ownership.keyOfTable(tableId) === key) this.watchTable(userId, tableId, true);
    }
    for (const tableId of [...this.opening.keys()]) if (cluster.ownership.keyOfTable(tableId) === key) this.watchTable(userId, tableId, true);
    for (const id of [...this.watching.keys()]) if (cluster.ownership.keyOf(id) === key) this.watchTournament(id, true);
  };

  /** Frames a remote owner built (newline-separated): passed on as they are. */
  private sendFrames(frames: string): void {
    for (const text of frames.split("\n")) if (text !== "") this.sendText(text);
  }

  private dropAll(): void {
    for (const t of this.tables.values()) {
      if ("follower" in t) t.follower.close();
      else t.session.unsubscribe(t.sub);
    }
    this.tables.clear();
    this.opening.clear();
    for (const f of this.remoteWatching.values()) f.close();
    this.remoteWatching.clear();
    this.server.cluster?.offMoved(this.rehome);
    for (const [id, push] of this.watching) this.server.served.unwatch(id, push);
    this.watching.clear();
  }

  /** The session ends at `at`: the socket closes then, as at a sign-out. */
  private expiry: TimerHandle | null = null;
  private armExpiry(at: number): TimerHandle {
    const clock = this.server.svc.clock;
    // Timers hold about 24 days at most: a longer session re-arms on the way.
    return clock.after(Math.min(Math.max(0, at - clock.now()), 2_000_000_000), () => {
      if (clock.now() < at) this.expiry = this.armExpiry(at);
      else this.end("auth/invalid-token", "the session has expired; sign in again");
    });
  }

  signedInWith(tokenHash: string): boolean {
    return this.tokenHash === tokenHash;
  }

  /** The session is over: say so, stop every feed, close. False if it was closing already. */
  end(code: "auth/signed-out" | "auth/invalid-token" = "auth/signed-out", message = "this session was signed out"): boolean {
    if (this.user === null) return false;
    this.error(null, { code, message });
    this.closed();
    this.user = null;
    this.socket.close(4001, "signed out");
    return true;
  }

  closed(): void {
    this.stopSilentTimer();
    this.expiry?.cancel();
    this.expiry = null;
    if (this.user !== null) this.counts.dropAccount(this.user.id, this);
    this.dropAll();
  }
}

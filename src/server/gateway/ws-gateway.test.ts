// WebSocket hygiene. The Origin check compares scheme, host and port;
// connections are limited per address and per account; a socket that does not say hello
// in time is closed (on the server's injected clock: the test moves it, nothing waits).
import WebSocket from "ws";
import { afterEach, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, WS_PATH, type ServerMessage } from "../../protocol/index.ts";
import { FeltServer } from "../felt-server.ts";
import { ManualClock } from "../clock.ts";
import { api, must } from "../../../testkit/server/harness.ts";
import { originAllowed } from "./ws-gateway.ts";

const servers: FeltServer[] = [];
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  for (const s of servers.splice(0)) await s.close();
});

class Peer {
  readonly got: ServerMessage[] = [];
  closedWith: number | null = null;
  private waiters: (() => void)[] = [];
  constructor(readonly ws: WebSocket) {
    sockets.push(ws);
    ws.on("message", (d) => {
      this.got.push(JSON.parse(d.toString()) as ServerMessage);
      this.wake();
    });
    ws.on("close", (code) => {
      this.closedWith = code;
      this.wake();
    });
  }
  private wake() {
    this.waiters.splice(0).forEach((w) => w());
  }
  static open(url: string, headers: Record<string, string> = {}): Promise<Peer> {
    const p = new Peer(new WebSocket(url.replace(/^http/, "ws") + WS_PATH, { headers }));
    return new Promise((res, rej) => {
      p.ws.on("open", () => res(p));
      p.ws.on("error", rej);
    });
  }
  async until(done: () => boolean): Promise<void> {
    while (!done()) await new Promise<void>((r) => this.waiters.push(r));
  }
  async ask(m: unknown): Promise<ServerMessage> {
    const n = this.got.length;
    this.ws.send(JSON.stringify(m));
    await this.until(() => this.got.length > n || this.closedWith !== null);
    return this.got[n]!;
  }
}

async function start(wsLimits = {}) {
  const clock = new ManualClock();
  const server = await FeltServer.start({ db: ":memory:", port: 0, scrypt: { N: 1024, r: 8, p: 1 }, webDist: null, clock, wsLimits, log: () => {} });
  servers.push(server);
  const me = await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-up", { name: "Ivo", password: "ivo-password-1" }));
  return { server, clock, token: me.token };
}

describe("WebSocket hygiene", () => {
  it("the Origin must match scheme, host and port", () => {
    const host = "127.0.0.1:8080";
    expect(originAllowed("http://127.0.0.1:8080", host, [])).toBe(true);
    expect(originAllowed(undefined, host, [])).toBe(true);
    expect(originAllowed("https://127.0.0.1:8080", host, [])).toBe(false);
    expect(originAllowed("http://127.0.0.1:8081", host, [])).toBe(false);
    expect(originAllowed("http://127.0.0.1", host, [])).toBe(false);
    expect(originAllowed("http://evil.example", host, [])).toBe(false);
    expect(originAllowed("null", host, [])).toBe(false);
    expect(originAllowed("https://felt.example", host, ["https://felt.example"])).toBe(true);
    expect(originAllowed("http://felt.example", host, ["https://felt.example"])).toBe(false);
    expect(originAllowed("https://felt.example:8443", host, ["https://felt.example"])).toBe(false);
    expect(originAllowed("http://localhost:80", "localhost", [])).toBe(true);
  });

  it("an https:// origin is refused by an http server on the same host and port", async () => {
    const { server } = await start();
    const host = new URL(server.url).host;
    const bad = await Peer.open(server.url, { origin: `https://${host}` });
    await bad.until(() => bad.closedWith !== null);
    expect(bad.got[0]).toMatchObject({ type: "error", error: { code: "protocol/origin-refused" } });
    expect(bad.closedWith).toBe(1008);
    const good = await Peer.open(server.url, { origin: `http://${host}` });
    expect(await good.ask({ type: "ping", nonce: 1 })).toMatchObject({ type: "pong" });
  });

  it("a socket that does not say hello within the configured time is closed; one that did stays", async () => {
    const { server, clock, token } = await start({ helloTimeoutMs: 3_000 });
    const silent = await Peer.open(server.url);
    const talker = await Peer.open(server.url);
    expect(await talker.ask({ type: "hello", v: PROTOCOL_VERSION, token })).toMatchObject({ type: "welcome" });
    clock.advance(2_999);
    expect(await silent.ask({ type: "ping", nonce: 2 })).toMatchObject({ type: "pong" });
    clock.advance(1);
    await silent.until(() => silent.closedWith !== null);
    expect(silent.got.at(-1)).toMatchObject({ type: "error", error: { code: "protocol/hello-required" } });
    expect(silent.closedWith).toBe(1008);
    expect(await talker.ask({ type: "ping", nonce: 3 })).toMatchObject({ type: "pong" });
  });

  it("connections are limited per address; a closed one frees its place", async () => {
    const { server } = await start({ perAddress: 3 });
    const open = await Promise.all([1, 2, 3].map(() => Peer.open(server.url)));
    for (const p of open) expect(await p.ask({ type: "ping", nonce: 4 })).toMatchObject({ type: "pong" });
    const fourth = await Peer.open(server.url);
    await fourth.until(() => fourth.closedWith !== null);
    expect(fourth.got[0]).toMatchObject({ type: "error", error: { code: "protocol/rate-limited" } });
    expect(fourth.closedWith).toBe(1013);
    open[0]!.ws.close();
    await open[0]!.until(() => open[0]!.closedWith !== null);
    let again: Peer | null = null;
    for (let i = 0; i < 50; i++) {
      const p = await Peer.open(server.url);
      const m = await p.ask({ type: "ping", nonce: 5 });
      if (m?.type === "pong") {
        again = p;
        break;
      }
    }
    expect(again).not.toBeNull();
  });

  it("connections are limited per account", async () => {
    const { server, token } = await start({ perAccount: 2 });
    const peers = await Promise.all([1, 2, 3].map(() => Peer.open(server.url)));
    expect(await peers[0]!.ask({ type: "hello", v: PROTOCOL_VERSION, token })).toMatchObject({ type: "welcome" });
    expect(await peers[1]!.ask({ type: "hello", v: PROTOCOL_VERSION, token })).toMatchObject({ type: "welcome" });
    expect(await peers[2]!.ask({ type: "hello", v: PROTOCOL_VERSION, token })).toMatchObject({ type: "error", error: { code: "protocol/rate-limited" } });
    await peers[2]!.until(() => peers[2]!.closedWith !== null);
    expect(peers[2]!.closedWith).toBe(1013);
  });

  it("while its process stops, a command refused because of the stop gets no error frame (the socket closes next and the client sends it again elsewhere); otherwise the same refusal is an error frame", async () => {
    const { server, token } = await start();
    const peer = await Peer.open(server.url);
    expect(await peer.ask({ type: "hello", v: PROTOCOL_VERSION, token })).toMatchObject({ type: "welcome" });
    const act = (commandId: string) => ({ type: "act", tableId: "Tgone-t1", handId: "h1", version: 3, commandId, action: { kind: "check" } });
    // Running: a table that is not here is the client's error.
    expect(await peer.ask(act("cmd-running-1"))).toMatchObject({ type: "error", commandId: "cmd-running-1", error: { code: "table/not-found" } });
    // Stopping (as close() says from its first step): the same refusal is not shown; a ping
    // sent after it is the next frame.
    server.closing = true;
    peer.ws.send(JSON.stringify(act("cmd-stopping-1")));
    expect(await peer.ask({ type: "ping", nonce: 7 })).toMatchObject({ type: "pong" });
    expect(peer.got.filter((m) => m.type === "error")).toHaveLength(1);
    server.closing = false;
  });

  it("signing out closes that session's sockets at once; signing out everywhere closes every socket of the user", async () => {
    const { server, token } = await start();
    const other = await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", { name: "Ivo", password: "ivo-password-1" }));
    const [a, b, c] = [await Peer.open(server.url), await Peer.open(server.url), await Peer.open(server.url)];
    expect(await a.ask({ type: "hello", v: PROTOCOL_VERSION, token })).toMatchObject({ type: "welcome" });
    expect(await b.ask({ type: "hello", v: PROTOCOL_VERSION, token: other.token })).toMatchObject({ type: "welcome" });
    expect(await c.ask({ type: "hello", v: PROTOCOL_VERSION, token: other.token })).toMatchObject({ type: "welcome" });
    await must(api(server.url, "POST", "/api/v1/auth/sign-out", {}, token));
    await a.until(() => a.closedWith !== null);
    expect(a.got.at(-1)).toMatchObject({ type: "error", error: { code: "auth/signed-out" } });
    expect(a.closedWith).toBe(4001);
    // The user's other session is untouched until it signs out everywhere.
    expect(await b.ask({ type: "ping", nonce: 3 })).toMatchObject({ type: "pong" });
    await must(api(server.url, "POST", "/api/v1/auth/sign-out-everywhere", {}, other.token));
    await b.until(() => b.closedWith !== null);
    await c.until(() => c.closedWith !== null);
    expect([b.closedWith, c.closedWith]).toEqual([4001, 4001]);
  });

  it("a session that expires closes its sockets at its expiry, not at the next message", async () => {
    const clock = new ManualClock();
    const server = await FeltServer.start({
      db: ":memory:",
      port: 0,
      scrypt: { N: 1024, r: 8, p: 1 },
      webDist: null,
      clock,
      sessionTtlMs: 60_000,
      log: () => {},
    });
    servers.push(server);
    const me = await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-up", { name: "Ivo", password: "ivo-password-1" }));
    const peer = await Peer.open(server.url);
    expect(await peer.ask({ type: "hello", v: PROTOCOL_VERSION, token: me.token })).toMatchObject({ type: "welcome" });
    clock.advance(59_999);
    expect(await peer.ask({ type: "ping", nonce: 1 })).toMatchObject({ type: "pong" });
    clock.advance(1);
    await peer.until(() => peer.closedWith !== null);
    expect(peer.got.at(-1)).toMatchObject({ type: "error", error: { code: "auth/invalid-token" } });
    expect(peer.closedWith).toBe(4001);
  });
});

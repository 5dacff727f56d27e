// What arrives too big is answered with the typed error body or frame, like every other
// error: a request line over 8 KiB (414), headers over Node's limit (431), a WebSocket frame
// over the protocol's 16 KiB (up to 1 MiB is read and answered; larger ones the socket cuts).
import { request } from "node:http";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WS_PATH } from "../../protocol/index.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";

let server: FeltServer;
beforeAll(async () => {
  server = await FeltServer.start({ db: ":memory:", port: 0, scrypt: { N: 1024, r: 8, p: 1 }, directors: [DIRECTOR], webDist: null, log: () => {} });
}, 60_000);
afterAll(async () => server?.close());

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("requests and frames that are too big", () => {
  it("a request line over 8 KiB is 414 protocol/uri-too-long", async () => {
    const r = await get(`/api/v1/tournaments/${"x".repeat(9000)}`);
    expect(r.status).toBe(414);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: "protocol/uri-too-long" } });
  });

  it("a path parameter longer than the router's default 100 characters, and under 8 KiB, reaches its route", async () => {
    const r = await get(`/api/v1/tournaments/${"x".repeat(1000)}`);
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body).error.code).not.toBe("protocol/uri-too-long");
  });

  it("headers over Node's limit are 431 protocol/headers-too-large", async () => {
    const r = await get("/api/v1/lobby", { "x-padding": "y".repeat(20_000) });
    expect(r.status).toBe(431);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: "protocol/headers-too-large" } });
  });

  it("a WebSocket frame of 100 KiB is answered protocol/frame-too-large, and the socket stays open", async () => {
    const ws = new WebSocket(server.url.replace(/^http/, "ws") + WS_PATH);
    await new Promise((r, j) => (ws.on("open", r), ws.on("error", j)));
    const frames: { type: string; error?: { code: string } }[] = [];
    const next = () => new Promise<void>((r) => ws.once("message", (d) => (frames.push(JSON.parse(d.toString())), r())));
    const got = next();
    ws.send("z".repeat(100 * 1024));
    await got;
    expect(frames[0]).toMatchObject({ type: "error", error: { code: "protocol/frame-too-large" } });
    const pong = next();
    ws.send(JSON.stringify({ type: "ping", nonce: 7 }));
    await pong;
    expect(frames[1]).toMatchObject({ type: "pong" });
    ws.terminate();
  });
});

describe("WebSocket upgrades", () => {
  it("an upgrade to any path but the protocol's is 404 director/not-found, typed, and opens no socket", async () => {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws/v0`);
    const r = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      ws.on("unexpected-response", (_req, res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      ws.on("open", () => reject(new Error("opened")));
    });
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: "director/not-found" } });
  });

  it("the protocol's path with a query string upgrades; a frame over 1 MiB closes the socket (1009)", async () => {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}${WS_PATH}?client=test`);
    await new Promise((r, j) => (ws.on("open", r), ws.on("error", j)));
    const code = new Promise<number>((r) => ws.on("close", (c) => r(c)));
    ws.send("z".repeat(1024 * 1024 + 1));
    expect(await code).toBe(1009);
  });

  it("a plain GET of the protocol's path is 404 director/not-found", async () => {
    const r = await get(WS_PATH);
    expect(r.status).toBe(404);
    expect(JSON.parse(r.body)).toMatchObject({ error: { code: "director/not-found" } });
  });
});

describe("amounts past what a number holds exactly", () => {
  it("a deposit that would take a balance past 2^53 - 1 is 400 ledger/amount-unsafe (never a 500) and writes nothing", async () => {
    const d = await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR));
    const rich = await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-up", { name: "Rich", password: "rich-password-1" }));
    const deposit = (amount: number) =>
      api<{ error: { code: string } }>(server.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name: "Rich", amount }, d.token);
    expect((await deposit(Number.MAX_SAFE_INTEGER - 10)).status).toBe(200);
    for (const amount of [11, 1_000, Number.MAX_SAFE_INTEGER]) {
      const over = await deposit(amount);
      expect(over.status).toBe(400);
      expect(over.body.error.code).toBe("ledger/amount-unsafe");
    }
    const me = await must<{ balance: number }>(api(server.url, "GET", "/api/v1/me", undefined, rich.token));
    expect(me.balance).toBe(Number.MAX_SAFE_INTEGER - 10);
  });
});

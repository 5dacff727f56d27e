// Fuzz over a real socket: random, malformed, oversize, out-of-turn, stale and replayed
// messages each get a typed error (or, for a replay, the first answer again), the server
// stays up and the table does not change.
import fc from "fast-check";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES, MAX_FRAME_BYTES, PROTOCOL_VERSION, WS_PATH, type ServerMessage } from "../protocol/index.ts";
import { FeltServer } from "./felt-server.ts";
import { api, DIRECTOR, setupTournament, startTournament, eventually, type Setup } from "../../testkit/server/harness.ts";

class Raw {
  readonly got: ServerMessage[] = [];
  private waiters: (() => void)[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on("message", (d) => {
      this.got.push(JSON.parse(d.toString()) as ServerMessage);
      this.waiters.splice(0).forEach((w) => w());
    });
  }
  static open(url: string, headers: Record<string, string> = {}): Promise<Raw> {
    const ws = new WebSocket(url.replace(/^http/, "ws") + WS_PATH, { headers });
    const r = new Raw(ws);
    return new Promise((res, rej) => {
      ws.on("open", () => res(r));
      ws.on("error", rej);
    });
  }
  /** Sends and waits for the next frame. */
  async ask(data: string | Buffer, binary = false): Promise<ServerMessage> {
    const n = this.got.length;
    this.ws.send(data, { binary });
    while (this.got.length <= n) await new Promise<void>((r) => this.waiters.push(r));
    return this.got[n]!;
  }
}

let server: FeltServer;
let s: Setup;
const codes = new Set<string>(ERROR_CODES);

beforeAll(async () => {
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    handPauseMs: 0,
    actionMs: 600_000,
    timeBankMs: 0,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    rateLimit: { perSecond: 100_000, burst: 100_000 },
    log: () => {},
  });
  s = await setupTournament(server.url, 3);
  await startTournament(server.url, s);
  await eventually(() => [...server.tournaments.get(s.tournamentId)!.tables.values()][0]?.state.hand != null);
}, 60_000);
afterAll(async () => server.close());

const table = () => [...server.tournaments.get(s.tournamentId)!.tables.values()][0]!;
const snapshot = () => {
  const t = table().state;
  return JSON.stringify({ v: t.version, seats: [...t.seats.values()], hand: t.hand?.state ?? null, n: t.handNumber });
};

function expectTypedError(m: ServerMessage) {
  expect(m.type).toBe("error");
  if (m.type === "error") expect(codes.has(m.error.code)).toBe(true);
}

describe("fuzz over the WebSocket", () => {
  it("garbage, malformed, oversize and binary frames get typed errors; the table does not change", async () => {
    const c = await Raw.open(server.url);
    const before = snapshot();
    expectTypedError(await c.ask("not json"));
    expectTypedError(await c.ask(JSON.stringify({ type: "act" })));
    expectTypedError(await c.ask(JSON.stringify({ type: "subscribe", channel: { kind: "table", tableId: table().id } }))); // before hello
    expect(await c.ask("x".repeat(MAX_FRAME_BYTES + 1))).toMatchObject({ type: "error", error: { code: "protocol/frame-too-large" } });
    expectTypedError(await c.ask(Buffer.from([1, 2, 3]), true));
    expect(await c.ask(JSON.stringify({ type: "hello", v: PROTOCOL_VERSION + 1, token: s.players[0]!.token }))).toMatchObject({
      error: { code: "protocol/version-unsupported" },
    });
    expect(await c.ask(JSON.stringify({ type: "hello", v: PROTOCOL_VERSION, token: "x".repeat(43) }))).toMatchObject({ error: { code: "auth/invalid-token" } });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ type: "act", v })),
        ),
        async (text) => {
          const m = await c.ask(text);
          expectTypedError(m);
        },
      ),
      { numRuns: 150 },
    );
    expect(snapshot()).toBe(before);
    expect((await c.ask(JSON.stringify({ type: "ping", nonce: 7 }))).type).toBe("pong");
    c.ws.close();
  }, 60_000);

  it("out-of-turn, stale, illegal and unknown-table commands change nothing; a replayed command acts once", async () => {
    const t = table();
    const hand = t.state.hand!;
    const actorSeat = hand.order[hand.state.actor]!;
    const actorId = t.state.seats.get(actorSeat)!.playerId;
    const actor = s.players.find((p) => p.id === actorId)!;
    const other = s.players.find((p) => p.id !== actorId)!;
    const [a, o] = [await Raw.open(server.url), await Raw.open(server.url)];
    expect((await a.ask(JSON.stringify({ type: "hello", v: PROTOCOL_VERSION, token: actor.token }))).type).toBe("welcome");
    expect((await o.ask(JSON.stringify({ type: "hello", v: PROTOCOL_VERSION, token: other.token }))).type).toBe("welcome");
    const base = { type: "act", tableId: t.id, handId: hand.handId, version: t.state.version };
    const before = snapshot();
    expect(await o.ask(JSON.stringify({ ...base, commandId: "other-0001", action: { kind: "call" } }))).toMatchObject({
      error: { code: "table/not-your-turn" },
    });
    expect(await a.ask(JSON.stringify({ ...base, version: base.version - 1, commandId: "stale-0001", action: { kind: "call" } }))).toMatchObject({
      error: { code: "table/stale-version" },
    });
    expect(await a.ask(JSON.stringify({ ...base, commandId: "small-0001", action: { kind: "raise", to: 1 } }))).toMatchObject({
      error: { code: "table/illegal-action", cause: "engine/raise-too-small" },
    });
    expect(await a.ask(JSON.stringify({ ...base, tableId: "nope-t1", commandId: "nope-00001", action: { kind: "call" } }))).toMatchObject({
      error: { code: "table/not-found" },
    });
    expect(await a.ask(JSON.stringify({ ...base, handId: "other-h1", commandId: "hand-00001", action: { kind: "call" } }))).toMatchObject({
      error: { code: "table/stale-version" },
    });
    expect(snapshot()).toBe(before);
    const first = await a.ask(JSON.stringify({ ...base, commandId: "once-00001", action: { kind: "call" } }));
    expect(first).toMatchObject({ type: "ack", duplicate: false, version: base.version + 1 });
    const after = snapshot();
    for (let i = 0; i < 3; i++) {
      expect(await a.ask(JSON.stringify({ ...base, commandId: "once-00001", action: { kind: "call" } }))).toMatchObject({
        type: "ack",
        duplicate: true,
        version: base.version + 1,
      });
    }
    expect(await o.ask(JSON.stringify({ ...base, commandId: "once-00001", action: { kind: "call" } }))).toMatchObject({
      error: { code: "protocol/invalid-message" },
    });
    expect(snapshot()).toBe(after);
    expect((await api(server.url, "GET", "/api/v1/lobby")).status).toBe(200);
    a.ws.close();
    o.ws.close();
  }, 30_000);

  it("a foreign Origin is refused; HTTP bodies are validated with typed errors", async () => {
    const evil = await Raw.open(server.url, { origin: "http://evil.example" });
    const m = await new Promise<ServerMessage>((r) => (evil.got.length > 0 ? r(evil.got[0]!) : evil.ws.once("message", (d) => r(JSON.parse(d.toString())))));
    expect(m).toMatchObject({ type: "error", error: { code: "protocol/origin-refused" } });
    const same = await Raw.open(server.url, { origin: server.url });
    expect((await same.ask(JSON.stringify({ type: "ping", nonce: 1 }))).type).toBe("pong");
    same.ws.close();
    const bad = await api<{ error: { code: string } }>(server.url, "POST", "/api/v1/auth/sign-up", { name: "x", password: "short", extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("protocol/invalid-message");
    const poor = await api<{ error: { code: string } }>(server.url, "POST", "/api/v1/auth/sign-up", { name: "poor-player", password: "poor-password-1" });
    expect(poor.status).toBe(200);
    const token = (poor.body as unknown as { token: string }).token;
    const other = await api<{ tournament: { id: string } }>(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      { commandId: "poor-tournament-1", presetId: "seed", name: "Poor", kind: "online", settings: { start: "manual" }, startsAt: 0 },
      s.directorToken,
    );
    const reg = await api<{ error: { code: string } }>(
      server.url,
      "POST",
      `/api/v1/tournaments/${other.body.tournament.id}/register`,
      { commandId: "poor-cmd-001" },
      token,
    );
    expect(reg.status).toBe(409);
    expect(reg.body.error.code).toBe("ledger/insufficient-funds");
    expect((await api(server.url, "GET", "/api/v1/director/presets", undefined, token)).status).toBe(403);
    const docs = await api<{ openapi: string; paths: Record<string, unknown> }>(server.url, "GET", "/api/docs");
    expect(docs.body.openapi).toBe("3.1.0");
    expect(Object.keys(docs.body.paths)).toContain("/api/v1/tournaments/{id}/register");
  });
});

describe("rate limit", () => {
  it("a connection that floods gets protocol/rate-limited and recovers", async () => {
    const small = await FeltServer.start({
      db: ":memory:",
      port: 0,
      scrypt: { N: 1024, r: 8, p: 1 },
      webDist: null,
      rateLimit: { perSecond: 2, burst: 3 },
      log: () => {},
    });
    try {
      const c = await Raw.open(small.url);
      const answers: ServerMessage[] = [];
      for (let i = 0; i < 6; i++) answers.push(await c.ask(JSON.stringify({ type: "ping", nonce: i })));
      expect(answers.filter((m) => m.type === "pong")).toHaveLength(3);
      expect(answers.filter((m) => m.type === "error" && m.error.code === "protocol/rate-limited")).toHaveLength(3);
      await new Promise((r) => setTimeout(r, 600));
      expect((await c.ask(JSON.stringify({ type: "ping", nonce: 9 }))).type).toBe("pong");
      c.ws.close();
    } finally {
      await small.close();
    }
  });
});

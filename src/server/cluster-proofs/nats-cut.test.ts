// A cluster member cut from NATS (its connection through a proxy of the test's own, cut
// for 30 s; the machine's NATS itself is never touched) says it is not ready and answers
// 503 with Retry-After where it needs NATS, never 500; when NATS is reachable again it
// reconnects by itself and serves the lobby and tournament pages again, and the outage is one
// pair of log lines. And a session signed out on one member closes its sockets on another.
import { randomBytes } from "node:crypto";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROTOCOL_VERSION, WS_PATH, type LobbyResponse, type ServerMessage } from "../../protocol/index.ts";
import { dropClusterBuckets, NATS_TEST_URL } from "../../../testkit/cluster/nats.ts";
import { memberOptions } from "../../../testkit/cluster/members.ts";
import { proxyInFront, type BlackholeProxy } from "../../../testkit/store/blackhole-proxy.ts";
import { api, cmd, DIRECTOR, eventually, FAST_STRUCTURE, must, pgSchema } from "../../../testkit/server/harness.ts";
import { FeltServer } from "../felt-server.ts";

const CUT_MS = 30_000;

let pg: { url: string; drop(): Promise<void> };
let proxy: BlackholeProxy;
let A: FeltServer;
let B: FeltServer;
const prefix = `felt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
const logsA: string[] = [];
const logsB: string[] = [];
let director = "";
let tournamentId = "";

beforeAll(async () => {
  pg = await pgSchema();
  const front = await proxyInFront(NATS_TEST_URL, 4222);
  proxy = front.proxy;
  A = await FeltServer.start(memberOptions(pg.url, "a", prefix, logsA, "split"));
  const b = memberOptions(pg.url, "b", prefix, logsB, "split");
  B = await FeltServer.start({ ...b, cluster: { ...b.cluster!, nats: front.url } });
  await eventually(() => A.host!.servingKeys().length > 0 && B.host!.servingKeys().length > 0, 50);
  director = (await must<{ token: string }>(api(A.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
  const created = await must<{ tournament: { id: string } }>(
    api(
      A.url,
      "POST",
      "/api/v1/director/tournaments",
      {
        commandId: cmd(),
        presetId: "seed",
        name: "Cut",
        kind: "online",
        settings: { start: "manual" },
        startsAt: Date.now() + 3_600_000,
        buyIn: 1000,
        fee: 100,
        structure: FAST_STRUCTURE,
      },
      director,
    ),
  );
  tournamentId = created.tournament.id;
}, 60_000);

afterAll(async () => {
  await B?.close().catch(() => {});
  await A?.close().catch(() => {});
  await proxy?.close();
  await dropClusterBuckets(prefix);
  await pg?.drop();
});

/** A socket that keeps every frame and its close code. */
class Peer {
  readonly got: ServerMessage[] = [];
  closedWith: number | null = null;
  private constructor(readonly ws: WebSocket) {
    ws.on("message", (d) => void this.got.push(JSON.parse(d.toString()) as ServerMessage));
    ws.on("close", (code) => void (this.closedWith = code));
  }
  static open(url: string): Promise<Peer> {
    const p = new Peer(new WebSocket(url.replace(/^http/, "ws") + WS_PATH));
    return new Promise((res, rej) => {
      p.ws.on("open", () => res(p));
      p.ws.on("error", rej);
    });
  }
}

const get = async (base: string, path: string) => {
  const res = await fetch(base + path);
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as Record<string, unknown> };
};

describe("a session signed out on one member", () => {
  it("closes that session's socket on another member at once, with the sign-out reason; signing out everywhere closes the user's other sockets there", async () => {
    const name = `cut-${randomBytes(3).toString("hex")}`;
    const first = await must<{ token: string }>(api(A.url, "POST", "/api/v1/auth/sign-up", { name, password: "cut-password-1" }));
    const second = await must<{ token: string }>(api(B.url, "POST", "/api/v1/auth/sign-in", { name, password: "cut-password-1" }));
    const third = await must<{ token: string }>(api(A.url, "POST", "/api/v1/auth/sign-in", { name, password: "cut-password-1" }));
    const [p1, p2] = [await Peer.open(B.url), await Peer.open(B.url)];
    p1.ws.send(JSON.stringify({ type: "hello", v: PROTOCOL_VERSION, token: first.token }));
    p2.ws.send(JSON.stringify({ type: "hello", v: PROTOCOL_VERSION, token: second.token }));
    await eventually(() => p1.got.length > 0 && p2.got.length > 0, 20);
    expect([p1.got[0], p2.got[0]]).toMatchObject([{ type: "welcome" }, { type: "welcome" }]);
    await must(api(A.url, "POST", "/api/v1/auth/sign-out", {}, first.token));
    await eventually(() => p1.closedWith !== null, 20);
    expect(p1.got.at(-1)).toMatchObject({ type: "error", error: { code: "auth/signed-out" } });
    expect(p1.closedWith).toBe(4001);
    // The user's other session on B is untouched until it signs out everywhere (through A).
    p2.ws.send(JSON.stringify({ type: "ping", nonce: 1 }));
    await eventually(() => p2.got.some((m) => m.type === "pong"), 20);
    expect(p2.closedWith).toBe(null);
    await must(api(A.url, "POST", "/api/v1/auth/sign-out-everywhere", {}, third.token));
    await eventually(() => p2.closedWith !== null, 20);
    expect(p2.got.at(-1)).toMatchObject({ type: "error", error: { code: "auth/signed-out" } });
    expect(p2.closedWith).toBe(4001);
  });
});

describe("a member cut from NATS for 30 s", () => {
  it("answers /ready and its NATS routes 503 with Retry-After during the cut, serves again after it, and logs the outage once", async () => {
    expect(await get(B.url, "/ready")).toMatchObject({ status: 200, body: { ready: true } });
    expect((await get(B.url, `/api/v1/lobby`)).status).toBe(200);
    expect((await get(B.url, `/api/v1/tournaments/${tournamentId}/page`)).status).toBe(200);
    const natsLines = () => logsB.filter((m) => /^NATS /.test(m));
    expect(natsLines()).toEqual([]);

    proxy.cut();
    const cutAt = Date.now();
    let ready = await get(B.url, "/ready");
    while (ready.status === 200) ready = await get(B.url, "/ready");
    expect(ready).toMatchObject({ status: 503, body: { error: { code: "server/unavailable" } } });
    expect(Number(ready.retryAfter)).toBeGreaterThanOrEqual(1);
    // Alive all the while: a supervisor has no reason to restart it.
    expect((await get(B.url, "/health")).status).toBe(200);
    for (const path of ["/api/v1/lobby", `/api/v1/tournaments/${tournamentId}/page`]) {
      const r = await get(B.url, path);
      expect({ path, status: r.status, code: (r.body["error"] as { code?: string } | undefined)?.code }).toEqual({
        path,
        status: 503,
        code: "server/unavailable",
      });
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    // Sign-in needs only the database: it still works there.
    expect((await api(B.url, "POST", "/api/v1/auth/sign-in", DIRECTOR)).status).toBe(200);
    // The cut lasts past the NATS client's default reconnect budget (10 attempts 2 s apart).
    await new Promise((r) => setTimeout(r, Math.max(0, CUT_MS - (Date.now() - cutAt))));
    expect((await get(B.url, "/ready")).status).toBe(503);

    proxy.heal();
    await eventually(async () => (await get(B.url, "/ready")).status === 200, 250);
    await eventually(async () => {
      const lobby = await get(B.url, "/api/v1/lobby");
      return lobby.status === 200 && (lobby.body as unknown as LobbyResponse).tournaments.some((t) => t.id === tournamentId);
    }, 250);
    await eventually(async () => (await get(B.url, `/api/v1/tournaments/${tournamentId}/page`)).status === 200, 250);
    // Back in the cluster: it serves partitions again, and its view of the lobby bucket moves
    // again (a tournament created after the cut reaches its local map).
    await eventually(() => B.host!.servingKeys().length > 0, 250);
    const after = await must<{ tournament: { id: string } }>(
      api(
        A.url,
        "POST",
        "/api/v1/director/tournaments",
        {
          commandId: cmd(),
          presetId: "seed",
          name: "After",
          kind: "online",
          settings: { start: "manual" },
          startsAt: Date.now() + 3_600_000,
          buyIn: 1000,
          fee: 100,
          structure: FAST_STRUCTURE,
        },
        director,
      ),
    );
    await eventually(() => B.cluster?.board?.get(after.tournament.id) !== undefined, 250);
    expect(natsLines()).toEqual([expect.stringMatching(/^NATS unavailable/), expect.stringMatching(/^NATS available again/)]);
  }, 90_000);
});

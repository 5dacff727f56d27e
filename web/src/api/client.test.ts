import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { FeltServer } from "../../../src/server/felt-server.ts";
import { DIRECTOR } from "../../../testkit/server/harness.ts";
import { FeltClient, newCommandId } from "./client.ts";
import { LiveSession } from "./live.ts";
import { serverTransport } from "./server-transport.ts";
import type { Transport } from "./transport.ts";

// The client module against a REAL server in this process (no fake): every request and
// frame passes through src/protocol's schemas on both sides. The browser's WebSocket is
// the `ws` package here (Node 20 has none).

let server: FeltServer;
beforeAll(async () => {
  server = await FeltServer.start({ db: ":memory:", port: 0, scrypt: { N: 1024, r: 8, p: 1 }, directors: [DIRECTOR], webDist: null, log: () => {} });
}, 60_000);
afterAll(async () => server?.close());

function setup() {
  const http = serverTransport(server.url);
  let requests = 0;
  const transport: Transport = {
    kind: "test",
    request: (...a) => (requests++, http.request(...a)),
    openSocket: (h) => {
      const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/ws/v1`, { origin: server.url });
      ws.on("open", () => h.onOpen());
      ws.on("message", (d) => h.onFrame(String(d)));
      ws.on("close", () => h.onClose());
      return { send: (t) => ws.send(t), close: () => ws.close() };
    },
  };
  return { client: new FeltClient(transport, null), requests: () => requests };
}

const until = async (cond: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("FeltClient against felt's server", () => {
  it("sign-out ends the session on the server: the token stops working", async () => {
    const { client } = setup();
    const auth = await client.call("signUp", { name: "Sigrun", password: "long enough" });
    if (!auth.ok) throw new Error(auth.error.message);
    client.setToken(auth.value.token);
    expect((await client.call("me", undefined)).ok).toBe(true);
    expect(await client.call("signOut", {})).toEqual({ ok: true, value: { signedOut: 1 } });
    expect(await client.call("me", undefined)).toMatchObject({ ok: false, error: { code: "auth/invalid-token" } });
  });

  it("signs up, registers once after a deposit, and is told why a second registration is refused", async () => {
    const { client } = setup();
    const director = setup().client;
    const signedIn = await director.call("signIn", DIRECTOR);
    if (!signedIn.ok) throw new Error(signedIn.error.message);
    director.setToken(signedIn.value.token);
    const made = await director.call("create", {
      commandId: newCommandId(),
      presetId: "turbo",
      name: "Client test",
      kind: "online",
      startsAt: Date.now() + 3_600_000,
      buyIn: 50,
      fee: 5,
    });
    if (!made.ok) throw new Error(made.error.message);
    const auth = await client.call("signUp", { name: "Radka", password: "long enough" });
    expect(auth.ok).toBe(true);
    if (!auth.ok) return;
    client.setToken(auth.value.token);
    const paid = await director.call("deposit", { commandId: newCommandId(), name: "Radka", amount: 1000 });
    expect(paid.ok).toBe(true);
    const id = made.value.tournament.id;
    const reg = await client.call("register", { commandId: newCommandId() }, { id });
    expect(reg.ok && reg.value.balance).toBe(1000 - 55);
    expect(reg.ok && reg.value.tournament.actions.register).toEqual({ allowed: false, reason: "already-registered" });
    const again = await client.call("register", { commandId: newCommandId() }, { id });
    expect(again.ok ? "ok" : again.error.code).toBe("tournament/not-allowed");
  });

  it("the server out of reach: says since when; a command whose answer was lost, sent again, keeps its first id and acts once", async () => {
    const http = serverTransport(server.url);
    let lose = false;
    // The request reaches the server, the answer is lost on the way back: the worst case for a repeat.
    const transport: Transport = {
      kind: "test",
      request: async (...a) => {
        const r = await http.request(...a);
        if (lose) throw new Error("connection reset");
        return r;
      },
      openSocket: () => {
        throw new Error("no socket here");
      },
    };
    const director = new FeltClient(transport, null);
    const signedIn = await director.call("signIn", DIRECTOR);
    if (!signedIn.ok) throw new Error(signedIn.error.message);
    director.setToken(signedIn.value.token);
    expect((await setup().client.call("signUp", { name: "Oskar", password: "long enough" })).ok).toBe(true);
    const seen: (number | null)[] = [];
    director.onReachability(() => seen.push(director.offlineSince));
    expect(director.offlineSince).toBeNull();
    lose = true;
    const lost = await director.call("deposit", { commandId: newCommandId(), name: "Oskar", amount: 300 });
    expect(lost.ok ? "ok" : lost.error.code).toBe("client/network");
    const since = director.offlineSince;
    expect(since).not.toBeNull();
    // Still out of reach: since when stays the first failure.
    await director.call("deposit", { commandId: newCommandId(), name: "Oskar", amount: 300 });
    expect(director.offlineSince).toBe(since);
    lose = false;
    // The floor taps again once the server is back: a fresh id from the screen, the first one sent.
    const again = await director.call("deposit", { commandId: newCommandId(), name: "Oskar", amount: 300 });
    expect(again.ok && again.value.balance).toBe(300);
    expect(director.offlineSince).toBeNull();
    expect(seen).toEqual([since, null]);
    // Answered, the same deposit asked again is a new one.
    const next = await director.call("deposit", { commandId: newCommandId(), name: "Oskar", amount: 300 });
    expect(next.ok && next.value.balance).toBe(600);
  });

  it("refuses an invalid body before sending it", async () => {
    const { client, requests } = setup();
    const r = await client.call("signUp", { name: "Radka", password: "short" });
    expect(r.ok ? "ok" : r.error.code).toBe("protocol/invalid-message");
    expect(requests()).toBe(0);
  });

  it("maps HTTP errors to their stable codes (auth/required)", async () => {
    const { client } = setup();
    const r = await client.call("hands", undefined);
    expect(r.ok ? "ok" : r.error.code).toBe("auth/required");
  });
});

describe("LiveSession against felt's server", () => {
  it("hello → welcome names the user; a watched tournament's view arrives", async () => {
    const { client } = setup();
    const auth = await client.call("signUp", { name: "Bodil", password: "long enough" });
    if (!auth.ok) throw new Error(auth.error.message);
    client.setToken(auth.value.token);
    const lobby = await client.call("lobby", undefined);
    const id = lobby.ok ? lobby.value.tournaments[0]!.id : "";
    const live = new LiveSession(client);
    live.watch({ kind: "tournament", tournamentId: id });
    live.connect();
    await until(() => live.getState().connected);
    expect(live.getState().user?.name).toBe("Bodil");
    await until(() => live.getState().tournaments.has(id));
    expect(live.getState().tournaments.get(id)!.name).toBe("Client test");
    live.disconnect();
  });
});

describe("FeltClient errors", () => {
  it("keeps the server's cause (a structure refused for structure/not-payable under director/invalid)", async () => {
    const body = { error: { code: "director/invalid", message: "the 25 cannot pay 10", cause: "structure/not-payable", details: { level: 1 } } };
    const transport = { request: async () => ({ status: 400, body }) };
    const client = new FeltClient(transport as unknown as ConstructorParameters<typeof FeltClient>[0], null);
    client.setToken("token");
    const r = await client.call("presets", undefined);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("director/invalid");
    expect(r.error["cause"]).toBe("structure/not-payable");
    expect(r.error["level"]).toBe(1);
  });
});

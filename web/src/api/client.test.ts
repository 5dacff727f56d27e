import { afterEach, describe, expect, it } from "vitest";
import type { TableView } from "../../../src/protocol/index.ts";
import { FeltClient, newCommandId } from "./client.ts";
import { LiveSession } from "./live.ts";
import { MockServer, mockTransport } from "./mock/mock-server.ts";

// The client module against the in-browser mock server, in node: every request and
// frame passes through src/protocol's schemas on both sides.

let server: MockServer | null = null;
afterEach(() => server?.stop());

function setup(token: "hero" | null = null) {
  server = new MockServer();
  const transport = mockTransport(server);
  let requests = 0;
  const counted = { ...transport, request: (...a: Parameters<typeof transport.request>) => (requests++, transport.request(...a)) };
  const client = new FeltClient(counted, null);
  if (token === "hero") client.setToken(server.heroToken);
  return { client, requests: () => requests };
}

const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("FeltClient over the mock transport", () => {
  it("signs up, registers once, and is told why a second registration is refused", async () => {
    const { client } = setup();
    const auth = await client.call("signUp", { name: "Radka", password: "long enough" });
    expect(auth.ok).toBe(true);
    if (!auth.ok) return;
    client.setToken(auth.value.token);
    const lobby = await client.call("lobby", undefined);
    expect(lobby.ok && lobby.value.balance).toBe(10_000);
    const reg = await client.call("register", { commandId: newCommandId() }, { id: "turbo50" });
    expect(reg.ok && reg.value.balance).toBe(10_000 - 55);
    expect(reg.ok && reg.value.tournament.actions.register).toEqual({ allowed: false, reason: "already-registered" });
    const again = await client.call("register", { commandId: newCommandId() }, { id: "turbo50" });
    expect(again.ok ? "ok" : again.error.code).toBe("tournament/not-allowed");
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

describe("LiveSession over the mock transport", () => {
  it("hello → welcome, subscribe → table views that never show another player's hidden cards", async () => {
    const { client } = setup("hero");
    const live = new LiveSession(client);
    const seen: TableView[] = [];
    live.subscribeStore(() => {
      const v = live.getState().tables.get("sunday-t1");
      if (v && seen.at(-1) !== v) seen.push(v);
    });
    live.watch({ kind: "table", tableId: "sunday-t1" });
    live.connect();
    await until(() => live.getState().connected);
    expect(live.getState().user?.name).toBe("Bodil");
    await until(() => seen.length > 0);
    // Drive the hero: act whenever it is our turn, until a few views went by.
    await until(() => {
      const v = live.getState().tables.get("sunday-t1");
      if (v?.legal) live.act("sunday-t1", v.legal.canCheck ? { kind: "check" } : { kind: "call" });
      return seen.length > 8;
    }, 30_000);
    for (const v of seen) {
      for (const s of v.seats) {
        if (s.seat !== v.mySeat && v.street !== "showdown") expect(s.cards).toBeNull();
      }
      expect(v.seats.find((s) => s.seat === v.mySeat)?.cards ?? null).not.toBeNull();
    }
    live.disconnect();
  }, 40_000);
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

// A reused idempotency key with another body answers 409
// `protocol/key-reused` and leaks nothing (no user id, no key); during a database outage
// (PostgreSQL behind a loopback proxy that is cut) sign-in and other routes answer 503
// `server/unavailable` with Retry-After, and the server logs one line per outage.
import { createServer, connect, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, must, pgSchema } from "../../../testkit/server/harness.ts";

const FAST = { N: 1024, r: 8, p: 1 };
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("a reused idempotency key", () => {
  it("a director's deposit resent with another amount is 409 protocol/key-reused and names nobody", async () => {
    const server = await FeltServer.start({ db: ":memory:", port: 0, scrypt: FAST, webDist: null, directors: [DIRECTOR], log: () => {} });
    cleanups.push(() => server.close());
    const base = server.url;
    const d = await must<{ token: string; user: { id: string } }>(api(base, "POST", "/api/v1/auth/sign-in", DIRECTOR));
    const p = await must<{ user: { id: string } }>(api(base, "POST", "/api/v1/auth/sign-up", { name: "Gro", password: "gro-password-1" }));
    const key = cmd();
    await must(api(base, "POST", "/api/v1/director/deposit", { commandId: key, name: "Gro", amount: 500 }, d.token));
    const again = await api(base, "POST", "/api/v1/director/deposit", { commandId: key, name: "Gro", amount: 500 }, d.token);
    expect(again.status).toBe(200);
    const other = await api<{ error: { code: string } }>(base, "POST", "/api/v1/director/deposit", { commandId: key, name: "Gro", amount: 900 }, d.token);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("protocol/key-reused");
    const text = JSON.stringify(other.body);
    expect(text).not.toContain(d.user.id);
    expect(text).not.toContain(p.user.id);
    expect(text).not.toContain(key);
  });
});

/** A TCP proxy on loopback to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function pgProxy(): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(5432, "127.0.0.1");
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  const cut = async () => {
    await new Promise<void>((r) => {
      server.close(() => r());
      for (const s of sockets) s.destroy();
      sockets.clear();
    });
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}

describe("a database outage", () => {
  it("sign-in and other routes answer 503 with Retry-After; one log line when it starts, one when it ends", async () => {
    const proxy = await pgProxy();
    cleanups.push(() => proxy.close().catch(() => undefined));
    const schema = await pgSchema();
    cleanups.push(() => schema.drop());
    const url = schema.url.replace("localhost:5432", `127.0.0.1:${proxy.port}`);
    const logs: { message: string; error: unknown }[] = [];
    const server = await FeltServer.start({ db: url, port: 0, scrypt: FAST, webDist: null, log: (message, error) => logs.push({ message, error }) });
    cleanups.push(() => server.close().catch(() => undefined));
    const base = server.url;
    const me = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-up", { name: "Hel", password: "hel-password-1" }));
    expect(logs).toEqual([]);
    await proxy.cut();
    const answers = [];
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${base}/api/v1/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Hel", password: "hel-password-1" }),
      });
      answers.push({ status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as { error?: { code: string } } });
    }
    const meDown = await api<{ error: { code: string } }>(base, "GET", "/api/v1/me", undefined, me.token);
    for (const a of answers) {
      expect(a.status).toBe(503);
      expect(a.body.error?.code).toBe("server/unavailable");
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(meDown.status).toBe(503);
    expect(meDown.body.error.code).toBe("server/unavailable");
    // Not ready for a load balancer while the store is away; alive for a supervisor.
    const readyDown = await fetch(`${base}/ready`);
    expect(readyDown.status).toBe(503);
    expect(Number(readyDown.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await readyDown.json()) as { error: { code: string } }).error.code).toBe("server/unavailable");
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect(logs.map((l) => l.message)).toEqual([expect.stringMatching(/^database unavailable/)]);
    expect(logs.every((l) => l.error === undefined)).toBe(true);
    await proxy.restore();
    let back = 0;
    for (let i = 0; i < 20 && back !== 200; i++) back = (await api(base, "POST", "/api/v1/auth/sign-in", { name: "Hel", password: "hel-password-1" })).status;
    expect(back).toBe(200);
    expect(await (await fetch(`${base}/ready`)).json()).toEqual({ ready: true });
    expect(logs.map((l) => l.message)).toEqual([expect.stringMatching(/^database unavailable/), expect.stringMatching(/^database available again/)]);
  });
});

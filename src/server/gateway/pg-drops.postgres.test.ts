// A server whose PostgreSQL stops answering (packets dropped, no refusal): requests that need
// the database answer 503 with Retry-After within the store's timeouts, never hang; once
// PostgreSQL answers again they succeed on fresh connections.
import { afterAll, describe, expect, it } from "vitest";
import { FeltServer } from "../felt-server.ts";
import { api, DIRECTOR, pgThroughProxy } from "../../../testkit/server/harness.ts";

let server: FeltServer | undefined;
let pg: Awaited<ReturnType<typeof pgThroughProxy>> | undefined;
afterAll(async () => {
  pg?.proxy.heal();
  await server?.close();
  await pg?.close();
});

describe("PostgreSQL dropping packets under a running server", () => {
  it("a sign-in answers 503 with Retry-After while it drops them, and 200 once it answers again", async () => {
    pg = await pgThroughProxy();
    const proxy = pg.proxy;
    server = await FeltServer.start({ db: pg.url, port: 0, scrypt: { N: 1024, r: 8, p: 1 }, directors: [DIRECTOR], webDist: null, log: () => {} });
    expect((await api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR)).status).toBe(200);

    proxy.blackhole();
    const cut = await fetch(`${server.url}/api/v1/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(DIRECTOR),
    });
    expect(cut.status).toBe(503);
    expect(Number(cut.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await cut.json()) as { error: { code: string } }).error.code).toBe("server/unavailable");

    proxy.heal();
    expect((await api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR)).status).toBe(200);
  }, 60_000);
});

// Cluster members start together on one fresh database (scripts/cluster-local.mjs, a
// rolling deploy): each is told to create the same director, and the one that loses the
// race must find the account the other made, not exit ("the name is taken").
import { describe, expect, it } from "vitest";
import { FeltServer } from "../felt-server.ts";
import { api, DIRECTOR, pgSchema } from "../testing/harness.ts";

describe("servers starting together on one PostgreSQL database", () => {
  it("both start when each creates the same director, and the director signs in on both", async () => {
    const schema = await pgSchema();
    const servers: FeltServer[] = [];
    try {
      const start = () => FeltServer.start({ db: schema.url, port: 0, scrypt: { N: 1024, r: 8, p: 1 }, directors: [DIRECTOR], webDist: null, log: () => {} });
      const started = await Promise.allSettled([start(), start(), start()]);
      for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
      expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "started"))).toEqual(["started", "started", "started"]);
      for (const s of servers) {
        const r = await api<{ user: { role: string } }>(s.url, "POST", "/api/v1/auth/sign-in", DIRECTOR);
        expect(r.status).toBe(200);
        expect(r.body.user.role).toBe("director");
      }
    } finally {
      for (const s of servers) await s.close();
      await schema.drop();
    }
  });
});

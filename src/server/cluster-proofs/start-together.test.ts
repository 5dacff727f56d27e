// Cluster members start together on one fresh database (scripts/cluster-local.mjs, a
// rolling deploy): each is told to create the same director, and the one that loses the
// race must find the account the other made, not exit ("the name is taken").
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dropClusterBuckets, NATS_TEST_URL } from "../../../testkit/cluster/nats.ts";
import { FeltServer } from "../felt-server.ts";
import { api, DIRECTOR, pgSchema } from "../../../testkit/server/harness.ts";
import { memberOptions } from "../../../testkit/cluster/members.ts";

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

describe("a cluster runs its tables on one layout", () => {
  it("a member started with --tables-with-director beside a live member on the default (split tables) is refused before it serves anything; alone it starts", async () => {
    const schema = await pgSchema();
    const prefix = `felt_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const servers: FeltServer[] = [];
    try {
      const split = await FeltServer.start({ ...memberOptions(schema.url, "a", prefix, [], "split"), cluster: { nats: NATS_TEST_URL, member: "a", prefix } });
      servers.push(split);
      expect(split.host!.layout).toBe("split"); // the default
      const refused = await FeltServer.start(memberOptions(schema.url, "b", prefix, [], "with-director")).then(
        (s) => (servers.push(s), "started"),
        (e: unknown) => String(e),
      );
      expect(refused).toMatch(/member a of this cluster runs its tables split over the cluster.*start it without --tables-with-director/);
      await servers.pop()!.close();
      const alone = await FeltServer.start(memberOptions(schema.url, "b", prefix, [], "with-director"));
      servers.push(alone);
      expect(alone.host!.layout).toBe("with-director");
    } finally {
      for (const s of servers) await s.close();
      await dropClusterBuckets(prefix);
      await schema.drop();
    }
  });
});

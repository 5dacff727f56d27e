// The same create sent again while the first is still under way (a client's retry, or a
// cluster member's forward retried after a timeout) makes one tournament: every answer names
// it, and its new stream holds one `created` record.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeltServer } from "../felt-server.ts";
import { tournamentStream } from "../tournaments/tournament-runtime.ts";
import { JumpClock, startTestServer, stopTestServer } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, pgSchema } from "../../../testkit/server/harness.ts";

// PostgreSQL: its round trips let the requests interleave, as they do across a cluster.
describe("creating a tournament (PostgreSQL)", () => {
  const clock = new JumpClock();
  let server: FeltServer;
  let director: string;
  let drop = async () => {};
  beforeAll(async () => {
    const pg = await pgSchema();
    drop = pg.drop;
    ({ server, director } = await startTestServer(clock, { db: pg.url }));
  }, 60_000);
  afterAll(async () => {
    await stopTestServer(server, clock);
    await drop();
  });

  it("the same request four times at once: one tournament, four answers naming it", async () => {
    const body = {
      commandId: cmd(),
      presetId: "seed",
      name: "Once",
      kind: "online",
      startsAt: clock.now() + 3_600_000,
      buyIn: 1000,
      fee: 100,
      settings: { start: "manual" },
    };
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => api<{ tournament: { id: string } }>(server.url, "POST", "/api/v1/director/tournaments", body, director)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => a.body.tournament.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const records = await server.svc.store.read(tournamentStream(id!), 1);
    expect(records.filter((r) => r.type === "created")).toHaveLength(1);
    expect(server.served.list().filter((t) => t.id === id)).toHaveLength(1);
  });
});

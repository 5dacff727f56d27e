// Cluster mode: once the store answers `store/fenced` (another process owns the
// tournament's partition now), the tournament and its tables close: timers cancelled, one
// log line each, nothing retried as if the database were down.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fail } from "../../lib/result.ts";
import { ManualClock } from "../clock.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, setupTournament, startTournament } from "../../../testkit/server/harness.ts";

let server: FeltServer;
const clock = new ManualClock();
const logs: string[] = [];

beforeAll(async () => {
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    clock,
    handPauseMs: 0,
    actionMs: 3000,
    timeBankMs: 0,
    tableSize: 6,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    webDist: null,
    rateLimit: { perSecond: 500, burst: 1000 },
    log: (m) => logs.push(m),
  });
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe("a tournament fenced off", () => {
  it("a table's timeout refused with store/fenced stops the table and its tournament; later commands never reach the store", async () => {
    const s = await setupTournament(server.url, 4);
    await startTournament(server.url, s);
    const t = server.tournaments.get(s.tournamentId)!;
    const table = [...t.tables.values()][0]!;
    for (let i = 0; i < 50 && table.state.hand === null; i++) {
      clock.advance(10);
      await table.idle();
    }
    expect(table.state.hand).not.toBeNull();
    let writes = 0;
    const store = server.svc.store;
    const refuse = () => {
      writes++;
      return Promise.resolve(fail("store/fenced", "epoch 7 is below the fence 8 of tournament.03", { scope: "tournament.03", epoch: 7, fence: 8 }));
    };
    store.append = refuse;
    store.appendWithPostings = refuse;
    clock.advance(3000); // the action clock runs out at every table
    for (const x of t.tables.values()) await x.idle();
    await t.enqueue(async () => undefined);
    expect(table.fenced).toBe(true);
    expect(t.fenced).toBe(true);
    expect(t.closed).toBe(true);
    const before = writes;
    clock.advance(60_000);
    for (const x of t.tables.values()) await x.idle();
    const paused = await api<{ error: { code: string } }>(
      server.url,
      "POST",
      `/api/v1/director/tournaments/${t.id}/pause`,
      { commandId: cmd() },
      s.directorToken,
    );
    expect(paused.status).toBe(503);
    expect(paused.body.error.code).toBe("server/unavailable");
    expect(writes).toBe(before);
    expect(logs.filter((m) => m.startsWith(`tournament ${t.id}: stopped`))).toHaveLength(1);
    expect(logs.filter((m) => m.includes("stopped:")).length).toBe(1 + [...t.tables.values()].filter((x) => x.fenced).length);
  });
});

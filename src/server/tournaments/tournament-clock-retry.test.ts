// R-TRN-1: a level or break that is due starts when it is due, also when the store did not
// answer the first time the clock tried to record it. The clock's timer then waits for the
// director's own next boundary (the state's item), so the change is tried again a second
// later: armed for the time's current item instead, it waited for the item after it, and the
// level after a break began a whole level late (a cluster member's PostgreSQL slow at that moment).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LobbyTournament } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { api, cmd, must, setupTournament, startTournament } from "../../../testkit/server/harness.ts";
import { clockStepper, MIN, startTestServer } from "../../../testkit/server/entries-fixture.ts";

const level = (bb: number) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 1, colourUp: null });

let server: FeltServer;
let token: string;
const clock = new ManualClock(1_800_000_000_000);

beforeAll(async () => {
  ({ server, director: token } = await startTestServer(clock));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** The next append to `stream` throws (the database did not answer); every other append, and the ones after, land. */
function failNextAppend(stream: string): { failed: () => boolean } {
  const store = server.svc.store;
  const append = store.append.bind(store);
  let failed = false;
  store.append = (s, expected, events) => {
    if (s !== stream || failed) return append(s, expected, events);
    failed = true;
    store.append = append;
    return Promise.reject(new Error("connection terminated unexpectedly"));
  };
  return { failed: () => failed };
}

describe("the clock after a change it could not record", () => {
  it("live: the next level starts a second after the store failed to record it, not at the end of that level", async () => {
    const created = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        {
          commandId: cmd(),
          presetId: "seed",
          name: "Live clock",
          kind: "live",
          startsAt: clock.now(),
          buyIn: 100,
          fee: 0,
          structure: { startingStack: 1000, levels: [level(20), level(40), level(80)] },
        },
        token,
      ),
    );
    const id = created.tournament.id;
    const path = `/api/v1/director/tournaments/${id}`;
    for (const name of ["Ann Walk", "Bo Walk", "Cy Walk"]) await must(api(server.url, "POST", `${path}/walk-in`, { commandId: cmd(), name }, token));
    await must(api(server.url, "POST", `${path}/start`, { commandId: cmd() }, token));
    const t = server.tournaments.get(id)!;
    const settle = async () => {
      for (let i = 0; i < 5; i++) await t.enqueue(async () => {});
    };
    expect(t.dir.levelNumber).toBe(1);
    const outage = failNextAppend(`tournament:${id}`);
    clock.advance(MIN);
    await settle();
    expect(outage.failed()).toBe(true);
    expect(t.dir.levelNumber).toBe(1);
    clock.advance(1_000);
    await settle();
    expect(t.dir.levelNumber).toBe(2);
    // And the level after it at its own time: the retry did not move the schedule.
    clock.advance(MIN - 1_001);
    await settle();
    expect(t.dir.levelNumber).toBe(2);
    clock.advance(1);
    await settle();
    expect(t.dir.levelNumber).toBe(3);
  });

  it("online: the level after the break starts a second after the store failed to record it, not a level later", async () => {
    const s = await setupTournament(server.url, 3, {
      structure: { startingStack: 100_000, levels: [level(20), { kind: "break", sb: 0, bb: 0, ante: 0, minutes: 1, colourUp: null }, level(40), level(80)] },
    });
    await startTournament(server.url, s);
    const t = server.tournaments.get(s.tournamentId)!;
    // Nobody acts: the action clock plays every turn, hand after hand, until the break.
    const step = clockStepper(server, clock, s.tournamentId);
    const startedAt = t.dir.startedAt!;
    while (!t.dir.onBreak && clock.now() - startedAt < 3 * MIN) await step(500);
    expect(t.dir.onBreak).toBe(true);
    const breakEnds = startedAt + 2 * MIN;
    const outage = failNextAppend(`tournament:${s.tournamentId}`);
    while (clock.now() < breakEnds) await step(Math.min(500, breakEnds - clock.now()));
    await step(0);
    expect(outage.failed()).toBe(true);
    expect(t.dir.onBreak).toBe(true);
    await step(1_000);
    expect(t.dir.onBreak).toBe(false);
    expect(t.dir.levelNumber).toBe(2);
  });
});

// PostgreSQL goes away just as a one-table online tournament records a hand's end (the
// connections closed, new ones refused: a proxy of the test's own between the server and the
// machine's PostgreSQL, cut at that moment), and comes back a few seconds later. The
// tournament plays on by itself: the record is tried again until the database answers, the
// hand is recorded once, and the table deals its next hands.
import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "../clock.ts";
import { FeltServer } from "../felt-server.ts";
import { pgThroughProxy, setupTournament, startTournament } from "../../../testkit/server/harness.ts";
import { clockStepper, MIN, TEST_SERVER } from "../../../testkit/server/entries-fixture.ts";

const level = (bb: number) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 30, colourUp: null });

let server: FeltServer | undefined;
let pg: Awaited<ReturnType<typeof pgThroughProxy>> | undefined;
afterAll(async () => {
  pg?.proxy.heal();
  await server?.close();
  await pg?.close();
});

describe("PostgreSQL away while a tournament records a hand", () => {
  it("the hand is recorded once it answers again, and the table deals on", async () => {
    pg = await pgThroughProxy();
    const p = pg.proxy;
    const clock = new ManualClock(1_800_000_000_000);
    const logged: string[] = [];
    const srv = await FeltServer.start({ ...TEST_SERVER, db: pg.url, clock, log: (line: string) => void logged.push(line) });
    server = srv;
    const s = await setupTournament(srv.url, 3, { structure: { startingStack: 100_000, levels: [level(20), level(40)] } });
    await startTournament(srv.url, s);
    const t = srv.tournaments.get(s.tournamentId)!;
    const hands = () => t.recorded.get(1) ?? 0;
    const step = clockStepper(srv, clock, s.tournamentId);
    const began = clock.now();
    while (hands() < 1 && clock.now() - began < 2 * MIN) await step(500);
    expect(hands()).toBeGreaterThanOrEqual(1);

    // The moment the tournament stores a hand's end, PostgreSQL goes away under it.
    const stream = `tournament:${s.tournamentId}`;
    const store = srv.svc.store;
    const append = store.append.bind(store);
    let cutAt: number | null = null;
    store.append = (x, expected, events) => {
      if (cutAt === null && x === stream && events.some((e) => e.type === "hand-recorded")) {
        cutAt = (events.find((e) => e.type === "hand-recorded")!.data as { handNumber: number }).handNumber;
        p.cut();
        store.append = append;
      }
      return append(x, expected, events);
    };
    const before = hands();
    while (cutAt === null && clock.now() - began < 4 * MIN) await step(500);
    expect(cutAt).toBe(before + 1);
    // Away for a few seconds of the server's time: the hand is not recorded meanwhile.
    for (let i = 0; i < 6; i++) await step(500);
    expect(hands()).toBe(before);
    expect(logged.some((l) => l.includes(s.tournamentId) && l.includes("cannot record hand"))).toBe(true);

    p.heal();
    const healed = clock.now();
    while (hands() < before + 3 && clock.now() - healed < 3 * MIN) await step(500);
    expect(hands()).toBeGreaterThanOrEqual(before + 3);
  }, 120_000);
});

// A table whose settle the store could not record (the database did not answer for a
// moment) deals again once the store answers: the director's settle of that table is tried
// again, not forgotten until some other table's hand happens to settle it. A settle the
// director refuses stops the table where the floor sees it, with the reason, and is tried
// again until it passes.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SeatingResponse } from "../../protocol/index.ts";
import { fail } from "../../lib/result.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";
import { ManualClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { api, must, setupTournament, startTournament } from "../../../testkit/server/harness.ts";
import { clockStepper, MIN, startTestServer } from "../../../testkit/server/entries-fixture.ts";
import { REFUSED_RETRY_MS } from "./tournament-tables.ts";

/** While set, the director refuses every `table-settle` as a colour-up it cannot make (the fault is injected; the rest is the real director). */
const refusing = vi.hoisted(() => ({ on: false }));
vi.mock("../../tournament/director/index.ts", async (original) => {
  const real = await original<typeof import("../../tournament/director/index.ts")>();
  return {
    ...real,
    decide: (...args: Parameters<typeof real.decide>) =>
      refusing.on && args[1].type === "table-settle"
        ? fail(TOURNAMENT_ERRORS.badStack, "p1's other chips must be whole 500s or larger", { player: "p1" })
        : real.decide(...args),
  };
});

const level = (bb: number) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 30, colourUp: null });

let server: FeltServer;
const clock = new ManualClock(1_800_000_000_000);
const logged: string[] = [];

beforeAll(async () => {
  ({ server } = await startTestServer(clock, { log: (line: string) => void logged.push(line) }));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A one-table tournament of three that has played its first hand: its hands recorded so far, and a step of the clock. */
async function playing() {
  const s = await setupTournament(server.url, 3, { structure: { startingStack: 100_000, levels: [level(20), level(40)] } });
  await startTournament(server.url, s);
  const t = server.tournaments.get(s.tournamentId)!;
  const hands = () => t.recorded.get(1) ?? 0;
  const step = clockStepper(server, clock, s.tournamentId);
  const began = clock.now();
  while (hands() < 1 && clock.now() - began < 2 * MIN) await step(500);
  expect(hands()).toBeGreaterThanOrEqual(1);
  return { s, hands, step, began };
}

/** The `nth` append to `stream` from now on throws (the database did not answer); every other one lands. */
function failAppend(stream: string, nth: number): { failed: () => boolean; types: () => string[] } {
  const store = server.svc.store;
  const append = store.append.bind(store);
  let seen = 0;
  let failed = false;
  let types: string[] = [];
  store.append = (s, expected, events) => {
    if (s !== stream || failed || ++seen < nth) return append(s, expected, events);
    failed = true;
    types = events.map((e) => (e.type === "director" ? (e.data as { type: string }).type : e.type));
    store.append = append;
    return Promise.reject(new Error("connection terminated unexpectedly"));
  };
  return { failed: () => failed, types: () => types };
}

describe("a table settle the store could not record", () => {
  for (const nth of [1, 2]) {
    const lost = nth === 1 ? "hand-recorded" : "dealing";
    it(`the table deals on once the store answers (the ${nth === 1 ? "hand's record" : "settle after it"} failed)`, async () => {
      const { s, hands, step, began } = await playing();
      const outage = failAppend(`tournament:${s.tournamentId}`, nth);
      const before = hands();
      while (!outage.failed() && clock.now() - began < 4 * MIN) await step(500);
      expect(outage.failed()).toBe(true);
      expect(outage.types()).toContain(lost);
      const failedAt = clock.now();
      while (hands() < before + 3 && clock.now() - failedAt < 2 * MIN) await step(500);
      expect(hands()).toBeGreaterThanOrEqual(before + 3);
    }, 60_000);
  }

  it("refused: the floor's seat map shows the table stopped and why; once a retry passes it deals again and the mark goes", async () => {
    const { s, hands, step, began } = await playing();
    const seating = () => must<SeatingResponse>(api(server.url, "GET", `/api/v1/director/tournaments/${s.tournamentId}/seating`, undefined, s.directorToken));
    expect((await seating()).tables[0]?.stopped).toBeUndefined();
    refusing.on = true;
    try {
      const before = hands();
      while (hands() === before && clock.now() - began < 4 * MIN) await step(500);
      const stoppedAt = hands();
      expect(stoppedAt).toBe(before + 1);
      // Its hand is recorded, the settle refused: the table does not deal, and the floor reads why.
      for (let i = 0; i < 10; i++) await step(REFUSED_RETRY_MS / 5);
      expect(hands()).toBe(stoppedAt);
      expect((await seating()).tables[0]?.stopped).toEqual({ code: TOURNAMENT_ERRORS.badStack, message: "p1's other chips must be whole 500s or larger" });
    } finally {
      refusing.on = false;
    }
    const fixedAt = clock.now();
    const from = hands();
    while (hands() < from + 2 && clock.now() - fixedAt < 2 * MIN) await step(500);
    expect(hands()).toBeGreaterThanOrEqual(from + 2);
    expect((await seating()).tables[0]?.stopped).toBeUndefined();
  }, 60_000);

  it("a long outage: tried again less and less often, one log line for it, and the table deals on once the store answers", async () => {
    const { s, hands, step } = await playing();
    const stream = `tournament:${s.tournamentId}`;
    const store = server.svc.store;
    const append = store.append.bind(store);
    let refused = 0;
    store.append = (x, expected, events) => {
      if (x !== stream) return append(x, expected, events);
      refused++;
      return Promise.reject(new Error("connection terminated unexpectedly"));
    };
    const linesBefore = logged.length;
    try {
      const from = clock.now();
      while (clock.now() - from < 2 * MIN) await step(500);
    } finally {
      store.append = append;
    }
    const said = logged.slice(linesBefore).filter((l) => l.includes(s.tournamentId) && l.includes("cannot record"));
    expect(said.length, said.join("\n")).toBe(1);
    // 1, 2, 4, 8, 16, then every 30 s over two minutes: a handful of tries, not 120.
    expect(refused).toBeGreaterThanOrEqual(4);
    expect(refused).toBeLessThanOrEqual(10);
    const back = hands();
    const healed = clock.now();
    while (hands() < back + 2 && clock.now() - healed < 2 * MIN) await step(500);
    expect(hands()).toBeGreaterThanOrEqual(back + 2);
  }, 60_000);
});

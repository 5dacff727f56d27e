// What the room's TV reads from the public tournament view of a live event: before the
// start the scheduled start and the field so far, a big-blind ante marked as one, the
// re-entries counted, in a break the chips that leave there (R-CHIP-1), and at the finish
// the winner, the paid places and the deal that ended it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LobbyTournament, SeatAssignment, TournamentView } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { startLiveServer } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, must } from "../../../testkit/server/harness.ts";

const MIN = 60_000;
// The 25s play the first level only: every amount after the break is a multiple of 100.
const STRUCTURE = {
  startingStack: 1000,
  chips: [25, 100, 500],
  levels: [
    { kind: "level" as const, sb: 25, bb: 50, ante: 0, minutes: 10, colourUp: null },
    { kind: "level" as const, sb: 100, bb: 200, ante: 200, minutes: 10, colourUp: null, bigBlindAnte: true },
    { kind: "break" as const, sb: 0, bb: 0, ante: 0, minutes: 10, colourUp: null },
    { kind: "level" as const, sb: 200, bb: 400, ante: 400, minutes: 10, colourUp: null, bigBlindAnte: true },
    ...[300, 400, 500, 600].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 10, colourUp: null })),
  ],
};

let server: FeltServer;
let clock: ManualClock;
let token: string;

beforeAll(async () => {
  clock = new ManualClock(1_800_000_000_000);
  ({ server, director: token } = await startLiveServer(clock));
}, 60_000);
afterAll(async () => server?.close());

describe("the TV's view of a live tournament", () => {
  it("counts down to the start, marks a big-blind ante, counts re-entries, names the chips leaving at the break and shows the finish with its deal", async () => {
    const startsAt = clock.now() + 30 * MIN;
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "deep", name: "TV night", kind: "live", startsAt, buyIn: 1000, fee: 100, structure: STRUCTURE },
        token,
      ),
    );
    const id = made.tournament.id;
    const p = `/api/v1/director/tournaments/${id}`;
    const call = <T>(route: string, body: object) => must<T>(api(server.url, "POST", `${p}${route}`, { commandId: cmd(), ...body }, token));
    const view = () => must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`));
    const seats = async () => (await must<{ seats: SeatAssignment[] }>(api(server.url, "GET", `${p}/seating`, undefined, token))).seats;
    const t = server.tournaments.get(id)!;
    const idle = async () => {
      for (let i = 0; i < 5; i++) await t.enqueue(async () => {});
    };
    const advance = async (ms: number) => {
      clock.advance(ms);
      await idle();
    };

    for (const name of ["Ada", "Bea", "Cid", "Dot"]) await call("/walk-in", { name });
    const before = await view();
    expect(before.startsAt).toBe(startsAt);
    expect(before.entries).toBe(4);
    expect(before.prizePool).toBe(4000);
    expect(before.reEntries).toBe(0);
    expect(before.finish).toBeUndefined();

    await call("/start", {});
    expect((await view()).level?.bigBlindAnte).toBeUndefined();
    expect((await view()).colourUpDue).toEqual([]);
    const ada = (await seats()).find((s) => s.name === "Ada")!;
    await call("/live", { kind: "bust", entryId: ada.entryId });
    await call("/live", { kind: "re-enter", entryId: ada.entryId });
    const again = await view();
    expect(again.entries).toBe(5);
    expect(again.reEntries).toBe(1);

    await advance(10 * MIN + 1000);
    const second = await view();
    expect(second.level?.number).toBe(2);
    expect(second.level?.bigBlindAnte).toBe(true);

    await advance(10 * MIN);
    const onBreak = await view();
    expect(onBreak.onBreak).toBe(true);
    expect(onBreak.colourUpDue).toEqual([25]);
    expect(onBreak.nextLevel?.bigBlindAnte).toBe(true);

    // Past the re-entry window: the prizes are fixed, the last two make a chip-chop deal.
    await advance(70 * MIN);
    expect((await view()).colourUpDue).toEqual([]);
    while ((await seats()).length > 2) await call("/live", { kind: "bust", entryId: (await seats())[0]!.entryId });
    const two = await seats();
    const counted = two.map((s, i) => ({ entryId: s.entryId, stack: [3000, 2000][i]! }));
    await call("/live", { kind: "chip-count", stacks: counted });
    const wrong = await api<{ error: { details?: Record<string, number> } }>(
      server.url,
      "POST",
      `${p}/deal`,
      { commandId: cmd(), method: "chip-chop", payouts: counted.map((c) => ({ entryId: c.entryId, amount: 0 })) },
      token,
    );
    const figures = Object.entries(wrong.body.error.details!).map(([entryId, amount]) => ({ entryId, amount }));
    await call("/deal", { method: "chip-chop", payouts: figures, apply: true });
    const done = await view();
    expect(done.status).toBe("finished");
    expect(done.finish?.deal).toBe("chip-chop");
    const winner = two[0]!;
    expect(done.finish?.results[0]).toEqual({ place: 1, name: winner.name, prize: figures.find((f) => f.entryId === winner.entryId)!.amount });
    expect(done.finish?.results.map((r) => r.place)).toEqual(done.finish?.results.map((_, i) => i + 1));
    expect(done.finish?.results.reduce((a, r) => a + r.prize, 0)).toBe(done.prizePool);
  });
});

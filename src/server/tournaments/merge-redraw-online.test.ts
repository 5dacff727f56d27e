// R-TBL-3 with a full redraw when tables merge, online: bots play an event on 3-seat tables
// to the end; each merge redraws every seat (the server's tables take the new seats), and
// every entrant gets one place.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TournamentPage } from "../../protocol/index.ts";
import { systemClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { startTestServer, stopTestServer } from "../../../testkit/server/entries-fixture.ts";
import { api, must, playToTheEnd, setupTournament, startTournament } from "../../../testkit/server/harness.ts";

type Stored = { readonly type: string; readonly data: { readonly type: string } };

let server: FeltServer;
beforeAll(async () => {
  ({ server } = await startTestServer(systemClock));
}, 60_000);
afterAll(() => stopTestServer(server));

describe("R-TBL-3 a full redraw when tables merge, online", () => {
  it("R-TBL-3 redraw: played to the end by bots, every merge a redraw, one place for each entrant", async () => {
    const s = await setupTournament(server.url, 8, { settings: { tableSize: 3, tableMerge: "redraw" } });
    // Every director event the tournament stores, as it stores it.
    const t = server.tournaments.get(s.tournamentId)! as unknown as { append: (records: readonly Stored[], ...rest: unknown[]) => unknown };
    const kinds: string[] = [];
    const append = t.append.bind(t);
    t.append = (records, ...rest) => {
      for (const r of records) if (r.type === "director") kinds.push(r.data.type);
      return append(records, ...rest);
    };
    await startTournament(server.url, s);
    const { final } = await playToTheEnd(() => server.url, s, { allInChance: 0.5 }, { timeoutMs: 240_000 });
    expect(final.status).toBe("finished");
    // 8 on three tables of 3 (3/3/2): once 6 or fewer are left they fit two tables, and those merge by a redraw.
    expect(kinds).toContain("redrawn");
    const page = await must<TournamentPage>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/page`));
    expect(page.settings?.tableMerge).toBe("redraw");
    // Players out in one hand with equal stacks share places (R-PLACE-2): every entrant has one, one winner.
    expect(page.entrants).toHaveLength(8);
    expect(page.entrants.every((e) => e.place !== null && e.place >= 1 && e.place <= 8)).toBe(true);
    expect(page.entrants.filter((e) => e.place === 1)).toHaveLength(1);
  }, 300_000);
});

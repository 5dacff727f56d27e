// The rules a hand is dealt under at the server's tables, as the room and the structure
// chose them (R-POT-4 odd chip, R-POT-6 one card kills, R-BET-9 a limit level of mixed
// hold'em): every hand dealt under them, its view, and its history, so a replay of the
// exported PHH decides the same.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phhConfig, readPhh, writePhh } from "../../engine/history/phh.ts";
import { unwrap } from "../../lib/result.ts";
import type { TournamentPage, TournamentView } from "../../protocol/index.ts";
import { systemClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { startTestServer, stopTestServer } from "../../../testkit/server/entries-fixture.ts";
import { api, eventually, must, setupTournament, startTournament } from "../../../testkit/server/harness.ts";
import { phhFor } from "./history.ts";

let server: FeltServer;
beforeAll(async () => {
  ({ server } = await startTestServer(systemClock));
}, 60_000);
afterAll(() => stopTestServer(server));

async function dealt(settings: Record<string, unknown>, structure?: unknown) {
  const s = await setupTournament(server.url, 2, { settings: { tableSize: 9, ...settings }, ...(structure === undefined ? {} : { structure }) });
  await startTournament(server.url, s);
  const t = server.tournaments.get(s.tournamentId)!;
  await eventually(() => [...t.tables.values()].some((x) => x.state.hand !== null));
  const table = [...t.tables.values()].find((x) => x.state.hand !== null)!;
  const view = await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}`));
  const page = await must<TournamentPage>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/page`));
  return { hand: table.state.hand!, view, page };
}

describe("the room's showdown rules at the server's tables", () => {
  it("R-POT-4 by a card draw and R-POT-6 one card kills: every hand dealt under them, the view says so, the history replays under them", async () => {
    const { hand, view, page } = await dealt({ oddChip: "draw", oneCardKills: true });
    expect(hand.state.cfg.oddChip).toBe("draw");
    expect(hand.state.cfg.oneCardKills).toBe(true);
    expect(view.settings).toMatchObject({ oddChip: "draw", oneCardKills: true });
    // The public page a player reads before entering says the same.
    expect(page.settings).toEqual(view.settings);
    const [again] = unwrap(readPhh(writePhh(phhFor(hand, null, "table 1"))));
    expect(phhConfig(again!)).toMatchObject({ oddChip: "draw", oneCardKills: true });
  });

  it("by default the rulebook's: the odd chip left of the button, both cards shown", async () => {
    const { hand, view } = await dealt({});
    expect(hand.state.cfg.oddChip).toBe("left-of-button");
    expect(hand.state.cfg.oneCardKills).toBe(false);
    expect(view.settings).toMatchObject({ oddChip: "left-of-button", oneCardKills: false });
    const [again] = unwrap(readPhh(writePhh(phhFor(hand, null, "table 1"))));
    expect(phhConfig(again!).oneCardKills).toBeUndefined();
  });

  it("R-BET-9: a limit level of mixed hold'em is dealt as fixed limit at the server's tables, the view and the history say so", async () => {
    const limit = { kind: "level", sb: 10, bb: 20, ante: 0, minutes: 5, colourUp: null, game: "limit", limit: { sb: 20, bb: 40, ante: 0 } };
    const { hand, page } = await dealt({}, { startingStack: 1000, levels: [limit, { ...limit, sb: 20, bb: 40, limit: { sb: 40, bb: 80, ante: 0 } }] });
    expect(hand.state.cfg).toMatchObject({ variant: "FT", smallBet: 40, bigBet: 80 });
    expect(hand.blinds).toMatchObject({ sb: 20, bb: 40, limit: true });
    expect(page.structure.map((x) => x.limit)).toEqual([true, true]);
    const table = [...server.tournaments.values()].flatMap((t) => [...t.tables.values()]).find((x) => x.state.hand === hand)!;
    expect(table.viewFor(null).variant).toBe("fixed-limit");
    const [again] = unwrap(readPhh(writePhh(phhFor(hand, null, "table 1"))));
    expect(phhConfig(again!)).toMatchObject({ variant: "FT", smallBet: 40, bigBet: 80 });
  });
});

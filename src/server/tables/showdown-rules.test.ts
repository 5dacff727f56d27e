// The room's showdown rules (R-POT-4 odd chip, R-POT-6 one card kills) chosen at create reach
// every hand the server deals, its view, and the hand's history: a replay of the exported
// PHH decides under the same rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phhConfig, readPhh, writePhh } from "../../engine/history/phh.ts";
import { unwrap } from "../../lib/result.ts";
import type { TournamentView } from "../../protocol/index.ts";
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

async function dealt(settings: Record<string, unknown>) {
  const s = await setupTournament(server.url, 2, { settings: { tableSize: 9, ...settings } });
  await startTournament(server.url, s);
  const t = server.tournaments.get(s.tournamentId)!;
  await eventually(() => [...t.tables.values()].some((x) => x.state.hand !== null));
  const table = [...t.tables.values()].find((x) => x.state.hand !== null)!;
  const view = await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}`));
  return { hand: table.state.hand!, view };
}

describe("the room's showdown rules at the server's tables", () => {
  it("R-POT-4 by a card draw and R-POT-6 one card kills: every hand dealt under them, the view says so, the history replays under them", async () => {
    const { hand, view } = await dealt({ oddChip: "draw", oneCardKills: true });
    expect(hand.state.cfg.oddChip).toBe("draw");
    expect(hand.state.cfg.oneCardKills).toBe(true);
    expect(view.settings).toMatchObject({ oddChip: "draw", oneCardKills: true });
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
});

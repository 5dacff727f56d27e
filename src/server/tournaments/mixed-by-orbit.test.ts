// R-BET-9 mixed hold'em switched by orbit at the server's tables: the room's
// `settings.mixedBy` is the event's, its view says so, and two players dealt heads-up (an
// orbit is two hands) play two hands of no-limit, then two of fixed limit at the level's
// limit blinds, as each hand's history records.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HandListResponse, HandTexts, TournamentPage, TournamentView } from "../../protocol/index.ts";
import { systemClock } from "../clock.ts";
import type { FeltServer } from "../felt-server.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import { startTestServer, stopTestServer } from "../../../testkit/server/entries-fixture.ts";
import { api, eventually, must, setupTournament, startTournament } from "../../../testkit/server/harness.ts";

let server: FeltServer;
beforeAll(async () => {
  ({ server } = await startTestServer(systemClock));
}, 60_000);
afterAll(() => stopTestServer(server));

// One long no-limit level that names its limit blinds: by level it is no-limit throughout.
const level = { kind: "level", sb: 10, bb: 20, ante: 0, minutes: 60, colourUp: null, game: "no-limit", limit: { sb: 20, bb: 40, ante: 0 } };
const STRUCTURE = { startingStack: 100_000, levels: [level, { ...level, sb: 20, bb: 40, limit: { sb: 40, bb: 80, ante: 0 } }] };

async function variants(settings: Record<string, unknown>): Promise<{ view: TournamentView; games: string[] }> {
  const s = await setupTournament(server.url, 2, { settings: { tableSize: 9, ...settings }, structure: STRUCTURE });
  await startTournament(server.url, s);
  const t = server.tournaments.get(s.tournamentId)!;
  await eventually(() => t.tables.size > 0);
  const bots = s.players.map((p, i) => new Bot(server.url, p.name, p.token, { seed: i + 1 }));
  await Promise.all(bots.map((b) => b.connect()));
  const tableId = [...t.tables.values()][0]!.state.config.tableId;
  for (const b of bots) b.watch(tableId);
  const me = s.players[0]!.token;
  let list: HandListResponse = { hands: [] };
  await eventually(async () => {
    list = await must<HandListResponse>(api(server.url, "GET", "/api/v1/hands", undefined, me));
    return list.hands.filter((h) => h.tournamentId === s.tournamentId).length >= 5;
  }, 50);
  for (const b of bots) b.close();
  const mine = list.hands.filter((h) => h.tournamentId === s.tournamentId).sort((a, b) => a.handNumber - b.handNumber);
  const games: string[] = [];
  for (const h of mine.slice(0, 4)) {
    const texts = await must<HandTexts>(api(server.url, "GET", `/api/v1/hands/${h.handId}/texts`, undefined, me));
    games.push(/variant = ["'](\w+)["']/.exec(texts.phh)?.[1] ?? "?");
  }
  const view = await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}`));
  return { view, games };
}

describe("R-BET-9 mixed hold'em by orbit at the server's tables", () => {
  it("by orbit: heads-up, two hands of no-limit, then two of fixed limit; the view says orbit", async () => {
    const { view, games } = await variants({ mixedBy: "orbit" });
    expect(view.settings?.mixedBy).toBe("orbit");
    expect(games).toEqual(["NT", "NT", "FT", "FT"]);
  }, 120_000);

  it("by level (the default): the no-limit level plays no-limit throughout", async () => {
    const { view, games } = await variants({});
    expect(view.settings?.mixedBy).toBe("level");
    expect(games).toEqual(["NT", "NT", "NT", "NT"]);
  }, 120_000);

  it("the tournament page: by orbit no level is marked limit, each shows its limit blinds beside; by level the limit level is marked", async () => {
    // The second level names limit as its game: by level it is the limit one; by orbit the orbit decides.
    const structure = { ...STRUCTURE, levels: [STRUCTURE.levels[0]!, { ...STRUCTURE.levels[1]!, game: "limit" }] };
    const page = async (mixedBy: string) => {
      const s = await setupTournament(server.url, 2, { settings: { tableSize: 9, mixedBy }, structure });
      return must<TournamentPage>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/page`));
    };
    const orbit = (await page("orbit")).structure.filter((x) => x.kind === "level");
    expect(orbit.map((x) => x.limit === true)).toEqual([false, false]);
    expect(orbit.map((x) => [x.sb, x.bb, x.limitBlinds?.bb])).toEqual([
      [10, 20, 40],
      [20, 40, 80],
    ]);
    const byLevel = (await page("level")).structure.filter((x) => x.kind === "level");
    expect(byLevel.map((x) => x.limit === true)).toEqual([false, true]);
    expect(byLevel.map((x) => [x.bb, x.limitBlinds])).toEqual([
      [20, undefined],
      [80, undefined],
    ]);
  }, 60_000);
});

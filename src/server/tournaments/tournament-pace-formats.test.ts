// Heads-up brackets and shootouts at their own pace on the server: bots play
// over WebSocket and, while they play, the tables' hand counts drift apart, which lockstep
// (every table dealing one hand, then waiting for all) never allows: there no two tables are
// more than one hand apart. Then each is played to its end with one place per entrant and
// every chip with the winner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import type { TournamentConfig } from "../../tournament/director/index.ts";
import { STRUCTURE_PRESETS } from "../../tournament/structure/index.ts";
import type { FeltServer } from "../felt-server.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import { startTestServer, stopTestServer, JumpClock, playerFactory, type Player } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, eventually, must, playToTheEnd } from "../../../testkit/server/harness.ts";
import { TournamentRuntime, type TournamentMeta } from "./tournament-runtime.ts";

let server: FeltServer;
let director: string;
const clock = new JumpClock();

beforeAll(async () => {
  ({ server, director } = await startTestServer(clock));
}, 60_000);
afterAll(() => stopTestServer(server, clock));

const { player } = playerFactory(
  () => server.url,
  () => director,
  "f",
);

let made = 0;
async function tournament(
  format: TournamentConfig["format"],
  structure: TournamentConfig["structure"],
  players: Player[],
  tableSize: number,
): Promise<TournamentRuntime> {
  const id = `Tpace${made++}x${process.pid}`;
  const now = clock.now();
  const meta: TournamentMeta = {
    id,
    name: `${format.kind} pace`,
    kind: "online",
    presetId: "seed",
    startsAt: now,
    actionMs: 3000,
    timeBankMs: 0,
    maxEntries: null,
    guarantee: 0,
    createdAt: now,
  };
  const config: TournamentConfig = { id, name: meta.name, format, structure, money: { buyIn: 1000, fee: 100 }, tableSize };
  const t = unwrap(await TournamentRuntime.create(server.svc, meta, config, cmd()));
  server.adopt(t);
  for (const p of players) await must(api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token));
  await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));
  return t;
}

/** Plays until two tables are `apart` hands apart (lockstep never lets them be more than one), then to the end. */
async function drift(t: TournamentRuntime, players: Player[], apart: number): Promise<void> {
  const bots = players.map((p, i) => new Bot(server.url, p.name, p.token, { seed: i + 1, allInChance: 0 }));
  let widest = 0;
  try {
    await playToTheEnd(
      () => server.url,
      { tournamentId: t.id, directorToken: director, players },
      {},
      {
        bots,
        timeoutMs: 400_000,
        onTick: async () => {
          // In the first round every table started at hand 0 (a bracket's later rounds reuse tables).
          const hands = [...t.tables.values()].filter((s) => s.state.seats.size >= 2).map((s) => s.state.handNumber);
          if (hands.length >= 2 && t.dir.round === 1) widest = Math.max(widest, Math.max(...hands) - Math.min(...hands));
          // Drifted apart: now the bots go all in now and then, so it ends.
          if (widest >= apart) for (const b of bots) b.allInChance = 0.3;
        },
      },
    );
  } finally {
    for (const b of bots) b.close();
  }
  expect(widest).toBeGreaterThanOrEqual(apart);
  await eventually(() => t.dir.status === "finished");
  expect(t.dir.placements!.map((p) => p.entry).sort()).toEqual([...t.dir.entries.keys()].sort());
  expect(t.dir.conservation.failures).toBe(0);
}

describe("heads-up brackets and shootouts at their own pace", () => {
  it("R-TRN-10: the matches of a bracket round drift hands apart (no match waits for another's hand); the bracket ends with one place per entrant", async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => player(5000)));
    const t = await tournament({ kind: "heads-up" }, STRUCTURE_PRESETS["heads-up"]!, players, 2);
    await drift(t, players, 3);
  }, 480_000);

  it("R-TRN-11: shootout tables drift hands apart between level changes; it ends with one place per entrant, chips conserved", async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => player(5000)));
    const t = await tournament({ kind: "shootout", finalTable: 6 }, STRUCTURE_PRESETS["seed"]!, players, 6);
    await drift(t, players, 3);
  }, 480_000);
});

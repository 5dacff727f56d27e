// Heads-up brackets (R-TRN-10) and shootouts (R-TRN-11) made the way a room makes them:
// created over HTTP with a `format` (or the preset that is that format), registered, played
// by bots to the end, places shared by the groups that went out together (R-PLACE-3), the
// prizes paid and every chip accounted for. Bad combinations are refused naming the field,
// and nothing is created.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BracketView, LobbyTournament, PresetListResponse, ResultsResponse, TournamentPage } from "../../protocol/index.ts";
import type { FeltServer } from "../felt-server.ts";
import { simulate } from "../../sim/index.ts";
import { startTestServer, stopTestServer, JumpClock, MIN, playerFactory, type Player } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, FAST_STRUCTURE, must, playToTheEnd } from "../../../testkit/server/harness.ts";

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
  "x",
);

interface Refusal {
  error: { code: string; cause?: string; details?: Record<string, unknown> };
}

const create = (body: object) =>
  api<{ tournament: LobbyTournament } & Refusal>(
    server.url,
    "POST",
    "/api/v1/director/tournaments",
    { commandId: cmd(), kind: "online", startsAt: clock.now(), name: "Formats", buyIn: 1000, fee: 100, settings: { start: "manual" }, ...body },
    director,
  );

const balanceOf = async (p: Player) => (await must<{ balance: number }>(api(server.url, "GET", "/api/v1/me", undefined, p.token))).balance;

/** Creates, registers `n` players with 5,000 each, starts, and plays to the end (the clock jumps a level now and then). */
async function playOut(body: object, n: number): Promise<{ id: string; players: Player[] }> {
  const r = await create(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.tournament.id;
  const players = await Promise.all(Array.from({ length: n }, () => player(5000)));
  for (const p of players) await must(api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token));
  await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));
  let ticks = 0;
  const { bots } = await playToTheEnd(
    () => server.url,
    { tournamentId: id, directorToken: director, players },
    { allInChance: 0.3 },
    {
      timeoutMs: 400_000,
      // A level every few polls: a shootout's lowest stacks go at each level change.
      onTick: async () => {
        if (++ticks % 20 === 0) clock.jump(MIN);
      },
    },
  );
  for (const b of bots) b.close();
  return { id, players };
}

/** Prizes paid to the players' balances, the ledger balanced, every chip accounted for. */
async function paidAndConserved(id: string, players: Player[]): Promise<ResultsResponse> {
  const t = server.tournaments.get(id)!;
  expect(t.dir.status).toBe("finished");
  expect(t.dir.conservation.failures).toBe(0);
  expect(t.dir.conservation.checks).toBeGreaterThan(0);
  const results = await must<ResultsResponse>(api(server.url, "GET", `/api/v1/director/tournaments/${id}/results`, undefined, director));
  expect(results.results).toHaveLength(players.length);
  const pool = players.length * 1000;
  expect(results.results.reduce((a, r) => a + r.prize, 0)).toBe(pool);
  for (const p of players) {
    const row = results.results.find((r) => r.name === p.name)!;
    expect(await balanceOf(p), p.name).toBe(5000 - 1100 + row.prize);
  }
  const l = await must<{ totals: Record<string, number> }>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director));
  for (const v of Object.values(l.totals)) expect(v).toBe(0);
  return results;
}

describe("formats created over HTTP", () => {
  it("the built-in heads-up and shootout presets are those formats, with no late registration or re-entry", async () => {
    const list = await must<PresetListResponse>(api(server.url, "GET", "/api/v1/director/presets", undefined, director));
    const hu = list.presets.find((p) => p.id === "heads-up")!;
    const so = list.presets.find((p) => p.id === "shootout")!;
    expect(hu.format).toEqual({ kind: "heads-up" });
    expect(so.format).toEqual({ kind: "shootout" });
    for (const p of [hu, so]) expect(p.settings).toMatchObject({ reEntry: null, rebuy: null, addOn: null, lateRegistration: null });
    const r = await create({ presetId: "heads-up" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const c = server.tournaments.get(r.body.tournament.id)!.dir.config!;
    expect(c.format).toEqual({ kind: "heads-up" });
    expect(c.tableSize).toBe(2);
    // Asked of a re-entry preset, a bracket drops the preset's re-entry and late registration.
    const casino = await create({ presetId: "casino-1900", format: { kind: "heads-up" } });
    expect(casino.status, JSON.stringify(casino.body)).toBe(200);
    const cc = server.tournaments.get(casino.body.tournament.id)!.dir.config!;
    expect([cc.format, cc.money.reEntry, cc.lateRegistration]).toEqual([{ kind: "heads-up" }, undefined, undefined]);
    const s = await create({ presetId: "shootout", settings: { start: "manual", tableSize: 6 } });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    // The public page shows the format with its default filled in: down to a table's worth.
    const page = await must<TournamentPage>(api(server.url, "GET", `/api/v1/tournaments/${s.body.tournament.id}/page`));
    expect(page.terms?.format).toBe("shootout");
    expect(page.terms?.formatDetail).toEqual({ kind: "shootout", finalTable: 6 });
  });

  it("bad combinations are refused naming the field, and nothing is created", async () => {
    const count = () => server.tournaments.size;
    const before = count();
    const cases: [object, string, string][] = [
      [{ presetId: "seed", format: { kind: "heads-up" }, reEntry: { until: { endOfLevel: 2 } } }, "create/format-conflict", "reEntry"],
      [
        { presetId: "seed", format: { kind: "heads-up" }, rebuy: { cost: 1000, fee: 100, chips: 1000, until: { endOfLevel: 2 } } },
        "create/format-conflict",
        "rebuy",
      ],
      [{ presetId: "turbo", format: { kind: "heads-up" }, addOn: { atBreak: 1, cost: 500, fee: 50, chips: 2500 } }, "create/format-conflict", "addOn"],
      [{ presetId: "heads-up", settings: { tableSize: 6 } }, "create/format-conflict", "tableSize"],
      [{ presetId: "seed", format: { kind: "shootout" }, lateRegistration: { until: { endOfLevel: 2 } } }, "create/format-conflict", "lateRegistration"],
      [{ presetId: "seed", format: { kind: "shootout", finalTable: 9 }, settings: { tableSize: 6 } }, "create/format-conflict", "finalTable"],
      [{ presetId: "seed", format: { kind: "heads-up" }, buyIn: 0, fee: 0, freeroll: { prizeFund: 1000 } }, "create/format-conflict", "freeroll"],
      [{ presetId: "seed", format: { kind: "re-entry" } }, "create/format-needs", "reEntry"],
      [{ presetId: "seed", format: { kind: "freezeout" }, reEntry: { until: { endOfLevel: 2 } } }, "create/format-conflict", "reEntry"],
    ];
    for (const [body, cause, field] of cases) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error, JSON.stringify(body)).toMatchObject({ cause, details: { field } });
    }
    expect(count()).toBe(before);
  });

  it("R-TRN-10 / R-PLACE-3: a heads-up bracket of 6 (2 byes) is played to the end; each round's losers share their places; the bracket shows every round", async () => {
    const { id, players } = await playOut(
      { presetId: "seed", format: { kind: "heads-up" }, structure: FAST_STRUCTURE, payout: { kind: "percent", percents: [60, 40] } },
      6,
    );
    const results = await paidAndConserved(id, players);
    const b = await must<BracketView>(api(server.url, "GET", `/api/v1/tournaments/${id}/bracket`));
    expect(b.kind).toBe("heads-up");
    expect(b.rounds.map((r) => [r.matches.length, r.byes.length])).toEqual([
      [2, 2],
      [2, 0],
      [1, 0],
    ]);
    for (const r of b.rounds)
      for (const m of r.matches) {
        expect(m.playing).toBe(false);
        expect(m.players.filter((p) => p.advanced)).toHaveLength(1);
        expect(m.players.filter((p) => p.out)).toHaveLength(1);
      }
    // Round 1's two losers share 5th–6th, round 2's share 3rd–4th; the final's loser is 2nd.
    expect(b.out.map((g) => [g.from, g.to, g.entries.length])).toEqual([
      [2, 2, 1],
      [3, 4, 2],
      [5, 6, 2],
    ]);
    const finalist = b.rounds[2]!.matches[0]!.players.find((p) => p.advanced)!;
    expect(b.winner).toEqual({ entryId: finalist.entryId, name: finalist.name, prize: 3600 });
    expect(results.results.find((r) => r.place === 1)!.name).toBe(finalist.name);
    // `felt simulate --format heads-up` with 6 players ends in the same places: the bracket's
    // shape is the format's, whatever the cards (1st, 2nd, 3rd–4th shared, 5th–6th shared).
    const sim = simulate({ players: 6, format: "heads-up", preset: "heads-up", seed: 1 });
    if (!sim.ok) throw new Error(sim.error.message);
    const groups = (places: readonly (readonly number[])[]) =>
      [...new Set(places.map((p) => p.join("-")))].sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
    expect(groups(sim.value.placements.map((p) => p.places))).toEqual(
      groups([[1], ...b.out.flatMap((g) => g.entries.map(() => Array.from({ length: g.to - g.from + 1 }, (_, i) => g.from + i)))]),
    );
    // The byes' players are in round 2.
    const round2 = new Set(b.rounds[1]!.matches.flatMap((m) => m.players.map((p) => p.entryId)));
    for (const bye of b.rounds[0]!.byes) expect(round2.has(bye.entryId)).toBe(true);
  }, 480_000);

  it("R-TRN-11 / R-PLACE-3: a shootout of 8 at tables of 4 plays down to its final table and to the end; the view shows the tables and who went through", async () => {
    const { id, players } = await playOut({ presetId: "shootout", structure: FAST_STRUCTURE, settings: { start: "manual", tableSize: 4 } }, 8);
    await paidAndConserved(id, players);
    const b = await must<BracketView>(api(server.url, "GET", `/api/v1/tournaments/${id}/bracket`));
    expect(b.kind).toBe("shootout");
    expect(b.finalTable).toBe(4);
    expect(b.rounds).toHaveLength(1);
    expect(b.rounds[0]!.matches.map((m) => m.players.length)).toEqual([4, 4]);
    const all = b.rounds[0]!.matches.flatMap((m) => m.players);
    expect(all.filter((p) => p.advanced)).toHaveLength(4);
    expect(all.filter((p) => p.out)).toHaveLength(4);
    expect(b.winner).not.toBeNull();
    // Every place from 2nd to 8th is held once, shared or not.
    expect(b.out.reduce((n, g) => n + g.entries.length, 0)).toBe(7);
    for (const g of b.out) expect(g.to - g.from + 1).toBe(g.entries.length);
  }, 480_000);

  it("R-TRN-10 in a live room: the floor records each match's bust; the next round is drawn and the bracket ends with shared places", async () => {
    const r = await create({ presetId: "heads-up", kind: "live" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.tournament.id;
    for (let i = 0; i < 4; i++)
      await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/walk-in`, { commandId: cmd(), name: `Guest ${i + 1}` }, director));
    await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));
    const bracket = () => must<BracketView>(api(server.url, "GET", `/api/v1/tournaments/${id}/bracket`));
    const bustOne = async (round: number) => {
      const b = await bracket();
      for (const m of b.rounds[round - 1]!.matches.filter((x) => x.playing)) {
        expect(m.tableId).toBeNull(); // a live room's matches are not watched online
        await must(
          api(server.url, "POST", `/api/v1/director/tournaments/${id}/live`, { commandId: cmd(), kind: "bust", entryId: m.players[1]!.entryId }, director),
        );
      }
    };
    expect((await bracket()).rounds[0]!.matches.filter((m) => m.playing)).toHaveLength(2);
    await bustOne(1);
    const b2 = await bracket();
    expect(b2.rounds.map((x) => x.matches.length)).toEqual([2, 1]);
    expect(b2.out.map((g) => [g.from, g.to, g.entries.length])).toEqual([[3, 4, 2]]);
    await bustOne(2);
    const end = await bracket();
    expect(end.status).toBe("finished");
    expect(end.winner?.name).toBe(end.rounds[1]!.matches[0]!.players[0]!.name);
    expect(end.out.map((g) => [g.from, g.to])).toEqual([
      [2, 2],
      [3, 4],
    ]);
  });

  it("a freezeout has no bracket: the route answers tournament/bad-state", async () => {
    const r = await create({ presetId: "seed" });
    const v = await api<Refusal>(server.url, "GET", `/api/v1/tournaments/${r.body.tournament.id}/bracket`);
    expect(v.status).toBe(409);
    expect(v.body.error.code).toBe("tournament/bad-state");
  });
});

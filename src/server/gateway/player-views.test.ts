// Over real HTTP: a tournament's pause between hands is a create option; a busted
// player's lobby line has the place and prize; the public tournament page lists the
// structure, payouts, entrants (chips or place and prize) and tables.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HAND_PAUSE_MS, FeltServer } from "../felt-server.ts";
import type { LobbyTournament, TournamentPage } from "../../protocol/index.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE, must, myTournament, playToTheEnd, setupTournament, startTournament } from "../../../testkit/server/harness.ts";

let server: FeltServer;

beforeAll(async () => {
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    handPauseMs: 0,
    // Long enough for a bot to answer on a loaded machine: a timed-out bot only checks or folds,
    // and a field that times out plays on until the blinds take it (minutes).
    actionMs: 1000,
    timeBankMs: 0,
    tableSize: 6,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    log: () => {},
  });
}, 60_000);
afterAll(async () => server.close());

describe("the player's views", () => {
  it("a tournament's pause between hands is its own (create option), else the server's (--hand-pause-ms, default 4 s)", async () => {
    expect(DEFAULT_HAND_PAUSE_MS).toBe(4000);
    const d = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
    const create = (extra: object) =>
      must<{ tournament: LobbyTournament }>(
        api(
          server.url,
          "POST",
          "/api/v1/director/tournaments",
          {
            commandId: cmd(),
            presetId: "seed",
            name: "Pause",
            kind: "online",
            settings: { start: "manual" },
            startsAt: Date.now(),
            structure: FAST_STRUCTURE,
            ...extra,
          },
          d,
        ),
      );
    const own = await create({ handPauseMs: 2500 });
    const plain = await create({});
    expect(server.tournaments.get(own.tournament.id)!.meta.handPauseMs).toBe(2500);
    expect(server.tournaments.get(plain.tournament.id)!.meta.handPauseMs).toBe(0);
    const bad = await api(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      { commandId: cmd(), presetId: "seed", name: "Pause", kind: "online", settings: { start: "manual" }, startsAt: Date.now(), handPauseMs: 60_000 },
      d,
    );
    expect(bad.status).toBe(400);
  });

  it("R-PLACE-1: each busted player's lobby line has their place and prize; the page lists structure, payouts, entrants and results", async () => {
    const s = await setupTournament(server.url, 4);
    // Nothing dealt yet: the page lists the entrants with their starting stacks and the structure.
    const before = await must<TournamentPage>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/page`));
    expect(before.structure.filter((x) => x.kind === "level").map((x) => x.bb)).toEqual(FAST_STRUCTURE.levels.map((l) => l.bb));
    expect(before.entrants.map((e) => e.stack)).toEqual([1000, 1000, 1000, 1000]);
    // What a player reads before paying is what the lobby charges and when.
    const line = (await myTournament(server.url, s.players[0]!.token, s.tournamentId))!;
    expect(before.terms).toMatchObject({
      kind: line.kind,
      startsAt: line.startsAt,
      buyIn: line.buyIn,
      fee: line.fee,
      lateRegistrationEndsAt: line.lateRegistrationEndsAt,
    });
    await startTournament(server.url, s);
    const running = await must<TournamentPage>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/page`));
    expect(running.tables.length).toBe(1);
    expect(running.entrants.every((e) => e.tableNumber === 1 && e.tableId === running.tables[0]!.tableId)).toBe(true);
    const { final } = await playToTheEnd(() => server.url, s, { allInChance: 0.5 }, { timeoutMs: 240_000 });
    expect(final.status).toBe("finished");
    const page = await must<TournamentPage>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}/page`));
    expect(page.entrants.map((e) => e.place)).toEqual([1, 2, 3, 4]);
    expect(page.entrants.every((e) => e.stack === null)).toBe(true);
    // Over: no table left to watch (the winner's last seat is not one).
    expect(page.tables).toEqual([]);
    expect(page.entrants.reduce((a, e) => a + (e.prize ?? 0), 0)).toBe(page.prizePool);
    for (const p of s.players) {
      const row = await myTournament(server.url, p.token, s.tournamentId);
      const mine = page.entrants.find((e) => e.entryId === row!.mine!.entryId)!;
      expect(row!.mine!.place).toBe(mine.place);
      expect(row!.mine!.prize).toBe(mine.prize);
    }
  }, 300_000);
});

// A live tournament survives a restart: the instructions not yet confirmed are listed again
// with the same ids, confirmations are stored records, a pause stays a pause and the level
// clock goes on from the stored events. Also: applying an ICM deal online (paused, between
// hands) finishes the tournament and pays it; a race is applied only in a live room.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Instruction, LobbyTournament, SeatAssignment, TournamentView } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE, must, setupTournament, startTournament, eventually } from "../../../testkit/server/harness.ts";

const MIN = 60_000;
const dir = mkdtempSync(join(tmpdir(), "felt-live-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STRUCTURE = {
  startingStack: 1000,
  levels: [100, 200, 400, 800].map((sb) => ({ kind: "level" as const, sb, bb: sb * 2, ante: 0, minutes: 10, colourUp: null })),
};

const open = (clock: ManualClock) =>
  FeltServer.start({
    db: `sqlite:${join(dir, "felt.sqlite")}`,
    port: 0,
    clock,
    tableSize: 6,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    webDist: null,
    log: () => {},
  });

describe("a live tournament across a restart", () => {
  it("pending instructions, confirmations, the pause and the level clock are stored and come back", async () => {
    const clock = new ManualClock(1_800_000_000_000);
    let server = await open(clock);
    let token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "seed", name: "Restart live", kind: "live", startsAt: clock.now(), structure: STRUCTURE },
        token,
      ),
    );
    const id = made.tournament.id;
    const path = `/api/v1/director/tournaments/${id}`;
    const call = <T>(method: "GET" | "POST", route: string, body?: object) =>
      must<T>(api(server.url, method, `${path}${route}`, body === undefined ? undefined : { commandId: cmd(), ...body }, token));
    for (let i = 0; i < 11; i++) await call("POST", "/walk-in", { name: `Guest ${String.fromCharCode(65 + i)}` });
    await call("POST", "/start", {});
    // 11 at tables of 6: 6 and 5. Three out at the table of six: 3 and 5 is one move.
    const seats = (await call<{ seats: SeatAssignment[] }>("GET", "/seating")).seats;
    const big = seats.filter(
      (s) => s.tableNumber === [...new Set(seats.map((x) => x.tableNumber))].find((n) => seats.filter((x) => x.tableNumber === n).length === 6),
    );
    for (const s of big.slice(0, 3)) await call("POST", "/live", { kind: "bust", entryId: s.entryId });
    const before = (await call<{ instructions: Instruction[] }>("GET", "/instructions")).instructions;
    expect(before.length).toBe(1);
    await call("POST", "/pause", {});
    clock.advance(5 * MIN);
    const frozen = await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`));
    expect(frozen.timeLeftMs).toBe(10 * MIN);
    await server.close();

    clock.advance(MIN);
    server = await open(clock);
    token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
    expect((await call<{ instructions: Instruction[] }>("GET", "/instructions")).instructions).toEqual(before);
    const v = await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`));
    expect(v.status).toBe("paused");
    expect(v.timeLeftMs).toBe(10 * MIN);
    await call("POST", `/instructions/${before[0]!.id}/confirm`, {});
    await call("POST", "/resume", {});
    clock.advance(10 * MIN + 1);
    const t = server.tournaments.get(id)!;
    for (let i = 0; i < 5; i++) await t.enqueue(async () => {});
    expect((await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`))).level!.number).toBe(2);
    await server.close();

    server = await open(clock);
    token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
    expect((await call<{ instructions: Instruction[] }>("GET", "/instructions")).instructions).toEqual([]);
    expect(server.tournaments.get(id)!.tables.size).toBe(0);
    await server.close();
  }, 60_000);
});

describe("applied deals and races online", () => {
  it("R-TRN deals: an ICM deal applied while paused finishes an online tournament and pays it; a race is not applied online", async () => {
    const server = await FeltServer.start({
      db: ":memory:",
      port: 0,
      handPauseMs: 0,
      actionMs: 30,
      timeBankMs: 0,
      tableSize: 6,
      scrypt: { N: 1024, r: 8, p: 1 },
      directors: [DIRECTOR],
      validateOutgoing: true,
      webDist: null,
      log: () => {},
    });
    try {
      const s = await setupTournament(server.url, 4, {
        structure: { ...FAST_STRUCTURE, startingStack: 1025, levels: FAST_STRUCTURE.levels.map((l) => ({ ...l, sb: l.sb * 10, bb: l.bb * 10, minutes: 30 })) },
      });
      const path = `/api/v1/director/tournaments/${s.tournamentId}`;
      await startTournament(server.url, s);
      await must(api(server.url, "POST", `${path}/pause`, { commandId: cmd() }, s.directorToken));
      // Online too, the pause freezes the clock the tournament view shows.
      const frozen = await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}`));
      expect(frozen.status).toBe("paused");
      await new Promise((r) => setTimeout(r, 150));
      expect((await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}`))).timeLeftMs).toBe(frozen.timeLeftMs);
      const t = server.tournaments.get(s.tournamentId)!;
      await eventually(() => [...t.tables.values()].every((x) => x.state.hand === null));
      const table = [...t.dir.tables.keys()][0]!;
      const race = await api<{ error: { code: string } }>(
        server.url,
        "POST",
        `${path}/colour-up`,
        { commandId: cmd(), remove: 25, tableNumber: table, oddChips: [], cards: "draw", apply: true },
        s.directorToken,
      );
      expect(race.status).toBe(400);
      const left = [...t.dir.entries.values()].filter((e) => e.alive);
      const wrong = await api<{ error: { details: Record<string, number> } }>(
        server.url,
        "POST",
        `${path}/deal`,
        { commandId: cmd(), method: "icm", payouts: left.map((e) => ({ entryId: e.id, amount: 0 })) },
        s.directorToken,
      );
      const figures = Object.entries(wrong.body.error.details).map(([entryId, amount]) => ({ entryId, amount }));
      // Chip-chop figures other than the server's are refused and nothing is recorded (deals of every method are recorded: tournament-deal.test.ts).
      const off = figures.map((f, i) => ({ ...f, amount: f.amount + (i === 0 ? 1 : i === 1 ? -1 : 0) }));
      const chop = await api(server.url, "POST", `${path}/deal`, { commandId: cmd(), method: "chip-chop", payouts: off, apply: true }, s.directorToken);
      expect(chop.status).toBe(400);
      expect(t.dir.status).toBe("running");
      const r = await must<{ results: { entryId: string; prize: number; place: number }[] }>(
        api(server.url, "POST", `${path}/deal`, { commandId: cmd(), method: "icm", payouts: figures, apply: true }, s.directorToken),
      );
      expect(t.dir.status).toBe("finished");
      expect(r.results.length).toBe(4);
      const pool = 4 * 1000;
      expect(r.results.reduce((a, x) => a + x.prize, 0)).toBe(pool);
      expect(await server.svc.ledger.balance(`pool:${s.tournamentId}`, server.svc.asset)).toBe(0);
      for (const x of r.results) {
        const player = t.dir.entries.get(x.entryId)!.player;
        expect(await server.svc.ledger.balance(`player:${player}`, server.svc.asset)).toBe(5000 - 1100 + x.prize);
      }
      expect((await must<LobbyTournament & { status: string }>(api(server.url, "GET", `/api/v1/tournaments/${s.tournamentId}`))).status).toBe("finished");
    } finally {
      await server.close();
    }
  }, 60_000);
});

// An online event starts at its scheduled time by itself: nobody presses Start, the players
// are seated and dealt in; too few at the time cancels it with everyone refunded; a live
// event (or one set to "manual") waits for the floor; a restart past the time starts it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LobbyResponse, LobbyTournament, TournamentView } from "../../protocol/index.ts";
import type { FeltServer } from "../felt-server.ts";
import { api, cmd, FAST_STRUCTURE, must } from "../../../testkit/server/harness.ts";
import { JumpClock, MIN, playerFactory, startTestServer, stopTestServer, withServerOnFile, type Player } from "../../../testkit/server/entries-fixture.ts";

const clock = new JumpClock();
let server: FeltServer;
let director: string;
beforeAll(async () => {
  ({ server, director } = await startTestServer(clock));
}, 60_000);
afterAll(() => stopTestServer(server, clock));

const { player } = playerFactory(
  () => server.url,
  () => director,
  "s",
);

async function create(url: string, token: string, startsAt: number, extra: Record<string, unknown> = {}): Promise<string> {
  const body = { commandId: cmd(), presetId: "seed", name: "Scheduled", kind: "online", startsAt, buyIn: 1000, fee: 100, structure: FAST_STRUCTURE, ...extra };
  return (await must<{ tournament: LobbyTournament }>(api(url, "POST", "/api/v1/director/tournaments", body, token))).tournament.id;
}
const register = (url: string, id: string, p: Player) => must(api(url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token));
const viewOf = (url: string, id: string) => must<TournamentView>(api(url, "GET", `/api/v1/tournaments/${id}`));
const lineOf = async (url: string, id: string, p: Player) =>
  (await must<LobbyResponse>(api(url, "GET", "/api/v1/lobby", undefined, p.token))).tournaments.find((t) => t.id === id)!;
const balanceOf = async (url: string, p: Player) => (await must<LobbyResponse>(api(url, "GET", "/api/v1/lobby", undefined, p.token))).balance;

async function until<T>(what: () => Promise<T>, ok: (x: T) => boolean): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const x = await what();
    if (ok(x)) return x;
    await new Promise((r) => setTimeout(r, 10));
  }
  return what();
}

describe("an online event starts at its time by itself", () => {
  it("registering until its time, then running with every player seated, nobody pressing Start; the view says how it starts", async () => {
    const id = await create(server.url, director, clock.now() + 10 * MIN);
    expect((await viewOf(server.url, id)).settings?.start).toBe("scheduled");
    const ps = await Promise.all([1100, 1100, 1100].map(player));
    for (const p of ps) await register(server.url, id, p);
    clock.jump(9 * MIN);
    expect((await lineOf(server.url, id, ps[0]!)).status).toBe("registering");
    clock.jump(MIN);
    const line = await until(
      () => lineOf(server.url, id, ps[0]!),
      (l) => l.status === "running",
    );
    expect(line.status).toBe("running");
    for (const p of ps) expect((await lineOf(server.url, id, p)).mine?.tableId).toBeTruthy();
  });

  it("fewer than two players at its time: cancelled, and the one who registered has every cent back", async () => {
    const id = await create(server.url, director, clock.now() + 5 * MIN);
    const p = await player(1100);
    await register(server.url, id, p);
    expect(await balanceOf(server.url, p)).toBe(0);
    clock.jump(5 * MIN);
    const line = await until(
      () => lineOf(server.url, id, p),
      (l) => l.status === "cancelled",
    );
    expect(line.status).toBe("cancelled");
    expect(await balanceOf(server.url, p)).toBe(1100);
  });

  it('a live event and an online one set to "manual" wait for the floor past their time', async () => {
    const live = await create(server.url, director, clock.now() + MIN, { kind: "live" });
    const manual = await create(server.url, director, clock.now() + MIN, { settings: { start: "manual" } });
    expect((await viewOf(server.url, live)).settings?.start).toBe("manual");
    const ps = await Promise.all([1100, 1100].map(player));
    for (const p of ps) await register(server.url, manual, p);
    clock.jump(2 * MIN);
    await new Promise((r) => setTimeout(r, 100));
    expect((await viewOf(server.url, live)).status).toBe("registering");
    expect((await viewOf(server.url, manual)).status).toBe("registering");
  });

  it("the floor moves the start later: nothing at the old time, running at the new; once started the time no longer moves", async () => {
    const id = await create(server.url, director, clock.now() + 5 * MIN);
    const ps = await Promise.all([1100, 1100].map(player));
    for (const p of ps) await register(server.url, id, p);
    const later = clock.now() + 15 * MIN;
    const moved = await must<{ tournament: LobbyTournament }>(
      api(server.url, "POST", `/api/v1/director/tournaments/${id}/reschedule`, { commandId: cmd(), startsAt: later }, director),
    );
    expect(moved.tournament.startsAt).toBe(later);
    clock.jump(6 * MIN);
    await new Promise((r) => setTimeout(r, 100));
    expect((await viewOf(server.url, id)).status).toBe("registering");
    clock.jump(9 * MIN);
    expect(
      (
        await until(
          () => viewOf(server.url, id),
          (v) => v.status === "running",
        )
      ).status,
    ).toBe("running");
    const again = await api<{ error: { code: string } }>(
      server.url,
      "POST",
      `/api/v1/director/tournaments/${id}/reschedule`,
      { commandId: cmd(), startsAt: later + MIN },
      director,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("tournament/bad-state");
  });

  it("R-TRN-6 with a start time: below the minimum at its time it waits, and starts when the minimum registers", async () => {
    const startsAt = clock.now() + 10 * MIN;
    const id = await create(server.url, director, startsAt, { settings: { startRule: { minPlayers: 3, deadlineMinutes: 10 } } });
    const ps = await Promise.all([1100, 1100, 1100].map(player));
    await register(server.url, id, ps[0]!);
    await register(server.url, id, ps[1]!);
    clock.jump(10 * MIN);
    await new Promise((r) => setTimeout(r, 50));
    expect((await viewOf(server.url, id)).status).toBe("registering");
    await register(server.url, id, ps[2]!);
    const v = await until(
      () => viewOf(server.url, id),
      (x) => x.status === "running",
    );
    expect(v.status).toBe("running");
  });

  it("R-TRN-6 with a start time: still below the minimum at the deadline, cancelled and refunded", async () => {
    const startsAt = clock.now() + 10 * MIN;
    const id = await create(server.url, director, startsAt, { settings: { startRule: { minPlayers: 3, deadlineMinutes: 5 } } });
    const ps = await Promise.all([1100, 1100].map(player));
    for (const p of ps) await register(server.url, id, p);
    clock.jump(10 * MIN);
    await new Promise((r) => setTimeout(r, 50));
    expect((await viewOf(server.url, id)).status).toBe("registering");
    clock.jump(5 * MIN);
    const v = await until(
      () => viewOf(server.url, id),
      (x) => x.status === "cancelled",
    );
    expect(v.status).toBe("cancelled");
    for (const p of ps) expect(await balanceOf(server.url, p)).toBe(1100);
  });

  it("R-TRN-6: the floor moves the start and the deadline moves with it; the floor starts early once the minimum is there", async () => {
    const startsAt = clock.now() + 10 * MIN;
    const id = await create(server.url, director, startsAt, { settings: { start: "manual", startRule: { minPlayers: 3, deadlineMinutes: 15 } } });
    const ps = await Promise.all([1100, 1100, 1100].map(player));
    await register(server.url, id, ps[0]!);
    await register(server.url, id, ps[1]!);
    const later = startsAt + 30 * MIN;
    const moved = await must<{ tournament: LobbyTournament }>(
      api(server.url, "POST", `/api/v1/director/tournaments/${id}/reschedule`, { commandId: cmd(), startsAt: later }, director),
    );
    expect(moved.tournament.startsAt).toBe(later);
    expect(server.tournaments.get(id)!.dir.config?.start).toEqual({ scheduledAt: later, deadline: later + 15 * MIN, minPlayers: 3 });
    // Past the old deadline nothing happens: the new one is 15 minutes after the new start.
    clock.jump(26 * MIN);
    await new Promise((r) => setTimeout(r, 50));
    expect((await viewOf(server.url, id)).status).toBe("registering");
    const start = () => api<{ error: { cause?: string } }>(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director);
    const tooFew = await start();
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.error.cause).toBe("tournament/not-yet");
    await register(server.url, id, ps[2]!);
    // 14 minutes before its time, with three: the floor starts it.
    expect((await start()).status).toBe(200);
    expect((await viewOf(server.url, id)).status).toBe("running");
  });

  it("a server down at the start time starts the event when it comes back", async () => {
    const fileClock = new JumpClock();
    try {
      await withServerOnFile(fileClock, async (r) => {
        const d = (await must<{ token: string }>(api(r.server.url, "POST", "/api/v1/auth/sign-in", { name: "floor-chief", password: "floor-password-1" })))
          .token;
        const id = await create(r.server.url, d, fileClock.now() + 10 * MIN);
        const fund = playerFactory(
          () => r.server.url,
          () => d,
          "sr",
        );
        const ps = await Promise.all([1100, 1100].map(fund.player));
        for (const p of ps) await register(r.server.url, id, p);
        const s = await r.restart(() => fileClock.jump(11 * MIN));
        const v = await until(
          () => viewOf(s.url, id),
          (x) => x.status === "running",
        );
        expect(v.status).toBe("running");
      });
    } finally {
      fileClock.stop();
    }
  });
});

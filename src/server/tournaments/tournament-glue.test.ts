// The last glue between director, server and web, over real HTTP: a player
// declines the rebuy (R-TRN-4), a director cancels (R-TRN-6) and a start rule cancels by
// itself at its deadline, the tournament view says when late registration ends, the
// ledger names players, and a walk-in's answer names its entry and seat.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LedgerCheckResponse, LobbyResponse, LobbyTournament, SeatingResponse, TournamentView, WalkInResponse } from "../../protocol/index.ts";
import { playerAccount, poolAccount } from "../../store/index.ts";
import type { FeltServer } from "../felt-server.ts";
import { playerCommandId } from "./tournament-entries.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import {
  startTestServer,
  stopTestServer,
  withServerOnFile,
  JumpClock,
  CASINO,
  TURBO,
  MIN,
  playerFactory,
  commandRecordsSince,
  type Player,
} from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE, must, eventually } from "../../../testkit/server/harness.ts";

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
  "g",
);
async function create(presetId: string, structure: unknown, kind: "online" | "live" = "online", extra: Record<string, unknown> = {}): Promise<string> {
  const body = {
    commandId: cmd(),
    presetId,
    name: `${presetId} glue`,
    kind,
    startsAt: clock.now(),
    buyIn: 1000,
    fee: 100,
    structure,
    // Two or three players here: no start rule (the evening preset's would wait for five) unless a test gives one.
    settings: { start: "manual", startRule: null },
    ...extra,
  };
  return (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
}
type Answer = { tournament: LobbyTournament; balance: number; error: { code: string; message: string; cause?: string } };
const entry = (id: string, verb: string, p: Player, commandId = cmd()) =>
  api<Answer>(server.url, "POST", `/api/v1/tournaments/${id}/${verb}`, { commandId }, p.token);
const cancel = (id: string, body: Record<string, unknown>, token = director) =>
  api<Answer>(server.url, "POST", `/api/v1/director/tournaments/${id}/cancel`, body, token);
const ledger = () => must<LedgerCheckResponse>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director));
const balanceIn = (l: LedgerCheckResponse, account: string) => l.balances.find((b) => b.account === account)?.balance ?? 0;
const view = (id: string) => must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`));
const lobbyLine = async (id: string, p?: Player) =>
  (await must<LobbyResponse>(api(server.url, "GET", "/api/v1/lobby", undefined, p?.token))).tournaments.find((t) => t.id === id)!;
const runtime = (id: string) => server.tournaments.get(id)!;
const start = (id: string) => api<Answer>(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director);
/** Waits for `ok` however long a loaded machine takes (the test's timeout is the bound; no test times things). */
async function until(_what: string, ok: () => boolean): Promise<void> {
  await eventually(ok);
}
async function totalsZero(): Promise<void> {
  for (const v of Object.values((await ledger()).totals)) expect(v).toBe(0);
}

describe("R-TRN-4: POST /tournaments/:id/decline-rebuy", () => {
  it("a busted player waiting to rebuy declines over HTTP and is out at once; anyone else is refused and nothing changes; a repeat acts once", async () => {
    const id = await create("turbo", TURBO);
    const ps = await Promise.all([5000, 5000].map(player));
    for (const p of ps) expect((await entry(id, "register", p)).status).toBe(200);
    expect((await start(id)).status).toBe(200);
    const t = runtime(id);
    const bots = ps.map((p, i) => new Bot(server.url, p.name, p.token, { seed: i + 1, allInChance: 1 }));
    try {
      await Promise.all(bots.map((b) => b.connect()));
      for (const [i, b] of bots.entries()) b.watch((await lobbyLine(id, ps[i]!)).mine!.tableId!);
      const waiting = () =>
        ps.find((p) => {
          const e = t.dir.entries.get(t.dir.players.get(p.id)!.entries.at(-1)!)!;
          return e.alive && e.stack === 0 && t.dir.busted.includes(e.id);
        });
      await until("a bust", () => waiting() !== undefined);
      const loser = waiting()!;
      const other = ps.find((p) => p !== loser)!;
      const offer = await lobbyLine(id, loser);
      expect(offer.mine!.rebuyUntil).toBeGreaterThan(clock.now());
      // Refused, nothing recorded: the bust's hand may still be settling meanwhile (its records carry no commandId).
      const from = t.version;
      const before = { entries: t.dir.entries.size, payments: t.dir.payments.length, ledger: (await ledger()).balances };
      const refused = cmd();
      const no = await entry(id, "decline-rebuy", other, refused);
      expect(no.status).toBe(409);
      expect(no.body.error).toMatchObject({ code: "tournament/not-allowed", cause: "tournament/not-awaiting-rebuy" });
      expect(await commandRecordsSince(server, id, from)).toEqual([]);
      expect(t.hasCommand(playerCommandId(other.id, refused))).toBe(false);
      expect({ entries: t.dir.entries.size, payments: t.dir.payments.length, ledger: (await ledger()).balances }).toEqual(before);
      const c = cmd();
      const yes = await entry(id, "decline-rebuy", loser, c);
      expect(yes.status).toBe(200);
      expect(yes.body.tournament.mine!.rebuyUntil ?? null).toBeNull();
      expect(yes.body.tournament.actions.rebuy.allowed).toBe(false);
      await until("the end", () => t.dir.status === "finished");
      expect((await entry(id, "decline-rebuy", loser, c)).status).toBe(200);
      expect(t.dir.placements!.find((p) => p.player === loser.id)!.places).toEqual([2]);
      // Signed out: no decline.
      expect((await api(server.url, "POST", `/api/v1/tournaments/${id}/decline-rebuy`, { commandId: cmd() })).status).toBe(401);
      await totalsZero();
    } finally {
      for (const b of bots) b.close();
    }
  }, 60_000);
});

describe("R-TRN-6: POST /director/tournaments/:id/cancel", () => {
  it("refunds every player all they paid, once; a repeat answers the same; a player may not; a started tournament cannot be cancelled", async () => {
    const id = await create("seed", FAST_STRUCTURE);
    const ps = await Promise.all([1100, 1100].map(player));
    for (const p of ps) expect((await entry(id, "register", p)).status).toBe(200);
    expect(balanceIn(await ledger(), poolAccount(id))).toBe(2000);
    expect((await cancel(id, { commandId: cmd() }, ps[0]!.token)).status).toBe(403);
    expect((await cancel(id, { commandId: cmd(), reason: "" })).status).toBe(400);
    const c = cmd();
    const r = await cancel(id, { commandId: c, reason: "the room flooded" });
    expect(r.status).toBe(200);
    expect(r.body.tournament.status).toBe("cancelled");
    const l = await ledger();
    for (const p of ps) expect(balanceIn(l, playerAccount(p.id))).toBe(1100);
    expect(balanceIn(l, poolAccount(id))).toBe(0);
    expect((await cancel(id, { commandId: c })).status).toBe(200);
    expect((await ledger()).balances).toEqual(l.balances);
    expect((await cancel(id, { commandId: cmd() })).status).toBe(409);
    expect((await cancel("Tnope", { commandId: cmd() })).status).toBe(404);
    await totalsZero();

    const running = await create("seed", FAST_STRUCTURE);
    for (const p of ps) expect((await entry(running, "register", p)).status).toBe(200);
    expect((await start(running)).status).toBe(200);
    const no = await cancel(running, { commandId: cmd() });
    expect(no.status).toBe(409);
    expect(runtime(running).dir.status).toBe("running");
  });
});

describe("R-TRN-6: a start rule given at creation", () => {
  it("too few players at the deadline: the server cancels it by itself and refunds everyone; before it the start waits", async () => {
    const now = clock.now();
    const bad = await api<Answer>(
      server.url,
      "POST",
      "/api/v1/director/tournaments",
      {
        commandId: cmd(),
        presetId: "seed",
        name: "bad rule",
        kind: "online",
        // A deadline before the start.
        settings: { start: "manual", startRule: { minPlayers: 3, deadlineMinutes: -1 } },
        startsAt: now,
        structure: FAST_STRUCTURE,
      },
      director,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toMatch(/^protocol\//);
    expect(bad.body.error.message).toMatch(/settings\.startRule/);
    const id = await create("seed", FAST_STRUCTURE, "online", { settings: { start: "manual", startRule: { minPlayers: 3, deadlineMinutes: 15 } } });
    const ps = await Promise.all([1100, 1100].map(player));
    for (const p of ps) expect((await entry(id, "register", p)).status).toBe(200);
    const early = await start(id);
    expect(early.status).toBe(409);
    expect(early.body.error.cause).toBe("tournament/not-yet");
    expect(runtime(id).dir.status).toBe("registering");
    clock.jump(15 * MIN + 1000);
    await until("the cancellation", () => runtime(id).dir.status === "cancelled");
    await runtime(id).enqueue(async () => {});
    expect((await lobbyLine(id)).status).toBe("cancelled");
    const l = await ledger();
    for (const p of ps) expect(balanceIn(l, playerAccount(p.id))).toBe(1100);
    await totalsZero();
  });

  it("enough players by the deadline: nothing happens at it, and the director starts it", async () => {
    const id = await create("seed", FAST_STRUCTURE, "online", { settings: { start: "manual", startRule: { minPlayers: 2, deadlineMinutes: 5 } } });
    const ps = await Promise.all([1100, 1100].map(player));
    for (const p of ps) expect((await entry(id, "register", p)).status).toBe(200);
    // The deadline's timer runs inside jump(); a cancellation it decided would be queued on the runtime.
    clock.jump(5 * MIN + 1000);
    await runtime(id).enqueue(async () => {});
    expect(runtime(id).dir.status).toBe("registering");
    expect((await start(id)).status).toBe(200);
    expect(runtime(id).dir.status).toBe("running");
  });
});

describe("R-TRN-6 across a restart", () => {
  it("a deadline that passed while the server was down cancels the tournament as it comes back, refunds once", async () => {
    await withServerOnFile(clock, async (r) => {
      let s = r.server;
      const token = (await must<{ token: string }>(api(s.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
      const body = {
        commandId: cmd(),
        presetId: "seed",
        name: "restart rule",
        kind: "online",
        settings: { start: "manual", startRule: { minPlayers: 5, deadlineMinutes: 10 } },
        startsAt: clock.now(),
        structure: FAST_STRUCTURE,
      };
      const id = (await must<{ tournament: LobbyTournament }>(api(s.url, "POST", "/api/v1/director/tournaments", body, token))).tournament.id;
      const name = `dl${process.pid % 1000}`;
      const p = await must<{ token: string; user: { id: string } }>(api(s.url, "POST", "/api/v1/auth/sign-up", { name, password: "glue-password-1" }));
      await must(api(s.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 1100 }, token));
      expect((await api(s.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token)).status).toBe(200);
      s = await r.restart(() => clock.jump(11 * MIN));
      const t = s.tournaments.get(id)!;
      await until("the cancellation", () => t.dir.status === "cancelled");
      await t.enqueue(async () => {});
      expect(await s.svc.ledger.balance(playerAccount(p.user.id), s.svc.asset)).toBe(1100);
      expect(await s.svc.ledger.balance(poolAccount(id), s.svc.asset)).toBe(0);
    });
  }, 60_000);
});

describe("the tournament view says when late registration ends", () => {
  it("the same instant and level as the lobby line, before and after the start; none without late registration", async () => {
    const id = await create("casino-1900", CASINO);
    const before = await view(id);
    const line = await lobbyLine(id);
    expect(before.lateRegistrationEndsLevel).toBe(6);
    expect(before.lateRegistrationEndsAt).toBe(line.lateRegistrationEndsAt);
    expect(before.lateRegistrationEndsAt).toBe(line.startsAt + 6 * MIN);
    const ps = await Promise.all([1100, 1100].map(player));
    for (const p of ps) expect((await entry(id, "register", p)).status).toBe(200);
    expect((await start(id)).status).toBe(200);
    const after = await view(id);
    expect(after.lateRegistrationEndsLevel).toBe(6);
    expect(Math.abs(after.lateRegistrationEndsAt! - (after.serverTime + 6 * MIN))).toBeLessThan(2000);
    const none = await view(await create("seed", FAST_STRUCTURE));
    expect([none.lateRegistrationEndsAt, none.lateRegistrationEndsLevel]).toEqual([null, null]);
  });
});

describe("GET /director/ledger names players", () => {
  it("a player: account's balance carries the player's name; other accounts none", async () => {
    const p = await player(700);
    const l = await ledger();
    expect(l.balances.find((b) => b.account === playerAccount(p.id))).toMatchObject({ balance: 700, name: p.name });
    for (const b of l.balances.filter((x) => !x.account.startsWith("player:"))) expect(b.name).toBeUndefined();
  });
});

describe("POST …/walk-in answers the entry and the seat", () => {
  it("before the draw the seat is null; a late walk-in is seated at once where the seating says; a repeat answers the same entry", async () => {
    const id = await create("casino-1900", CASINO, "live");
    const walkIn = (name: string, commandId = cmd()) =>
      api<WalkInResponse>(server.url, "POST", `/api/v1/director/tournaments/${id}/walk-in`, { commandId, name }, director);
    const c = cmd();
    const first = await walkIn("Bodil Ås", c);
    expect(first.status).toBe(200);
    expect(first.body.seat).toBeNull();
    expect(runtime(id).dir.entries.has(first.body.entryId)).toBe(true);
    expect((await walkIn("Bodil Ås", c)).body).toMatchObject({ entryId: first.body.entryId, seat: null });
    const second = await walkIn("Cyril");
    expect(second.body.entryId).not.toBe(first.body.entryId);
    expect((await start(id)).status).toBe(200);
    const late = await walkIn("Dana");
    expect(late.status).toBe(200);
    expect(late.body.seat).not.toBeNull();
    const seating = await must<SeatingResponse>(api(server.url, "GET", `/api/v1/director/tournaments/${id}/seating`, undefined, director));
    expect(seating.seats.find((s) => s.entryId === late.body.entryId)).toMatchObject({
      name: "Dana",
      tableNumber: late.body.seat!.tableNumber,
      seat: late.body.seat!.seat,
    });
    // A refused walk-in (a player's token) answers no entry.
    expect(
      (await api(server.url, "POST", `/api/v1/director/tournaments/${id}/walk-in`, { commandId: cmd(), name: "Eve" }, (await player(0)).token)).status,
    ).toBe(403);
  });
});

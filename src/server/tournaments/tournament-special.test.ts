// Freerolls (R-TRN-7) and satellites (R-TRN-8) over real HTTP: created from a
// preset, played by bots to the end, and their money in the ledger: the organiser's prize
// fund paid out exactly, a satellite's seats paid as tickets to the target and spent there
// instead of money, every asset (money and tickets) summing to zero.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LedgerCheckResponse, LobbyTournament } from "../../protocol/index.ts";
import { escrowAccount, HOUSE_FEES, ORGANISER_FUNDING, playerAccount, poolAccount, ticketAsset, ticketIssuer } from "../../store/index.ts";
import { reconcileTournament } from "./tournament-reconcile.ts";
import type { FeltServer } from "../felt-server.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import { startTestServer, stopTestServer, JumpClock, playerFactory, type Player } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, FAST_STRUCTURE, must, playToTheEnd, eventually } from "../../../testkit/server/harness.ts";
import { payPrizes } from "./tournament-money.ts";

const clock = new JumpClock();
let server: FeltServer;
let director: string;

beforeAll(async () => {
  ({ server, director } = await startTestServer(clock, { rateLimit: { perSecond: 200, burst: 400 } }));
}, 60_000);
afterAll(() => stopTestServer(server, clock));

const { player } = playerFactory(
  () => server.url,
  () => director,
  "s",
);
const createRaw = (extra: Record<string, unknown>) =>
  api<{ tournament: LobbyTournament; error: { code: string; message: string } }>(
    server.url,
    "POST",
    "/api/v1/director/tournaments",
    {
      commandId: cmd(),
      presetId: "seed",
      name: "special test",
      kind: "online",
      settings: { start: "manual" },
      startsAt: clock.now(),
      structure: FAST_STRUCTURE,
      ...extra,
    },
    director,
  );
async function create(extra: Record<string, unknown>): Promise<string> {
  const r = await createRaw(extra);
  if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.tournament.id;
}
const register = (id: string, p: Player) =>
  must<{ balance: number }>(api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token));
const start = (id: string) => must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));
const ledger = () => must<LedgerCheckResponse>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director));
const balanceOf = (l: LedgerCheckResponse, account: string, asset = "EUR") => l.balances.find((b) => b.account === account && b.asset === asset)?.balance ?? 0;
const runtime = (id: string) => server.tournaments.get(id)!;

/** Every asset, money and tickets alike, sums to zero. */
async function balanced(): Promise<LedgerCheckResponse> {
  const l = await ledger();
  expect(Object.keys(l.totals).length).toBeGreaterThan(0);
  for (const [asset, v] of Object.entries(l.totals)) expect(v, asset).toBe(0);
  return l;
}

async function play(id: string, players: Player[]): Promise<void> {
  const bots = players.map((p, i) => new Bot(server.url, p.name, p.token, { seed: i + 1, allInChance: 1 }));
  try {
    await playToTheEnd(() => server.url, { tournamentId: id, directorToken: director, players }, {}, { bots, timeoutMs: 150_000 });
  } finally {
    for (const b of bots) b.close();
  }
  // The prizes are posted just after the finish is stored: wait (bounded) for the pool to empty.
  await eventually(async () => balanceOf(await ledger(), poolAccount(id), server.svc.asset) === 0);
}

describe("create: freeroll and satellite requests", () => {
  it("R-TRN-7/8: a freeroll with a buy-in, a satellite to a missing or started target, or both at once are refused", async () => {
    expect((await createRaw({ buyIn: 1000, freeroll: { prizeFund: 500 } })).status).toBe(400);
    expect((await createRaw({ freeroll: { prizeFund: 0 } })).status).toBe(400);
    const missing = await createRaw({ satelliteTarget: "Tnothere" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain("Tnothere");
    const target = await create({ buyIn: 1000, fee: 100 });
    expect((await createRaw({ satelliteTarget: target, freeroll: { prizeFund: 500 } })).status).toBe(400);
    const started = await create({ buyIn: 1000, fee: 100 });
    for (let i = 0; i < 2; i++) await register(started, await player(1100));
    await start(started);
    const late = await createRaw({ satelliteTarget: started, buyIn: 100, fee: 10 });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toContain("started");
  });
});

describe("a freeroll played to the end (R-TRN-7)", () => {
  it("players with no money enter; the organiser's fund is the pool, paid out exactly; the ledger sums to zero", async () => {
    const asset = server.svc.asset;
    const id = await create({ freeroll: { prizeFund: 1000 } });
    expect(runtime(id).dir.config?.format).toEqual({ kind: "freeroll" });
    const players: Player[] = [];
    for (let i = 0; i < 4; i++) players.push(await player(0));
    for (const p of players) expect((await register(id, p)).balance).toBe(0);
    const before = await ledger();
    await start(id);
    await play(id, players);
    const l = await balanced();
    const won = players.map((p) => balanceOf(l, playerAccount(p.id), asset));
    expect(won.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(won.every((w) => w >= 0)).toBe(true);
    expect(balanceOf(l, poolAccount(id), asset)).toBe(0);
    expect(balanceOf(l, ORGANISER_FUNDING, asset) - balanceOf(before, ORGANISER_FUNDING, asset)).toBe(-1000);
    expect(balanceOf(l, HOUSE_FEES, asset)).toBe(balanceOf(before, HOUSE_FEES, asset));
    // Posted once, under the tournament's key: a second payout (a restart) adds nothing.
    expect((await server.svc.ledger.transaction(`organiser-funding:${id}`))?.kind).toBe("organiser-funding");
    await payPrizes(runtime(id));
    expect((await balanced()).balances).toEqual(l.balances);
  }, 200_000);
});

describe("a satellite played to the end (R-TRN-8)", () => {
  it("the seat winners get tickets to the target and enter it with them, paying nothing; the remainder is cash; every asset balanced", async () => {
    const asset = server.svc.asset;
    const target = await create({ buyIn: 1000, fee: 100 });
    // 5 × 500 = 2500 in the pool: 2 seats worth 1100 (the target's buy-in + fee), 300 in cash.
    const sat = await create({ satelliteTarget: target, buyIn: 500, fee: 50 });
    expect(runtime(sat).dir.config?.format).toEqual({ kind: "satellite", seatValue: 1100, target });
    const players: Player[] = [];
    for (let i = 0; i < 5; i++) players.push(await player(550));
    for (const p of players) expect((await register(sat, p)).balance).toBe(0);
    const before = await ledger();
    await start(sat);
    await play(sat, players);
    const placements = runtime(sat).dir.placements ?? [];
    const winners = players.filter((p) => placements.some((x) => x.player === p.id && x.seat === true));
    expect(winners.length).toBe(2);
    let l = await balanced();
    for (const w of winners) expect(balanceOf(l, playerAccount(w.id), ticketAsset(target))).toBe(1);
    expect(balanceOf(l, ticketIssuer(target), ticketAsset(target))).toBe(-2);
    expect(balanceOf(l, escrowAccount(target), asset)).toBe(2200);
    expect(balanceOf(l, poolAccount(sat), asset)).toBe(0);
    // The first place without a seat gets the remainder in cash; nobody else gets money.
    // Players out in the same hand share their places (R-PLACE): a tie over 3rd shares the 300.
    const third = placements.filter((x) => x.places.includes(3));
    const share = 300 / third.length;
    expect(players.map((p) => balanceOf(l, playerAccount(p.id), asset)).sort((a, b) => a - b)).toEqual([
      ...Array<number>(5 - third.length).fill(0),
      ...Array<number>(third.length).fill(share),
    ]);
    for (const x of third) expect(balanceOf(l, playerAccount(x.player), asset)).toBe(share);
    // Paying again (a restart) issues no second ticket and no second prize.
    await payPrizes(runtime(sat));
    expect((await balanced()).balances).toEqual(l.balances);

    // The lobby offers the ticket holders the target for nothing (their balance is 0).
    for (const w of winners) {
      const lobby = await must<{ tournaments: { id: string; actions: { register: { allowed: boolean; cost?: number } } }[] }>(
        api(server.url, "GET", "/api/v1/lobby", undefined, w.token),
      );
      expect(lobby.tournaments.find((x) => x.id === target)?.actions.register).toEqual({ allowed: true, cost: 0 });
    }
    // The winners register in the target with a zero balance: the ticket pays, and the answer says so.
    for (const w of winners) {
      const r = await must<{ balance: number; paidWithTicket?: boolean }>(
        api(server.url, "POST", `/api/v1/tournaments/${target}/register`, { commandId: cmd() }, w.token),
      );
      expect(r.balance).toBe(0);
      expect(r.paidWithTicket).toBe(true);
    }
    l = await balanced();
    for (const w of winners) expect(balanceOf(l, playerAccount(w.id), ticketAsset(target))).toBe(0);
    expect(balanceOf(l, ticketIssuer(target), ticketAsset(target))).toBe(0);
    expect(balanceOf(l, escrowAccount(target), asset)).toBe(0);
    expect(balanceOf(l, poolAccount(target), asset)).toBe(2000);
    expect(balanceOf(l, HOUSE_FEES, asset) - balanceOf(before, HOUSE_FEES, asset)).toBe(200);
    const spent = (await server.svc.ledger.history(playerAccount(winners[0]!.id))).map((x) => x.kind);
    expect(spent.slice(-2)).toEqual(["ticket-issue", "ticket-use"]);
    // A loser without a ticket and without money (or with a share of the cash only) cannot register.
    const loser = players.find((p) => !winners.includes(p) && !third.some((x) => x.player === p.id)) ?? players.find((p) => !winners.includes(p))!;
    const refused = await api(server.url, "POST", `/api/v1/tournaments/${target}/register`, { commandId: cmd() }, loser.token);
    expect(refused.status).not.toBe(200);
    await balanced();
  }, 200_000);

  it("unregistering an entry a ticket paid gives the ticket back, not money", async () => {
    const asset = server.svc.asset;
    const target = await create({ buyIn: 1000, fee: 100 });
    // 2 × 600: one seat (1100) and 100 in cash for second place.
    const sat = await create({ satelliteTarget: target, buyIn: 600, fee: 0 });
    const players = [await player(600), await player(600)];
    for (const p of players) await register(sat, p);
    await start(sat);
    await play(sat, players);
    const winner = players.find((p) => (runtime(sat).dir.placements ?? []).some((x) => x.player === p.id && x.seat === true))!;
    expect(balanceOf(await ledger(), playerAccount(winner.id), ticketAsset(target))).toBe(1);
    await register(target, winner);
    await must(api(server.url, "POST", `/api/v1/tournaments/${target}/unregister`, { commandId: cmd() }, winner.token));
    const l = await balanced();
    expect(balanceOf(l, playerAccount(winner.id), ticketAsset(target))).toBe(1);
    expect(balanceOf(l, playerAccount(winner.id), asset)).toBe(0);
    expect(balanceOf(l, escrowAccount(target), asset)).toBe(1100);
    expect(balanceOf(l, poolAccount(target), asset)).toBe(0);
    // ...and it pays again.
    expect((await register(target, winner)).balance).toBe(0);
    expect(balanceOf(await balanced(), playerAccount(winner.id), ticketAsset(target))).toBe(0);
  }, 200_000);

  it("R-TRN-6: a cancelled target gives a ticket-paid entry its ticket back, and every ticket to it is redeemed in money", async () => {
    const asset = server.svc.asset;
    const target = await create({ buyIn: 1000, fee: 100 });
    const sat = await create({ satelliteTarget: target, buyIn: 500, fee: 50 });
    const players: Player[] = [];
    for (let i = 0; i < 5; i++) players.push(await player(550));
    for (const p of players) await register(sat, p);
    await start(sat);
    await play(sat, players);
    const winners = players.filter((p) => (runtime(sat).dir.placements ?? []).some((x) => x.player === p.id && x.seat === true));
    expect(winners.length).toBe(2);
    await register(target, winners[0]!); // the other keeps the ticket
    await must(api(server.url, "POST", `/api/v1/director/tournaments/${target}/cancel`, { commandId: cmd() }, director));
    let l = await balanced();
    await eventually(async () => balanceOf((l = await balanced()), escrowAccount(target), asset) === 0);
    for (const w of winners) {
      expect(balanceOf(l, playerAccount(w.id), ticketAsset(target))).toBe(0);
      expect(balanceOf(l, playerAccount(w.id), asset)).toBe(1100);
    }
    expect(balanceOf(l, ticketIssuer(target), ticketAsset(target))).toBe(0);
    expect(balanceOf(l, escrowAccount(target), asset)).toBe(0);
    expect(balanceOf(l, poolAccount(target), asset)).toBe(0);
  }, 200_000);
});

describe("the money check", () => {
  it("finds no difference between any tournament above and the ledger", async () => {
    expect(server.tournaments.size).toBeGreaterThan(0);
    for (const t of server.tournaments.values()) expect(await t.enqueue(() => reconcileTournament(t))).toEqual([]);
  });
});

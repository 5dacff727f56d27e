// R-TRN-4 online: a player who busts while rebuys are open keeps the seat for the
// rebuy grace; the table deals around the empty stack (and waits when nobody else is left
// to play), the lobby offers the rebuy with its deadline, a rebuy is dealt in at once, a
// decline or the end of the grace eliminates the entry; places and the ledger stay exact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LedgerCheckResponse, LobbyResponse, LobbyTournament } from "../../protocol/index.ts";
import { DEFAULT_REBUY_GRACE_MS } from "../../tournament/director/index.ts";
import { reconcileTournament } from "./tournament-reconcile.ts";
import type { FeltServer } from "../felt-server.ts";
import { entryCommand, playerCommandId } from "./tournament-entries.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import { startTestServer, stopTestServer, withServerOnFile, JumpClock, TURBO, commandRecordsSince } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, DIRECTOR, must, eventually } from "../../../testkit/server/harness.ts";

const clock = new JumpClock();
let server: FeltServer;
let director: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  ({ server, director } = await startTestServer(clock));
}, 60_000);
afterAll(() => stopTestServer(server, clock));

interface Player {
  name: string;
  token: string;
  id: string;
}
const tokens = new WeakMap<FeltServer, string>();
/** The director's session on `on`. */
async function directorOn(on: FeltServer): Promise<string> {
  if (on === server) return director;
  const known = tokens.get(on);
  if (known !== undefined) return known;
  const t = (await must<{ token: string }>(api(on.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
  tokens.set(on, t);
  return t;
}
let serial = 0;
async function player(funds: number, on: FeltServer = server): Promise<Player> {
  const server = on;
  const name = `r${process.pid % 1000}-${serial++}`;
  const s = await must<{ token: string; user: { id: string } }>(api(server.url, "POST", "/api/v1/auth/sign-up", { name, password: "rebuy-password-1" }));
  await must(api(server.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: funds }, await directorOn(server)));
  return { name, token: s.token, id: s.user.id };
}
const entry = (id: string, verb: string, p: Player) =>
  api<{ tournament: LobbyTournament; balance: number }>(server.url, "POST", `/api/v1/tournaments/${id}/${verb}`, { commandId: cmd() }, p.token);
const lobbyLine = async (id: string, p: Player) =>
  (await must<LobbyResponse>(api(server.url, "GET", "/api/v1/lobby", undefined, p.token))).tournaments.find((t) => t.id === id)!;
const runtime = (id: string) => server.tournaments.get(id)!;
/** Waits for `ok` however long a loaded machine takes (the test's timeout is the bound; no test times things). */
async function until(_what: string, ok: () => boolean): Promise<void> {
  await eventually(ok);
}

/** Heads-up rebuy tournament (turbo preset), both players bots always all in: the first hand busts someone. */
async function headsUp(): Promise<{ id: string; ps: Player[]; bots: Bot[] }> {
  return headsUpOn(server);
}

async function headsUpOn(server: FeltServer): Promise<{ id: string; ps: Player[]; bots: Bot[] }> {
  const body = {
    commandId: cmd(),
    presetId: "turbo",
    name: "rebuy grace",
    kind: "online",
    settings: { start: "manual" },
    startsAt: clock.now(),
    buyIn: 1000,
    fee: 100,
    structure: TURBO,
  };
  const token = await directorOn(server);
  const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, token))).tournament.id;
  const ps = await Promise.all([5000, 5000].map((f) => player(f, server)));
  for (const p of ps) expect((await api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, p.token)).status).toBe(200);
  await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, token));
  const bots = ps.map((p, i) => new Bot(server.url, p.name, p.token, { seed: i + 1, allInChance: 1 }));
  await Promise.all(bots.map((b) => b.connect()));
  const line = async (p: Player) =>
    (await must<LobbyResponse>(api(server.url, "GET", "/api/v1/lobby", undefined, p.token))).tournaments.find((t) => t.id === id)!;
  for (const [i, b] of bots.entries()) b.watch((await line(ps[i]!)).mine!.tableId!);
  return { id, ps, bots };
}

/** The player whose entry sits at 0 chips waiting to rebuy. */
function waiting(id: string, ps: Player[], on: FeltServer = server): Player | undefined {
  const d = on.tournaments.get(id)!.dir;
  return ps.find((p) => {
    const e = d.entries.get(d.players.get(p.id)!.entries.at(-1)!)!;
    return e.alive && e.stack === 0 && d.busted.includes(e.id);
  });
}

const balances = async () => (await must<LedgerCheckResponse>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director))).balances;

async function ledgerExact(id: string): Promise<void> {
  const l = await must<LedgerCheckResponse>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director));
  for (const v of Object.values(l.totals)) expect(v).toBe(0);
  const t = runtime(id);
  const paidIn = t.dir.payments.reduce((a, p) => a + p.toPool, 0);
  expect((t.dir.placements ?? []).reduce((a, p) => a + p.prize, 0)).toBe(paidIn);
  expect(l.balances.find((b) => b.account === `pool:${id}`)?.balance ?? 0).toBe(0);
}

describe("R-TRN-4 online: the rebuy grace", () => {
  it("a busted player keeps the seat and is offered the rebuy; the table waits, deals them in on the rebuy; the grace's end eliminates; places and ledger exact", async () => {
    const { id, ps, bots } = await headsUp();
    const t = runtime(id);
    await until("a bust", () => waiting(id, ps) !== undefined);
    const loser = waiting(id, ps)!;
    const winner = ps.find((p) => p !== loser)!;
    const table = t.tables.get(t.dir.entries.get(loser.id)!.table)!;
    const hands = table.state.handNumber;
    // The lobby offers the rebuy, with its deadline; the seat is kept at 0 chips.
    const line = await lobbyLine(id, loser);
    expect(line.mine).toMatchObject({ state: "playing", stack: 0, rebuys: 0 });
    expect(line.mine!.seat).not.toBeNull();
    expect(line.mine!.rebuyUntil).toBeGreaterThan(clock.now());
    expect(line.mine!.rebuyUntil).toBeLessThanOrEqual(clock.now() + DEFAULT_REBUY_GRACE_MS);
    expect(line.actions.rebuy).toEqual({ allowed: true, cost: 1100 });
    expect(line.status).toBe("running");
    // Nobody else to play: no hand is dealt meanwhile.
    await sleep(300);
    expect(table.state.handNumber).toBe(hands);
    expect(t.dir.status).toBe("running");
    // The rebuy: dealt in again at once.
    const r = await entry(id, "rebuy", loser);
    expect(r.status).toBe(200);
    expect(r.body.tournament.mine).toMatchObject({ stack: 5000, rebuys: 1, rebuyUntil: null });
    await until("the next hand", () => table.state.handNumber > hands);
    // The next bust: this time nobody rebuys, and the grace runs out.
    await until("another bust", () => waiting(id, ps) !== undefined);
    const second = waiting(id, ps)!;
    expect(t.dir.status).toBe("running");
    clock.jump(DEFAULT_REBUY_GRACE_MS + 1000);
    await until("the end", () => t.dir.status === "finished");
    const placements = t.dir.placements!;
    const other = ps.find((p) => p !== second)!;
    expect(placements.map((p) => [p.player, p.places])).toEqual([
      [other.id, [1]],
      [second.id, [2]],
    ]);
    expect(await entry(id, "rebuy", second)).toMatchObject({ status: 409 });
    await ledgerExact(id);
    expect(winner).toBeDefined();
    for (const b of bots) b.close();
  }, 60_000);

  it("a rebuy bought while the player's hand runs waits behind: the hand is recorded as the table played it, the chips come after (TDA 27)", async () => {
    // Two players who hold their actions until the rebuy has landed, then both go all in.
    const body = {
      commandId: cmd(),
      presetId: "turbo",
      name: "mid-hand rebuy",
      kind: "online",
      settings: { start: "manual" },
      startsAt: clock.now(),
      buyIn: 1000,
      fee: 100,
      structure: TURBO,
    };
    const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
    const ps = await Promise.all([5000, 5000].map((f) => player(f)));
    for (const p of ps) expect((await entry(id, "register", p)).status).toBe(200);
    await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));
    const t = runtime(id);
    const ended = new Map<number, Map<string, number>>();
    const bots = ps.map(
      (p, i) =>
        new Bot(server.url, p.name, p.token, {
          seed: i + 1,
          allInChance: 1,
          // The stacks each finished hand left at the table, by player (the view between hands).
          onBroadcast: (_m, b) => {
            const last = b.view?.lastHand;
            if (last === undefined || last === null || ended.has(last.handNumber)) return;
            const byPlayer = new Map<string, number>();
            for (const s of last.stacks) {
              const who = b.view!.seats.find((x) => x.seat === s.seat)?.player?.id;
              if (who !== undefined) byPlayer.set(who, s.stack);
            }
            ended.set(last.handNumber, byPlayer);
            // Hold the next hand (its clock is seconds away) so the director's stacks are read after this one, not the next.
            if (last.handNumber === 1) b.passive = true;
          },
        }),
    );
    for (const b of bots) b.passive = true;
    await Promise.all(bots.map((b) => b.connect()));
    for (const [i, b] of bots.entries()) b.watch((await lobbyLine(id, ps[i]!)).mine!.tableId!);
    const [buyer, other] = [ps[0]!, ps[1]!];
    const n = t.dir.entries.get(t.dir.players.get(buyer.id)!.entries.at(-1)!)!.table!;
    const table = t.tables.get(n)!;
    await until("the first hand dealt", () => t.dir.tables.get(n)?.inHand === true && table.state.handNumber === 1);
    // The rebuy lands while hand 1 is in play: the director keeps the chips behind the stack.
    const r = await entry(id, "rebuy", buyer);
    expect(r.status).toBe(200);
    expect(table.state.handNumber).toBe(1);
    const bought = t.dir.entries.get(t.dir.players.get(buyer.id)!.entries.at(-1)!)!;
    expect({ stack: bought.stack, behind: bought.behind }).toEqual({ stack: 5000, behind: 5000 });
    for (const b of bots) b.resume();
    await until("hand 1 recorded and settled", () => (t.recorded.get(n) ?? 0) >= 1 && ended.has(1) && (t.dir.entries.get(bought.id)!.behind ?? 0) === 0);
    // The director's stacks are the table's, the rebuy's chips on top: the hand was not refused.
    const atTable = ended.get(1)!;
    const stackOf = (p: Player) => t.dir.entries.get(t.dir.players.get(p.id)!.entries.at(-1)!)!.stack;
    expect(atTable.get(buyer.id)! + atTable.get(other.id)!).toBe(10_000);
    expect({ buyer: stackOf(buyer), other: stackOf(other) }).toEqual({ buyer: atTable.get(buyer.id)! + 5000, other: atTable.get(other.id)! });
    for (const b of bots) b.close();
  }, 60_000);

  it("declining the rebuy ends the tournament at once; a decline when not waiting is refused and changes nothing", async () => {
    const { id, ps, bots } = await headsUp();
    const t = runtime(id);
    await until("a bust", () => waiting(id, ps) !== undefined);
    const loser = waiting(id, ps)!;
    const other = ps.find((p) => p !== loser)!;
    // Refused, nothing recorded: the bust's hand may still be settling meanwhile (its records carry no commandId).
    const from = t.version;
    const before = { entries: t.dir.entries.size, payments: t.dir.payments.length, ledger: await balances() };
    const refused = cmd();
    const no = await entryCommand(t, server.svc, { id: other.id, name: other.name }, "declineRebuy", refused);
    expect(no.ok ? "ok" : no.error.code).toBe("tournament/not-allowed");
    expect(await commandRecordsSince(server, id, from)).toEqual([]);
    expect(t.hasCommand(playerCommandId(other.id, refused))).toBe(false);
    expect({ entries: t.dir.entries.size, payments: t.dir.payments.length, ledger: await balances() }).toEqual(before);
    const c = cmd();
    expect((await entryCommand(t, server.svc, { id: loser.id, name: loser.name }, "declineRebuy", c)).ok).toBe(true);
    await until("the end", () => t.dir.status === "finished");
    expect(await entryCommand(t, server.svc, { id: loser.id, name: loser.name }, "declineRebuy", c)).toMatchObject({ ok: true, value: { duplicate: true } });
    expect(t.dir.placements!.find((p) => p.player === loser.id)!.places).toEqual([2]);
    await ledgerExact(id);
    for (const b of bots) b.close();
  }, 60_000);
});

describe("R-TRN-4 online across a restart", () => {
  it("a player waiting to rebuy still is after a restart, and the grace's end after it settles the tournament", async () => {
    await withServerOnFile(clock, async (r) => {
      let s = r.server;
      const { id, ps, bots } = await headsUpOn(s);
      await until("a bust", () => waiting(id, ps, s) !== undefined);
      const loser = waiting(id, ps, s)!;
      for (const b of bots) b.close();
      s = await r.restart();
      const t = s.tournaments.get(id)!;
      await t.enqueue(async () => {});
      expect(waiting(id, ps, s)).toBe(loser);
      const line = (await must<LobbyResponse>(api(s.url, "GET", "/api/v1/lobby", undefined, loser.token))).tournaments.find((x) => x.id === id)!;
      expect(line.actions.rebuy).toEqual({ allowed: true, cost: 1100 });
      expect(line.mine!.rebuyUntil).toBeGreaterThan(clock.now());
      clock.jump(DEFAULT_REBUY_GRACE_MS + 1000);
      await until("the end", () => t.dir.status === "finished");
      expect(t.dir.placements!.find((p) => p.player === loser.id)!.places).toEqual([2]);
    });
  }, 60_000);
});

describe("the money check", () => {
  it("finds no difference between any tournament above and the ledger", async () => {
    expect(server.tournaments.size).toBeGreaterThan(0);
    for (const t of server.tournaments.values()) expect(await t.enqueue(() => reconcileTournament(t))).toEqual([]);
  });
});

// A tournament's money, follow-ups: a cancelled tournament refunds every
// player exactly what they paid (R-TRN-6), online and at the desk, once; walk-in purchases
// are keyed per command; a live room's entry has no online table.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LobbyTournament } from "../../protocol/index.ts";
import { HOUSE_FEES, playerAccount, poolAccount } from "../../store/index.ts";
import type { TournamentConfig } from "../../tournament/director/index.ts";
import { structurePreset } from "../../tournament/structure/index.ts";
import { ManualClock } from "../clock.ts";
import { reconcileTournament } from "./tournament-reconcile.ts";
import { FeltServer } from "../felt-server.ts";
import { refundCancelled } from "./tournament-money.ts";
import { TournamentRuntime, type TournamentMeta } from "./tournament-runtime.ts";
import { TEST_SERVER, TURBO, MIN, playerFactory, type Player } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, DIRECTOR, must } from "../../../testkit/server/harness.ts";

let server: FeltServer;
let clock: ManualClock;
let director: string;

beforeAll(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 29, 18, 0));
  server = await FeltServer.start({ ...TEST_SERVER, db: ":memory:", clock });
  director = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
}, 60_000);
afterAll(async () => {
  await server.close();
});

const { player } = playerFactory(
  () => server.url,
  () => director,
  "m",
);
const balance = (account: string) => server.svc.ledger.balance(account, server.svc.asset);
const entry = (id: string, verb: string, p: Player) =>
  api<{ tournament: LobbyTournament; balance: number }>(server.url, "POST", `/api/v1/tournaments/${id}/${verb}`, { commandId: cmd() }, p.token);
const walkIn = (id: string, name: string, commandId = cmd()) =>
  api<{ tournament: LobbyTournament }>(server.url, "POST", `/api/v1/director/tournaments/${id}/walk-in`, { commandId, name }, director);

/** Every asset's balances sum to zero. */
async function totalsZero(): Promise<void> {
  const l = await must<{ totals: Record<string, number> }>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director));
  for (const v of Object.values(l.totals)) expect(v).toBe(0);
}

function seedStructure(): TournamentConfig["structure"] {
  const s = structurePreset("seed");
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

let made = 0;
/** A tournament with the R-TRN-6 start rule (the server's presets have none): 5 players by a deadline 15 minutes after the start. */
async function withStartRule(kind: "online" | "live"): Promise<TournamentRuntime> {
  const id = `Tcancel${made++}x${process.pid}`;
  const now = clock.now();
  const meta: TournamentMeta = {
    id,
    name: "cancel test",
    kind,
    presetId: "seed",
    startsAt: now + MIN,
    actionMs: 3000,
    timeBankMs: 0,
    maxEntries: null,
    guarantee: 5000,
    createdAt: now,
  };
  const config: TournamentConfig = {
    id,
    name: "cancel test",
    format: { kind: "freezeout" },
    structure: seedStructure(),
    money: { buyIn: 1000, fee: 100, guarantee: 5000 },
    tableSize: 6,
    start: { scheduledAt: now + MIN, deadline: now + 16 * MIN, minPlayers: 5 },
  };
  const t = await TournamentRuntime.create(server.svc, meta, config, cmd());
  if (!t.ok) throw new Error(t.error.message);
  server.adopt(t.value);
  return t.value;
}

describe("R-TRN-6: a cancelled tournament refunds everyone", () => {
  it("too few players by the deadline: every player gets back exactly what they paid, once; the pool is empty, the fees are back", async () => {
    const t = await withStartRule("online");
    const fees = await balance(HOUSE_FEES);
    const ps = await Promise.all([1100, 2500, 4000].map(player));
    for (const p of ps) expect((await entry(t.id, "register", p)).status).toBe(200);
    // One who leaves and comes back has paid twice and been refunded once: one buy-in to give back.
    const back = ps[2]!;
    expect((await entry(t.id, "unregister", back)).status).toBe(200);
    expect((await entry(t.id, "register", back)).status).toBe(200);
    expect(await balance(poolAccount(t.id))).toBe(3000);
    // Before the deadline the start waits; at the deadline the server cancels it by itself
    // (3 of 5; tournament-start-clock.ts), and the director's start is refused then.
    clock.advance(2 * MIN);
    const early = await api<{ error: { code: string } }>(server.url, "POST", `/api/v1/director/tournaments/${t.id}/start`, { commandId: cmd() }, director);
    expect(early.status).not.toBe(200);
    clock.advance(15 * MIN);
    await t.enqueue(async () => {});
    expect(t.dir.status).toBe("cancelled");
    const lobby = await must<{ tournaments: LobbyTournament[] }>(api(server.url, "GET", "/api/v1/lobby"));
    expect(lobby.tournaments.find((x) => x.id === t.id)!.status).toBe("cancelled");
    expect((await api(server.url, "POST", `/api/v1/director/tournaments/${t.id}/start`, { commandId: cmd() }, director)).status).toBe(409);
    expect(t.dir.refunds).toEqual(expect.arrayContaining(ps.map((p) => ({ player: p.id, amount: 1100 }))));
    for (const [i, p] of ps.entries()) expect(await balance(playerAccount(p.id))).toBe([1100, 2500, 4000][i]);
    expect(await balance(poolAccount(t.id))).toBe(0);
    expect(await balance(HOUSE_FEES)).toBe(fees);
    // The guarantee is void: no overlay was ever posted.
    expect((await server.svc.ledger.history(poolAccount(t.id))).map((x) => x.kind).sort()).toEqual([
      "buy-in",
      "buy-in",
      "buy-in",
      "buy-in",
      "refund",
      "refund",
      "refund",
      "refund",
    ]);
    // A repeated deadline, a restart's resume and a second posting all pay nothing twice.
    await t.startClock.fire();
    t.resume();
    await t.enqueue(async () => {});
    await refundCancelled(t);
    for (const [i, p] of ps.entries()) expect(await balance(playerAccount(p.id))).toBe([1100, 2500, 4000][i]);
    await totalsZero();
  });

  it("the director's cancel in a live room: walk-ins' cash and online buy-ins go back to the players' accounts", async () => {
    const t = await withStartRule("live");
    const p = await player(1100);
    expect((await entry(t.id, "register", p)).status).toBe(200);
    expect((await walkIn(t.id, "Bodil Ås")).status).toBe(200);
    const guest = [...t.dir.players.keys()].find((x) => x !== p.id)!;
    expect(await balance(playerAccount(guest))).toBe(0);
    expect(await balance(poolAccount(t.id))).toBe(2000);
    const c = cmd();
    const r = await t.cancel("the room closed early", c);
    expect(r.ok).toBe(true);
    expect(t.dir.status).toBe("cancelled");
    expect(await balance(playerAccount(p.id))).toBe(1100);
    // The walk-in paid 1,100 at the desk: it is on their account now.
    expect(await balance(playerAccount(guest))).toBe(1100);
    expect(await balance(poolAccount(t.id))).toBe(0);
    expect(await t.cancel("again", c)).toMatchObject({ ok: true, value: { duplicate: true } });
    expect(await balance(playerAccount(guest))).toBe(1100);
    // A cancelled tournament cannot be cancelled again under another command, and it pays nothing more.
    expect((await t.cancel("again", cmd())).ok).toBe(false);
    await totalsZero();
  });
});

describe("walk-ins", () => {
  it("each walk-in's buy-in is its own purchase, keyed by its command: a repeat acts once, every new one pays", async () => {
    const body = { commandId: cmd(), presetId: "turbo", name: "walk-in keys", kind: "live", startsAt: clock.now(), buyIn: 1000, fee: 100, structure: TURBO };
    const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
    const c = cmd();
    expect((await walkIn(id, "Ann", c)).status).toBe(200);
    expect((await walkIn(id, "Ann", c)).status).toBe(200);
    expect(await balance(poolAccount(id))).toBe(1000);
    // The same name again is another person at the desk (another guest account), who pays.
    expect((await walkIn(id, "Ann")).status).toBe(200);
    expect(await balance(poolAccount(id))).toBe(2000);
    const t = server.tournaments.get(id)!;
    expect(t.dir.entries.size).toBe(2);
    const keys = (await server.svc.ledger.history(poolAccount(id))).map((x) => x.key);
    expect(new Set(keys).size).toBe(2);
    for (const k of keys) expect(k).toMatch(/^buy-in:[^:]+:[^:]+:c[0-9a-f]+$/);
    await totalsZero();
  });
});

describe("the lobby", () => {
  it("a live room's entry has a table and seat but no online table to open", async () => {
    const body = { commandId: cmd(), presetId: "turbo", name: "live lobby", kind: "live", startsAt: clock.now(), buyIn: 1000, fee: 100, structure: TURBO };
    const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
    const ps = await Promise.all([1100, 1100].map(player));
    for (const p of ps) expect((await entry(id, "register", p)).status).toBe(200);
    await must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));
    const lobby = await must<{ tournaments: LobbyTournament[] }>(api(server.url, "GET", "/api/v1/lobby", undefined, ps[0]!.token));
    const mine = lobby.tournaments.find((x) => x.id === id)!.mine!;
    expect(mine.state).toBe("playing");
    expect(mine.seat).not.toBeNull();
    expect(mine.tableId).toBeNull();
  });
});

describe("the money check", () => {
  it("finds no difference between any tournament above and the ledger", async () => {
    expect(server.tournaments.size).toBeGreaterThan(0);
    for (const t of server.tournaments.values()) expect(await t.enqueue(() => reconcileTournament(t))).toEqual([]);
  });
});

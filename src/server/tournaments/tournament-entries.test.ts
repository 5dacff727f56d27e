// The player's side of tournaments over real HTTP: register and unregister
// (a refund), re-entry after a bust (R-TRN-3), rebuy and add-on (R-TRN-4/5), late
// registration after the start; every purchase posted to the ledger, the ledger balanced,
// an unfunded purchase refused with nothing changed, a repeated commandId acting once.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type { LedgerCheckResponse, LobbyResponse, LobbyTournament, PresetListResponse, TournamentView } from "../../protocol/index.ts";
import { playerAccount, poolAccount } from "../../store/index.ts";
import { reconcileTournament } from "./tournament-reconcile.ts";
import { tournamentStream } from "./tournament-runtime.ts";
import type { FeltServer } from "../felt-server.ts";
import { Bot } from "../../../testkit/server/bot.ts";
import { startTestServer, stopTestServer, JumpClock, CASINO, TURBO, MIN, playerFactory, type Player } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, must, playToTheEnd, eventually, type Setup } from "../../../testkit/server/harness.ts";

const clock = new JumpClock();
let server: FeltServer;
let director: string;

/** The server's last log lines, shown when a test fails (a refused timeout or deal says why a table stopped). */
const serverLog: string[] = [];
const keepLog = (message: string, error?: unknown) => {
  serverLog.push(`${clock.now()} ${message}${error === undefined ? "" : ` ${String(error)}`}`);
  if (serverLog.length > 200) serverLog.shift();
};

beforeAll(async () => {
  ({ server, director } = await startTestServer(clock, { rateLimit: { perSecond: 200, burst: 400 }, log: keepLog }));
}, 60_000);
afterAll(() => stopTestServer(server, clock));

const { player, deposit } = playerFactory(
  () => server.url,
  () => director,
  "e",
);
async function create(presetId: string, structure: unknown, kind: "online" | "live" = "online"): Promise<string> {
  const body = {
    commandId: cmd(),
    presetId,
    name: `${presetId} test`,
    kind,
    startsAt: clock.now(),
    buyIn: 1000,
    fee: 100,
    structure,
    settings: { start: "manual" },
  };
  return (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
}
type Answer = { tournament: LobbyTournament; balance: number };
type Refusal = { error: { code: string; cause?: string } };
const entry = (id: string, verb: string, p: Player, commandId = cmd()) =>
  api<Answer & Refusal>(server.url, "POST", `/api/v1/tournaments/${id}/${verb}`, { commandId }, p.token);
const lobbyLine = async (id: string, p: Player) =>
  (await must<LobbyResponse>(api(server.url, "GET", "/api/v1/lobby", undefined, p.token))).tournaments.find((t) => t.id === id)!;
const ledger = () => must<LedgerCheckResponse>(api(server.url, "GET", "/api/v1/director/ledger", undefined, director));
const balanceOf = (l: LedgerCheckResponse, account: string) => l.balances.find((b) => b.account === account)?.balance ?? 0;
const runtime = (id: string) => server.tournaments.get(id)!;
/** The kinds of the ledger transactions on a player's account, oldest first. */
const postedKinds = async (p: Player) => (await server.svc.ledger.history(playerAccount(p.id))).map((x) => x.kind);
const start = (id: string) => must(api(server.url, "POST", `/api/v1/director/tournaments/${id}/start`, { commandId: cmd() }, director));

/** Ledger sound: every asset sums to 0, and the pool holds exactly what the director says was paid in. */
async function checkLedger(id: string): Promise<LedgerCheckResponse> {
  const l = await ledger();
  for (const v of Object.values(l.totals)) expect(v).toBe(0);
  const t = runtime(id);
  if (t.dir.status !== "finished") expect(balanceOf(l, poolAccount(id))).toBe(t.dir.payments.reduce((a, p) => a + p.toPool, 0));
  return l;
}

/**
 * What a refused command must leave alone: the tournament's stream and the ledger. The
 * tables (the action clock runs in real time) and the tournament's clock go on recording
 * hands and levels meanwhile, at moments the test does not choose; those records carry no
 * commandId, a command's always do. So: no record carrying a commandId lands.
 */
async function unchanged(id: string, f: () => Promise<void>): Promise<void> {
  const t = runtime(id);
  const from = t.version;
  const before = { entries: t.dir.entries.size, payments: t.dir.payments.length, ledger: (await ledger()).balances };
  await f();
  const after = { entries: t.dir.entries.size, payments: t.dir.payments.length, ledger: (await ledger()).balances };
  const landed = await server.svc.store.read(tournamentStream(id), from + 1);
  expect(landed.filter((e) => e.meta["commandId"] !== undefined)).toEqual([]);
  expect(after).toEqual(before);
}

describe("presets and routes", () => {
  it("the presets offer the formats a card room expects (R-TRN-3/4/5)", async () => {
    const { presets } = await must<PresetListResponse>(api(server.url, "GET", "/api/v1/director/presets", undefined, director));
    const flags = Object.fromEntries(presets.map((p) => [p.id, [p.reEntry, p.rebuy, p.addOn]]));
    expect(flags["casino-1900"]).toEqual([true, false, false]);
    expect(flags["deep"]).toEqual([true, false, false]);
    expect(flags["turbo"]).toEqual([false, true, true]);
    expect(flags["seed"]).toEqual([false, false, false]);
  });

  it("deposit, ledger and hand texts are protocol routes: OpenAPI lists them, and the lobby's page parameters", async () => {
    const doc = await must<{ paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> }>(api(server.url, "GET", "/api/docs"));
    expect(doc.paths["/api/v1/director/deposit"]?.["post"]).toBeDefined();
    expect(doc.paths["/api/v1/director/ledger"]?.["get"]).toBeDefined();
    expect(doc.paths["/api/v1/hands/{id}/texts"]?.["get"]).toBeDefined();
    expect(doc.paths["/api/v1/lobby"]!["get"]!.parameters!.map((p) => `${p.in}:${p.name}`)).toEqual(["query:page", "query:pageSize"]);
  });
});

describe("entries before the start (a re-entry tournament): register and unregister", () => {
  let id: string;
  beforeAll(async () => {
    id = await create("casino-1900", CASINO);
  });

  it("unregistering refunds buy-in and fee; a repeat acts once; registering again pays again", async () => {
    const u = await player(2200);
    const first = await entry(id, "register", u);
    expect(first.status).toBe(200);
    expect(first.body.balance).toBe(1100);
    expect(first.body.tournament.actions.unregister).toEqual({ allowed: true, cost: 0 });
    const c = cmd();
    const left = await entry(id, "unregister", u, c);
    expect(left.status).toBe(200);
    expect(left.body.balance).toBe(2200);
    expect(left.body.tournament.mine).toBeNull();
    expect(left.body.tournament.actions.register).toEqual({ allowed: true, cost: 1100 });
    expect((await entry(id, "unregister", u, c)).body.balance).toBe(2200);
    const l = await checkLedger(id);
    expect(balanceOf(l, playerAccount(u.id))).toBe(2200);
    expect(balanceOf(l, poolAccount(id))).toBe(0);
    await unchanged(id, async () => {
      const again = await entry(id, "unregister", u);
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe("tournament/not-allowed");
    });
    // The same player registering again is charged again (a new key, not the first buy-in's).
    const back = await entry(id, "register", u);
    expect(back.body.balance).toBe(1100);
    expect(await postedKinds(u)).toEqual(["deposit", "buy-in", "refund", "buy-in"]);
    expect(balanceOf(await checkLedger(id), poolAccount(id))).toBe(1000);
  });

  it("a command id is the sender's own: another player's id registers me, charges me, and leaves theirs alone", async () => {
    const a = await player(1100);
    const b = await player(1100);
    const c = cmd();
    expect((await entry(id, "register", a, c)).body.balance).toBe(0);
    const mine = await entry(id, "register", b, c);
    expect(mine.status).toBe(200);
    expect(mine.body.balance).toBe(0);
    expect(mine.body.tournament.mine).not.toBeNull();
    expect(await postedKinds(b)).toEqual(["deposit", "buy-in"]);
    // Each one's repeat still acts once, and A's entry is untouched by B's.
    expect((await entry(id, "register", a, c)).body.balance).toBe(0);
    expect((await entry(id, "register", b, c)).body.balance).toBe(0);
    expect(await postedKinds(a)).toEqual(["deposit", "buy-in"]);
    expect((await lobbyLine(id, a)).mine).not.toBeNull();
    const players = [...runtime(id).dir.entries.values()].map((e) => e.player);
    expect(players.filter((p) => p === a.id || p === b.id).sort()).toEqual([a.id, b.id].sort());
  });

  it("an unfunded registration is refused and changes nothing; the lobby says why", async () => {
    const poor = await player(1099);
    expect((await lobbyLine(id, poor)).actions.register).toEqual({ allowed: false, reason: "insufficient-funds" });
    await unchanged(id, async () => {
      const r = await entry(id, "register", poor);
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe("ledger/insufficient-funds");
    });
  });

  it("before the start: no re-entry, rebuy or add-on yet; the lobby says when late registration ends", async () => {
    const p = await player(1100);
    const line = (await entry(id, "register", p)).body.tournament;
    expect(line.actions.reEnter).toEqual({ allowed: false, reason: "still-playing" });
    expect(line.actions.rebuy).toEqual({ allowed: false, reason: "rebuy-not-offered" });
    expect(line.actions.addOn).toEqual({ allowed: false, reason: "add-on-not-offered" });
    // Re-entry and late registration until the end of level 6 (no breaks in this structure).
    expect(line.lateRegistrationEndsLevel).toBe(6);
    expect(line.lateRegistrationEndsAt).toBe(line.startsAt + 6 * MIN);
    const r = await entry(id, "re-enter", p);
    expect(r.status).toBe(409);
  });
});

describe("R-TRN-3: a re-entry tournament played by bots", () => {
  it("a busted player re-enters (refused while unfunded, once per commandId), late registration, then play to the end with the ledger balanced", async () => {
    onTestFailed(() => console.error(`the server's last log lines:\n${serverLog.join("\n")}`));
    const id = await create("casino-1900", CASINO);
    const players = await Promise.all(Array.from({ length: 6 }, () => player(1100)));
    for (const p of players) expect((await entry(id, "register", p)).status).toBe(200);
    await start(id);
    const t = runtime(id);
    // Late registration while running: seated at once, the buy-in posted.
    const late = await player(1100);
    const lr = await entry(id, "register", late);
    expect(lr.status).toBe(200);
    expect(lr.body.balance).toBe(0);
    expect(lr.body.tournament.mine).toMatchObject({ state: "playing", stack: CASINO.startingStack });
    expect(lr.body.tournament.mine!.tableId).not.toBeNull();
    players.push(late);
    await checkLedger(id);

    const bots = players.map((p, i) => new Bot(server.url, p.name, p.token, { seed: i + 1, allInChance: 1 }));
    const setup: Setup = { tournamentId: id, directorToken: director, players };
    const playing = playToTheEnd(() => server.url, setup, {}, { bots, timeoutMs: 150_000 });
    playing.catch(() => {});
    // Wait for the first bust.
    let busted: Player | undefined;
    await eventually(() => {
      busted = players.find((p) => {
        const e = t.dir.entries.get(p.id);
        return e !== undefined && (!e.alive || e.stack === 0);
      });
      return busted !== undefined;
    });
    expect(busted).toBeDefined();
    for (const b of bots) b.allInChance = 0.3;
    const x = busted!;
    expect(t.dir.status).toBe("running");
    // Unfunded: refused, nothing changes, the lobby says why.
    expect((await lobbyLine(id, x)).actions.reEnter).toEqual({ allowed: false, reason: "insufficient-funds" });
    const refused = await entry(id, "re-enter", x);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("ledger/insufficient-funds");
    expect(t.dir.players.get(x.id)!.entries).toEqual([x.id]);
    await deposit(x.name, 1100);
    expect((await lobbyLine(id, x)).actions.reEnter).toEqual({ allowed: true, cost: 1100 });
    const c = cmd();
    const re = await entry(id, "re-enter", x, c);
    expect(re.status).toBe(200);
    expect(re.body.balance).toBe(0);
    expect(re.body.tournament.mine).toMatchObject({ entryId: `${x.id}#2`, state: "playing", stack: CASINO.startingStack });
    const again = await entry(id, "re-enter", x, c);
    expect(again.status).toBe(200);
    expect(again.body.balance).toBe(0);
    expect(t.dir.players.get(x.id)!.entries).toEqual([x.id, `${x.id}#2`]);
    // The ledger has no re-entry kind: a second buy-in, its memo saying which.
    const history = await server.svc.ledger.history(playerAccount(x.id));
    expect(history.map((h) => h.kind)).toEqual(["deposit", "buy-in", "deposit", "buy-in"]);
    expect(history[3]!.memo).toMatchObject({ reEntry: true, entry: `${x.id}#2` });
    const l = await checkLedger(id);
    expect(balanceOf(l, poolAccount(id))).toBe(8 * 1000);
    const fees = balanceOf(l, "house:fees");

    // Past the window (end of level 6) the field closes; the bots play it out.
    clock.jump(6 * MIN);
    const { final } = await playing;
    expect(final.status).toBe("finished");
    expect(t.dir.conservation.failures).toBe(0);
    const end = await checkLedger(id);
    expect(balanceOf(end, poolAccount(id))).toBe(0);
    expect(balanceOf(end, "house:fees")).toBe(fees);
    const paid = (t.dir.placements ?? []).reduce((a, p) => a + p.prize, 0);
    expect(paid).toBe(8 * 1000);
    const money = players.reduce((a, p) => a + balanceOf(end, playerAccount(p.id)), 0);
    expect(money).toBe(paid);
  }, 200_000);
});

// Two levels, the add-on break, six more: rebuys until the end of level 4 (P = 8, R-TRN-4),
// the add-on during the break (R-TRN-5), late registration with the rebuys.
const REBUY_STRUCTURE = {
  startingStack: TURBO.startingStack,
  levels: [...TURBO.levels.slice(0, 2), { kind: "break" as const, sb: 0, bb: 0, ante: 0, minutes: 1, colourUp: null }, ...TURBO.levels.slice(2)],
};

// No bots here: hands go on by the action clock (3 s a timed-out action), so the first
// stacks stay as dealt while the early checks run.
describe("R-TRN-4/5: a rebuy tournament with an add-on", () => {
  let id: string;
  let ps: Player[];
  let poor: Player;
  beforeAll(async () => {
    id = await create("turbo", REBUY_STRUCTURE);
    ps = await Promise.all([5000, 5000, 5000].map(player));
    poor = await player(1100);
    // Seven players, two 6-max tables: R-TRN-4 allows no rebuy at the final table.
    const others = await Promise.all([1100, 1100, 1100].map(player));
    for (const p of [...ps, poor, ...others]) expect((await entry(id, "register", p)).status).toBe(200);
    await start(id);
  });

  it("the lobby and the clock: windows, the next break", async () => {
    const line = await lobbyLine(id, ps[0]!);
    expect(line.lateRegistrationEndsLevel).toBe(4);
    const t = runtime(id);
    expect(line.lateRegistrationEndsAt).toBeGreaterThanOrEqual(t.dir.startedAt! + 5 * MIN - 1000);
    expect(line.lateRegistrationEndsAt).toBeLessThanOrEqual(t.dir.startedAt! + 5 * MIN + 1000);
    expect(line.actions.rebuy).toEqual({ allowed: true, cost: 1100 });
    expect(line.actions.addOn).toEqual({ allowed: false, reason: "add-on-not-open" });
    expect(line.actions.reEnter).toEqual({ allowed: false, reason: "re-entry-not-offered" });
    const view = await must<TournamentView>(api(server.url, "GET", `/api/v1/tournaments/${id}`));
    expect(view.nextBreak?.durationMs).toBe(MIN);
    expect(Math.abs(view.nextBreak!.at - (t.dir.startedAt! + 2 * MIN))).toBeLessThan(1000);
  });

  it("a rebuy at or below the starting stack posts to the ledger once per commandId; a bigger stack may not", async () => {
    const [a] = ps as [Player];
    const c = cmd();
    const r = await entry(id, "rebuy", a, c);
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe(5000 - 1100 - 1100);
    expect(r.body.tournament.mine).toMatchObject({ rebuys: 1 });
    expect((await entry(id, "rebuy", a, c)).body.balance).toBe(2800);
    expect(runtime(id).dir.entries.get(a.id)!.rebuys).toBe(1);
    expect(await postedKinds(a)).toEqual(["deposit", "buy-in", "rebuy"]);
    const l = await checkLedger(id);
    expect(balanceOf(l, poolAccount(id))).toBe(8000);
    expect((await lobbyLine(id, a)).actions.rebuy).toEqual({ allowed: false, reason: "stack-too-large" });
    await unchanged(id, async () => {
      const big = await entry(id, "rebuy", a);
      expect(big.status).toBe(409);
      expect(big.body.error).toMatchObject({ code: "tournament/not-allowed", cause: "tournament/rebuy-stack-too-big" });
    });
  });

  it("an unfunded rebuy and an unfunded late registration are refused and change nothing", async () => {
    expect((await lobbyLine(id, poor)).actions.rebuy).toEqual({ allowed: false, reason: "insufficient-funds" });
    await unchanged(id, async () => {
      const r = await entry(id, "rebuy", poor);
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe("ledger/insufficient-funds");
    });
    const broke = await player(0);
    await unchanged(id, async () => {
      const r = await entry(id, "register", broke);
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe("ledger/insufficient-funds");
    });
  });

  it("late registration while running seats the player and posts the buy-in", async () => {
    const late = await player(1100);
    const r = await entry(id, "register", late);
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe(0);
    expect(r.body.tournament.mine!.tableId).not.toBeNull();
    expect(runtime(id).dir.entries.get(late.id)).toMatchObject({ alive: true, stack: TURBO.startingStack });
    await checkLedger(id);
  });

  it("the add-on: refused before the break, taken once during it (a repeat acts once), never twice", async () => {
    const b = ps[1]!;
    await unchanged(id, async () => expect((await entry(id, "add-on", b)).status).toBe(409));
    clock.jump(2 * MIN + 5000); // into the break (2:00–3:00 of play)
    expect((await lobbyLine(id, b)).actions.addOn).toEqual({ allowed: true, cost: 550 });
    const c = cmd();
    const stack = runtime(id).dir.entries.get(b.id)!.stack;
    const r = await entry(id, "add-on", b, c);
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe(5000 - 1100 - 550);
    // Bought while its table plays a hand, the chips wait behind the stack until that hand is over.
    const after = runtime(id).dir.entries.get(b.id)!;
    expect(after.addOns).toBe(1);
    expect(after.stack + (after.behind ?? 0)).toBe(stack + TURBO.startingStack / 2);
    expect((await entry(id, "add-on", b, c)).body.balance).toBe(3350);
    expect(await postedKinds(b)).toEqual(["deposit", "buy-in", "add-on"]);
    expect((await lobbyLine(id, b)).actions.addOn).toEqual({ allowed: false, reason: "add-on-taken" });
    await unchanged(id, async () => {
      const twice = await entry(id, "add-on", b);
      expect(twice.status).toBe(409);
    });
    await checkLedger(id);
  });

  it("after the rebuy period (end of level 4) late registration and rebuys are over", async () => {
    clock.jump(3 * MIN); // 5:05 of play
    const late = await player(5000);
    const line = await lobbyLine(id, late);
    expect(line.actions.register).toEqual({ allowed: false, reason: "late-registration-over" });
    await unchanged(id, async () => expect((await entry(id, "register", late)).status).toBe(409));
    const c = ps[2]!;
    const r = await lobbyLine(id, c);
    expect(r.actions.rebuy.allowed).toBe(false);
    await checkLedger(id);
  });
});

describe("a live room", () => {
  it("players may register online, but re-entries, rebuys and add-ons are made at the desk", async () => {
    const id = await create("turbo", REBUY_STRUCTURE, "live");
    const p = await player(5000);
    const line = (await entry(id, "register", p)).body.tournament;
    // Offered (a turbo has rebuys and an add-on), but taken at the desk (the floor's buttons show).
    expect(line.actions.rebuy).toEqual({ allowed: false, reason: "at-the-desk" });
    expect(line.actions.addOn).toEqual({ allowed: false, reason: "at-the-desk" });
    for (const verb of ["rebuy", "add-on", "re-enter"]) {
      await unchanged(id, async () => {
        const r = await entry(id, verb, p);
        expect(r.status).toBe(409);
        expect(r.body.error.code).toBe("tournament/not-allowed");
      });
    }
  });
});

describe("the lobby pages", () => {
  it("?page=&pageSize= slices the lobby, open tournaments first; a bad value is a 400", async () => {
    const all = await must<LobbyResponse>(api(server.url, "GET", "/api/v1/lobby"));
    expect(all.page).toMatchObject({ page: 1, pageSize: 500, total: all.tournaments.length, pages: Math.ceil(all.tournaments.length / 500) });
    expect(all.tournaments.length).toBeGreaterThanOrEqual(3);
    const over = (s: string) => s === "finished" || s === "cancelled";
    const firstOver = all.tournaments.findIndex((t) => over(t.status));
    if (firstOver >= 0) expect(all.tournaments.slice(firstOver).every((t) => over(t.status))).toBe(true);
    const seen: string[] = [];
    for (let page = 1; page <= all.tournaments.length; page++) {
      const p = await must<LobbyResponse>(api(server.url, "GET", `/api/v1/lobby?page=${page}&pageSize=1`));
      expect(p.page).toMatchObject({ page, pageSize: 1, pages: all.tournaments.length });
      seen.push(...p.tournaments.map((t) => t.id));
    }
    expect(seen).toEqual(all.tournaments.map((t) => t.id));
    for (const bad of ["page=0", "pageSize=0", "pageSize=1000", "page=x"]) expect((await api(server.url, "GET", `/api/v1/lobby?${bad}`)).status).toBe(400);
  });
});

describe("the money check", () => {
  it("finds no difference between any tournament above and the ledger", async () => {
    expect(server.tournaments.size).toBeGreaterThan(0);
    for (const t of server.tournaments.values()) expect(await t.enqueue(() => reconcileTournament(t))).toEqual([]);
  });
});

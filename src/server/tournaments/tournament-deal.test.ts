// Deals recorded over HTTP: chip-chop and custom amounts agreed at the table, not
// only ICM. `POST …/deal` with `apply` finishes the tournament with the deal's prizes and
// pays them; a deal that does not add up is refused and changes nothing; a repeat acts once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LobbyTournament, ResultsResponse } from "../../protocol/index.ts";
import { playerAccount, poolAccount } from "../../store/index.ts";
import { ManualClock } from "../clock.ts";
import { reconcileTournament } from "./tournament-reconcile.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, FAST_STRUCTURE, must } from "../../../testkit/server/harness.ts";

let server: FeltServer;
let token: string;

beforeAll(async () => {
  server = await FeltServer.start({
    db: ":memory:",
    port: 0,
    clock: new ManualClock(),
    handPauseMs: 0,
    actionMs: 3000,
    timeBankMs: 0,
    tableSize: 6,
    scrypt: { N: 1024, r: 8, p: 1 },
    directors: [DIRECTOR],
    validateOutgoing: true,
    webDist: null,
    rateLimit: { perSecond: 500, burst: 1000 },
    log: () => {},
  });
  token = (await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR))).token;
}, 60_000);
afterAll(async () => {
  await server.close();
});

/** A live freezeout (the "seed" preset: prizes fixed at the start) with four walk-ins and the floor's counts. */
async function finalFour(stacks: readonly number[]): Promise<{ id: string; path: string; ids: string[]; total: number }> {
  const body = {
    commandId: cmd(),
    presetId: "seed",
    name: "deal test",
    kind: "live",
    startsAt: server.svc.clock.now(),
    buyIn: 1000,
    fee: 100,
    structure: FAST_STRUCTURE,
  };
  const id = (await must<{ tournament: LobbyTournament }>(api(server.url, "POST", "/api/v1/director/tournaments", body, token))).tournament.id;
  const path = `/api/v1/director/tournaments/${id}`;
  for (const name of ["Ann", "Bo", "Cy", "Di"]) await must(api(server.url, "POST", `${path}/walk-in`, { commandId: cmd(), name }, token));
  await must(api(server.url, "POST", `${path}/start`, { commandId: cmd() }, token));
  const t = server.tournaments.get(id)!;
  const ids = [...t.dir.entries.keys()];
  await must(
    api(server.url, "POST", `${path}/live`, { commandId: cmd(), kind: "chip-count", stacks: ids.map((entryId, i) => ({ entryId, stack: stacks[i]! })) }, token),
  );
  expect(t.dir.prizes).not.toBeNull();
  const total = t.dir.prizes!.prizes.slice(0, 4).reduce((a, b) => a + b, 0);
  expect(total).toBe(4000);
  return { id, path, ids, total };
}

const balance = (account: string) => server.svc.ledger.balance(account, server.svc.asset);

describe("deals recorded (R-TRN deals)", () => {
  it("custom amounts agreed at the table: refused unless they add up to the prizes left; recorded and paid; a repeat acts once", async () => {
    const { id, path, ids, total } = await finalFour([1000, 1000, 1000, 1000]);
    const t = server.tournaments.get(id)!;
    const deal = (payouts: { entryId: string; amount: number }[], commandId = cmd()) =>
      api<ResultsResponse & { error: { code: string } }>(server.url, "POST", `${path}/deal`, { commandId, method: "custom", payouts, apply: true }, token);
    const agreed = ids.map((entryId, i) => ({ entryId, amount: [1700, 1100, 700, 500][i]! }));
    expect(agreed.reduce((a, x) => a + x.amount, 0)).toBe(total);
    // Nothing plays here (a live tournament deals no table; the manual clock stands still), so
    // the stream's version staying put is "nothing recorded" (online tests check commandIds).
    const version = t.version;
    for (const wrong of [agreed.map((x, i) => ({ ...x, amount: x.amount + (i === 0 ? 1 : 0) })), agreed.slice(1)]) {
      const r = await deal(wrong);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("director/invalid");
    }
    expect(t.version).toBe(version);
    expect(t.dir.status).toBe("running");
    const c = cmd();
    const r = await deal(agreed, c);
    expect(r.status).toBe(200);
    expect(t.dir.status).toBe("finished");
    expect(t.kept.at(-1)).toMatchObject({ type: "finished", deal: "custom" });
    for (const x of agreed) {
      expect(r.body.results.find((y) => y.entryId === x.entryId)!.prize).toBe(x.amount);
      expect(await balance(playerAccount(t.dir.entries.get(x.entryId)!.player))).toBe(x.amount);
    }
    // Equal stacks share the first place.
    expect(new Set(t.dir.placements!.map((p) => p.places.join(",")))).toEqual(new Set(["1,2,3,4"]));
    expect(await balance(poolAccount(id))).toBe(0);
    expect((await deal(agreed, c)).status).toBe(200);
    for (const x of agreed) expect(await balance(playerAccount(t.dir.entries.get(x.entryId)!.player))).toBe(x.amount);
  });

  it("chip-chop: the server's figures are recorded and paid; places follow the stacks", async () => {
    const { id, path, ids, total } = await finalFour([2000, 1000, 600, 400]);
    const t = server.tournaments.get(id)!;
    const wrong = await api<{ error: { details: Record<string, unknown> } }>(
      server.url,
      "POST",
      `${path}/deal`,
      { commandId: cmd(), method: "chip-chop", payouts: ids.map((entryId) => ({ entryId, amount: 1000 })) },
      token,
    );
    expect(wrong.status).toBe(400);
    const figures = ids.map((entryId) => ({ entryId, amount: Number(wrong.body.error.details[entryId]) }));
    expect(figures.map((f) => f.amount)).toEqual([2000, 1000, 600, 400].map((s) => (total * s) / 4000));
    const r = await must<ResultsResponse>(
      api(server.url, "POST", `${path}/deal`, { commandId: cmd(), method: "chip-chop", payouts: figures, apply: true }, token),
    );
    expect(t.dir.status).toBe("finished");
    expect(t.kept.at(-1)).toMatchObject({ type: "finished", deal: "chip-chop" });
    expect(r.results.map((x) => [x.entryId, x.place, x.prize])).toEqual(figures.map((f, i) => [f.entryId, i + 1, f.amount]));
    // The payouts page and the CSV say where the money came from and that a chip-chop ended it (also after a restart's fold).
    const money = {
      buyIns: 4000,
      reEntries: 0,
      rebuys: 0,
      addOns: 0,
      fees: 400,
      overlay: 0,
      prizePool: 4000,
      deal: { method: "chip-chop", at: server.svc.clock.now() },
    };
    expect(r.money).toEqual(money);
    expect((await must<ResultsResponse>(api(server.url, "GET", `${path}/results`, undefined, token))).money).toEqual(money);
    for (const f of figures) expect(await balance(playerAccount(t.dir.entries.get(f.entryId)!.player))).toBe(f.amount);
    expect(await balance(poolAccount(id))).toBe(0);
  });
});

describe("the money check", () => {
  it("finds no difference between any tournament above and the ledger", async () => {
    expect(server.tournaments.size).toBeGreaterThan(0);
    for (const t of server.tournaments.values()) expect(await t.enqueue(() => reconcileTournament(t))).toEqual([]);
  });
});

// Getting money to play with: a play-money room gives each new account its chips and a
// daily top-up back to them; a room without play money says players are credited at its
// desk. Both over real HTTP, the day moved by the test's clock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LobbyResponse, TopUpResponse } from "../../protocol/index.ts";
import type { FeltServer } from "../felt-server.ts";
import { JumpClock, startTestServer, stopTestServer } from "../../../testkit/server/entries-fixture.ts";
import { api, cmd, must } from "../../../testkit/server/harness.ts";

const DAY = 86_400_000;
let serial = 0;
async function signUp(url: string): Promise<{ token: string; id: string }> {
  const name = `pm${process.pid % 1000}-${serial++}`;
  const s = await must<{ token: string; user: { id: string } }>(api(url, "POST", "/api/v1/auth/sign-up", { name, password: "play-money-pw-1" }));
  return { token: s.token, id: s.user.id };
}
const lobby = (url: string, token: string) => must<LobbyResponse>(api(url, "GET", "/api/v1/lobby", undefined, token));
const topUp = (url: string, token: string, commandId = cmd()) =>
  api<TopUpResponse & { error: { code: string; details?: Record<string, unknown> } }>(url, "POST", "/api/v1/me/top-up", { commandId }, token);

describe("a play-money room", () => {
  const clock = new JumpClock();
  let server: FeltServer;
  let director: string;
  beforeAll(async () => {
    ({ server, director } = await startTestServer(clock, { playMoney: 100_000 }));
  }, 60_000);
  afterAll(() => stopTestServer(server, clock));
  async function farEvent(): Promise<string> {
    const body = {
      commandId: cmd(),
      presetId: "turbo",
      name: "far",
      kind: "online",
      startsAt: clock.now() + DAY * 30,
      buyIn: 60_000,
      fee: 0,
      settings: { start: "manual" },
    };
    return (await must<{ tournament: { id: string } }>(api(server.url, "POST", "/api/v1/director/tournaments", body, director))).tournament.id;
  }
  const register = async (id: string, token: string) =>
    expect((await api(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, token)).status).toBe(200);

  it("a new account has its chips, and the lobby says how the top-up stands", async () => {
    const p = await signUp(server.url);
    const l = await lobby(server.url, p.token);
    expect(l.balance).toBe(100_000);
    expect(l.funding).toEqual({ kind: "play-money", amount: 100_000, topUp: "not-needed", nextTopUpAt: null });
    const refused = await topUp(server.url, p.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "account/no-top-up", details: { reason: "not-needed" } });
  });

  it("below the amount, one top-up a day brings the balance back to it; a repeat acts once; the next day again", async () => {
    const p = await signUp(server.url);
    // Spend some: register for an event far off (its buy-in leaves the balance).
    await register(await farEvent(), p.token);
    expect((await lobby(server.url, p.token)).funding).toMatchObject({ topUp: "now" });
    const c = cmd();
    const first = await topUp(server.url, p.token, c);
    expect(first.status).toBe(200);
    expect(first.body.balance).toBe(100_000);
    expect(first.body.funding).toMatchObject({ kind: "play-money", topUp: "used" });
    // The same command again answers as the first; a new one the same day is refused with when to come back.
    expect((await topUp(server.url, p.token, c)).body.balance).toBe(100_000);
    const again = await topUp(server.url, p.token);
    expect(again.status).toBe(409);
    expect(again.body.error.details).toMatchObject({ reason: "used" });
    const retryAt = again.body.error.details!["retryAt"] as number;
    expect(retryAt).toBeGreaterThan(clock.now());
    expect(retryAt).toBeLessThanOrEqual(clock.now() + DAY);
    // The next day: at the amount, nothing to top up; below it again, the day's top-up.
    clock.jump(retryAt - clock.now());
    expect((await lobby(server.url, p.token)).funding).toMatchObject({ topUp: "not-needed" });
    await register(await farEvent(), p.token);
    const next = await topUp(server.url, p.token);
    expect(next.status).toBe(200);
    expect(next.body.balance).toBe(100_000);
  });

  it("the ledger stays balanced: play money comes from its own source account", async () => {
    const l = await must<{ totals: Record<string, number>; balances: { account: string; balance: number }[] }>(
      api(server.url, "GET", "/api/v1/director/ledger", undefined, director),
    );
    for (const v of Object.values(l.totals)) expect(v).toBe(0);
    expect(l.balances.find((b) => b.account === "external:play-money")!.balance).toBeLessThan(0);
    expect(l.balances.find((b) => b.account === "external:cash")).toBeUndefined();
  });
});

describe("a room that credits players at its desk", () => {
  const clock = new JumpClock();
  let server: FeltServer;
  beforeAll(async () => {
    ({ server } = await startTestServer(clock));
  }, 60_000);
  afterAll(() => stopTestServer(server, clock));

  it("a new account has nothing, the lobby says the desk credits it, and there is no top-up", async () => {
    const p = await signUp(server.url);
    const l = await lobby(server.url, p.token);
    expect(l.balance).toBe(0);
    expect(l.funding).toEqual({ kind: "desk" });
    const refused = await topUp(server.url, p.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "account/no-top-up", details: { reason: "desk" } });
    const anonymous = await must<LobbyResponse>(api(server.url, "GET", "/api/v1/lobby"));
    expect(anonymous.funding).toBeNull();
  });
});

// A command id names one sender's command. Another player sending the same id makes another
// command: it is never taken for a repeat of the first (which would answer 200 and do nothing).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LobbyResponse, LobbyTournament } from "../../protocol/index.ts";
import { FeltServer } from "../felt-server.ts";
import { api, cmd, DIRECTOR, must } from "../testing/harness.ts";

let server: FeltServer;
beforeAll(async () => {
  server = await FeltServer.start({ db: ":memory:", port: 0, scrypt: { N: 1024, r: 8, p: 1 }, directors: [DIRECTOR], webDist: null, log: () => {} });
}, 60_000);
afterAll(async () => server?.close());

describe("command ids belong to their sender", () => {
  it("two players registering with the same command id are both registered and both charged; each one's repeat acts once", async () => {
    const d = await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-in", DIRECTOR));
    const made = await must<{ tournament: LobbyTournament }>(
      api(
        server.url,
        "POST",
        "/api/v1/director/tournaments",
        { commandId: cmd(), presetId: "seed", name: "Ids", kind: "online", startsAt: Date.now() + 3_600_000, buyIn: 1000, fee: 100 },
        d.token,
      ),
    );
    const id = made.tournament.id;
    const players: { token: string }[] = [];
    for (const name of ["Ada", "Bob"]) {
      players.push(await must<{ token: string }>(api(server.url, "POST", "/api/v1/auth/sign-up", { name, password: `${name.toLowerCase()}-password-1` })));
      await must(api(server.url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 5000 }, d.token));
    }
    const shared = cmd();
    const register = (token: string) => api<{ balance: number }>(server.url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: shared }, token);
    for (const p of players) {
      const r = await register(p.token);
      expect(r.status).toBe(200);
      expect(r.body.balance).toBe(3900);
      expect((await register(p.token)).body.balance).toBe(3900); // the sender's own repeat acts once
    }
    const mine = async (token: string) =>
      (await must<LobbyResponse>(api(server.url, "GET", "/api/v1/lobby", undefined, token))).tournaments.find((t) => t.id === id)!.mine;
    for (const p of players) expect(await mine(p.token)).toMatchObject({ state: "registered" });
    expect(server.tournaments.get(id)!.dir.entries.size).toBe(2);
  });
});

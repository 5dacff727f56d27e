import { randomBytes } from "node:crypto";
import type { LobbyResponse, LobbyTournament } from "../../src/protocol/index.ts";
import { api, cmd, must } from "../../src/server/testing/harness.ts";
import { Bot } from "../../src/server/testing/bot.ts";

// Opponents for the browser: the server's own test bots (src/server/testing), real users
// who sign up, get a director's deposit, register over HTTP and play over the WebSocket.

export interface BotCrew {
  readonly bots: Bot[];
  readonly tokens: string[];
  /** Stops following tables and closes the sockets. */
  stop(): Promise<void>;
}

export async function signInDirector(base: string, who: { name: string; password: string }): Promise<string> {
  return (await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-in", who))).token;
}

export async function deposit(base: string, directorToken: string, name: string, amount: number): Promise<void> {
  await must(api(base, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount }, directorToken));
}

export async function lobbyRow(base: string, token: string | undefined, id: string): Promise<LobbyTournament | undefined> {
  const r = await must<LobbyResponse>(api(base, "GET", "/api/v1/lobby", undefined, token));
  return r.tournaments.find((t) => t.id === id);
}

/** n bots sign up, are credited by the director and register for the tournament. */
export async function registerBots(base: string, directorToken: string, tournamentId: string, n: number, allInChance: number): Promise<BotCrew> {
  const prefix = `bot${randomBytes(2).toString("hex")}`;
  const bots: Bot[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${prefix}-${i + 1}`;
    const s = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-up", { name, password: "bot-password-1" }));
    await deposit(base, directorToken, name, 5000);
    await must(api(base, "POST", `/api/v1/tournaments/${tournamentId}/register`, { commandId: cmd() }, s.token));
    bots.push(new Bot(base, name, s.token, { seed: i + 7, allInChance }));
    tokens.push(s.token);
  }
  let running = true;
  // Follow each bot's table (it changes when a table breaks), gently: the machine is shared.
  const follow = (async () => {
    await Promise.all(bots.map((b) => b.connect()));
    while (running) {
      for (const [i, b] of bots.entries()) {
        if (!running) break;
        if (b.ws === null) await b.connect();
        const row = await lobbyRow(base, tokens[i], tournamentId).catch(() => undefined);
        if (row?.mine?.tableId) b.watch(row.mine.tableId);
      }
      await new Promise((r) => setTimeout(r, 700));
    }
  })();
  return {
    bots,
    tokens,
    async stop() {
      running = false;
      await follow.catch(() => {});
      bots.forEach((b) => b.close());
    },
  };
}

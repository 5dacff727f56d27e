// Test and benchmark helpers: HTTP calls, a director setting up a tournament, bots playing it.
import { randomBytes } from "node:crypto";
import { pgPool } from "../../src/store/index.ts";
import type { LobbyResponse, LobbyTournament } from "../../src/protocol/index.ts";
import { Bot, type BotOptions } from "./bot.ts";
import { proxyInFront, type BlackholeProxy } from "../store/blackhole-proxy.ts";

export const PG_URL = process.env["FELT_TEST_PG"] ?? "postgres://localhost:5432/test";

export async function api<T = unknown>(
  base: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function must<T>(p: Promise<{ status: number; body: unknown }>): Promise<T> {
  const r = await p;
  if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body as T;
}

export const cmd = () => `c${randomBytes(8).toString("hex")}`;

export const DIRECTOR = { name: "floor-chief", password: "floor-password-1" };

/** A fast structure: every 1-minute level doubles, so all-in bots finish in minutes. */
export const FAST_STRUCTURE = {
  startingStack: 1000,
  levels: [10, 20, 40, 80, 160, 320, 640, 1280].map((bb) => ({ kind: "level" as const, sb: bb / 2, bb, ante: 0, minutes: 1, colourUp: null })),
};

export interface Setup {
  readonly tournamentId: string;
  readonly directorToken: string;
  readonly players: { name: string; token: string; id: string }[];
}

/**
 * `commandId`: the create command's id (a tournament's id derives from it: cluster tests pick
 * one that lands in a partition). `via(i)`: the server player i signs up and registers
 * through (cluster tests spread them over the members; default `base`).
 */
export async function setupTournament(
  base: string,
  n: number,
  opts: {
    buyIn?: number;
    fee?: number;
    prefix?: string;
    structure?: unknown;
    presetId?: string;
    commandId?: string;
    via?: (i: number) => string;
    settings?: Record<string, unknown>;
  } = {},
): Promise<Setup> {
  const d = await must<{ token: string }>(api(base, "POST", "/api/v1/auth/sign-in", DIRECTOR));
  const created = await must<{ tournament: LobbyTournament }>(
    api(
      base,
      "POST",
      "/api/v1/director/tournaments",
      {
        commandId: opts.commandId ?? cmd(),
        presetId: opts.presetId ?? "seed",
        name: "Test tournament",
        kind: "online",
        startsAt: Date.now(),
        buyIn: opts.buyIn ?? 1000,
        fee: opts.fee ?? 100,
        structure: opts.structure ?? FAST_STRUCTURE,
        // The scenarios built on this were sized for nine-seat tables (their moves and breaks).
        settings: { start: "manual", ...(opts.settings ?? { tableSize: 9 }) },
      },
      d.token,
    ),
  );
  const id = created.tournament.id;
  const players: Setup["players"] = [];
  // Four random bytes: the tests of one file share a schema, and two bytes once drew a prefix used before there (name taken).
  const prefix = opts.prefix ?? `b${randomBytes(4).toString("hex")}`;
  for (let i = 0; i < n; i++) {
    const name = `${prefix}-${i}`;
    const url = opts.via?.(i) ?? base;
    const s = await must<{ token: string; user: { id: string } }>(api(url, "POST", "/api/v1/auth/sign-up", { name, password: "bot-password-1" }));
    await must(api(url, "POST", "/api/v1/director/deposit", { commandId: cmd(), name, amount: 5000 }, d.token));
    await must(api(url, "POST", `/api/v1/tournaments/${id}/register`, { commandId: cmd() }, s.token));
    players.push({ name, token: s.token, id: s.user.id });
  }
  return { tournamentId: id, directorToken: d.token, players };
}

export async function startTournament(base: string, s: Setup): Promise<void> {
  await must(api(base, "POST", `/api/v1/director/tournaments/${s.tournamentId}/start`, { commandId: cmd() }, s.directorToken));
}

export async function myTournament(base: string, token: string, id: string): Promise<LobbyTournament | undefined> {
  try {
    const r = await api<LobbyResponse>(base, "GET", "/api/v1/lobby", undefined, token);
    return r.status === 200 ? r.body.tournaments.find((t) => t.id === id) : undefined;
  } catch {
    return undefined; // the server is down (crash test): try again on the next tick
  }
}

/** Bots connect and follow their table (polling the lobby for moves) until the tournament ends. */
export async function playToTheEnd(
  base: () => string,
  s: Setup,
  botOpts: BotOptions,
  opts: { timeoutMs?: number; bots?: Bot[]; onTick?: () => Promise<void> } = {},
): Promise<{ bots: Bot[]; final: LobbyTournament }> {
  const bots = opts.bots ?? s.players.map((p, i) => new Bot(base(), p.name, p.token, { seed: i + 1, ...botOpts }));
  await Promise.all(bots.map((b) => b.connect()));
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    await opts.onTick?.();
    let final: LobbyTournament | undefined;
    for (const [i, b] of bots.entries()) {
      if (b.ws === null) await b.connect();
      const t = await myTournament(base(), s.players[i]!.token, s.tournamentId);
      if (t === undefined) continue;
      final = t;
      if (t.mine?.tableId) b.watch(t.mine.tableId);
    }
    if (final?.status === "finished") return { bots, final };
    if (Date.now() > deadline) throw new Error(`tournament not finished in time (${final?.playersLeft} left)\n${bots.map(stuck).join("\n")}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** What a bot saw last, for a test that timed out: which seat was to act, and what the server refused. */
function stuck(b: Bot): string {
  const v = b.view;
  const where =
    v === null
      ? "no view"
      : `table ${v.tableId} v${v.version} hand ${v.handId} actor ${v.actor} mine ${v.mySeat} out ${v.sittingOut} legal ${v.legal !== null}`;
  return `  ${b.name}: ${b.connected ? "connected" : "closed"}, ${where}, ${b.actions} acts, ${b.refused} refused [${b.errors.slice(-5).join(", ")}]`;
}

export async function pgSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `felt_srv_${process.pid}_${randomBytes(4).toString("hex")}`;
  return {
    url: `${PG_URL}?schema=${schema}`,
    async drop() {
      const { pool } = pgPool(PG_URL, { schema, maxConnections: 1 });
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}

/**
 * A schema of its own on the test PostgreSQL, reached through a proxy of the test's own (to
 * cut or blackhole it). `close`, once the server on it has closed, closes the proxy and drops
 * the schema; heal the proxy first so that server closes cleanly.
 */
export async function pgThroughProxy(): Promise<{ url: string; proxy: BlackholeProxy; close(): Promise<void> }> {
  const schema = await pgSchema();
  const front = await proxyInFront(schema.url, 5432);
  return {
    url: front.url,
    proxy: front.proxy,
    async close() {
      await front.proxy.close();
      await schema.drop();
    },
  };
}

/**
 * Waits until `ok()` holds, however long a loaded machine takes: tests assert what happens,
 * never how fast (time belongs in bench/). The test's own timeout is the only bound.
 */
export async function eventually(ok: () => boolean | Promise<boolean>, pollMs = 10): Promise<void> {
  while (!(await ok())) await new Promise((r) => setTimeout(r, pollMs));
}

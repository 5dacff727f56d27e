// The HTTP API of src/protocol's ROUTES: every body validated by the route's zod schema,
// every failure answered as HttpErrorBody with the code's status.
import { listLeagues, saveLeague, standingsOf } from "../console/leagues.ts";
import { nameRoom, nameTable, roomSettings } from "../console/room.ts";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { err, fail, ok, type FeltError, type Result } from "../../lib/result.ts";
import {
  HAND_PAGE_SIZE,
  LOBBY_PAGE_SIZE,
  ROUTES,
  type HandListQuery,
  parseWith,
  type DepositRequest,
  type EntryCommand,
  type TopUpRequest,
  type LobbyQuery,
  type RouteName,
  type RouteSpec,
  type ResultsResponse,
  type SaveLeagueRequest,
  type NameRoomRequest,
  type NameTableRequest,
} from "../../protocol/index.ts";
import { hashToken, type User } from "../../accounts/index.ts";
import { playerAccount, postings } from "../../store/index.ts";
import type { ServerPort } from "../server-port.ts";
import type { Services } from "../services.ts";
import { toWire, statusOf } from "./http-errors.ts";
import type { RouteInput } from "./owner-requests.ts";
import { balanceOf, type Ctx, type Handler, lobbyOrder } from "./route-kit.ts";

export type { RouteInput } from "./owner-requests.ts";
import { isNatsOutage, isStorageOutage, RETRY_AFTER_S } from "./outage.ts";
import { directorHandlers, tournamentIdFor } from "./http-director.ts";
import { lobbyTournament, ticketsOf, tournamentView } from "./lobby-views.ts";
import { tournamentPage } from "./tournament-page.ts";
import { bracketView } from "./bracket-view.ts";
import { fundingOf, topUp, welcome } from "./play-money.ts";
import { entryCommand, type EntryVerb } from "../tournaments/tournament-entries.ts";
import { handRecord, handSummaries, handTexts } from "../tables/history.ts";
import { deckFactsOf, publicFrom, seedsOpenTo, tableSeeds, whyClosed } from "../tables/decks-open.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";
import { AUTH_ERRORS, DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";

const PLAYER = playerAccount("");

const userInfo = (u: User) => ({ id: u.id, name: u.name, role: u.role });

/**
 * A session ended (`tokenHash` null: every session of the user): its sockets close here at
 * once, and in a cluster on every other member too (told over the bus, by the token's hash).
 */
function sessionEnded(ctx: Pick<Ctx, "sessions" | "cluster">, userId: string, tokenHash: string | null): void {
  ctx.sessions.endSession(userId, tokenHash);
  ctx.cluster?.endSession(userId, tokenHash);
}

function tournamentOf(ctx: Ctx) {
  const t = ctx.tournaments.get(ctx.params["id"] ?? "");
  return t === undefined ? fail(TOURNAMENT_ERRORS.notFound, `no tournament ${ctx.params["id"]}`) : ok(t);
}

/** The signed-in player's entry commands (tournament-entries.ts); the answer is their lobby line and balance. */
const entry =
  (verb: EntryVerb): Handler =>
  async (ctx) => {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const user = ctx.user!;
    const r = await entryCommand(t.value, ctx.svc, { id: user.id, name: user.name, number: user.number }, verb, (ctx.body as EntryCommand).commandId);
    if (!r.ok) return r;
    const balance = await balanceOf(ctx.svc, user.id);
    const tickets = await ticketsOf(ctx.svc.ledger, user.id);
    return ok({
      tournament: lobbyTournament(t.value, user.id, balance, ctx.svc.clock.now(), tickets),
      balance,
      ...(r.value.ticket ? { paidWithTicket: true } : {}),
    });
  };

const playerHandlers: Partial<Record<RouteName, Handler>> = {
  async signUp(ctx) {
    const b = ctx.body as z.infer<typeof ROUTES.signUp.body>;
    const s = await ctx.svc.accounts.signUp(b.name, b.password, ctx.ip);
    if (!s.ok) return s;
    await welcome(ctx, s.value.user.id);
    return ok({ token: s.value.token, user: userInfo(s.value.user) });
  },
  async signIn(ctx) {
    const b = ctx.body as z.infer<typeof ROUTES.signIn.body>;
    const s = await ctx.svc.accounts.signIn(b.name, b.password, ctx.ip);
    return s.ok ? ok({ token: s.value.token, user: userInfo(s.value.user) }) : s;
  },
  /** Ends this session on the server: the token stops working at once, wherever it was copied. */
  async signOut(ctx) {
    if (ctx.token !== null) {
      await ctx.svc.accounts.signOut(ctx.token);
      if (ctx.user !== null) sessionEnded(ctx, ctx.user.id, hashToken(ctx.token));
    }
    return ok({ signedOut: 1 });
  },
  /** Ends every session of the signed-in user, on every device. */
  async signOutEverywhere(ctx) {
    const signedOut = await ctx.svc.accounts.signOutEverywhere(ctx.user!.id);
    sessionEnded(ctx, ctx.user!.id, null);
    return ok({ signedOut });
  },
  async me(ctx) {
    return ok({ user: userInfo(ctx.user!), balance: await balanceOf(ctx.svc, ctx.user!.id) });
  },
  async topUp(ctx) {
    return topUp(ctx, ctx.user!.id, (ctx.body as TopUpRequest).commandId);
  },
  async lobby(ctx) {
    const balance = ctx.user === null ? null : await balanceOf(ctx.svc, ctx.user.id);
    const tickets = ctx.user === null ? undefined : await ticketsOf(ctx.svc.ledger, ctx.user.id);
    const now = ctx.svc.clock.now();
    const q = ctx.query as LobbyQuery;
    const pageSize = Math.min(LOBBY_PAGE_SIZE.max, Number(q.pageSize ?? LOBBY_PAGE_SIZE.default));
    const all = ctx.tournaments.list().sort(lobbyOrder);
    const pages = Math.ceil(all.length / pageSize);
    const page = Number(q.page ?? 1);
    const tournaments = all.slice((page - 1) * pageSize, page * pageSize).map((t) => lobbyTournament(t, ctx.user?.id ?? null, balance, now, tickets));
    const funding = ctx.user === null || balance === null ? null : await fundingOf(ctx, ctx.user.id, balance);
    return ok({ serverTime: now, balance, funding, tournaments, page: { page, pageSize, total: all.length, pages } });
  },
  async tournament(ctx) {
    const t = tournamentOf(ctx);
    return t.ok ? ok(tournamentView(t.value, ctx.svc.clock.now())) : t;
  },
  async tournamentPage(ctx) {
    const t = tournamentOf(ctx);
    return t.ok ? ok(tournamentPage(t.value, ctx.svc.clock.now())) : t;
  },
  async bracket(ctx) {
    const t = tournamentOf(ctx);
    return t.ok ? bracketView(t.value, ctx.svc.clock.now()) : t;
  },
  register: entry("register"),
  unregister: entry("unregister"),
  reEnter: entry("reEnter"),
  rebuy: entry("rebuy"),
  declineRebuy: entry("declineRebuy"),
  addOn: entry("addOn"),
  /** Read from the per-player hand index only: the cost does not grow with other players' hands. */
  async hands(ctx) {
    const q = ctx.query as HandListQuery;
    const limit = Math.min(HAND_PAGE_SIZE.max, Number(q.limit ?? HAND_PAGE_SIZE.default));
    return handSummaries(ctx.svc, ctx.user!.id, limit, q.before);
  },
  async hand(ctx) {
    return handRecord(ctx, ctx.user!.id, ctx.params["id"] ?? "");
  },
  /** The asking player's PHH (with seed and commitment) and PokerStars text of one hand. */
  async handTexts(ctx) {
    return handTexts(ctx, ctx.user!.id, ctx.params["id"] ?? "");
  },
  /** A finished tournament's table seeds, only to whom its settings.decksOpen opens them. */
  async decks(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const f = deckFactsOf(t.value);
    if (!seedsOpenTo(f, ctx.user?.id ?? null, ctx.svc.clock.now())) {
      const from = publicFrom(f);
      return fail(AUTH_ERRORS.forbidden, whyClosed(f), { opens: f.decksOpen.to, ...(from === null ? {} : { opensAt: from }) });
    }
    return ok({ tournamentId: t.value.id, decksOpen: f.decksOpen, tables: await tableSeeds(ctx.svc.store, t.value.id) });
  },
  /** A director credits money received from a player (cash, transfer). */
  async deposit(ctx) {
    const b = ctx.body as DepositRequest;
    const who = await ctx.svc.accounts.userByName(b.name);
    if (!who.ok) return fail(DIRECTOR_ERRORS.notFound, `no player ${b.name}`);
    const tx = postings.deposit({
      key: `deposit:${ctx.user!.id}:${b.commandId}`,
      asset: ctx.svc.asset,
      player: who.value.id,
      amount: b.amount,
      director: ctx.user!.id,
    });
    if (!tx.ok) return tx;
    const r = await ctx.svc.ledger.post(tx.value);
    if (!r.ok) return r;
    return ok({ player: who.value.id, balance: await balanceOf(ctx.svc, who.value.id) });
  },
  /** The ledger check: per-asset totals (all 0 when sound) and every balance; a player's account names its player. */
  async ledger(ctx) {
    const balances = (await ctx.svc.ledger.balances()).slice(0, 100_000);
    const names = new Map<string, string | null>();
    for (const b of balances) {
      const id = b.account.startsWith(PLAYER) ? b.account.slice(PLAYER.length) : null;
      if (id === null || names.has(id)) continue;
      const u = await ctx.svc.accounts.user(id);
      names.set(id, u.ok ? u.value.name : null);
    }
    const named = balances.map((b) => {
      const name = b.account.startsWith(PLAYER) ? names.get(b.account.slice(PLAYER.length)) : null;
      return name == null ? b : { ...b, name };
    });
    // Cluster mode: each member checked the tournaments it loaded; every member's are merged.
    const check = ctx.cluster !== null ? await ctx.cluster.moneyCheck() : ctx.moneyCheck;
    return ok({ totals: await ctx.svc.ledger.totals(), balances: named, ...(check === undefined ? {} : { moneyCheck: check }) });
  },
};

/** A season's leagues (console/leagues.ts); the standings read each event's results wherever it runs. */
const leagueHandlers: Partial<Record<RouteName, Handler>> = {
  async leagues(ctx) {
    return ok({ leagues: await listLeagues(ctx.svc.store) });
  },
  async saveLeague(ctx) {
    const r = await saveLeague(ctx.svc.store, ctx.body as SaveLeagueRequest);
    return r.ok ? ok({ leagues: r.value }) : r;
  },
  async leagueStandings(ctx) {
    const results = (id: string) =>
      ctx.dispatch("results", { user: ctx.user, token: ctx.token, ip: ctx.ip, body: undefined, params: { id }, query: {} }) as Promise<Result<ResultsResponse>>;
    return standingsOf(ctx.svc.store, ctx.params["id"] ?? "", results);
  },
};

/** The room's name and its tables' names (console/room.ts). */
const roomHandlers: Partial<Record<RouteName, Handler>> = {
  async room(ctx) {
    return ok(await roomSettings(ctx.svc.store));
  },
  nameTable(ctx) {
    const b = ctx.body as NameTableRequest;
    return nameTable(ctx.svc.store, b.commandId, b.number, b.name);
  },
  nameRoom(ctx) {
    const b = ctx.body as NameRoomRequest;
    return nameRoom(ctx.svc.store, b.commandId, b.name);
  },
};

const handlers: Partial<Record<RouteName, Handler>> = { ...playerHandlers, ...directorHandlers, ...leagueHandlers, ...roomHandlers };

/** What a route's handler reads besides the server: plain data, so it can cross the cluster bus. */

/** What the server lends a route's context: the ports behind Ctx, and the cluster link to dispatch by. */
export type RouteServer = Pick<ServerPort, "svc" | "served" | "cluster" | "ownership" | "predictor" | "options" | "moneyCheck" | "connections">;

/** The context a handler gets: the request's input and the ports, never the server itself. */
function contextOf(server: RouteServer, input: RouteInput): Ctx {
  return {
    ...input,
    svc: server.svc,
    tournaments: server.served,
    ownership: server.ownership,
    predictor: server.predictor,
    options: server.options,
    sessions: server.connections,
    // Read when the handler asks: the cluster link is attached after the server listens, and the money check runs after its start.
    get cluster() {
      return server.cluster;
    },
    get moneyCheck() {
      return server.moneyCheck;
    },
    dispatch: (name, next) => dispatchRoute(server, name, next),
  };
}

/** Runs a route's handler on this process (the owner's side of a forwarded route too). */
export function runRoute(server: RouteServer, name: RouteName, input: RouteInput): Promise<Result<unknown>> {
  const handler = handlers[name];
  if (handler === undefined) return Promise.resolve(fail(DIRECTOR_ERRORS.invalid, "not available on this server yet"));
  return handler(contextOf(server, input));
}

/**
 * The tournament a route addresses (its `:id`, or the id a create will give it), or null.
 * In cluster mode such a route runs on the tournament's owner.
 */
export function routeTournament(name: RouteName, input: RouteInput): string | null {
  if (name === "create") return tournamentIdFor((input.body as { commandId: string }).commandId);
  const path = (ROUTES[name] as RouteSpec).path;
  return path.includes("/tournaments/:id") ? (input.params["id"] ?? null) : null;
}

/** One dispatch for every route: here, or forwarded to the owner of the tournament it addresses; the lobby gathers from every member. */
export function dispatchRoute(server: RouteServer, name: RouteName, input: RouteInput): Promise<Result<unknown>> {
  const cluster = server.cluster;
  if (cluster !== null) {
    if (name === "lobby") return cluster.lobby(input);
    const id = routeTournament(name, input);
    // Cut from NATS, this member cannot tell whether it still owns the tournament (its
    // leases lapse within seconds): 503 at once, even for one it served a moment ago.
    if (id !== null && !cluster.available) return Promise.resolve(err(cluster.unavailable()));
    if (id !== null && !cluster.serves(id)) return cluster.forward(id, { kind: "route", name, input });
  }
  return runRoute(server, name, input);
}

function sendError(reply: FastifyReply, e: FeltError) {
  const w = toWire(e);
  const status = statusOf(w);
  // 429 and 503 say when to come back: the error's own wait, else a few seconds.
  if (status === 429 || status === 503) {
    const ms = typeof e["retryAfterMs"] === "number" ? e["retryAfterMs"] : RETRY_AFTER_S * 1000;
    void reply.header("retry-after", String(Math.max(1, Math.ceil(ms / 1000))));
  }
  return reply.code(status).send({ error: w });
}

const bearer = (req: FastifyRequest): string | null => /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? null;

async function authenticate(svc: Pick<Services, "accounts">, req: FastifyRequest): Promise<Result<User | null>> {
  const h = req.headers.authorization;
  if (h === undefined) return ok(null);
  const token = bearer(req);
  if (token === null) return fail(AUTH_ERRORS.invalidToken, "use Authorization: Bearer TOKEN");
  const u = await svc.accounts.authenticate(token);
  return u.ok ? u : fail(AUTH_ERRORS.invalidToken, u.error.message, { cause: u.error.code });
}

/** The longest request line a route needs (ids, a page number); longer ones are refused with 414. */
export const MAX_URL_BYTES = 8 * 1024;

/**
 * Errors the HTTP parser meets before any route (headers over Node's limit, a malformed
 * request): answered with the typed error body, as every other error is.
 */
export function clientError(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const big = err.code === "HPE_HEADER_OVERFLOW";
  const w = toWire(
    big ? { code: "protocol/headers-too-large", message: "request headers too large" } : { code: "protocol/invalid-message", message: "malformed request" },
  );
  const status = big ? 431 : 400;
  const body = JSON.stringify({ error: w });
  socket.end(
    `HTTP/1.1 ${status} ${big ? "Request Header Fields Too Large" : "Bad Request"}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's own refusals before a route runs (a path parameter past MAX_URL_BYTES, a bad URL), typed. */
export function frameworkError(error: { code?: string; message: string }, _req: unknown, reply: FastifyReply): void {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    void sendError(reply, { code: "protocol/uri-too-long", message: `the request line is longer than ${MAX_URL_BYTES} bytes` });
  else void sendError(reply, { code: "protocol/invalid-message", message: "malformed request" });
}

export function registerHttpRoutes(app: FastifyInstance, server: RouteServer & Pick<ServerPort, "outage">): void {
  app.addHook("onRequest", async (req, reply) => {
    if (req.url.length > MAX_URL_BYTES)
      return sendError(reply, { code: "protocol/uri-too-long", message: `the request line is longer than ${MAX_URL_BYTES} bytes` });
  });
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _req, reply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return sendError(reply, { code: "protocol/frame-too-large", message: "request body too large" });
    if ((error.statusCode ?? 500) < 500) return sendError(reply, { code: "protocol/bad-json", message: "request body is not valid JSON" });
    server.svc.log("http handler failed", error);
    return sendError(reply, { code: "server/internal", message: "internal error" });
  });
  app.setNotFoundHandler((req, reply) => {
    // The web app routes in the browser: unknown GETs outside the API get its index.html.
    const r = reply as FastifyReply & { sendFile?: (file: string) => FastifyReply };
    if (req.method === "GET" && !req.url.startsWith("/api/") && !req.url.startsWith("/ws/") && r.sendFile !== undefined) return r.sendFile("index.html");
    return sendError(reply, { code: "director/not-found", message: "no such route" });
  });
  const all = Object.entries(ROUTES).map(([name, spec]) => ({ name: name as RouteName, spec: spec as RouteSpec }));
  for (const { name, spec } of all) {
    const handler = handlers[name];
    app.route({
      method: spec.method,
      url: spec.path,
      handler: async (req, reply) => {
        try {
          const auth = await authenticate(server.svc, req);
          if (!auth.ok) return sendError(reply, auth.error);
          const user = auth.value;
          if (spec.auth !== "none" && user === null) return sendError(reply, { code: "auth/required", message: "sign in first" });
          if (spec.auth === "director" && user?.role !== "director") return sendError(reply, { code: "auth/forbidden", message: "directors only" });
          let body: unknown;
          if (spec.body !== null) {
            const parsed = parseWith(spec.body, req.body ?? {});
            if (!parsed.ok) return sendError(reply, parsed.error);
            body = parsed.value;
          }
          let query: Record<string, string> = req.query as Record<string, string>;
          if (spec.query !== undefined) {
            const parsed = parseWith(spec.query, req.query ?? {});
            if (!parsed.ok) return sendError(reply, parsed.error);
            query = parsed.value as Record<string, string>;
          }
          if (handler === undefined) return sendError(reply, { code: "director/invalid", message: "not available on this server yet" });
          const r = await dispatchRoute(server, name, {
            user,
            token: bearer(req),
            ip: req.ip ?? null,
            body,
            params: req.params as Record<string, string>,
            query,
          });
          server.outage.succeeded();
          if (!r.ok) return sendError(reply, r.error);
          return reply.code(200).send(r.value);
        } catch (e) {
          // The database is down: 503 and one log line per outage, not a stack per request.
          if (isStorageOutage(e)) {
            server.outage.failed(e);
            return sendError(reply, { code: "server/unavailable", message: "the database is unavailable; try again shortly" });
          }
          // NATS went away under the call (cluster mode): 503 too, counted in its outage's log line.
          if (isNatsOutage(e) && server.cluster !== null) return sendError(reply, server.cluster.unavailable());
          server.svc.log(`${spec.method} ${spec.path} failed`, e);
          return sendError(reply, { code: "server/internal", message: "internal error" });
        }
      },
    });
  }
}

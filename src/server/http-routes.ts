// The HTTP API of src/protocol's ROUTES: every body validated by the route's zod schema,
// every failure answered as HttpErrorBody with the code's status.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { fail, ok, type FeltError, type Result } from "../lib/result.ts";
import { CommandId, Id, Money, PlayerName, ROUTES, parseWith, type RouteName } from "../protocol/index.ts";
import type { User } from "../accounts/index.ts";
import { playerAccount, postings } from "../store/index.ts";
import type { FeltServer } from "./felt-server.ts";
import { toWire, statusOf } from "./http-errors.ts";
import { directorHandlers } from "./http-director.ts";
import { lobbyTournament, tournamentView } from "./lobby-views.ts";
import { handRecord, handSummaries, handTexts } from "./history.ts";

export interface Ctx {
  readonly server: FeltServer;
  readonly user: User | null;
  readonly body: unknown;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
}

export type Handler = (ctx: Ctx) => Promise<Result<unknown>>;

export async function balanceOf(server: FeltServer, userId: string): Promise<number> {
  return server.svc.ledger.balance(playerAccount(userId), server.svc.asset);
}

const userInfo = (u: User) => ({ id: u.id, name: u.name, role: u.role });

function tournamentOf(ctx: Ctx) {
  const t = ctx.server.tournaments.get(ctx.params["id"] ?? "");
  return t === undefined ? fail("tournament/not-found", `no tournament ${ctx.params["id"]}`) : ok(t);
}

const notOffered = async (ctx: Ctx): Promise<Result<unknown>> => {
  const t = tournamentOf(ctx);
  if (!t.ok) return t;
  return fail("tournament/not-allowed", "this tournament does not offer that");
};

const playerHandlers: Partial<Record<RouteName, Handler>> = {
  async signUp(ctx) {
    const b = ctx.body as z.infer<typeof ROUTES.signUp.body>;
    const s = await ctx.server.svc.accounts.signUp(b.name, b.password);
    return s.ok ? ok({ token: s.value.token, user: userInfo(s.value.user) }) : s;
  },
  async signIn(ctx) {
    const b = ctx.body as z.infer<typeof ROUTES.signIn.body>;
    const s = await ctx.server.svc.accounts.signIn(b.name, b.password);
    return s.ok ? ok({ token: s.value.token, user: userInfo(s.value.user) }) : s;
  },
  async me(ctx) {
    return ok({ user: userInfo(ctx.user!), balance: await balanceOf(ctx.server, ctx.user!.id) });
  },
  async lobby(ctx) {
    const balance = ctx.user === null ? null : await balanceOf(ctx.server, ctx.user.id);
    const tournaments = [...ctx.server.tournaments.values()]
      .sort((a, b) => a.meta.startsAt - b.meta.startsAt)
      .slice(-500)
      .map((t) => lobbyTournament(t, ctx.user?.id ?? null, balance));
    return ok({ serverTime: ctx.server.svc.clock.now(), balance, tournaments });
  },
  async tournament(ctx) {
    const t = tournamentOf(ctx);
    return t.ok ? ok(tournamentView(t.value, ctx.server.svc.clock.now())) : t;
  },
  async register(ctx) {
    const t = tournamentOf(ctx);
    if (!t.ok) return t;
    const b = ctx.body as { commandId: string };
    const r = await t.value.register({ id: ctx.user!.id, name: ctx.user!.name }, b.commandId);
    if (!r.ok) return r;
    const balance = await balanceOf(ctx.server, ctx.user!.id);
    return ok({ tournament: lobbyTournament(t.value, ctx.user!.id, balance), balance });
  },
  unregister: notOffered,
  reEnter: notOffered,
  rebuy: notOffered,
  addOn: notOffered,
  async hands(ctx) {
    return ok({ hands: (await handSummaries(ctx.server, ctx.user!.id)).slice(-200) });
  },
  async hand(ctx) {
    return handRecord(ctx.server, ctx.user!.id, ctx.params["id"] ?? "");
  },
};

/** Not in the protocol yet: a director credits money received from a player (issue 6). */
export const DepositRequest = z.strictObject({ commandId: CommandId, name: PlayerName, amount: Money.min(1) });
export const LedgerCheckResponse = z.object({ totals: z.record(z.string(), z.number()), balances: z.array(z.object({ account: z.string(), asset: z.string(), balance: z.number() })) });
export const EXTRA_ROUTES = {
  deposit: { method: "POST", path: "/api/v1/director/deposit", auth: "director", body: DepositRequest, response: z.object({ player: Id, balance: Money }) },
  ledger: { method: "GET", path: "/api/v1/director/ledger", auth: "director", body: null, response: LedgerCheckResponse },
  /** The asking player's PHH (with seed and commitment) and PokerStars text of one hand. */
  handTexts: { method: "GET", path: "/api/v1/hands/:id/texts", auth: "player", body: null, response: z.object({ phh: z.string(), pokerstars: z.string().nullable() }) },
} as const;

const extraHandlers: Record<keyof typeof EXTRA_ROUTES, Handler> = {
  async deposit(ctx) {
    const b = ctx.body as z.infer<typeof DepositRequest>;
    const who = await ctx.server.svc.accounts.userByName(b.name);
    if (!who.ok) return fail("director/not-found", `no player ${b.name}`);
    const tx = postings.deposit({ key: `deposit:${ctx.user!.id}:${b.commandId}`, asset: ctx.server.svc.asset, player: who.value.id, amount: b.amount, director: ctx.user!.id });
    if (!tx.ok) return tx;
    const r = await ctx.server.svc.ledger.post(tx.value);
    if (!r.ok) return r;
    return ok({ player: who.value.id, balance: await balanceOf(ctx.server, who.value.id) });
  },
  async handTexts(ctx) {
    return handTexts(ctx.server, ctx.user!.id, ctx.params["id"] ?? "");
  },
  async ledger(ctx) {
    return ok({ totals: await ctx.server.svc.ledger.totals(), balances: await ctx.server.svc.ledger.balances() });
  },
};

function sendError(reply: FastifyReply, e: FeltError) {
  const w = toWire(e);
  return reply.code(statusOf(w)).send({ error: w });
}

async function authenticate(server: FeltServer, req: FastifyRequest): Promise<Result<User | null>> {
  const h = req.headers.authorization;
  if (h === undefined) return ok(null);
  const m = /^Bearer (.+)$/.exec(h);
  if (m === null) return fail("auth/invalid-token", "use Authorization: Bearer TOKEN");
  const u = await server.svc.accounts.authenticate(m[1]!);
  return u.ok ? u : fail("auth/invalid-token", u.error.message, { cause: u.error.code });
}

export function registerHttpRoutes(app: FastifyInstance, server: FeltServer): void {
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
  const handlers: Partial<Record<RouteName, Handler>> = { ...playerHandlers, ...directorHandlers };
  const all = [
    ...Object.entries(ROUTES).map(([name, spec]) => ({ spec, handler: handlers[name as RouteName] })),
    ...Object.entries(EXTRA_ROUTES).map(([name, spec]) => ({ spec, handler: extraHandlers[name as keyof typeof EXTRA_ROUTES] })),
  ];
  for (const { spec, handler } of all) {
    app.route({
      method: spec.method,
      url: spec.path,
      handler: async (req, reply) => {
        const auth = await authenticate(server, req);
        if (!auth.ok) return sendError(reply, auth.error);
        const user = auth.value;
        if (spec.auth !== "none" && user === null) return sendError(reply, { code: "auth/required", message: "sign in first" });
        if (spec.auth === "director" && user?.role !== "director") return sendError(reply, { code: "auth/forbidden", message: "directors only" });
        let body: unknown = undefined;
        if (spec.body !== null) {
          const parsed = parseWith(spec.body, req.body ?? {});
          if (!parsed.ok) return sendError(reply, parsed.error);
          body = parsed.value;
        }
        if (handler === undefined) return sendError(reply, { code: "director/invalid", message: "not available on this server yet" });
        try {
          const r = await handler({ server, user, body, params: req.params as Record<string, string>, query: req.query as Record<string, string> });
          if (!r.ok) return sendError(reply, r.error);
          return reply.code(200).send(r.value);
        } catch (e) {
          server.svc.log(`${spec.method} ${spec.path} failed`, e);
          return sendError(reply, { code: "server/internal", message: "internal error" });
        }
      },
    });
  }
}

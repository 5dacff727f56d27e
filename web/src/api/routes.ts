import { z } from "zod";
import { API_PREFIX, CommandId, Id, Money, PlayerName, ROUTES, type RouteSpec } from "../../../src/protocol/index.ts";

// The routes the web app calls: src/protocol's ROUTES, plus the few the server already
// answers but the protocol does not list yet (the director's deposit and the ledger
// check, issue 6). The protocol's own entry wins as soon as it lands, so these local
// copies only fill the gap; they mirror the server's schemas exactly.

const DepositRequest = z.strictObject({ commandId: CommandId, name: PlayerName, amount: Money.min(1) });
const DepositResponse = z.object({ player: Id, balance: Money });
const LedgerResponse = z.object({
  totals: z.record(z.string(), z.number()),
  balances: z.array(z.object({ account: z.string(), asset: z.string(), balance: z.number() })).max(100_000),
});

const PENDING = {
  deposit: { method: "POST", path: `${API_PREFIX}/director/deposit`, auth: "director", body: DepositRequest, response: DepositResponse },
  ledger: { method: "GET", path: `${API_PREFIX}/director/ledger`, auth: "director", body: null, response: LedgerResponse },
} as const satisfies Record<string, RouteSpec>;

export const WEB_ROUTES = { ...PENDING, ...ROUTES } as const;

export type WebRoutes = typeof WEB_ROUTES;
export type WebRouteName = keyof WebRoutes;
export type WebRouteBody<N extends WebRouteName> = WebRoutes[N]["body"] extends z.ZodType ? z.infer<WebRoutes[N]["body"]> : undefined;
export type WebRouteResponse<N extends WebRouteName> = z.infer<WebRoutes[N]["response"]>;

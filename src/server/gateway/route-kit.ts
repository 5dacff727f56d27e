// What every HTTP route handler is: a function from the request's context (the input
// and the server's port) to a Result. Shared by the player, director and live routes and
// the cluster's lobby, apart from the route table that registers them.
import type { Result } from "../../lib/result.ts";
import { playerAccount } from "../../store/index.ts";
import type { ServerPort } from "../server-port.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import type { RouteInput } from "./owner-requests.ts";

export interface Ctx extends RouteInput {
  readonly server: ServerPort;
}

export type Handler = (ctx: Ctx) => Promise<Result<unknown>>;

export async function balanceOf(server: Pick<ServerPort, "svc">, userId: string): Promise<number> {
  return server.svc.ledger.balance(playerAccount(userId), server.svc.asset);
}

/** Lobby order: open tournaments first, soonest start first; then finished ones, latest first. */
export function lobbyOrder(a: TournamentRuntime, b: TournamentRuntime): number {
  const over = (t: TournamentRuntime) => t.dir.status === "finished" || t.dir.status === "cancelled";
  if (over(a) !== over(b)) return over(a) ? 1 : -1;
  const d = over(a) ? b.meta.startsAt - a.meta.startsAt : a.meta.startsAt - b.meta.startsAt;
  return d !== 0 ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

// What every HTTP route handler is: a function from the request's context (the input and
// the few ports a route may use) to a Result. Shared by the player, director and live routes
// and the cluster's lobby, apart from the route table that registers them.
import type { Result } from "../../lib/result.ts";
import type { Ownership } from "../../cluster/index.ts";
import type { MoneyCheck, RouteName } from "../../protocol/index.ts";
import { playerAccount } from "../../store/index.ts";
import type { ServerOptions } from "../server-options.ts";
import type { ClusterPort, Predictor, SessionSockets, TournamentsPort } from "../server-port.ts";
import type { Services } from "../services.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import type { RouteInput } from "./owner-requests.ts";

/** The room's defaults a route applies: a new tournament's clocks and table size, the play-money amount. */
export type RoomDefaults = Pick<ServerOptions, "actionMs" | "timeBankMs" | "tableSize" | "playMoney">;

/** A route's input and what it may reach: the services, the tournaments served here, the cluster link and a few single facts. */
export interface Ctx extends RouteInput {
  readonly svc: Services;
  readonly tournaments: TournamentsPort;
  /** Cluster mode: the link to the other members; null when alone. */
  readonly cluster: ClusterPort | null;
  /** Who serves which partition (a tournament is created only where its partition is served). */
  readonly ownership: Ownership;
  readonly predictor: Predictor;
  readonly options: RoomDefaults;
  /** This process's own money check; undefined until it has run. */
  readonly moneyCheck: MoneyCheck | undefined;
  /** The sockets of a session that ended here close. */
  readonly sessions: SessionSockets;
  /** Another route, run as a client's request would be: here, or on the owner of the tournament it addresses. */
  dispatch(name: RouteName, input: RouteInput): Promise<Result<unknown>>;
}

export type Handler = (ctx: Ctx) => Promise<Result<unknown>>;

export async function balanceOf(svc: Pick<Services, "ledger" | "asset">, userId: string): Promise<number> {
  return svc.ledger.balance(playerAccount(userId), svc.asset);
}

/** Lobby order: open tournaments first, soonest start first; then finished ones, latest first. */
export function lobbyOrder(a: TournamentRuntime, b: TournamentRuntime): number {
  const over = (t: TournamentRuntime) => t.dir.status === "finished" || t.dir.status === "cancelled";
  if (over(a) !== over(b)) return over(a) ? 1 : -1;
  const d = over(a) ? b.meta.startsAt - a.meta.startsAt : a.meta.startsAt - b.meta.startsAt;
  return d !== 0 ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

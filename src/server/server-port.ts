// What the gateway's handlers and the cluster glue may reach of the server: its services,
// the tournaments and tables it holds, who is connected, and the cluster link. They take
// this port (or a Pick of it), never FeltServer, so none of them imports the server that
// registers them.
import type { FeltError, Result } from "../lib/result.ts";
import type { MoneyCheck, MoneyDifference } from "../protocol/index.ts";
import type { Follower } from "../cluster/follower.ts";
import type { Ownership } from "../cluster/index.ts";
import type { ConnectionCounts } from "./gateway/connections.ts";
import type { OutageLog } from "./gateway/outage.ts";
import type { OwnerRequest, RouteInput, TournamentFacts } from "./gateway/owner-requests.ts";
import type { PredictWorker } from "./console/director-predict-worker.ts";
import type { ServerOptions } from "./server-options.ts";
import type { Services } from "./services.ts";
import type { TableHost } from "./tables/table-host.ts";
import type { TableSession } from "./tables/table-session.ts";
import type { TournamentRuntime } from "./tournaments/tournament-runtime.ts";

/** The cluster as the handlers use it (gateway/cluster-link.ts): who serves what, and asking the owner. */
export interface ClusterPort {
  /** Who serves which partition, as the cluster sees it. */
  readonly ownership: Ownership;
  serves(tournamentId: string): boolean;
  servesTable(tableId: string): boolean;
  forward(tournamentId: string, request: OwnerRequest): Promise<Result<unknown>>;
  forwardTable(tableId: string, request: OwnerRequest): Promise<Result<unknown>>;
  facts(tournamentId: string): Promise<Result<TournamentFacts>>;
  tournamentStatus(tournamentId: string): Promise<string | undefined>;
  lobby(input: RouteInput): Promise<Result<unknown>>;
  moneyCheck(): Promise<MoneyCheck | undefined>;
  followTable(tableId: string, userId: string | null, v: number, deliver: (frames: string) => void, refused: (e: FeltError) => void): Follower;
  followTournament(tournamentId: string, deliver: (frames: string) => void, refused: (e: FeltError) => void): Follower;
  /** NATS is connected: what needs the cluster can be asked of it. */
  readonly available: boolean;
  /** The refusal while NATS is away (`server/unavailable`, with a wait), counted in the outage's log line. */
  unavailable(): FeltError;
  /** A session ended here (`tokenHash` null: every session of the user): its sockets close on every other member too. */
  endSession(userId: string, tokenHash: string | null): void;
  onMoved(listener: (key: string) => void): void;
  offMoved(listener: (key: string) => void): void;
  close(): void;
}

export interface ServerPort {
  readonly svc: Services;
  readonly options: ServerOptions;
  readonly outage: OutageLog;
  /** Who serves what: everything when alone. */
  readonly ownership: Ownership;
  /** The tournaments this process serves. */
  readonly tournaments: Map<string, TournamentRuntime>;
  readonly tournamentWatchers: Map<string, Set<() => void>>;
  readonly connections: ConnectionCounts;
  /** Split tables: the tables of the table partitions this process owns; null otherwise. */
  readonly tableHost: TableHost | null;
  /** Cluster mode: routing, fan-out and the lobby across processes; null when alone. */
  cluster: ClusterPort | null;
  readonly predictor: PredictWorker;
  /** close() has begun. */
  readonly closing: boolean;
  readonly url: string;
  readonly moneyCheck: MoneyCheck | undefined;
  moneyChecked(): { at: number | undefined; tournaments: [string, readonly MoneyDifference[]][] };
  adopt(t: TournamentRuntime): void;
  table(tableId: string): TableSession | undefined;
}

// What the gateway's handlers and the cluster glue may reach of the server, as small named
// ports: the tournaments it serves (TournamentsPort), the tables it holds (TableFinder), the
// cluster link (ClusterPort), besides its services. Each handler, helper and piece of cluster
// glue (the cluster link, its feeds, lobby, money check and table link) declares only the
// ports it uses, as a Pick of ServerPort at the least; ServerPort is their union, which the
// server implements and passes to the wiring (registering the routes and sockets, attaching
// the cluster link), each of which takes its own Pick. None of them imports the server that
// registers them, and none reaches the maps the server keeps.
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
  /** A remote table's frames for this user; `owner` hears each member that announces it runs the table from now on. */
  followTable(
    tableId: string,
    userId: string | null,
    v: number,
    deliver: (frames: string) => void,
    refused: (e: FeltError) => void,
    owner?: (member: string) => void,
  ): Follower;
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

/**
 * The tournaments this process serves, as handlers reach them: one by id, all of them, a new
 * one created, one watched. The map that holds them stays the server's.
 */
export interface TournamentsPort {
  get(id: string): TournamentRuntime | undefined;
  /** Every tournament served here, in no set order: a fresh array, the caller's to sort and filter. */
  list(): TournamentRuntime[];
  /**
   * Creates tournament `id` here and serves it from then on (its changes reach its watchers).
   * One creation per id at a time: a second request for the same id while the first is under
   * way (a client's or a forwarding member's retry) gets the first one's outcome, never a
   * second append to the new stream.
   */
  create(id: string, make: () => Promise<Result<TournamentRuntime>>): Promise<Result<TournamentRuntime>>;
  /** `push` runs on every change of the tournament until it is unwatched. */
  watch(id: string, push: () => void): void;
  unwatch(id: string, push: () => void): void;
  /** `listener` runs after any tournament here changes, is adopted or leaves; the result removes it. */
  onAnyChange(listener: () => void): () => void;
}

/** The tables this process holds, found by id. */
export interface TableFinder {
  /** A table of a split-table partition owned here, or of a tournament served here; undefined otherwise. */
  table(tableId: string): TableSession | undefined;
}

/** The director's end-time predictions (run off the tables' event loop). */
export type Predictor = Pick<PredictWorker, "predict">;

/** Closing the sockets of a session that ended. */
export type SessionSockets = Pick<ConnectionCounts, "endSession">;

/** Everything the server offers its gateway and cluster glue: the union of the ports above and what the wiring needs. */
export interface ServerPort {
  readonly svc: Services;
  readonly options: ServerOptions;
  readonly outage: OutageLog;
  /** Who serves what: everything when alone. */
  readonly ownership: Ownership;
  /** The tournaments this process serves. */
  readonly served: TournamentsPort;
  /** The tables this process holds. */
  readonly tables: TableFinder;
  readonly connections: ConnectionCounts;
  /** Split tables: the tables of the table partitions this process owns; null otherwise. */
  readonly tableHost: TableHost | null;
  /** Cluster mode: routing, fan-out and the lobby across processes; null when alone. */
  cluster: ClusterPort | null;
  readonly predictor: Predictor;
  /** close() has begun. */
  readonly closing: boolean;
  readonly moneyCheck: MoneyCheck | undefined;
  moneyChecked(): { at: number | undefined; tournaments: [string, readonly MoneyDifference[]][] };
}

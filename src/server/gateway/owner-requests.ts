// What one process asks another in a cluster, as plain data: a route's input, a table
// command with its sender, a watch, a director's order to a table and a table's result.
// Types only, so the server's port, the gateway and the cluster glue share them without
// importing one another.
import type { User } from "../../accounts/index.ts";
import type { ClientMessage, DealerNote, RouteName } from "../../protocol/index.ts";
import type { HandResult, TableOrder } from "../tables/table-order.ts";
import type { TableConfig } from "../tables/table-state.ts";
import type { DecksOpen } from "../../protocol/index.ts";

/** A route's input as the gateway read it, wherever the route runs. */
export interface RouteInput {
  readonly user: User | null;
  /** The bearer token the request came with (sign-out ends its session). */
  readonly token: string | null;
  /** The client's address (per-address sign-in limits). */
  readonly ip: string | null;
  readonly body: unknown;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
}

export type TableMessage = Extract<ClientMessage, { type: "act" | "sit-out" | "sit-in" | "contribute" | "chat" | "chat-mute" }>;

/** Who sends a command: the gateway authenticated them (the cluster bus is trusted). */
export interface Sender {
  readonly id: string;
  readonly name: string;
  readonly role: string;
}

export interface WatchTable {
  readonly tableId: string;
  readonly userId: string | null;
  readonly v: number;
  readonly watcher: string;
  readonly full: boolean;
}

export interface WatchTournament {
  readonly tournamentId: string;
  readonly watcher: string;
  readonly full: boolean;
}

/** A follower's watch of a remote feed: a table's audience or a tournament's view. */
export type WatchAsk = ({ readonly kind: "watch-table" } & WatchTable) | ({ readonly kind: "watch-tournament" } & WatchTournament);

/** What one process asks the owner of a tournament's partition. */
export type OwnerRequest =
  | { readonly kind: "route"; readonly name: RouteName; readonly input: RouteInput }
  | { readonly kind: "table"; readonly sender: Sender; readonly message: TableMessage }
  | WatchAsk
  /** The followers' pings of one partition in one request (cluster/ping-batch.ts): one result per watch, in order. */
  | { readonly kind: "watch-many"; readonly watches: readonly WatchAsk[] }
  | { readonly kind: "unwatch"; readonly subject: string; readonly watcher: string }
  | { readonly kind: "facts"; readonly tournamentId: string }
  /** Split tables (cluster-tables.ts): a director's order to a table's owner, a dealer's entries, a hand's result to the director's owner. */
  | { readonly kind: "table-order"; readonly config: TableConfig; readonly order: TableOrder }
  | { readonly kind: "table-say"; readonly tableId: string; readonly notes: DealerNote[] }
  | { readonly kind: "hand-result"; readonly tournamentId: string; readonly table: number; readonly result: HandResult | null };

/** What another tournament's owner tells: its director's status and what a seat in it costs (a satellite's target, a hand's seed reveal). */
/** What deciding who may have a tournament's table seeds needs (tables/decks-open.ts). */
export interface DeckFacts {
  readonly decksOpen: DecksOpen;
  /** The auditor's account id (the name in `decksOpen` resolved when the tournament was created). */
  readonly auditorId: string | null;
  /** When it finished or was cancelled; null while it is not over. */
  readonly endedAt: number | null;
}

export interface TournamentFacts {
  readonly status: string;
  readonly buyIn: number;
  readonly fee: number;
  /** Who may have its table seeds (tables/decks-open.ts); absent from an owner before it. */
  readonly decks?: DeckFacts;
}

import { z } from "zod";
import { CardCode, CommandId, EpochMs, HandCategory, Hex32, Id, Chips, PlayerName, SeatNo, Token, UserInfo } from "./primitives.ts";
import { WireError } from "./error-codes.ts";
import { TableEvent } from "./table-events.ts";
import { TableView, TableViewPatch } from "./table-view.ts";
import { TournamentView } from "./tournament-view.ts";

// WebSocket messages, JSON text frames of at most MAX_FRAME_BYTES. The first client
// message must be `hello`; anything else first gets `protocol/hello-required`.
// Versions (`hello.v`, see SUPPORTED_PROTOCOL_VERSIONS): v1 sends a table's events as
// `event` frames, then the recipient's whole `table-view`, after every step. v2 sends one
// `table-step` per step instead: the events and a patch of the view (a full view
// per recipient per step was most of the server's work). Both start a table with a full
// `table-view` on subscribe, and a v2 server may still send `event` + `table-view` (e.g. a
// step too large for one frame), so a v2 client handles every v1 frame too. v3 is v2 and
// `table-home`: in a cluster, the address of the member that runs a table, so a player's
// client can go there and spare every action two crossings between members (a v1 or v2
// client is never sent one, and plays on through any member as before).
// Client messages are strict (unknown fields are refused); server messages are parsed
// leniently by clients so a server may add optional fields within a version.

// ---- client → server ----

const Hello = z.strictObject({ type: z.literal("hello"), v: z.int(), token: Token });

const Channel = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("table"), tableId: Id }),
  z.strictObject({ kind: z.literal("tournament"), tournamentId: Id }),
]);
export type Channel = z.infer<typeof Channel>;

const Subscribe = z.strictObject({ type: z.literal("subscribe"), channel: Channel });
const Unsubscribe = z.strictObject({ type: z.literal("unsubscribe"), channel: Channel });

export const PlayerAction = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("fold") }),
  z.strictObject({ kind: z.literal("check") }),
  z.strictObject({ kind: z.literal("call") }),
  /** `to` is the total bet in the round after the action (bet or raise alike). */
  z.strictObject({ kind: z.literal("bet"), to: Chips }),
  z.strictObject({ kind: z.literal("raise"), to: Chips }),
]);
export type PlayerAction = z.infer<typeof PlayerAction>;

const Act = z.strictObject({
  type: z.literal("act"),
  tableId: Id,
  handId: Id,
  /** TableView.version the command was made against; stale → table/stale-version. */
  version: z.int().min(0),
  commandId: CommandId,
  action: PlayerAction,
});

const SitOut = z.strictObject({ type: z.literal("sit-out"), tableId: Id, commandId: CommandId });
const SitIn = z.strictObject({ type: z.literal("sit-in"), tableId: Id, commandId: CommandId });
/**
 * A seated player's random value for the table's next hand, mixed into its deck
 * so the server cannot choose decks alone. Counted from the table's first hand on (the
 * table's seed commitment must be public before anyone contributes); the last value a
 * seat sends before the deal counts, and the hand's first event lists every value used.
 */
const Contribute = z.strictObject({ type: z.literal("contribute"), tableId: Id, commandId: CommandId, value: Hex32 });
const Ping = z.strictObject({ type: z.literal("ping"), nonce: z.int().min(0) });

/**
 * A client's heartbeat. Any frame from the server shows the connection is alive, so a client
 * pings only once it has heard nothing for PING_AFTER_MS (and again each PING_AFTER_MS while
 * that lasts): at a table in play, the steps keep it up and it sends no pings at all. A ping
 * every few seconds from each of a server's players would be several frames in and out for
 * every action it serves. Nothing heard for LOST_AFTER_MS, the connection counts as lost: a
 * network that drops silently can leave a socket "open" for minutes, with no close event.
 */
export const HEARTBEAT = { PING_AFTER_MS: 3000, LOST_AFTER_MS: 8000, CHECK_EVERY_MS: 1000 } as const;

/** What a client's heartbeat does at `now`, given when it last heard the server and last pinged it. */
export function heartbeatDue(now: number, heardAt: number, pingedAt: number): "lost" | "ping" | null {
  if (now - heardAt >= HEARTBEAT.LOST_AFTER_MS) return "lost";
  return now - Math.max(heardAt, pingedAt) >= HEARTBEAT.PING_AFTER_MS ? "ping" : null;
}

/** Table chat: at most this many characters a message, and CHAT_RATE a player per table. */
export const CHAT_MAX_CHARS = 200;
export const CHAT_RATE = { burst: 5, perSecond: 0.5 } as const;
/** Messages a table keeps for someone who starts watching it. */
export const CHAT_HISTORY = 30;

/** A chat line at a table: seated players, and the director, who may also mute a player there. */
const Chat = z.strictObject({ type: z.literal("chat"), tableId: Id, text: z.string().min(1).max(CHAT_MAX_CHARS) });
/** The director mutes (or unmutes) a player's chat at one table; the player is told why their lines are refused. */
const ChatMute = z.strictObject({ type: z.literal("chat-mute"), tableId: Id, playerId: Id, muted: z.boolean() });

export const ClientMessage = z.discriminatedUnion("type", [Hello, Subscribe, Unsubscribe, Act, SitOut, SitIn, Contribute, Ping, Chat, ChatMute]);
export type ClientMessage = z.infer<typeof ClientMessage>;
export type ClientMessageType = ClientMessage["type"];

// ---- server → client ----

const Welcome = z.object({
  type: z.literal("welcome"),
  v: z.int(),
  user: UserInfo,
  /** Server clock, so clients can show deadlines in their own time. */
  serverTime: EpochMs,
});

/** How many events a `table-view`'s log holds at most (a hand's steps and those since it, far fewer). */
export const TABLE_LOG_EVENTS = 256;

/**
 * The table's steps since its current hand (or the last, before the next starts) began, as
 * the recipient may see them: sent to a v2 subscriber with its whole view on subscribe, so a
 * client whose log stops at a version at or after `from` appends the events of the steps
 * after that version and has the hand complete, with no hole. A log stopping before `from`
 * missed steps before the hand: the hole stays, and the hand follows it complete. Absent: no
 * hand at this table since the server took it, or too long for one frame (the hole stays).
 * The deck openings may be left out to fit the frame; the hand's history has them.
 */
export const TableLog = z.object({
  /** The table's version before the step that started the hand. */
  from: z.int().min(0),
  steps: z.array(z.object({ version: z.int().min(0), events: z.array(TableEvent).max(TABLE_LOG_EVENTS) })).max(TABLE_LOG_EVENTS),
});
export type TableLog = z.infer<typeof TableLog>;

/** Whether `log` brings every step after `known` (where a client's hand log stops): then no hole. */
export const logCovers = (log: TableLog | undefined, known: number): boolean => log !== undefined && known >= log.from;

const TableViewMsg = z.object({ type: z.literal("table-view"), view: TableView, log: TableLog.optional() });

const EventMsg = z.object({
  type: z.literal("event"),
  tableId: Id,
  handId: Id.nullable(),
  /** The table's stream version after this event. */
  version: z.int().min(0),
  event: TableEvent,
});

/** Protocol v2: one table step in one frame (the events as this recipient may see them, and its view's changes). */
const TableStepMsg = z.object({
  type: z.literal("table-step"),
  tableId: Id,
  handId: Id.nullable(),
  /** The table's stream version after this step. */
  version: z.int().min(0),
  events: z.array(TableEvent).max(256),
  /** Apply to the recipient's latest view of this table with applyTablePatch. */
  patch: TableViewPatch,
});

const TournamentViewMsg = z.object({ type: z.literal("tournament-view"), view: TournamentView });

/** A command was accepted (or had already been: `duplicate`, it acted once). */
const Ack = z.object({
  type: z.literal("ack"),
  commandId: CommandId,
  version: z.int().min(0),
  duplicate: z.boolean(),
});

const ErrorMsg = z.object({
  type: z.literal("error"),
  /** The command this answers, when the error is about one. */
  commandId: CommandId.nullable(),
  error: WireError,
});

const Pong = z.object({ type: z.literal("pong"), nonce: z.int().min(0), serverTime: EpochMs });

/**
 * The dealer's entries in a table's chat, written by the server as structured
 * data so each reader sees them in their own language: who won which pot of a hand with what
 * (one entry per winner of each pot, so a split pot is two entries), and who went out, with
 * their place once the field is closed (null while late registration is open).
 */
export const DealerNote = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("win"),
    handId: Id,
    handNumber: z.int().min(1),
    /** 0: the main pot; n: side pot n. */
    potIndex: z.int().min(0).max(9),
    seat: SeatNo,
    name: PlayerName,
    amount: Chips,
    category: HandCategory.nullable(),
  }),
  z.object({ kind: z.literal("bust"), name: PlayerName, place: z.int().min(1).nullable() }),
  /** R-DEAL-6: the table's first button was drawn: the cards face up in the order dealt (round 2 and on: the tied drawing again), and the seat that won it. */
  z.object({
    kind: z.literal("button-draw"),
    button: SeatNo,
    cards: z.array(z.object({ round: z.int().min(1), seat: SeatNo, card: CardCode })).max(1000),
  }),
]);
export type DealerNote = z.infer<typeof DealerNote>;

const PlayerChatLine = z.object({
  /** Per table, increasing. */
  id: z.int().min(1),
  at: EpochMs,
  from: z.object({ id: Id, name: PlayerName, director: z.boolean() }),
  text: z.string().min(1).max(CHAT_MAX_CHARS),
});
const DealerChatLine = z.object({ id: z.int().min(1), at: EpochMs, dealer: DealerNote });
/** A line of a table's chat: a player's (or the director's) words, or the dealer's entry. */
export const ChatLine = z.union([PlayerChatLine, DealerChatLine]);
export type ChatLine = z.infer<typeof ChatLine>;
export type PlayerChatLine = z.infer<typeof PlayerChatLine>;
export type DealerChatLine = z.infer<typeof DealerChatLine>;

/** Chat at a table: new lines as they are said, or the table's recent lines on subscribe (kept across restarts); `muted` lists the players the director muted there. */
const ChatMsg = z.object({
  type: z.literal("chat"),
  tableId: Id,
  lines: z.array(ChatLine).max(CHAT_HISTORY),
  muted: z.array(Id).max(10).optional(),
});

/** The least time between two moves of a client to a table's home: members that disagree for a moment about who runs it cannot bounce a client. */
export const HOME_MOVE_GAP_MS = 2000;

/**
 * Protocol v3, cluster mode: the table `tableId` is run by the member at `url` (its own public
 * address, `felt serve --public-url`), not by the one this socket is on. A client seated there
 * may connect to `url` and go on: every member answers every client, so it is a hint, never
 * a redirect, and a client that cannot reach `url` plays on where it is (or comes back
 * through the address it started from). Sent when the socket starts following the table
 * through another member, and again when the table's partition moves away from this member.
 */
const TableHomeMsg = z.object({
  type: z.literal("table-home"),
  tableId: Id,
  url: z.url({ protocol: /^https?$/ }).max(2048),
});

export const ServerMessage = z.discriminatedUnion("type", [
  Welcome,
  TableViewMsg,
  EventMsg,
  TableStepMsg,
  TournamentViewMsg,
  Ack,
  ErrorMsg,
  Pong,
  ChatMsg,
  TableHomeMsg,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;
export type ServerMessageType = ServerMessage["type"];

import { z } from "zod";
import { CardCode, CommandId, Hex32, Id, Money, Password, PlayerName, Token, UserInfo } from "./primitives.ts";
import { Funding, LobbyTournament } from "./lobby.ts";
import { TableEvent } from "./table-events.ts";
import { DecksOpen } from "./tournament-settings.ts";

// HTTP bodies for players. Requests are strict: an unknown field is an error, not a
// silently ignored typo.

export const SignUpRequest = z.strictObject({ name: PlayerName, password: Password });
export const SignInRequest = z.strictObject({ name: PlayerName, password: Password });
export type SignUpRequest = z.infer<typeof SignUpRequest>;
export type SignInRequest = z.infer<typeof SignInRequest>;

/**
 * Why a sign-up's name or password is refused: the error's `reason` (its `cause` is
 * accounts/bad-name or accounts/bad-password), with `min` and `max` where a length is why.
 * A name is 3 to 20 Latin letters, digits, "_", "-" and ".", starting with a letter: no two
 * names look alike ("раul" and "paul"); a room's walk-ins may have names in any script.
 */
export const NAME_REFUSALS = ["text", "length", "characters", "reserved"] as const;
export const PASSWORD_REFUSALS = ["text", "short", "long", "the-name", "repeated", "common"] as const;

export const AuthResponse = z.object({ token: Token, user: UserInfo });
export type AuthResponse = z.infer<typeof AuthResponse>;

/** Sign-out (this session) and sign-out-everywhere (every session of the user) take no fields. */
export const SignOutRequest = z.strictObject({});
export const SignOutResponse = z.object({ signedOut: z.int().min(0) });
export type SignOutResponse = z.infer<typeof SignOutResponse>;

export const MeResponse = z.object({ user: UserInfo, balance: Money });

/** A play-money room's daily top-up: once per day (UTC), back to the room's amount. */
export const TopUpRequest = z.strictObject({ commandId: CommandId });
export type TopUpRequest = z.infer<typeof TopUpRequest>;
export const TopUpResponse = z.object({ balance: Money, funding: Funding });
export type TopUpResponse = z.infer<typeof TopUpResponse>;
export type MeResponse = z.infer<typeof MeResponse>;

/** register / unregister / re-enter / rebuy / decline-rebuy / add-on all take only an idempotency key. */
export const EntryCommand = z.strictObject({ commandId: CommandId });
export type EntryCommand = z.infer<typeof EntryCommand>;

export const EntryCommandResponse = z.object({
  tournament: LobbyTournament,
  balance: Money,
  /** R-TRN-8: the entry was paid (or the refund given back) with a satellite's ticket, not money. */
  paidWithTicket: z.boolean().optional(),
});
export type EntryCommandResponse = z.infer<typeof EntryCommandResponse>;

export const HandSummary = z.object({
  handId: Id,
  tableId: Id,
  tournamentId: Id.nullable(),
  handNumber: z.int().min(1),
  startedAt: z.int().min(0),
  /** Net result for the asking player, in chips (negative when they lost). */
  net: z.int(),
  /** The asking player's own hole cards (never anyone else's); absent for a hand not yet backfilled. */
  cards: z.array(CardCode).max(2).optional(),
});
export type HandSummary = z.infer<typeof HandSummary>;

/** `/hands`: newest first, `limit` (default and at most 200) per page; `before` is the previous page's `next`. */
export const HandListQuery = z.object({
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/)
    .optional(),
  before: z
    .string()
    .regex(/^[0-9]{1,16}\.[A-Za-z0-9_.:-]{1,200}$/)
    .optional(),
});
export type HandListQuery = z.infer<typeof HandListQuery>;
export const HAND_PAGE_SIZE = { default: 200, max: 200 } as const;

export const HandListResponse = z.object({
  hands: z.array(HandSummary).max(200),
  /** The cursor of the next (older) page; absent on the last page. */
  next: z.string().max(220).optional(),
});
export type HandListResponse = z.infer<typeof HandListResponse>;

/** One hand as the asking player saw it: replayable by folding its events. */
export const HandRecord = z.object({
  handId: Id,
  tableId: Id,
  tournamentId: Id.nullable(),
  handNumber: z.int().min(1),
  startedAt: z.int().min(0),
  events: z.array(TableEvent).min(1).max(400),
  /**
   * The table's seed, present only when the tournament's `settings.decksOpen` opens it to
   * the asker (everyone the given days after it is over, or its auditor); then the whole
   * deck can be re-derived and checked against the hand's commitment.
   */
  tableSeed: Hex32.optional(),
});
export type HandRecord = z.infer<typeof HandRecord>;

/** One table's seed: SHA-256 of it is the `seedCommitment` of every hand the table dealt. */
export const TableSeed = z.object({ tableId: Id, seedCommitment: Hex32, tableSeed: Hex32 });
export type TableSeed = z.infer<typeof TableSeed>;

/**
 * A finished tournament's table seeds (GET /tournaments/:id/decks), answered only to whom
 * its `settings.decksOpen` opens them: its auditor, or everyone the given days after it
 * is over. With a table's seed and a hand's history the whole deck re-derives.
 */
export const TournamentDecks = z.object({
  tournamentId: Id,
  decksOpen: DecksOpen,
  tables: z.array(TableSeed).max(10_000),
});
export type TournamentDecks = z.infer<typeof TournamentDecks>;

/** The asking player's PHH (with the deck commitment and the openings they may see) and PokerStars text of one hand. */
export const HandTexts = z.object({ phh: z.string(), pokerstars: z.string().nullable() });
export type HandTexts = z.infer<typeof HandTexts>;

// Money at the desk (role "director"): a deposit credits money a player handed over, the
// ledger check lists every balance and the per-asset totals (all 0 in a sound ledger).

export const DepositRequest = z.strictObject({ commandId: CommandId, name: PlayerName, amount: Money.min(1) });
export type DepositRequest = z.infer<typeof DepositRequest>;

export const DepositResponse = z.object({ player: Id, balance: Money });
export type DepositResponse = z.infer<typeof DepositResponse>;

/**
 * One difference the start's money check found between what a tournament's
 * stream says a player paid or got (`stream`) and the ledger's postings for it (`ledger`);
 * `what: "pool"` (player null) is the tournament's pool against its prize pool.
 */
export const MoneyDifference = z.object({
  tournament: Id,
  player: Id.nullable(),
  what: z.enum(["entries", "rebuys", "add-ons", "refunds", "prizes", "pool"]),
  stream: z.number(),
  ledger: z.number(),
});
export type MoneyDifference = z.infer<typeof MoneyDifference>;

export const MoneyCheck = z.object({
  /** When the check ran (the server's start), ms since the epoch. */
  at: z.number(),
  tournaments: z.int().min(0),
  /** Empty in a sound database. */
  differences: z.array(MoneyDifference).max(10_000),
  /**
   * Cluster mode: the tournament partitions whose owners' checks this merges, of all of them
   * (fewer when an owner did not answer in time: ask again). Absent from a single process.
   */
  partitions: z.object({ answered: z.int().min(0), of: z.int().min(1) }).optional(),
});
export type MoneyCheck = z.infer<typeof MoneyCheck>;

export const LedgerCheckResponse = z.object({
  totals: z.record(z.string(), z.number()),
  /** `name`: a `player:` account's player (absent for house, pool and other accounts, and from older servers). */
  balances: z.array(z.object({ account: z.string(), asset: z.string(), balance: z.number(), name: PlayerName.optional() })).max(100_000),
  /** The money check the server ran at its start (absent from older servers, and while it runs). */
  moneyCheck: MoneyCheck.optional(),
});
export type LedgerCheckResponse = z.infer<typeof LedgerCheckResponse>;

import { z } from "zod";
import { HAND_CATEGORIES } from "../cards/index.ts";

// Shared building blocks. All money and chip amounts are non-negative integers (the
// smallest unit: chips, or cents of the room's currency); all instants are epoch
// milliseconds (the server's clock; clients correct with welcome.serverTime).

export const Chips = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
export const Money = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
export const EpochMs = z.int().min(0);
export const DurationMs = z.int().min(0);

/** A card as in src/cards/card.ts: rank*4+suit, rank 0..12 = 2..A, suit 0..3 = c,d,h,s. */
export const CardCode = z.int().min(0).max(51);
/** 32 bytes as 64 lowercase hex digits: a seed, salt, hash or random contribution. */
export const Hex32 = z.string().regex(/^[0-9a-f]{64}$/);

/** Seats are numbered from 1, as dealers and seat cards number them. */
export const SeatNo = z.int().min(1).max(10);

/**
 * An id. "#" is allowed: a re-entry is its player's id + "#2", "#3"... (the director's entry
 * ids), and the floor names re-entries in its records (a re-entry could not be busted
 * over the wire). Ids never appear in a URL path's fragment-sensitive part unescaped: paths
 * carry tournament and table ids, which have no "#".
 */
export const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:#-]+$/);

/** A client-chosen id that makes a command idempotent: the same id acts once. */
export const CommandId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const PlayerName = z
  .string()
  .min(2)
  .max(24)
  .regex(/^[\p{L}\p{N}_ .'-]+$/u);

/**
 * A player's number: one per account, given in order from 1001 and never changed, shown as
 * "#1042" beside the name so two players of one name are told apart.
 */
export const PlayerNumber = z.int().min(1).max(999_999_999);

export const Password = z.string().min(8).max(128);

export const Token = z.string().min(16).max(512);

export const Role = z.enum(["player", "director"]);
export type Role = z.infer<typeof Role>;

export const Variant = z.enum(["no-limit", "pot-limit", "fixed-limit"]);
export type Variant = z.infer<typeof Variant>;

export const Street = z.enum(["preflop", "flop", "turn", "river", "showdown"]);
export type Street = z.infer<typeof Street>;

/** src/cards' categories, plus "royal-flush" (a straight flush to the ace, named apart for display). */
export const HandCategory = z.enum([...HAND_CATEGORIES, "royal-flush"]);
export type HandCategory = z.infer<typeof HandCategory>;

export const Blinds = z.object({ sb: Chips, bb: Chips, ante: Chips });
export type Blinds = z.infer<typeof Blinds>;

export const UserInfo = z.object({ id: Id, name: PlayerName, role: Role });
export type UserInfo = z.infer<typeof UserInfo>;

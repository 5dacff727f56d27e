import { z } from "zod";
import { Blinds, CardCode, Chips, EpochMs, HandCategory, Hex32, Id, PlayerName, SeatNo, Street } from "./primitives.ts";

// Incremental table events, in the order the dealer does things (STYLE: dealer steps are
// events too). The same list, filtered for one player, is a hand history the replayer
// folds. Hole cards of others appear only in `show` (no leaks).

export const Pot = z.object({ amount: Chips, eligibleSeats: z.array(SeatNo).min(1).max(10) });
export type Pot = z.infer<typeof Pot>;

/**
 * An opening of one deck position (src/cards/fair-deck.ts): the card committed
 * there, its salt and its Merkle path to the hand's `commitment`. Sent with a card only to
 * those who may see that card: the owner of hole cards, everyone for board and shown cards.
 */
export const DeckOpening = z.object({
  position: z.int().min(0).max(51),
  card: CardCode,
  salt: Hex32,
  path: z.array(Hex32).max(8),
});
export type DeckOpening = z.infer<typeof DeckOpening>;

/** What besides the server's table seed decides the deck. */
export const HandEntropy = z.object({
  /** SHA-256 of the previous hand's public actions at this table; null at its first hand. */
  previous: Hex32.nullable(),
  /** Players' random values, one per seat at most, in seat order. */
  contributions: z.array(z.object({ seat: SeatNo, value: Hex32 })).max(10),
});
export type HandEntropy = z.infer<typeof HandEntropy>;

export const ShownHand = z.object({ category: HandCategory, cards: z.array(CardCode).length(5) });
export type ShownHand = z.infer<typeof ShownHand>;

const HandStart = z.object({
  kind: z.literal("hand-start"),
  handNumber: z.int().min(1),
  at: EpochMs,
  blinds: Blinds,
  button: SeatNo,
  smallBlind: SeatNo.nullable(),
  bigBlind: SeatNo,
  seats: z
    .array(z.object({ seat: SeatNo, name: PlayerName, stack: Chips }))
    .min(2)
    .max(10),
  /**
   * Provably fair: the Merkle root over the hand's 52 salted deck positions,
   * published before the deal. (Hands before fair dealing, without `seedCommitment`: the
   * SHA-256 of a per-hand seed.)
   */
  commitment: Hex32,
  /** SHA-256 of the table's seed, the same at every hand of the table; the seed itself only after the event, as settings.decksOpen says. */
  seedCommitment: Hex32.optional(),
  /** The players' entropy mixed into this hand's deck. */
  entropy: HandEntropy.optional(),
});

const Post = z.object({
  kind: z.literal("post"),
  seat: SeatNo,
  blind: z.enum(["small", "big", "ante", "straddle", "dead"]),
  amount: Chips,
  allIn: z.boolean(),
});

/** Own hole cards only; others receive `cards: null` (dealt face down). */
const HoleCards = z.object({
  kind: z.literal("hole-cards"),
  seat: SeatNo,
  cards: z.array(CardCode).length(2).nullable(),
  /** The owner's openings of both cards (never sent to anyone else). */
  openings: z.array(DeckOpening).length(2).optional(),
});

const Action = z.object({
  kind: z.literal("action"),
  seat: SeatNo,
  action: z.enum(["fold", "check", "call", "bet", "raise"]),
  /** Chips put in by this action. */
  amount: Chips,
  /** The seat's total bet in this round after the action. */
  to: Chips,
  allIn: z.boolean(),
  /** True when the clock made the action (R-TRN-9: check if possible, else fold). */
  timeout: z.boolean(),
});

/** R-POT-1: the part of a bet nobody called goes back to its owner before the bets are collected. */
const Return = z.object({ kind: z.literal("return"), seat: SeatNo, amount: Chips });

const Board = z.object({
  kind: z.literal("board"),
  street: z.enum(["flop", "turn", "river"]),
  cards: z.array(CardCode).min(1).max(3),
  openings: z.array(DeckOpening).min(1).max(3).optional(),
});

const Pots = z.object({ kind: z.literal("pots"), pots: z.array(Pot).max(10) });

const Show = z.object({
  kind: z.literal("show"),
  seat: SeatNo,
  cards: z.array(CardCode).length(2),
  hand: ShownHand.nullable(),
  openings: z.array(DeckOpening).length(2).optional(),
});

const Muck = z.object({ kind: z.literal("muck"), seat: SeatNo });

const Win = z.object({
  kind: z.literal("win"),
  seat: SeatNo,
  potIndex: z.int().min(0).max(9),
  amount: Chips,
  category: HandCategory.nullable(),
});

const HandEnd = z.object({
  kind: z.literal("hand-end"),
  stacks: z.array(z.object({ seat: SeatNo, stack: Chips })).max(10),
});

const SitOut = z.object({ kind: z.literal("sitting-out"), seat: SeatNo, sittingOut: z.boolean() });

const SeatChange = z.object({
  kind: z.literal("seat-change"),
  seat: SeatNo,
  player: z.object({ id: Id, name: PlayerName }).nullable(),
  stack: Chips,
});

export const TableEvent = z.discriminatedUnion("kind", [HandStart, Post, HoleCards, Action, Return, Board, Pots, Show, Muck, Win, HandEnd, SitOut, SeatChange]);
export type TableEvent = z.infer<typeof TableEvent>;
export type TableEventKind = TableEvent["kind"];
export { Street };

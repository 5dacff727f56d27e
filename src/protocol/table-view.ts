import { z } from "zod";
import { Blinds, CardCode, Chips, DurationMs, EpochMs, HandCategory, Id, PlayerName, SeatNo, Street, Variant } from "./primitives.ts";
import { Pot, ShownHand } from "./table-events.ts";

/**
 * What the player to act may do, with exact amounts (R-BET-3..8). All "to" amounts are
 * the player's total bet in the round after the action. `minRaiseTo`/`maxRaiseTo` are
 * null when no bet or raise is possible (e.g. R-BET-8: an all-in short raise did not
 * reopen the betting). `potRaiseTo` is the pot-limit maximum (R-BET-6) whatever the
 * variant, capped by the stack, so a "pot" button means the same thing everywhere.
 */
export const LegalActions = z.object({
  canFold: z.boolean(),
  canCheck: z.boolean(),
  /** Chips needed to call, null when nothing is owed. If ≥ stack, calling is all-in. */
  call: Chips.nullable(),
  /** The largest bet in the round: what a call brings the player to. */
  currentBet: Chips,
  /** True when nobody has bet this round, so the aggressive action is a bet. */
  isBet: z.boolean(),
  minRaiseTo: Chips.nullable(),
  maxRaiseTo: Chips.nullable(),
  potRaiseTo: Chips.nullable(),
  /**
   * Present when the table plays in whole chips bigger than 1 (a tournament's smallest chip in
   * play): a bet or raise "to" must be a multiple of it, unless it is the minimum or the all-in.
   */
  chipUnit: z.int().min(2).optional(),
});
export type LegalActions = z.infer<typeof LegalActions>;

export const SeatView = z.object({
  seat: SeatNo,
  player: z.object({ id: Id, name: PlayerName }).nullable(),
  stack: Chips,
  /** Chips in front of the player in the current betting round. */
  bet: Chips,
  status: z.enum(["empty", "waiting", "active", "folded", "all-in", "sitting-out"]),
  /** True when the seat holds cards face down (for drawing card backs). */
  hasCards: z.boolean(),
  /** The recipient's own cards, or a player's cards once shown; otherwise null. */
  cards: z.array(CardCode).length(2).nullable(),
  shownHand: ShownHand.nullable(),
  connected: z.boolean(),
});
export type SeatView = z.infer<typeof SeatView>;

export const ActionClock = z.object({
  /** When the actor's time runs out (then the time bank starts, if any). */
  deadline: EpochMs,
  /** Time bank left for the actor after the deadline. */
  timeBankMs: DurationMs,
  /** The full action time, to draw the clock as a fraction. */
  actionMs: DurationMs,
});
export type ActionClock = z.infer<typeof ActionClock>;

export const RecentHand = z.object({
  handId: Id,
  handNumber: z.int().min(1),
  winners: z.array(z.object({ name: PlayerName, amount: Chips, category: HandCategory.nullable() })).max(10),
});
export type RecentHand = z.infer<typeof RecentHand>;

/** One pot of a finished hand and who took it: index 0 is the main pot, 1.. the side pots; two or more winners split it. */
export const PotResult = z.object({
  index: z.int().min(0).max(9),
  amount: Chips,
  winners: z
    .array(z.object({ seat: SeatNo, name: PlayerName, amount: Chips, category: HandCategory.nullable() }))
    .min(1)
    .max(10),
});
export type PotResult = z.infer<typeof PotResult>;

/**
 * The hand that just ended, kept in the view from its end until the next deal (the pause
 * between hands): the board, every hand shown at showdown with its name, who won
 * which pot, and the stacks after it. `myCards` is the recipient's own hole cards (only in
 * their view).
 */
export const LastHand = z.object({
  handId: Id,
  handNumber: z.int().min(1),
  board: z.array(CardCode).max(5),
  shown: z.array(z.object({ seat: SeatNo, name: PlayerName, cards: z.array(CardCode).length(2), hand: ShownHand.nullable() })).max(10),
  pots: z.array(PotResult).max(10),
  stacks: z.array(z.object({ seat: SeatNo, stack: Chips })).max(10),
  myCards: z.array(CardCode).length(2).nullable(),
});
export type LastHand = z.infer<typeof LastHand>;

export const TableView = z.object({
  tableId: Id,
  tournamentId: Id.nullable(),
  tableNumber: z.int().min(1),
  /** Stream version of the table; commands name it (stale ones are refused). */
  version: z.int().min(0),
  handId: Id.nullable(),
  handNumber: z.int().min(0),
  variant: Variant,
  blinds: Blinds,
  street: Street.nullable(),
  seats: z.array(SeatView).min(2).max(10),
  board: z.array(CardCode).max(5),
  pots: z.array(Pot).max(10),
  button: SeatNo.nullable(),
  smallBlind: SeatNo.nullable(),
  bigBlind: SeatNo.nullable(),
  actor: SeatNo.nullable(),
  /** The recipient's seat, null for a spectator. */
  mySeat: SeatNo.nullable(),
  /** Only in the actor's own view. */
  legal: LegalActions.nullable(),
  clock: ActionClock.nullable(),
  /** The recipient's best hand so far (the hand name shown under their cards). */
  myHand: z.object({ category: HandCategory, cards: z.array(CardCode).min(2).max(5) }).nullable(),
  sittingOut: z.boolean(),
  recentHands: z.array(RecentHand).max(10),
  /** Between hands: the hand that just ended (null while a hand is played and before the first). */
  lastHand: LastHand.nullable(),
});
export type TableView = z.infer<typeof TableView>;

/**
 * Protocol v2: what changed in one recipient's TableView since the last view or step it
 * was sent. Top-level fields are replaced whole; `seats` lists only the seats that changed,
 * each replacing the seat of the same number. A patch is built from the recipient's own
 * view, so it holds no card that view would not (no leaks).
 */
export const TableViewPatch = TableView.omit({ tableId: true, seats: true })
  .partial()
  .extend({ seats: z.array(SeatView).max(10).optional() });
export type TableViewPatch = z.infer<typeof TableViewPatch>;

/** Folds a v2 patch into the view it was made against (a new object; the input is unchanged). */
export function applyTablePatch(view: TableView, patch: TableViewPatch): TableView {
  const { seats, ...fields } = patch;
  const next: TableView = { ...view };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  if (seats !== undefined && seats.length > 0) next.seats = view.seats.map((s) => seats.find((x) => x.seat === s.seat) ?? s);
  return next;
}

import { z } from "zod";
import { TournamentSettingsInput } from "./tournament-settings.ts";
import { Blinds, CardCode, Chips, CommandId, DurationMs, EpochMs, Id, Money, PlayerName, PlayerNumber, SeatNo, Variant } from "./primitives.ts";
import { Payout } from "./tournament-view.ts";
import { LobbyTournament } from "./lobby.ts";
import { AddOnRule, EventSettings, LateRegistration, PayoutStructure, RebuyRule, ReEntryRule } from "./event-settings.ts";
import { TournamentFormat } from "./format-wire.ts";

// HTTP bodies of the director's console (role "director"). Every mutating request
// carries a commandId so a double click acts once.

/** The blinds a level plays as fixed limit (R-BET-9 mixed hold'em). */
export const LimitBlinds = z.strictObject({ sb: Chips, bb: Chips, ante: Chips });
export type LimitBlinds = z.infer<typeof LimitBlinds>;

/**
 * One item of a structure (R-TRN-1). The optional fields carry the rest of the core's
 * structure (src/tournament/structure/types.ts); older clients that omit them still validate.
 */
export const StructureLevel = z.strictObject({
  kind: z.enum(["level", "break"]),
  sb: Chips,
  bb: Chips,
  ante: Chips,
  minutes: z.int().min(1).max(240),
  /** A break's chip-up point (R-CHIP-1): this denomination colours up there. null: when no level needs it. */
  colourUp: z.int().min(1).nullable(),
  /** R-BLIND-2 option: the big blind pays `ante` for the whole table. Absent: everyone dealt in antes. */
  bigBlindAnte: z.boolean().optional(),
  /** R-BET-9: the game this level plays; no-limit when absent. A limit level names `limit`. */
  game: z.enum(["no-limit", "limit"]).optional(),
  /** R-BET-9: the blinds used when this level is played as fixed limit. */
  limit: LimitBlinds.optional(),
  /** A break's note (an add-on, a colour-up); informative only. */
  note: z.string().max(200).optional(),
});
export type StructureLevel = z.infer<typeof StructureLevel>;

export const Structure = z.strictObject({
  startingStack: Chips,
  levels: z.array(StructureLevel).min(1).max(100),
  /**
   * R-CHIP-1: the chip denominations in play at the start, ascending. Absent (older
   * clients): the preset's. The server checks it with the structure (structure/bad-chips,
   * structure/not-payable).
   */
  chips: z.array(z.int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(20).optional(),
  /** R-BET-9 mixed hold'em switch unit. Absent with `chips` given: not mixed; absent without: the preset's. */
  mixedBy: z.enum(["level", "orbit"]).optional(),
});
export type Structure = z.infer<typeof Structure>;

export const Preset = z.object({
  id: Id,
  name: z.string().min(1).max(80),
  description: z.string().max(400),
  variant: Variant,
  buyIn: Money,
  fee: Money,
  structure: Structure,
  reEntry: z.boolean(),
  rebuy: z.boolean(),
  addOn: z.boolean(),
  /** The money and windows the create form starts from (buy-in, fee, guarantee, re-entry, rebuy, add-on, late registration, payouts). */
  settings: EventSettings.optional(),
  /** The house rules the create form starts from (the create request's `settings`); absent: the defaults. */
  house: TournamentSettingsInput.optional(),
  /** The format it runs as (absent from older servers: a freezeout, or as its re-entry and rebuy flags say). */
  format: TournamentFormat.optional(),
  /** A preset the room saved (POST /director/presets), built on the preset `basedOn`. */
  custom: z.boolean().optional(),
  basedOn: Id.optional(),
});
export type Preset = z.infer<typeof Preset>;

export const PresetListResponse = z.object({ presets: z.array(Preset).max(100) });
export type PresetListResponse = z.infer<typeof PresetListResponse>;

export const CreateTournamentRequest = z.strictObject({
  commandId: CommandId,
  presetId: Id,
  name: z.string().min(1).max(80),
  kind: z.enum(["online", "live"]),
  startsAt: EpochMs,
  buyIn: Money.optional(),
  fee: Money.optional(),
  guarantee: Money.optional(),
  maxEntries: z.int().min(2).max(10000).optional(),
  /** A structure edited in the designer replaces the preset's. */
  structure: Structure.optional(),
  /**
   * The format (absent: the preset's). A shootout or a heads-up bracket draws its tables
   * once: it takes no late registration, re-entries, rebuys or add-on, and the preset's are
   * dropped; a bad combination is refused naming the field (create/format-conflict).
   */
  format: TournamentFormat.optional(),
  /** The house rules (table size, button, colour-up, clock); each absent one is its default. */
  settings: TournamentSettingsInput.optional(),
  /**
   * R-TRN-8: a satellite to this tournament (which must exist and not have started): its
   * prizes are seats worth the target's buy-in + fee, paid as tickets to the target (a
   * remainder in cash). The satellite's own buy-in and fee are `buyIn` and `fee`.
   */
  satelliteTarget: Id.optional(),
  /**
   * The pause between hands: the finished hand (board, shown hands, pots won)
   * stays on the table this long before the next deal. Absent: the server's `--hand-pause-ms`,
   * else 4 s.
   */
  handPauseMs: z.int().min(0).max(30_000).optional(),
  /** R-TRN-7: a freeroll: no buy-in and no fee; the organiser funds `prizeFund` as the prize pool. */
  freeroll: z.strictObject({ prizeFund: z.int().min(1).max(Number.MAX_SAFE_INTEGER) }).optional(),
  /**
   * Each absent part is the preset's; null: none. The format
   * follows: re-entries make a re-entry tournament, rebuys or an add-on a rebuy tournament
   * (not both), neither a freezeout. Windows must name a level or break the structure has.
   */
  reEntry: ReEntryRule.nullable().optional(),
  rebuy: RebuyRule.nullable().optional(),
  addOn: AddOnRule.nullable().optional(),
  lateRegistration: LateRegistration.nullable().optional(),
  /** null: the standard curve (about 15% of the field paid). */
  payout: PayoutStructure.nullable().optional(),
});
export type CreateTournamentRequest = z.infer<typeof CreateTournamentRequest>;

export const TournamentResponse = z.object({ tournament: LobbyTournament });
export type TournamentResponse = z.infer<typeof TournamentResponse>;

/** start, pause, resume, colour-up confirm: nothing but the idempotency key. */
export const DirectorCommand = z.strictObject({ commandId: CommandId });
export type DirectorCommand = z.infer<typeof DirectorCommand>;

/**
 * A live room's walk-in: a player who pays at the desk and is entered by the floor. `playerId`:
 * the existing player the desk found (searchPlayers), entered under `name`; absent: a new
 * player record with its own number.
 */
export const WalkInRequest = z.strictObject({ commandId: CommandId, name: PlayerName, playerId: Id.optional() });
export type WalkInRequest = z.infer<typeof WalkInRequest>;

/** The desk looks a player up: a number ("1042", "#1042") or part of a name. */
export const PlayerSearchQuery = z.object({ q: z.string().min(1).max(40) });
export type PlayerSearchQuery = z.infer<typeof PlayerSearchQuery>;

/** A player record as the desk sees it: the name shown at the tables, the account name and the number. */
export const PlayerRecord = z.object({
  playerId: Id,
  name: z.string().min(1).max(40),
  account: z.string().min(1).max(40),
  number: PlayerNumber,
});
export type PlayerRecord = z.infer<typeof PlayerRecord>;

/** The players found, by name then number (at most 20: a longer list asks for more of the name). */
export const PlayerSearchResponse = z.object({ players: z.array(PlayerRecord).max(20) });
export type PlayerSearchResponse = z.infer<typeof PlayerSearchResponse>;

/** The walk-in's entry and seat (null until the seat draw; a late registration gets one at once). */
export const WalkInResponse = z.object({
  tournament: LobbyTournament,
  entryId: Id,
  /** The walk-in's player number (absent from older servers). */
  playerNumber: PlayerNumber.optional(),
  seat: z.object({ tableNumber: z.int().min(1), seat: SeatNo }).nullable(),
});
export type WalkInResponse = z.infer<typeof WalkInResponse>;

/** The director calls a tournament off before its start (R-TRN-6): everyone gets back all they paid. */
export const CancelTournamentRequest = z.strictObject({ commandId: CommandId, reason: z.string().min(1).max(200).optional() });
export type CancelTournamentRequest = z.infer<typeof CancelTournamentRequest>;

/** The floor moves the start time before the start (an event that starts by itself then starts at the new time). */
export const RescheduleTournamentRequest = z.strictObject({ commandId: CommandId, startsAt: EpochMs });
export type RescheduleTournamentRequest = z.infer<typeof RescheduleTournamentRequest>;

export const PredictRequest = z.strictObject({ structure: Structure, players: z.int().min(2).max(10000) });
export type PredictRequest = z.infer<typeof PredictRequest>;

/** The simulator's prediction for the designer's chart (R-TRN-1). */
export const PredictResponse = z.object({
  points: z.array(z.object({ minute: z.int().min(0), playersLeft: z.number().min(0), bigBlind: Chips })).max(2000),
  predictedEndMinute: z.int().min(0),
});
export type PredictResponse = z.infer<typeof PredictResponse>;

export const SeatAssignment = z.object({
  entryId: Id,
  name: PlayerName,
  /** The player's number; absent for an entrant recorded before player numbers. */
  playerNumber: PlayerNumber.optional(),
  tableNumber: z.int().min(1),
  seat: SeatNo,
  stack: Chips,
  /** A live room: when the floor last counted this stack (null: not counted, the stack is only what was issued). Online: null, the stack is exact. */
  countedAt: EpochMs.nullable(),
});
export type SeatAssignment = z.infer<typeof SeatAssignment>;

/**
 * A table of the seat map ('s table map): its size (so the empty seats show) and
 * the button where it is known: online the last hand's button (`drawn` false) or, before
 * the table's first hand, the drawn first button (R-DEAL-6, `drawn` true). A live room's
 * server sees no hands: the button the floor recorded (`recorded`), else the drawn one
 * while the table plays the level it opened in (later the cards have moved it: none).
 */
export const SeatingTable = z.object({
  tableNumber: z.int().min(1),
  size: z.int().min(2).max(10),
  button: z
    .object({
      seat: SeatNo,
      drawn: z.boolean(),
      /** Live: the floor recorded it there (the cards move it on; the floor records it again). */
      recorded: z.boolean().optional(),
      /** R-DEAL-6: while the drawn button stands, the cards of its draw in the order dealt (round 2 and on: a redraw among the tied). */
      draw: z
        .array(z.object({ round: z.int().min(1), seat: SeatNo, card: CardCode }))
        .max(1000)
        .optional(),
    })
    .nullable(),
  /** R-TBL-3: the director chose this table to break next. */
  breaksNext: z.boolean().optional(),
  /**
   * Online: the director refused to settle this table after its hand (its state cannot be
   * settled as it is), so it does not deal; the server tries again every 30 s and logs why.
   */
  stopped: z.object({ code: z.string().min(1).max(80), message: z.string().max(500) }).optional(),
});
export type SeatingTable = z.infer<typeof SeatingTable>;

export const SeatingResponse = z.object({ seats: z.array(SeatAssignment).max(10000), tables: z.array(SeatingTable).max(10000) });
export type SeatingResponse = z.infer<typeof SeatingResponse>;

/**
 * Live: where the floor sees the button at a table (one tap on the table map). The next
 * balancing move reads the blinds from it (R-TBL-2, big blind for big blind).
 */
export const RecordButtonRequest = z.strictObject({ commandId: CommandId, tableNumber: z.int().min(1), seat: SeatNo });
export type RecordButtonRequest = z.infer<typeof RecordButtonRequest>;

/** R-TBL-3: the table the director wants broken next (null: back to the default, the highest number first). */
export const BreakNextRequest = z.strictObject({ commandId: CommandId, tableNumber: z.int().min(1).nullable() });
export type BreakNextRequest = z.infer<typeof BreakNextRequest>;

export const MovePlayerRequest = z.strictObject({
  commandId: CommandId,
  entryId: Id,
  toTable: z.int().min(1),
  toSeat: SeatNo,
});
export type MovePlayerRequest = z.infer<typeof MovePlayerRequest>;

/**
 * R-TBL-2 / R-TBL-3 / R-TBL-4, live tournaments: one move for the floor, confirmed with one
 * click. The seat map (`seating`) already has the player at `to`; `from` is where they
 * physically sit. Kinds: "balance" (balancing, or the director's own move), "break-table"
 * (the move empties a table that is broken), "final-table" (the final table's seat draw).
 * Play does not wait for a confirmation; an instruction not yet confirmed follows its
 * player (a second move replaces it, a bust removes it). Online tournaments list none: the
 * server's tables carry the moves out themselves.
 */
export const Instruction = z.object({
  id: Id,
  kind: z.enum(["balance", "break-table", "final-table"]),
  entryId: Id,
  name: PlayerName,
  playerNumber: PlayerNumber.optional(),
  from: z.object({ tableNumber: z.int().min(1), seat: SeatNo }),
  to: z.object({ tableNumber: z.int().min(1), seat: SeatNo }),
});
export type Instruction = z.infer<typeof Instruction>;

/** The instructions not yet confirmed, oldest first. Confirming one again (or a repeated commandId) changes nothing. */
export const InstructionsResponse = z.object({ instructions: z.array(Instruction).max(1000) });
export type InstructionsResponse = z.infer<typeof InstructionsResponse>;

/** Move the tournament clock by `ms` of play (positive: less time left; negative: more, not past the level's start). */
export const AdjustClockRequest = z.strictObject({ commandId: CommandId, ms: z.int().min(-86_400_000).max(86_400_000) });
export type AdjustClockRequest = z.infer<typeof AdjustClockRequest>;

/** The floor's records in order, each with who and figures; an undone one says when and why. */
export const FloorLogRow = z.object({
  id: Id,
  at: EpochMs,
  kind: z.enum(["bust", "count", "rebuy", "add-on", "re-entry", "reinstated", "reversed", "blind-error"]),
  /** A blind error (R-BTN-5) the floor ruled: its table and outcome; `entries` are the skipped big blind and the player who posted it. */
  blindError: z.object({ tableNumber: z.int().min(1), outcome: z.enum(["correct-now", "continue-then-go-back"]) }).optional(),
  /** `stack`: the count's figure, or (a bust) the chips before it. */
  entries: z.array(z.object({ entryId: Id, name: PlayerName, playerNumber: PlayerNumber.optional(), stack: Chips.nullable() })).max(1000),
  /** This row puts right the row `undoes` (a compensating record), or null. */
  undoes: Id.nullable(),
  undone: z.object({ at: EpochMs, reason: z.string().max(200) }).nullable(),
});
export type FloorLogRow = z.infer<typeof FloorLogRow>;
export const FloorLogResponse = z.object({ rows: z.array(FloorLogRow).max(2000) });
export type FloorLogResponse = z.infer<typeof FloorLogResponse>;

/**
 * A live room's floor records what happened at a real table (answered with the tournament
 * view). Cash for a rebuy, add-on or re-entry is paid at the desk: it is deposited to the
 * player's account and paid in, both in the ledger.
 * - `bust`: `entryId`, or `entryIds` for several players out in one hand, with
 *   `startStacks` (same order: their stacks when that hand began; more chips rank better,
 *   R-PLACE-2; absent: they share the places).
 * - `rebuy`, `add-on`: `entryId`. A bust is final at once (the director settles after every
 *   record), so a player who loses their chips and rebuys is recorded as a rebuy, not a bust.
 * - `re-enter`: `entryId` is the player's busted entry; a new entry draws a seat.
 * - `chip-count`: `stacks`, the stacks the floor counted (0 is a bust).
 * The director settles after each record: eliminations, places, balancing and table-breaking
 * instructions, the final table, the end and its prizes.
 */
export const LiveRecordRequest = z.strictObject({
  commandId: CommandId,
  kind: z.enum(["bust", "rebuy", "add-on", "re-enter", "chip-count", "undo"]),
  entryId: Id.optional(),
  entryIds: z.array(Id).min(1).max(23).optional(),
  startStacks: z.array(Chips).min(1).max(23).optional(),
  stacks: z
    .array(z.strictObject({ entryId: Id, stack: Chips }))
    .min(1)
    .max(10000)
    .optional(),
  /**
   * The floor log row put right (a bust, a count, a rebuy or an
   * add-on) and why. Undone by compensating events: a bust's entries come back with the chips
   * they had (at their seat if free), a count's earlier figures stand again, a rebuy or
   * add-on is taken back and its money returned to the player's balance. The row and the
   * compensating rows stay in the log.
   */
  undoes: Id.optional(),
  reason: z.string().min(1).max(200).optional(),
});
export type LiveRecordRequest = z.infer<typeof LiveRecordRequest>;

export const ColourUpPlanRequest = z.strictObject({ remove: z.int().min(1) });
/** R-CHIP-1/3/4: which chips go, for what, and the race order per table. */
export const ColourUpPlan = z.object({
  remove: z.int().min(1),
  into: z.int().min(2),
  tables: z.array(
    z.object({
      tableNumber: z.int().min(1),
      /** Players in dealing order: seat 1 first left of the dealer (R-CHIP-3). */
      order: z.array(z.object({ entryId: Id, name: PlayerName, seat: SeatNo, stack: Chips })).max(10),
    }),
  ),
});
export type ColourUpPlan = z.infer<typeof ColourUpPlan>;

export const ColourUpRequest = z.strictObject({
  commandId: CommandId,
  remove: z.int().min(1),
  tableNumber: z.int().min(1),
  /** Odd chips counted at the table, per player (count of the removed denomination). */
  oddChips: z.array(z.strictObject({ entryId: Id, count: z.int().min(0).max(1000) })).max(10),
  /** Cards the dealer dealt, per player in race order; or let the server draw them. */
  cards: z.union([z.literal("draw"), z.array(z.strictObject({ entryId: Id, cards: z.array(CardCode).max(1000) })).max(10)]),
  /**
   * Live tournaments: true applies the race to the table's stacks (the director's colour-up;
   * the first table to race a chip off takes it out of play, the other tables follow with
   * their own races). Absent or false: the race is only computed and shown.
   */
  apply: z.boolean().optional(),
});
export type ColourUpRequest = z.infer<typeof ColourUpRequest>;

export const ColourUpResult = z.object({
  remove: z.int().min(1),
  into: z.int().min(2),
  players: z.array(
    z.object({
      entryId: Id,
      name: PlayerName,
      seat: SeatNo,
      oddChips: z.int().min(0),
      cards: z.array(CardCode),
      /** R-CHIP-4: a player whose whole stack was odd chips got one chip from the bank. */
      fromBank: z.boolean(),
      wonChip: z.boolean(),
      stackBefore: Chips,
      stackAfter: Chips,
    }),
  ),
});
export type ColourUpResult = z.infer<typeof ColourUpResult>;

/** R-BTN-5: the facts the floor gives the wizard. */
export const BlindErrorRequest = z.strictObject({
  commandId: CommandId,
  tableNumber: z.int().min(1),
  /** The seat that should have posted the big blind but posted the small blind. */
  skippedBigBlindSeat: SeatNo,
  /** The next seat, which posted the big blind by mistake. */
  wrongBigBlindSeat: SeatNo,
  /** Active actions (a check counts) taken when the error was noticed. */
  activeActions: z.int().min(0).max(100),
});
export type BlindErrorRequest = z.infer<typeof BlindErrorRequest>;

export const BlindErrorRuling = z.object({
  outcome: z.enum(["correct-now", "continue-then-go-back"]),
  /**
   * How the hand with the error is played: for "correct-now" the hand as it should have been
   * (the button and the small blind before the skipped big blind; the wrong big blind takes
   * its bet back); for "continue-then-go-back" the hand as posted. Absent from older servers.
   */
  current: z.object({ button: SeatNo, smallBlinds: z.array(SeatNo).max(2), bigBlinds: z.array(SeatNo).max(2) }).optional(),
  /** For "continue-then-go-back": the next hand is played without a small blind. */
  nextHand: z.object({ bigBlindSeat: SeatNo, smallBlind: z.literal(null), blinds: Blinds }).nullable(),
  /** The hand after that: the button goes to the player who posted the wrong big blind. */
  followingHandButton: SeatNo.nullable(),
});
export type BlindErrorRuling = z.infer<typeof BlindErrorRuling>;

export const DealRequest = z.strictObject({
  commandId: CommandId,
  method: z.enum(["icm", "chip-chop", "custom"]),
  payouts: z
    .array(z.strictObject({ entryId: Id, amount: Money }))
    .min(2)
    .max(10),
  /**
   * True records the deal (any method): the tournament finishes with these prizes, paid to
   * the players' accounts. ICM and chip-chop figures must be the server's; custom amounts
   * must name every finalist once (whole, not negative) and add up exactly to the prizes
   * still to be paid. Online, the tables must be between hands (pause first). Absent or
   * false: the figures are only checked and the results shown.
   */
  apply: z.boolean().optional(),
  /**
   * Live: the chips the floor counted for the deal, one per finalist. The deal is made on
   * them (recorded as the floor's count first when applied). Their total must be the chips in
   * play, unless `differenceConfirmed` (the floor checked a chip found or lost); otherwise
   * refused (`director/invalid`, reason "chips-off", with `counted` and `inPlay`).
   */
  stacks: z
    .array(z.strictObject({ entryId: Id, stack: Chips }))
    .min(2)
    .max(10)
    .optional(),
  differenceConfirmed: z.boolean().optional(),
});
export type DealRequest = z.infer<typeof DealRequest>;

export const ResultRow = z.object({
  /** While entries can still come, counted from the field so far (see payoutsFixed). */
  place: z.int().min(1),
  entryId: Id,
  name: PlayerName,
  playerNumber: PlayerNumber.optional(),
  /** The player's entry this is: 1 the first, 2 their first re-entry, ... */
  entryNumber: z.int().min(1),
  prize: Money,
  rebuys: z.int().min(0),
  addOn: z.boolean(),
  bustedAt: EpochMs.nullable(),
  /** The player may buy in again now (their latest entry, a re-entry left, the window open): the floor's Re-enter. */
  canReEnter: z.boolean(),
  /** Whose entry it is (a season league adds up a player's events). Absent from older servers. */
  playerId: Id.optional(),
});
export type ResultRow = z.infer<typeof ResultRow>;

/**
 * Where the money came from and went, as the payouts page and the results CSV show it: what
 * entries paid into the pool and the house, the organiser's overlay to meet a guarantee,
 * and the players' deal when one ended the tournament.
 */
export const ResultsMoney = z.object({
  /** First buy-ins (late registrations included) and re-entries, their pool parts. */
  buyIns: Money,
  reEntries: Money,
  rebuys: Money,
  addOns: Money,
  /** The house's part of every payment. */
  fees: Money,
  /** What the organiser adds to reach the guarantee. */
  overlay: Money,
  prizePool: Money,
  deal: z.object({ method: z.enum(["icm", "chip-chop", "custom"]), at: EpochMs }).nullable(),
});
export type ResultsMoney = z.infer<typeof ResultsMoney>;

export const ResultsResponse = z.object({
  tournamentId: Id,
  name: z.string().min(1).max(80),
  /** Absent from older servers. */
  money: ResultsMoney.optional(),
  payouts: z.array(Payout),
  /** False while entries can still come: the payouts, places and prizes are provisional (R-TRN-4/5). */
  payoutsFixed: z.boolean(),
  /** Every entry out so far (re-entries separately), best place first; players still in are listed with their stacks. */
  results: z.array(ResultRow),
  /**
   * The entries still in. A live room's stack is the floor's count (countedAt: when) or, for
   * an entry not counted, an estimate (countedAt null): its share of the chips not counted.
   */
  stillIn: z.array(
    z.object({
      entryId: Id,
      name: PlayerName,
      playerNumber: PlayerNumber.optional(),
      entryNumber: z.int().min(1),
      stack: Chips,
      countedAt: EpochMs.nullable(),
    }),
  ),
  durationMs: DurationMs,
});
export type ResultsResponse = z.infer<typeof ResultsResponse>;

/**
 * The desk's payouts of a live room's tournament: each prize won (once the places are
 * final) and each refund of a floor record undone is paid in cash or left credited to the
 * player's account, recorded once with who paid it and when. `item` is `prize:<entry>` or
 * `refund:<floor log row>`, as the desk lists it.
 */
export const DeskItem = z.object({
  item: z.string().min(1).max(80),
  kind: z.enum(["prize", "refund"]),
  entryId: Id,
  name: PlayerName,
  /** The player's number in the room, when known: two players of one name are told apart at the desk. */
  playerNumber: PlayerNumber.optional(),
  /** The prize's place; null for a refund. */
  place: z.int().min(1).nullable(),
  amount: Money,
  paid: z.object({ method: z.enum(["cash", "credit"]), at: EpochMs, by: z.string().max(64) }).nullable(),
});
export type DeskItem = z.infer<typeof DeskItem>;

/**
 * The desk's totals: cash taken for entries (buy-ins, re-entries, rebuys, add-ons), entries
 * paid from accounts, cash paid out, payouts credited to accounts, payouts still owed, the
 * house's fees and the organiser's overlay. `drawer` is the cash that should be in the
 * drawer (cash in less cash out). `balanced`: nothing is owed and what came in (entries and
 * overlay) is what went out (payouts and fees).
 */
export const DeskTotals = z.object({
  cashIn: Money,
  accountIn: Money,
  cashOut: Money,
  credited: Money,
  owed: Money,
  fees: Money,
  overlay: Money,
  drawer: z.int(),
  balanced: z.boolean(),
});
export type DeskTotals = z.infer<typeof DeskTotals>;
export const DeskResponse = z.object({ items: z.array(DeskItem).max(2000), totals: DeskTotals });
export type DeskResponse = z.infer<typeof DeskResponse>;

/** One desk item paid (`cash`: the player's balance paid out in cash; `credit`: left on their account). Paid once: a second is refused. */
export const PayOutRequest = z.strictObject({
  commandId: CommandId,
  item: z.string().min(1).max(80),
  method: z.enum(["cash", "credit"]),
});
export type PayOutRequest = z.infer<typeof PayOutRequest>;

// The tournament director's vocabulary: configuration, formats, commands and events.
// A tournament is the fold of its events (STYLE: decide, then evolve): `decide` turns a
// command into events or a typed error, `evolve` applies one event; replaying the events
// of a finished tournament reproduces it exactly.
import type { BalanceRule, ButtonRule, DrawnCard, FirstButtonDraw, HandPositions, TableHand } from "../index.ts";
import type { MoneyConfig, Payment, PayoutOptions, ReEntryCloses, StartRule, WindowEnd } from "../money/index.ts";
import type { Level, Structure } from "../structure/index.ts";

/** A hand the floor ruled (R-BTN-5): its positions and, when it is played back, the level it is played at. */
export type RuledHand = TableHand & { readonly level?: Level };

/** R-BTN-5 as ruled: how the hand with the error is played (`current`) and the two hands after it. */
export interface BlindRuling {
  readonly at: number;
  /** The entries concerned: the skipped big blind and the player who posted it instead. */
  readonly skipped: string;
  readonly wrong: string;
  readonly outcome: "correct-now" | "continue";
  readonly current: HandPositions;
  readonly next: readonly [RuledHand, RuledHand];
}

export type Format =
  | { readonly kind: "freezeout" }
  | { readonly kind: "re-entry" } // R-TRN-3: needs money.reEntry
  | { readonly kind: "rebuy" } // R-TRN-4/5: money.rebuy and/or money.addOn
  /** R-TRN-11: lowest stack per table goes at each level change until `finalTable` players are left. */
  | { readonly kind: "shootout"; readonly finalTable?: number }
  /** R-TRN-10: a knockout bracket of heads-up matches, byes when the field is not a power of two. */
  | { readonly kind: "heads-up" }
  /** R-TRN-8: prizes are seats worth `seatValue` (the target's buy-in + fee) in `target`. */
  | { readonly kind: "satellite"; readonly seatValue: number; readonly target?: string }
  | { readonly kind: "freeroll" } // R-TRN-7: money.buyIn 0, money.organiserPrizes funds the pool
  /** R-TRN-9: every action has a clock (default 15 s); at timeout check if possible, else fold. */
  | { readonly kind: "speed"; readonly actionSeconds?: number };

export type FormatKind = Format["kind"];

/** How finalists share the prizes left in a deal. */
export type DealMethod = "icm" | "chip-chop" | "custom";

/** R-POT-4 in a tournament: the first winner left of the button, or a card draw (carrying chips to the next hand is for cash tables). */
export type TournamentOddChip = "left-of-button" | "draw";

/** R-TRN-5: the add-on is offered during its break (money.addOn.atBreak), or once this many players are left. */
export type AddOnAt = "break" | { readonly playersLeft: number };

export interface TournamentConfig {
  readonly id: string;
  readonly name: string;
  readonly format: Format;
  readonly structure: Structure;
  readonly money: MoneyConfig;
  /** Seats per table (default 10; heads-up matches always 2). */
  readonly tableSize?: number;
  /** R-TBL-3: the final table forms when this many players are left (default the table size, at most it). */
  readonly finalTableSize?: number;
  /**
   * R-TBL-3 while new entries may come (late registration, re-entry): a table breaks only
   * when the players left fit the other tables with this many seats free at each (default 1;
   * 0 breaks as soon as they fit). Stops the churn of breaking a table and opening one
   * for the next re-entry.
   */
  readonly spareSeats?: number;
  /** R-POT-4: who gets a chip that cannot be split (default the first winner left of the button). */
  readonly oddChip?: TournamentOddChip;
  /** R-POT-6 (default off): one card shown at showdown kills the other. */
  readonly oneCardKills?: boolean;
  readonly buttonRule?: ButtonRule;
  /**
   * R-DEAL-6: how each table's first button is drawn (a new table, a full redraw, the final
   * table): high card with ties broken by suit ("suit", default), high card with the tied
   * players drawing again ("redraw"), or the first jack dealt ("first-jack").
   */
  readonly buttonDraw?: FirstButtonDraw;
  /** R-CHIP-2/3: default the chip race. */
  readonly colourUp?: "race" | "up";
  /** R-TRN-6; absent: the tournament starts when told to with at least 2 players. */
  readonly start?: StartRule;
  readonly payout?: PayoutOptions;
  /** Hand-for-hand play at the money bubble (default true). */
  readonly handForHand?: boolean;
  /**
   * R-TRN-5 (seed 003: "at a given time or number of players left"): the add-on is offered
   * during its break (default), or from the moment the players left first come down to
   * `playersLeft` until the end of the level (or break) then in force.
   */
  readonly addOnAt?: AddOnAt;
  /**
   * R-TBL-3 option (seed 003): every table plays down to this many players, no balancing,
   * then all left meet at the final table by a draw of seats (21 on 3 tables: at 3 each, the
   * 9). In force once entries are closed and the tables left seat this many each at the final
   * table; until then tables balance and break as usual. 0 or absent: off.
   */
  readonly playDownTo?: number;
  /**
   * R-TBL-3 when tables merge: the broken table's players draw empty seats at the others
   * ("fill", default), or every player still in is drawn again to the tables kept, each of
   * which draws a new button ("redraw", seed 003), once every table's hand is over.
   */
  readonly tableMerge?: "fill" | "redraw";
  /**
   * R-TBL-2 who moves to a short table: the player in the same position relative to the
   * button as the player who left ("seed", default, seed 003), or the player due to be the
   * next big blind, to the worst seat ("tda", Poker TDA Rules, "Balancing Tables" A).
   */
  readonly balancing?: BalanceRule;
  /** R-TRN-3: a re-entry window to a break's end closes when that break ends (default) or when it starts. */
  readonly reEntryCloses?: ReEntryCloses;
  /** Late registration: `register` is taken after the start until this point of play (not in shootouts or heads-up brackets). */
  readonly lateRegistration?: { readonly until: WindowEnd };
  /**
   * A live room: the room deals real cards, so no `hand` commands come; the floor reports
   * busts (`bust`), counts (`chip-count`) and colour-ups (`colour-up`), and the clock never
   * colours up by itself. Chips are not conserved by hands (the floor's counts are the
   * truth), so the chip conservation check is not made. Rebuys, add-ons and re-entries work
   * as online.
   */
  readonly live?: boolean;
  /**
   * R-TRN-4 online: a player who busts while they may still rebuy keeps the seat (not dealt
   * in at 0 chips) this many ms of played time to rebuy or decline; then the entry is
   * eliminated. Default 30 s online, 0 in a live room (the floor records a rebuy instead of
   * the bust). At most 10 minutes.
   */
  readonly rebuyGraceMs?: number;
}

export type Status = "announced" | "registering" | "running" | "finished" | "cancelled";

export interface SeatEvent {
  readonly seat: number;
  readonly entry: string;
}

export interface TableDraw {
  readonly table: number;
  readonly seats: readonly SeatEvent[];
  /** The first button's seat (R-DEAL-6 draw). */
  readonly button: number;
  /** The cards of that draw, in the order dealt, so the floor and the players can be shown it (absent in logs from before it was kept). */
  readonly draw?: readonly DrawnCard[];
}

export interface Placement {
  readonly entry: string;
  readonly player: string;
  /** The places the entry holds (several when tied, R-PLACE-2/3). */
  readonly places: readonly number[];
  readonly prize: number;
  /** Satellites (R-TRN-8): the entry won a seat in the target. */
  readonly seat?: boolean;
}

export type TournamentEvent =
  | { readonly type: "announced"; readonly at: number; readonly config: TournamentConfig }
  | { readonly type: "registration-opened"; readonly at: number }
  | { readonly type: "registered"; readonly at: number; readonly payment: Payment }
  | {
      readonly type: "cancelled";
      readonly at: number;
      readonly reason: string;
      readonly refunds: readonly { readonly player: string; readonly amount: number }[];
    }
  | { readonly type: "started"; readonly at: number; readonly tables: readonly TableDraw[] }
  | { readonly type: "level-started"; readonly at: number; readonly itemIndex: number; readonly levelNumber: number }
  | { readonly type: "break-started"; readonly at: number; readonly itemIndex: number }
  | {
      readonly type: "coloured-up";
      readonly at: number;
      readonly remove: number;
      readonly next: number;
      /** New stacks of every entry whose stack changed. */
      readonly stacks: readonly (readonly [string, number])[];
      /** Chips added (positive) or removed by the rounding. */
      readonly delta: number;
      /** Per-table pace: tables in a hand now, coloured up when their hand is settled. */
      readonly later?: readonly number[];
      /** Per-table pace: this is one table's colour-up owed from an earlier change (the chip already left play). */
      readonly table?: number;
    }
  | {
      readonly type: "hand-played";
      readonly at: number;
      readonly table: number;
      /** Positions of the hand (the next hand folds from them). */
      readonly hand: TableHand;
      /** Entries dealt in (PHH order) and their stacks when the hand was over. */
      readonly entries: readonly string[];
      readonly stacks: readonly number[];
      /** Stacks when the hand began (R-PLACE-2 ranks simultaneous busts by them). */
      readonly startStacks: readonly number[];
    }
  | { readonly type: "rebought"; readonly at: number; readonly entry: string; readonly payment: Payment }
  /** R-TRN-4: a busted entry waiting to rebuy declines; the next settle eliminates it. */
  | { readonly type: "rebuy-declined"; readonly at: number; readonly entry: string }
  | { readonly type: "added-on"; readonly at: number; readonly entry: string; readonly payment: Payment }
  /** R-TRN-5 by players left: the players left came down to the number; the add-on is offered from now to the end of the item in force. */
  | { readonly type: "add-on-opened"; readonly at: number }
  | { readonly type: "re-entered"; readonly at: number; readonly entry: string; readonly payment: Payment; readonly table: number; readonly seat: number }
  /** The director moved the clock by `ms` of play (negative: time given back). */
  | { readonly type: "clock-adjusted"; readonly at: number; readonly ms: number }
  /**
   * R-BTN-5 ruled by the floor at `table` (entries `skipped` and `wrong`): `current` is how
   * the hand with the error is played, `next` the two hands after it (the first, when played
   * back, at the error hand's `level`).
   */
  /** `from`: the table's count of hands played from which the ruled hands are dealt. */
  | ({ readonly type: "blind-ruled"; readonly table: number; readonly from: number } & BlindRuling)
  /** R-TRN-6: the start rule's start and deadline, moved together by the floor before the start. */
  | { readonly type: "start-moved"; readonly at: number; readonly scheduledAt: number; readonly deadline: number }
  /** Live: an entry out by a floor mistake is back, with `stack` chips, at `table`/`seat` (where it sits if it was never unseated). */
  | { readonly type: "reinstated"; readonly at: number; readonly entry: string; readonly stack: number; readonly table: number; readonly seat: number }
  /**
   * Live: a rebuy or add-on recorded by mistake taken back: its chips and its payment leave.
   * A re-entry taken back: the new entry leaves with its chips and its payment (its seat is free).
   */
  | { readonly type: "reversed"; readonly at: number; readonly entry: string; readonly what: "rebuy" | "add-on" | "re-entry"; readonly payment: Payment }
  /** Entries eliminated together, ranked best group first; `places` when already known. */
  | {
      readonly type: "eliminated";
      readonly at: number;
      readonly groups: readonly (readonly string[])[];
      readonly places: readonly (readonly number[])[] | null;
    }
  | { readonly type: "hand-for-hand"; readonly at: number; readonly on: boolean }
  /** R-TBL-2/3: players change seats, all at once (a final-table draw can reseat a table's own players). */
  | {
      readonly type: "moved";
      readonly at: number;
      readonly moves: readonly { readonly entry: string; readonly from: number; readonly to: number; readonly seat: number }[];
    }
  | { readonly type: "table-broken"; readonly at: number; readonly table: number }
  /**
   * Per-table pace (R-TBL-2): each listed giving table now owes one player to each table in
   * its list (a table still in its hand gives when that hand is over; the short table waits).
   */
  | { readonly type: "owed"; readonly at: number; readonly owes: readonly (readonly [number, readonly number[]])[] }
  /** Per-table pace: these tables deal their next hand now (each until its hand is reported); "all": every table with two players with chips. */
  | { readonly type: "dealing"; readonly at: number; readonly tables: readonly number[] | "all" }
  /** R-TBL-3 with a full redraw when tables merge: these tables were seated anew and draw their buttons anew (R-DEAL-6). */
  | {
      readonly type: "redrawn";
      readonly at: number;
      readonly tables: readonly { readonly table: number; readonly button: number; readonly draw?: readonly DrawnCard[] }[];
    }
  /** R-TBL-3: the final table is formed by a draw of seats and its button is drawn anew (R-DEAL-6). */
  | { readonly type: "final-table"; readonly at: number; readonly table: number; readonly button: number; readonly draw?: readonly DrawnCard[] }
  /** R-TRN-10: the next round of heads-up matches; byes advance without playing. */
  | { readonly type: "matches-drawn"; readonly at: number; readonly round: number; readonly tables: readonly TableDraw[]; readonly byes: readonly string[] }
  /** R-TRN-10, every match at its own pace: match `match` of round `round`, drawn as soon as both its players have won (or had a bye). */
  | { readonly type: "match-drawn"; readonly at: number; readonly round: number; readonly match: number; readonly table: TableDraw }
  | {
      readonly type: "prizes-fixed";
      readonly at: number;
      readonly pool: number;
      readonly overlay: number;
      readonly entries: number;
      readonly prizes: readonly number[];
    }
  /** The end; `deal`: the finalists stopped and shared the prizes left by that method. */
  | { readonly type: "finished"; readonly at: number; readonly placements: readonly Placement[]; readonly deal?: DealMethod }
  /** Before the start: the player leaves and gets back all they paid (buy-in and fee). */
  | { readonly type: "unregistered"; readonly at: number; readonly player: string; readonly refund: number }
  /** Late registration: the entry draws a seat at one of the shortest tables (R-DEAL-7). */
  | {
      readonly type: "late-registered";
      readonly at: number;
      readonly entry: string;
      readonly player: string;
      readonly payment: Payment;
      readonly table: number;
      readonly seat: number;
      readonly stack: number;
    }
  /** The clock stops (levels, breaks and windows count played time only) and goes on. */
  | { readonly type: "paused"; readonly at: number }
  | { readonly type: "resumed"; readonly at: number }
  /**
   * Live: entries the floor reports busted in one hand. `startStacks` (same order) rank them
   * (R-PLACE-2); null: they tie. `settle` eliminates and places them as it does hand busts.
   */
  | { readonly type: "busted"; readonly at: number; readonly entries: readonly string[]; readonly startStacks: readonly number[] | null }
  /** Live: the stacks the floor counted (0 is a bust; the zeros of one count tie). */
  | { readonly type: "counted"; readonly at: number; readonly stacks: readonly (readonly [string, number])[] }
  /** Live: where the floor saw the button at a table (the cards move it; the server sees no hands). */
  | { readonly type: "button-recorded"; readonly at: number; readonly table: number; readonly seat: number }
  /** The director's choice of the table to break next (R-TBL-3); null: the highest number, the default. */
  | { readonly type: "break-next-set"; readonly at: number; readonly table: number | null };

export type TournamentEventType = TournamentEvent["type"];

/** What a hand at one table came to: entries in PHH order and their stacks before and after. */
export interface HandOutcome {
  readonly table: number;
  readonly hand: TableHand;
  readonly entries: readonly string[];
  readonly startStacks: readonly number[];
  readonly stacks: readonly number[];
}

export type TournamentCommand =
  | { readonly type: "announce"; readonly at: number; readonly config: TournamentConfig }
  | { readonly type: "open-registration"; readonly at: number }
  | { readonly type: "register"; readonly at: number; readonly player: string }
  /**
   * R-TRN-6: `present` are the registered players at the tables (all registered when absent).
   * `early`: the floor starts it before its scheduled time, which a start rule allows once its
   * minimum is there (the scheduled start itself never comes early).
   */
  | { readonly type: "start"; readonly at: number; readonly present?: readonly string[]; readonly early?: boolean }
  /** R-TRN-6: the floor moves the start before it; the deadline keeps its distance from the start. */
  | { readonly type: "move-start"; readonly at: number; readonly scheduledAt: number }
  | { readonly type: "cancel"; readonly at: number; readonly reason: string }
  /** The clock moved: level changes, breaks, colour-ups, shootout eliminations. */
  | { readonly type: "tick"; readonly at: number }
  | { readonly type: "hand"; readonly at: number; readonly outcome: HandOutcome }
  | { readonly type: "rebuy"; readonly at: number; readonly entry: string }
  /** R-TRN-4: a busted entry waiting to rebuy (rebuyGraceMs) will not; it is eliminated at the next settle. */
  | { readonly type: "decline-rebuy"; readonly at: number; readonly entry: string }
  | { readonly type: "add-on"; readonly at: number; readonly entry: string }
  | { readonly type: "re-enter"; readonly at: number; readonly player: string }
  /**
   * A deal: the finalists stop and share the prizes still to be paid, by ICM (the default),
   * by chips (chip-chop), or as agreed (custom: `amounts`, entry → amount, every finalist
   * once, summing exactly to the prizes left).
   */
  | { readonly type: "deal"; readonly at: number; readonly method?: DealMethod; readonly amounts?: readonly (readonly [string, number])[] }
  /** Between hands: eliminations and places, hand-for-hand, balancing, the next bracket round, the end. */
  | { readonly type: "settle"; readonly at: number }
  /**
   * Per-table pace: table `table`'s hand is over: its busts go out and it gives,
   * receives, breaks or waits; the `dealing` event names the tables that deal next (none
   * during a break). null: no table (the start, the end of a break, a rebuy window ran
   * out): every table between hands that can deal does.
   */
  | { readonly type: "table-settle"; readonly at: number; readonly table: number | null }
  /** Before the start: a registered player leaves with a full refund. */
  | { readonly type: "unregister"; readonly at: number; readonly player: string }
  /** Stop / restart the tournament clock. */
  | { readonly type: "pause"; readonly at: number }
  | { readonly type: "resume"; readonly at: number }
  /** R-TBL-4: the floor moves a seated entry to an empty seat (between hands). */
  | { readonly type: "move"; readonly at: number; readonly entry: string; readonly table: number; readonly seat: number }
  /** Live: entries busted in the same hand; `startStacks` (same order) rank them by R-PLACE-2, else they tie. */
  | { readonly type: "bust"; readonly at: number; readonly entries: readonly string[]; readonly startStacks?: readonly number[] }
  /** Live: undo a bust (the entry comes back with `stack` chips, at `seat` if free), or a rebuy or add-on. */
  /** R-BTN-5: the floor's facts of a blind error at `table` (seats), ruled and recorded. */
  | {
      readonly type: "rule-blind-error";
      readonly at: number;
      readonly table: number;
      readonly skipped: number;
      readonly wrong: number;
      readonly activeActions: number;
      /** The hand with the error is still in play at a table the server deals (the ruled hands come after it). */
      readonly inPlay?: boolean;
    }
  /** The director moves the clock: `ms` of play forward (less time left), or back (more), never back past the item's start. */
  | { readonly type: "adjust-clock"; readonly at: number; readonly ms: number }
  /** The director closes entries now: no more late registrations, re-entries, rebuys or add-ons; the prizes are fixed. */
  | { readonly type: "close-entries"; readonly at: number }
  | {
      readonly type: "reinstate";
      readonly at: number;
      readonly entry: string;
      readonly stack: number;
      readonly seat?: { readonly table: number; readonly seat: number };
    }
  | { readonly type: "reverse"; readonly at: number; readonly entry: string; readonly what: "rebuy" | "add-on" | "re-entry" }
  /** Live: the stacks the floor counted (0 is a bust). */
  | { readonly type: "chip-count"; readonly at: number; readonly stacks: readonly (readonly [string, number])[] }
  /** Live: the button is at `seat` of `table` in the hand being played (balancing reads the blinds from it). */
  | { readonly type: "record-button"; readonly at: number; readonly table: number; readonly seat: number }
  /** The director chooses the table that breaks next (null: back to the default, the highest number). */
  | { readonly type: "break-next"; readonly at: number; readonly table: number | null }
  /** R-CHIP-1..4 applied by the floor: `remove` leaves play, `stacks` are the entries' new stacks. */
  | {
      readonly type: "colour-up";
      readonly at: number;
      readonly remove: number;
      readonly next: number;
      readonly stacks: readonly (readonly [string, number])[];
    };

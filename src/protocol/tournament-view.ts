import { z } from "zod";
import { Blinds, Chips, DurationMs, EpochMs, Id, Money, PlayerName } from "./primitives.ts";
import { TournamentStatus } from "./lobby.ts";
import { TournamentSettings } from "./tournament-settings.ts";
import { AddOnRule, RebuyRule, ReEntryRule, WindowEnd } from "./event-settings.ts";
import { TournamentFormat } from "./format-wire.ts";

export const Level = z.object({
  /** 1-based number of the level (breaks are not levels). */
  number: z.int().min(1),
  blinds: Blinds,
  durationMs: DurationMs,
  /** R-BLIND-2: the big blind pays the ante for the whole table (absent: everyone dealt in antes). */
  bigBlindAnte: z.boolean().optional(),
});
export type Level = z.infer<typeof Level>;

export const Payout = z.object({ place: z.int().min(1), amount: Money });
export type Payout = z.infer<typeof Payout>;

/** Everything the clock screen shows; also sent to players watching a tournament. */
export const TournamentView = z.object({
  tournamentId: Id,
  name: z.string().min(1).max(80),
  status: TournamentStatus,
  version: z.int().min(0),
  level: Level.nullable(),
  /** When the current level (or break) ends; null while paused or not started. */
  endsAt: EpochMs.nullable(),
  /** Time left in the level or break; authoritative while paused. */
  timeLeftMs: DurationMs,
  onBreak: z.boolean(),
  nextLevel: Level.nullable(),
  /** When the next break starts (null when no break is ahead) and how long it is. */
  nextBreak: z.object({ at: EpochMs, durationMs: DurationMs }).nullable(),
  /**
   * End of late registration (or of the R-TRN-3 re-entry window without it): the instant
   * (before the start, from the scheduled start; paused, it moves on with the pause) and the
   * level it closes in; null when there is none or it closes with the field.
   */
  lateRegistrationEndsAt: EpochMs.nullable(),
  lateRegistrationEndsLevel: z.int().min(1).nullable(),
  playersLeft: z.int().min(0),
  entries: z.int().min(0),
  rebuys: z.int().min(0),
  addOns: z.int().min(0),
  averageStack: Chips,
  /**
   * Chips in play: every entry's starting stack plus rebuys and add-ons, less colour-up
   * rounding (a live room's busts pass chips on unseen, so this is not the sum of the
   * recorded counts).
   */
  totalChips: Chips,
  prizePool: Money,
  /**
   * The payouts: fixed once no more entries can come (R-TRN-4/5); before that, provisional,
   * as the prize pool paid in so far (at least the guarantee) would pay.
   */
  payouts: z.array(Payout).max(1000),
  payoutsFixed: z.boolean(),
  /** Chip denominations in play (the colour-up screen shows which go next, R-CHIP-1). */
  chips: z.array(z.int().min(1)).max(12),
  /** The house rules it runs under, every one filled in (absent from older servers). */
  settings: TournamentSettings.optional(),
  /** The scheduled start (the TV counts down to it before the start); absent from older servers. */
  startsAt: EpochMs.optional(),
  /** R-TRN-3: entries bought by a player who had one before (counted in `entries`). */
  reEntries: z.int().min(0).optional(),
  /** R-CHIP-1, in a break: the chips that leave at this break (none outside a break). */
  colourUpDue: z.array(z.int().min(1)).max(12).optional(),
  /** Once finished: the places paid, the winner first, and the players' deal if one ended it. */
  finish: z
    .object({
      results: z.array(z.object({ place: z.int().min(1), name: PlayerName, prize: Money })).max(1000),
      deal: z.enum(["icm", "chip-chop", "custom"]).nullable(),
    })
    .optional(),
  serverTime: EpochMs,
});
export type TournamentView = z.infer<typeof TournamentView>;

/**
 * The tournament page: the whole structure, the payouts (provisional until no
 * more entries can come), every entry with its chips or its place and prize, and the
 * tables to watch. Public, like a poker client's tournament lobby.
 */
/** A window's end: a level's or a break's end, or minutes of play (the core's own windows). */
const TermsWindow = z.union([WindowEnd, z.strictObject({ minutes: z.int().min(0) })]);

/**
 * What a player wants to know before paying: when it starts, the price, the format and its
 * windows (late registration, re-entries, rebuys, the add-on) as the room set them.
 */
export const TournamentTerms = z.object({
  kind: z.enum(["online", "live"]),
  startsAt: EpochMs,
  buyIn: Money,
  fee: Money,
  format: z.enum(["freezeout", "re-entry", "rebuy", "shootout", "heads-up", "satellite", "freeroll", "speed"]),
  /**
   * The format with its options filled in (a shootout's final table, speed's action clock);
   * absent for satellites and freerolls, and from older servers.
   */
  formatDetail: TournamentFormat.optional(),
  lateRegistration: z.object({ until: TermsWindow }).nullable(),
  /** When late registration ends, as the clock stands now (null: none, or not yet known). */
  lateRegistrationEndsAt: EpochMs.nullable(),
  reEntry: ReEntryRule.extend({ until: TermsWindow }).nullable(),
  rebuy: RebuyRule.extend({ until: TermsWindow }).nullable(),
  addOn: AddOnRule.nullable(),
});
export type TournamentTerms = z.infer<typeof TournamentTerms>;

export const TournamentPage = z.object({
  tournamentId: Id,
  name: z.string().min(1).max(80),
  status: TournamentStatus,
  startingStack: Chips,
  structure: z
    .array(
      z.object({
        kind: z.enum(["level", "break"]),
        /** 1-based level number; null for a break. */
        level: z.int().min(1).nullable(),
        sb: Chips,
        bb: Chips,
        ante: Chips,
        bigBlindAnte: z.boolean(),
        minutes: z.int().min(1),
        /** A break's chip-up point (R-CHIP-1): this chip colours up there. */
        colourUp: z.int().min(1).optional(),
        /** R-BET-9: a level of mixed hold'em played as fixed limit (its blinds are the limit ones). */
        limit: z.boolean().optional(),
        /** R-BET-9 switched by orbit: the level's fixed-limit blinds (`sb`/`bb`/`ante` are its no-limit ones); the orbit says which is played. */
        limitBlinds: z.object({ sb: Chips, bb: Chips, ante: Chips }).optional(),
      }),
    )
    .max(200),
  /** The house rules it plays under, every one filled in (as in its view). */
  settings: TournamentSettings.optional(),
  /** Absent from older servers. */
  terms: TournamentTerms.optional(),
  prizePool: Money,
  /** R-TRN-6: the least prize pool when the tournament runs (0: none). */
  guarantee: Money.optional(),
  payouts: z.array(Payout).max(1000),
  payoutsFixed: z.boolean(),
  entrants: z
    .array(
      z.object({
        entryId: Id,
        name: PlayerName,
        /** Chips while in; null once out. */
        stack: Chips.nullable(),
        tableId: Id.nullable(),
        tableNumber: z.int().min(1).nullable(),
        /** Once out (provisional while entries can still come), and at the finish. */
        place: z.int().min(1).nullable(),
        prize: Money.nullable(),
      }),
    )
    .max(20_000),
  /** Online tables can be watched (tableId); a live room's have none. */
  tables: z.array(z.object({ tableId: Id.nullable(), number: z.int().min(1), players: z.int().min(0) })).max(2000),
});
export type TournamentPage = z.infer<typeof TournamentPage>;

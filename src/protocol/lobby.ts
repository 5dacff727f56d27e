import { z } from "zod";
import { Chips, DurationMs, EpochMs, Id, Money, SeatNo, Variant } from "./primitives.ts";

export const TournamentStatus = z.enum([
  "announced", // visible, registration not yet open
  "registering",
  "running",
  "break",
  "paused",
  "finished",
  "cancelled", // e.g. R-TRN-6: too few players by the deadline
]);
export type TournamentStatus = z.infer<typeof TournamentStatus>;

/** Why a lobby action is not available now. Stable codes; the web translates them. */
export const DenyReason = z.enum([
  "sign-in-required",
  "not-open-yet",
  "registration-closed",
  "late-registration-over",
  "already-registered",
  "not-registered",
  "tournament-full",
  "insufficient-funds",
  "still-playing", // re-entry needs a bust first (R-TRN-3)
  "re-entry-closed",
  "re-entry-not-offered",
  "rebuy-not-offered",
  "rebuy-period-over", // R-TRN-4
  "rebuy-limit-reached",
  "stack-too-large",
  "final-table", // R-TRN-4: never at the final table
  "add-on-not-offered",
  "add-on-not-open", // R-TRN-5: only at the set point
  "add-on-taken",
  "busted",
  "tournament-started",
  "tournament-over",
  "at-the-desk", // a live room's re-entries, rebuys and add-ons are paid at the desk
]);
export type DenyReason = z.infer<typeof DenyReason>;

export const Permission = z.discriminatedUnion("allowed", [
  z.object({ allowed: z.literal(true), cost: Money }),
  z.object({ allowed: z.literal(false), reason: DenyReason }),
]);
export type Permission = z.infer<typeof Permission>;

export const LobbyActions = z.object({
  register: Permission,
  unregister: Permission,
  reEnter: Permission,
  rebuy: Permission,
  addOn: Permission,
});
export type LobbyActions = z.infer<typeof LobbyActions>;
export type LobbyActionName = keyof LobbyActions;

export const MyEntry = z.object({
  entryId: Id,
  state: z.enum(["registered", "playing", "busted"]),
  tableId: Id.nullable(),
  seat: SeatNo.nullable(),
  stack: Chips,
  rebuys: z.int().min(0),
  addOn: z.boolean(),
  /** The entry's place once it is out (counted from the field as it stands: late entries may still push it down), or at the finish. */
  place: z.int().min(1).nullable(),
  /**
   * What that place pays ("finished 17th of 120, won 0"): null while the entry is
   * in or the prizes are not fixed yet. Absent from older servers.
   */
  prize: Money.nullable().optional(),
  /**
   * R-TRN-4 online: the entry busted while it may still rebuy; it keeps its seat (not dealt
   * in at 0 chips) until this instant to rebuy (`actions.rebuy`), then it is out. Absent or
   * null otherwise (and from older servers).
   */
  rebuyUntil: EpochMs.nullable().optional(),
});
export type MyEntry = z.infer<typeof MyEntry>;

export const LobbyTournament = z.object({
  id: Id,
  name: z.string().min(1).max(80),
  kind: z.enum(["online", "live"]),
  variant: Variant,
  status: TournamentStatus,
  startsAt: EpochMs,
  buyIn: Money,
  fee: Money,
  startingStack: Chips,
  entries: z.int().min(0),
  playersLeft: z.int().min(0),
  maxEntries: z.int().min(2).nullable(),
  prizePool: Money,
  guarantee: Money,
  /** End of late registration (R-TRN-3 re-entry window), null when none. */
  lateRegistrationEndsAt: EpochMs.nullable(),
  lateRegistrationEndsLevel: z.int().min(1).nullable(),
  levelMinutes: z.int().min(1).max(240),
  actionClockMs: DurationMs.nullable(),
  mine: MyEntry.nullable(),
  actions: LobbyActions,
});
export type LobbyTournament = z.infer<typeof LobbyTournament>;

/** `GET /lobby?page=&pageSize=`: both optional (page 1, 500 a page). Query values are text. */
export const LobbyQuery = z.object({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/)
    .optional(),
  pageSize: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/)
    .optional(),
});
export type LobbyQuery = z.infer<typeof LobbyQuery>;
export const LOBBY_PAGE_SIZE = { default: 500, max: 500 } as const;

/** Which slice of the lobby an answer holds: open tournaments first (soonest start first), then finished ones (latest first). */
export const LobbyPage = z.object({
  page: z.int().min(1),
  pageSize: z.int().min(1).max(500),
  /** Tournaments on all pages. */
  total: z.int().min(0),
  pages: z.int().min(0),
});
export type LobbyPage = z.infer<typeof LobbyPage>;

/**
 * How a player gets money to play with, as the room chose: play-money chips (given at
 * sign-up, and a top-up back to that amount once a day, UTC) or the room's desk, which
 * credits players itself (`felt serve --play-money N` chooses the first).
 */
export const Funding = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("play-money"),
    /** What a new account gets, and what the daily top-up brings the balance back to. */
    amount: Money,
    /** "now": a top-up is there to take; "not-needed": the balance is at the amount; "used": taken today. */
    topUp: z.enum(["now", "not-needed", "used"]),
    /** When today's top-up has been used: when the next one may be taken. */
    nextTopUpAt: EpochMs.nullable(),
  }),
  z.object({ kind: z.literal("desk") }),
]);
export type Funding = z.infer<typeof Funding>;

export const LobbyResponse = z.object({
  serverTime: EpochMs,
  balance: Money.nullable(),
  /** How the signed-in player gets money to play with (null when signed out; absent from older servers). */
  funding: Funding.nullable().optional(),
  tournaments: z.array(LobbyTournament).max(500),
  /** Present when the server pages the lobby (absent from older servers). */
  page: LobbyPage.optional(),
});
export type LobbyResponse = z.infer<typeof LobbyResponse>;

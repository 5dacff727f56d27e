import { z } from "zod";
import { Chips, Id, Money, PlayerName } from "./primitives.ts";
import { TournamentStatus } from "./lobby.ts";
import type { EventSettings } from "./event-settings.ts";

// A tournament's format on the wire (the core's Format a room may choose) and the view of
// a heads-up bracket (R-TRN-10) or a shootout's tables (R-TRN-11) for the console and the
// players' tournament page.

/**
 * The format asked for in a create request or a preset file. Satellites and freerolls are
 * asked for by their own fields (`satelliteTarget`, `freeroll`).
 * - `speed`: `actionSeconds` is the action clock (absent: the house setting, 15 s by default).
 * - `shootout`: the lowest stack at each table goes at every level change until
 *   `finalTable` players are left (absent: a table's worth, the table size).
 * - `heads-up`: a knockout bracket of one-on-one matches; byes when the field is not a power of two.
 */
export const TournamentFormat = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("freezeout") }),
  z.strictObject({ kind: z.literal("re-entry") }),
  z.strictObject({ kind: z.literal("rebuy") }),
  z.strictObject({ kind: z.literal("speed"), actionSeconds: z.int().min(5).max(600).optional() }),
  z.strictObject({ kind: z.literal("shootout"), finalTable: z.int().min(2).max(10).optional() }),
  z.strictObject({ kind: z.literal("heads-up") }),
]);
export type TournamentFormat = z.infer<typeof TournamentFormat>;
export type TournamentFormatKind = TournamentFormat["kind"];
export const FORMAT_KINDS: readonly TournamentFormatKind[] = ["freezeout", "re-entry", "rebuy", "speed", "shootout", "heads-up"];

/** The windows of the create request's settings. */
export type WindowField = "reEntry" | "rebuy" | "addOn" | "lateRegistration";
export const WINDOW_FIELDS: readonly WindowField[] = ["reEntry", "rebuy", "addOn", "lateRegistration"];

/** The windows each format takes (a bracket or a shootout draws its tables once: none). */
export const FORMAT_TAKES: Readonly<Record<TournamentFormatKind, readonly WindowField[]>> = {
  freezeout: ["lateRegistration"],
  speed: ["lateRegistration"],
  "re-entry": ["reEntry", "lateRegistration"],
  rebuy: ["rebuy", "addOn", "lateRegistration"],
  shootout: [],
  "heads-up": [],
};

/** Settings made for another format: the windows that format does not take are dropped. */
export function settingsForFormat(x: EventSettings, kind: TournamentFormatKind): EventSettings {
  const out = { ...x };
  for (const f of WINDOW_FIELDS) if (!FORMAT_TAKES[kind].includes(f)) out[f] = null;
  return out;
}

/** A player in a match or at a shootout table: chips while in (null once out), whether they went through. */
export const BracketPlayer = z.object({
  entryId: Id,
  name: PlayerName,
  stack: Chips.nullable(),
  /** Won the match (heads-up), or is still in once the table's play is over (shootout). */
  advanced: z.boolean(),
  out: z.boolean(),
});
export type BracketPlayer = z.infer<typeof BracketPlayer>;

/** Places shared by a group that went out together (R-PLACE-3), and the prize each takes. */
export const SharedPlaces = z.object({
  entries: z.array(z.object({ entryId: Id, name: PlayerName })).max(10_000),
  /** Best and worst place of the group (equal when one player). */
  from: z.int().min(1),
  to: z.int().min(1),
  prize: Money,
});
export type SharedPlaces = z.infer<typeof SharedPlaces>;

export const BracketMatch = z.object({
  /** Heads-up: the match's index in its round (bracket order); shootout: the table's order. */
  index: z.int().min(0),
  tableNumber: z.int().min(1),
  /** The table to watch while it plays (online); null in a live room or once it is over. */
  tableId: Id.nullable(),
  players: z.array(BracketPlayer).max(10),
  playing: z.boolean(),
});
export type BracketMatch = z.infer<typeof BracketMatch>;

export const BracketRound = z.object({
  round: z.int().min(1),
  matches: z.array(BracketMatch).max(5000),
  /** Through to the next round without playing (the first round only). */
  byes: z.array(z.object({ entryId: Id, name: PlayerName })).max(5000),
});
export type BracketRound = z.infer<typeof BracketRound>;

/**
 * GET /tournaments/:id/bracket. Heads-up: every round drawn so far with its matches and
 * byes. Shootout: one round, the tables drawn at the start (their players and who has gone).
 * `out`: every group out so far, best first, each sharing its places (provisional until the
 * prizes are fixed). A tournament of another format answers tournament/bad-state.
 */
export const BracketView = z.object({
  tournamentId: Id,
  kind: z.enum(["heads-up", "shootout"]),
  status: TournamentStatus,
  /** Shootout: play stops eliminating once this many are left (the final table). Heads-up: null. */
  finalTable: z.int().min(2).nullable(),
  rounds: z.array(BracketRound).max(64),
  out: z.array(SharedPlaces).max(10_000),
  /** The winner once it is over. */
  winner: z.object({ entryId: Id, name: PlayerName, prize: Money }).nullable(),
  playersLeft: z.int().min(0),
});
export type BracketView = z.infer<typeof BracketView>;

import { z } from "zod";
import { CommandId, Id, PlayerName } from "./primitives.ts";

/**
 * How a place scores in a season league: "table", the room's points for 1st, 2nd, ... (later
 * places 0); "field", round(base × √(entries ÷ place)).
 */
export const LeagueFormula = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("table"), points: z.array(z.int().min(0).max(1_000_000)).min(1).max(100) }),
  z.strictObject({ kind: z.literal("field"), base: z.int().min(1).max(10_000) }),
]);
export type LeagueFormula = z.infer<typeof LeagueFormula>;

export const League = z.object({
  id: Id,
  name: z.string().min(1).max(80),
  formula: LeagueFormula,
  /** Points for each event played, whatever the place. */
  participation: z.int().min(0).max(1_000_000),
  /** Only a player's best N events count; null: all. */
  bestOf: z.int().min(1).max(200).nullable(),
  /** The season's events (tournament ids), in the order added. */
  events: z.array(Id).max(200),
});
export type League = z.infer<typeof League>;

/** Saves a league: a new one (no `id`), or the league `id` replaced. */
export const SaveLeagueRequest = z.strictObject({
  commandId: CommandId,
  id: Id.optional(),
  name: z.string().trim().min(1).max(80),
  formula: LeagueFormula,
  participation: z.int().min(0).max(1_000_000).optional(),
  bestOf: z.int().min(1).max(200).nullable().optional(),
  events: z.array(Id).max(200),
});
export type SaveLeagueRequest = z.infer<typeof SaveLeagueRequest>;

export const LeagueListResponse = z.object({ leagues: z.array(League).max(100) });
export type LeagueListResponse = z.infer<typeof LeagueListResponse>;

/** The season so far: each event (only finished ones score) and the players ranked. */
export const LeagueStandingsResponse = z.object({
  league: League,
  events: z
    .array(
      z.object({
        tournamentId: Id,
        /** Empty: no such tournament (any longer). */
        name: z.string().max(80),
        entries: z.int().min(0),
        /** Finished: its places score; otherwise it is still being played (or never was). */
        finished: z.boolean(),
      }),
    )
    .max(200),
  standings: z
    .array(
      z.object({
        rank: z.int().min(1),
        playerId: Id,
        name: PlayerName,
        points: z.int().min(0),
        played: z.int().min(0),
        wins: z.int().min(0),
        cashes: z.int().min(0),
        best: z.int().min(1),
        results: z.array(z.object({ tournamentId: Id, place: z.int().min(1), points: z.int().min(0), counted: z.boolean() })).max(200),
      }),
    )
    .max(100_000),
});
export type LeagueStandingsResponse = z.infer<typeof LeagueStandingsResponse>;

// Initial seating (R-TBL-1) and the random draw of tables and seats (R-DEAL-7).
import { fail, ok, type Result } from "../lib/result.ts";
import { shuffled, type RandomSource } from "./random.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

export const DEFAULT_TABLE_SIZE = 10;

/**
 * R-TBL-1: as few tables as possible, players spread as evenly as possible, largest first
 * (18 of 10 → [9, 9], not three of 6; 21 → [7, 7, 7]; 11 → [6, 5]).
 */
export function tableSizes(players: number, tableSize = DEFAULT_TABLE_SIZE): Result<number[]> {
  if (!Number.isInteger(tableSize) || tableSize < 2 || tableSize > 23) {
    return fail(TOURNAMENT_ERRORS.badTableSize, `a table seats 2 to 23 players, not ${tableSize}`, { tableSize });
  }
  if (!Number.isInteger(players) || players < 0) {
    return fail(TOURNAMENT_ERRORS.badPlayerCount, `cannot seat ${players} players`, { players });
  }
  if (players === 0) return ok([]);
  const tables = Math.ceil(players / tableSize);
  const base = Math.floor(players / tables);
  const extra = players % tables;
  return ok(Array.from({ length: tables }, (_, i) => base + (i < extra ? 1 : 0)));
}

/**
 * Which seats of a table of `tableSize` a table of `count` players uses: spread round the
 * table so a live table has no crowded side (10 seats, 5 players → 1 3 5 7 9).
 */
export function spreadSeats(count: number, tableSize: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.floor((i * tableSize) / count) + 1);
}

export interface SeatAssignment {
  readonly player: string;
  readonly table: number;
  readonly seat: number;
}

export interface Seating {
  /** Table numbers 1..n, each with its seats sorted. */
  readonly tables: readonly { readonly table: number; readonly seats: readonly SeatAssignment[] }[];
}

/** R-DEAL-7: every player draws a table and a seat at random among the R-TBL-1 places. */
export function drawSeating(players: readonly string[], rng: RandomSource, tableSize = DEFAULT_TABLE_SIZE): Result<Seating> {
  if (new Set(players).size !== players.length) {
    return fail(TOURNAMENT_ERRORS.duplicatePlayer, "a player can be seated only once");
  }
  const sizes = tableSizes(players.length, tableSize);
  if (!sizes.ok) return sizes;
  const places: { table: number; seat: number }[] = [];
  sizes.value.forEach((count, i) => {
    for (const seat of spreadSeats(count, tableSize)) places.push({ table: i + 1, seat });
  });
  const drawn = shuffled(players, rng);
  const tables = sizes.value.map((_, i) => ({ table: i + 1, seats: [] as SeatAssignment[] }));
  places.forEach((p, i) => tables[p.table - 1]!.seats.push({ player: drawn[i]!, ...p }));
  return ok({ tables });
}

// Satellites (R-TRN-8): the prizes are seats in a target tournament. seats = pool ÷ seat
// value; the remainder is paid in cash to the first place without a seat (to the winner
// when there is no seat at all). Play stops when the players left equal the seats.
import { fail, ok, type Result } from "../../lib/result.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

export interface SatellitePrize {
  readonly place: number;
  /** A seat in the target tournament, worth `seatValue`. */
  readonly seat: boolean;
  readonly cash: number;
}

export interface SatellitePayout {
  readonly seats: number;
  readonly seatValue: number;
  readonly cashRemainder: number;
  readonly prizes: readonly SatellitePrize[];
}

/** `seatValue` is what a seat in the target costs (its buy-in plus fee). */
export function satellitePayout(pool: number, seatValue: number, entries: number): Result<SatellitePayout> {
  if (!Number.isInteger(seatValue) || seatValue <= 0)
    return fail(TOURNAMENT_ERRORS.badSeatValue, "a seat must be worth a positive whole amount", { seatValue });
  if (!Number.isInteger(pool) || pool < 0) return fail(TOURNAMENT_ERRORS.badPool, "the prize pool must be a whole non-negative amount", { pool });
  // Never more seats than entrants: with an overlay the spare value is cash.
  const seats = Math.min(Math.floor(pool / seatValue), entries);
  const cashRemainder = pool - seats * seatValue;
  const prizes: SatellitePrize[] = [];
  for (let p = 1; p <= seats; p++) prizes.push({ place: p, seat: true, cash: 0 });
  if (cashRemainder > 0) {
    if (seats < entries || seats === 0) prizes.push({ place: seats + 1 > entries ? 1 : seats + 1, seat: false, cash: cashRemainder });
    else prizes[seats - 1] = { place: seats, seat: true, cash: cashRemainder };
  }
  return ok({ seats, seatValue, cashRemainder, prizes });
}

// The prize table once the field is closed (R-TRN-6 pool with guarantee, R-TRN-8 seats).
import type { Prizes } from "../index.ts";
import { payoutTable, placesPaid, prizePool, satellitePayout, type PayoutOptions } from "../money/index.ts";
import type { PrizeTable, TournamentState } from "./state.ts";
import type { TournamentConfig, TournamentEvent } from "./types.ts";

/** The payout options a config names: its own table or the curve, with the money's share paid and rounding unit. */
export function payoutOptionsOf(c: TournamentConfig): PayoutOptions {
  return {
    ...(c.payout ?? {}),
    ...(c.money.paidFraction !== undefined ? { paidFraction: c.money.paidFraction } : {}),
    ...(c.money.unit !== undefined ? { unit: c.money.unit } : {}),
  };
}

export function prizesFixedEvent(s: TournamentState, at: number): Extract<TournamentEvent, { type: "prizes-fixed" }> {
  const c = s.config!;
  const pool = prizePool(c.money, s.payments);
  const entries = s.entries.size;
  let prizes: number[];
  if (c.format.kind === "satellite") {
    const sat = satellitePayout(pool.pool, c.format.seatValue, entries);
    prizes = [];
    if (sat.ok) for (const p of sat.value.prizes) prizes[p.place - 1] = (p.seat ? c.format.seatValue : 0) + p.cash;
    prizes = Array.from(prizes, (x) => x ?? 0);
  } else {
    const t = payoutTable(pool.pool, Math.max(1, entries), payoutOptionsOf(c));
    prizes = t.ok ? t.value : [];
  }
  return { type: "prizes-fixed", at, pool: pool.pool, overlay: pool.overlay, entries, prizes };
}

export function prizeMap(t: PrizeTable | null): Prizes {
  const out: Record<number, number> = {};
  t?.prizes.forEach((p, i) => (out[i + 1] = p));
  return out;
}

/** Satellites: how many seats the pool makes (R-TRN-8). */
export function seatsOf(s: TournamentState): number {
  const c = s.config!;
  if (c.format.kind !== "satellite") return 0;
  const pool = s.prizes?.pool ?? prizePool(c.money, s.payments).pool;
  return Math.min(Math.floor(pool / c.format.seatValue), s.entries.size);
}

const paidOf = new WeakMap<readonly number[], number>();

/** Places paid: the prize table's length, or 15% of the field before it is fixed (counted once per prize table: every table's settle asks). */
export function paidPlaces(s: TournamentState): number {
  if (s.config!.format.kind === "satellite") return seatsOf(s);
  const prizes = s.prizes?.prizes;
  if (prizes === undefined) return placesPaid(Math.max(1, s.entries.size), payoutOptionsOf(s.config!));
  let n = paidOf.get(prizes);
  if (n === undefined) paidOf.set(prizes, (n = prizes.filter((p) => p > 0).length));
  return n;
}

// Breaking tables and forming the final table (R-TBL-3).
import { fail, ok, type Result } from "../lib/result.ts";
import { pick, shuffled, type RandomSource } from "./random.ts";
import { spreadSeats } from "./seating.ts";
import { applyMove, count, emptySeats, type Move, type WorkTable } from "./table-model.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

export interface BreakOutcome {
  readonly moves: Move[];
  readonly waiting: string[];
  readonly broken: string[];
  /** A table is due to break but is still playing its hand: balancing waits for the break. */
  readonly pending?: boolean;
}

/**
 * While the players fit on fewer tables, the next table in the set order breaks (once its
 * hand is over: until then nothing moves from it) and its players are drawn, in random
 * order, into random empty seats, each to a table with the fewest players so the
 * remaining tables differ by at most one.
 */
export function breakTables(work: WorkTable[], needed: number, order: readonly string[], tableSize: number, rng: RandomSource): BreakOutcome {
  const out: BreakOutcome = { moves: [], waiting: [], broken: [] };
  for (;;) {
    const live = work.filter((t) => count(t) > 0);
    if (live.length <= needed) return out;
    const next = order.map((id) => live.find((t) => t.id === id)).find((t) => t !== undefined) ?? live.at(-1)!;
    if (next.inHand) return { ...out, pending: true };
    const stay = live.filter((t) => t !== next);
    for (const player of shuffled([...next.now.values()], rng)) {
      const fewest = Math.min(...stay.map(count));
      const to = pick(
        stay.filter((t) => count(t) === fewest),
        rng,
      );
      out.moves.push(applyMove(next, to, player, pick(emptySeats(to, tableSize), rng)));
    }
    out.broken.push(next.id);
  }
}

/** The table that hosts the final table: the last one in the break order. */
const host = (live: readonly WorkTable[], order: readonly string[]): WorkTable =>
  [...order]
    .reverse()
    .map((id) => live.find((t) => t.id === id))
    .find((t) => t !== undefined) ?? live[0]!;

/** R-TBL-3: when everyone fits on one table, the final table is formed by a draw of seats
 * among all remaining players, once every table has finished its hand. */
export function finalTable(
  work: WorkTable[],
  order: readonly string[],
  tableSize: number,
  rng: RandomSource,
): Result<{
  moves: Move[];
  waiting: string[];
  broken: string[];
  finalTable?: string;
}> {
  const live = work.filter((t) => count(t) > 0);
  if (live.some((t) => t.inHand)) {
    return ok({ moves: [], waiting: live.filter((t) => !t.inHand).map((t) => t.id), broken: [] });
  }
  const final = host(live, order);
  const players = shuffled(
    live.flatMap((t) => [...t.now.values()].map((p) => ({ p, from: t.id }))),
    rng,
  );
  const seats = spreadSeats(players.length, tableSize);
  const moves = players.map(({ p, from }, i) => ({ player: p, from, to: final.id, seat: seats[i]! }));
  for (const t of live) t.now.clear();
  for (const m of moves) final.now.set(m.seat, m.player);
  return ok({ moves, waiting: [], broken: live.filter((t) => t !== final).map((t) => t.id), finalTable: final.id });
}

/** R-TBL-3 option: no balancing; a table at or under `target` players waits; once every
 * table is down to `target`, all meet at the final table by a draw of seats. */
export function playDown(
  work: WorkTable[],
  target: number,
  order: readonly string[],
  tableSize: number,
  rng: RandomSource,
): Result<{
  moves: Move[];
  waiting: string[];
  broken: string[];
  finalTable?: string;
}> {
  const live = work.filter((t) => count(t) > 0);
  if (live.length <= 1) return ok({ moves: [], waiting: [], broken: [] });
  const total = live.reduce((n, t) => n + count(t), 0);
  const down = live.every((t) => count(t) <= target);
  if (down && total > tableSize) {
    return fail(TOURNAMENT_ERRORS.playDownTooMany, `${live.length} tables of ${target} do not fit one table of ${tableSize}`);
  }
  if (down) return finalTable(work, order, tableSize, rng);
  return ok({ moves: [], waiting: live.filter((t) => count(t) <= target && !t.inHand).map((t) => t.id), broken: [] });
}

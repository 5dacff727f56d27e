// Balancing and breaking tables between hands (R-TBL-2, R-TBL-3). Called whenever a table
// finishes a hand, with every table's state; it says which players move now, and which
// tables must wait before dealing again.
import { fail, ok, type Result } from "../lib/result.ts";
import { chooseMove, type BalanceRule } from "./balance-seat.ts";
import { breakTables, finalTable, playDown } from "./break-tables.ts";
import { pick, type RandomSource } from "./random.ts";
import { applyMove, count, workTable, type BalanceTable, type Move, type WorkTable } from "./table-model.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

export interface BalanceOptions {
  readonly tableSize: number;
  /** R-TBL-3: the final table forms when this many are left (default `tableSize`); until then at least two tables play. */
  readonly finalTableSize?: number;
  /** R-TBL-3 while new entries may come: a table breaks only if the others keep this many seats free each (default 0). */
  readonly spareSeats?: number;
  /** R-TBL-2 which player moves where: "seed" (default) or "tda". */
  readonly rule?: BalanceRule;
  /** How often each player has been moved already: among tables equally fit to give a
   * player, one whose mover has been moved least gives (default: nobody has moved). */
  readonly moved?: (player: string) => number;
  /** R-TBL-3 the set order tables break in, first to break first. Default: the reverse of
   * the order the tables are given in (the highest-numbered table breaks first). */
  readonly breakOrder?: readonly string[];
  /** R-TBL-3 option: no balancing; every table plays down to this many players, then all
   * remaining players meet at the final table. */
  readonly playDownTo?: number;
  readonly rng: RandomSource;
}

export interface BalanceResult {
  /** Moves to make now, in order; each player takes the seat at the start of the next hand. */
  readonly moves: readonly Move[];
  /** Tables that must not deal their next hand yet (a short table waiting for a larger
   * one to finish its hand, R-TBL-2; a table waiting to break or merge). */
  readonly waiting: readonly string[];
  /** Tables broken by these moves (R-TBL-3). */
  readonly broken: readonly string[];
  /** Set when the moves form the final table by a draw of seats: its button is drawn anew (R-DEAL-6). */
  readonly finalTable?: string;
}

function validate(tables: readonly BalanceTable[], opts: BalanceOptions): Result<null> {
  const ids = new Set(tables.map((t) => t.id));
  if (ids.size !== tables.length) return fail(TOURNAMENT_ERRORS.duplicateTable, "each table appears once");
  const players = tables.flatMap((t) => [
    ...t.seats.map((s) => s.player).filter((p) => !(t.departed ?? []).includes(p)),
    ...(t.joined ?? []).map((s) => s.player),
  ]);
  if (new Set(players).size !== players.length) return fail(TOURNAMENT_ERRORS.duplicatePlayer, "a player is seated once");
  for (const t of tables) {
    const all = [...t.seats, ...(t.joined ?? [])];
    if (all.some((s) => !Number.isInteger(s.seat) || s.seat < 1 || s.seat > opts.tableSize) || new Set(t.seats.map((s) => s.seat)).size !== t.seats.length) {
      return fail(TOURNAMENT_ERRORS.badSeat, `table ${t.id}: seats are 1..${opts.tableSize}, one player each`, { table: t.id });
    }
    if ((t.busted ?? []).some((b) => !t.seats.some((s) => s.player === b))) {
      return fail(TOURNAMENT_ERRORS.badBust, `table ${t.id}: a busted player was not seated there`, { table: t.id });
    }
  }
  if (opts.breakOrder && opts.breakOrder.some((id) => !ids.has(id))) {
    return fail(TOURNAMENT_ERRORS.badBreakOrder, "the break order names an unknown table");
  }
  return ok(null);
}

/**
 * R-TBL-3: how many tables `left` players need: one once they fit the final table; before
 * that at least two (ten left in a 10-handed event with a 9-handed final table play on two),
 * each keeping `spareSeats` free while new entries may come.
 */
export function tablesNeededFor(left: number, tableSize: number, finalTableSize = tableSize, spareSeats = 0): number {
  return left <= Math.min(tableSize, finalTableSize) ? 1 : Math.max(2, Math.ceil(left / Math.max(1, tableSize - spareSeats)));
}

/** R-TBL-2: while a table is two or more short of another, the largest gives one player. */
export function balanceRound(
  work: WorkTable[],
  rule: BalanceRule,
  tableSize: number,
  rng: RandomSource,
  moved: (player: string) => number = () => 0,
): Result<{ moves: Move[]; waiting: string[] }> {
  const moves: Move[] = [];
  for (;;) {
    const live = work.filter((t) => count(t) > 0);
    const max = Math.max(...live.map(count));
    const min = Math.min(...live.map(count));
    if (max - min < 2) return ok({ moves, waiting: [] });
    const donors = live.filter((t) => count(t) === max && !t.inHand);
    if (donors.length === 0) {
      // The larger table finishes its hand first; the short tables wait (R-TBL-2).
      return ok({ moves, waiting: live.filter((t) => count(t) <= max - 2).map((t) => t.id) });
    }
    const shorts = live.filter((t) => count(t) === min);
    const short = shorts.find((t) => t.vacated.length > 0) ?? shorts[0]!;
    // A draw between equal tables; then, if the drawn table's mover has been moved more
    // than another's, a draw among the least moved (so a field nobody has moved yet draws as ever).
    const drawn = donors.length === 1 ? donors[0]! : pick(donors, rng);
    const best = leastMoved(donors, (t) => chooseMove(rule, t, short, tableSize), moved);
    const large = best.includes(drawn) ? drawn : best.length === 1 ? best[0]! : pick(best, rng);
    const choice = chooseMove(rule, large, short, tableSize);
    if (!choice.ok) return choice;
    moves.push(applyMove(large, short, choice.value.player, choice.value.seat));
  }
}

/**
 * Never the same player moved twice while another choice exists (PokerStars NJ's policy):
 * of the tables equally fit to give a player, those whose mover has been moved least.
 */
function leastMoved(donors: readonly WorkTable[], mover: (t: WorkTable) => Result<{ player: string }>, moved: (player: string) => number): WorkTable[] {
  if (donors.length < 2) return [...donors];
  const times = donors.map((t) => {
    const c = mover(t);
    return c.ok ? moved(c.value.player) : Number.POSITIVE_INFINITY;
  });
  const least = Math.min(...times);
  return donors.filter((_, i) => times[i] === least);
}

/**
 * Everything that must happen between hands: breaking tables whose players fit elsewhere,
 * forming the final table, balancing (R-TBL-2, R-TBL-3). `tables` lists every table with
 * players, each as of the hand it last played.
 */
export function balanceTables(tables: readonly BalanceTable[], opts: BalanceOptions): Result<BalanceResult> {
  const valid = validate(tables, opts);
  if (!valid.ok) return valid;
  const work = tables.map((t) => workTable(t, opts.tableSize));
  const order = opts.breakOrder ?? [...tables].reverse().map((t) => t.id);
  if (opts.playDownTo !== undefined) return playDown(work, opts.playDownTo, order, opts.tableSize, opts.rng);
  const total = work.reduce((n, t) => n + count(t), 0);
  const needed = tablesNeededFor(total, opts.tableSize, opts.finalTableSize, opts.spareSeats);
  const live = work.filter((t) => count(t) > 0);
  if (needed === 1 && live.length > 1) return finalTable(work, order, opts.tableSize, opts.rng);
  const broke = breakTables(work, needed, order, opts.tableSize, opts.rng);
  const round = broke.pending
    ? ok({ moves: [] as Move[], waiting: [] as string[] })
    : balanceRound(work, opts.rule ?? "seed", opts.tableSize, opts.rng, opts.moved);
  if (!round.ok) return round;
  return ok({
    moves: [...broke.moves, ...round.value.moves],
    waiting: [...new Set([...broke.waiting, ...round.value.waiting])],
    broken: broke.broken,
  });
}

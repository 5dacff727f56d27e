// Entries coming and going around the start: unregistering before it (a full refund),
// late registration after it (R-TRN-2 with a window like R-TRN-3's), re-entry (R-TRN-3),
// each new entry drawing a seat at one of the shortest tables (R-DEAL-7).
import { fail, ok, type Result } from "../../lib/result.ts";
import { pick, randomInt, type RandomSource } from "../index.ts";
import { buyInPayment, checkReEntry } from "../money/index.ts";
import { lateRegistrationEndsMs } from "./entries-closed.ts";
import { entryContext } from "./entry-context.ts";
import { playedMs } from "./played.ts";
import { tableSizeOf, type TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

type Events = Result<TournamentEvent[]>;

const badPlayer = (player: unknown): boolean => typeof player !== "string" || player.length === 0 || player.includes("#");

/** R-DEAL-7: a random empty seat at a random one of the tables with fewest players; a new table when all are full. */
export function drawSeat(s: TournamentState, rng: RandomSource): Result<{ table: number; seat: number }> {
  const size = tableSizeOf(s.config!);
  let table = -1;
  for (let n = 0; n < size && table < 0; n++) {
    const set = s.byCount[n];
    if (set !== undefined && set.size > 0)
      table = pick(
        [...set].sort((a, b) => a - b),
        rng,
      );
  }
  // Every table full: a new table opens (settle balances players onto it, R-TBL-2).
  if (table < 0) return ok({ table: newTableNumber(s), seat: 1 + randomInt(rng, size) });
  const t = s.tables.get(table)!;
  const empty = t.seats.flatMap((x, i) => (x === null ? [i + 1] : []));
  return ok({ table, seat: empty[randomInt(rng, empty.length)]! });
}

/**
 * The number a new table takes. A live room's tables are its furniture: the lowest number
 * not in play (table 4, broken an hour ago, before a table 7). Online a number is a table's
 * identity (its hand history, its stream), so a new table never reuses a broken one's.
 */
export function newTableNumber(s: TournamentState): number {
  if (s.config?.live !== true) return s.maxTable + 1;
  let n = 1;
  while (s.tables.has(n)) n++;
  return n;
}

/** Before the start a registered player may leave; they get back the buy-in and the fee. */
export function decideUnregister(s: TournamentState, at: number, player: string): Events {
  if (s.status !== "registering") return fail(TOURNAMENT_ERRORS.notRegistering, `players can unregister only before the start (${s.status})`, { player });
  const p = s.players.get(player);
  if (p === undefined) return fail(TOURNAMENT_ERRORS.notRegistered, `${player} is not registered`, { player });
  // Before the start every player holds exactly one entry, bought with one payment.
  if (p.entries.length !== 1) return fail(TOURNAMENT_ERRORS.notRegistered, `${player} holds ${p.entries.length} entries`, { player });
  const refund = s.payments.filter((x) => x.player === player).reduce((a, x) => a + x.toPool + x.fee, 0);
  return ok([{ type: "unregistered", at, player, refund }]);
}

/** Late registration: while running and inside the window, a new player buys in and is seated. */
export function decideLateRegister(s: TournamentState, at: number, player: string, rng: RandomSource): Events {
  const ends = lateRegistrationEndsMs(s);
  if (ends === null) return fail(TOURNAMENT_ERRORS.notRegistering, `registration is not open (${s.status})`, { player });
  if (badPlayer(player)) return fail(TOURNAMENT_ERRORS.badPlayer, "a player name is a non-empty string without '#'");
  if (s.players.has(player)) return fail(TOURNAMENT_ERRORS.alreadyRegistered, `${player} is already registered`, { player });
  const played = playedMs(s, at);
  // Infinity (a window past the schedule's end) closes with the field: at the final table.
  const closed = ends === Infinity ? s.alive <= tableSizeOf(s.config!) : played >= ends;
  if (closed || s.prizes !== null) return fail(TOURNAMENT_ERRORS.registrationClosed, "late registration has closed", { player, closesAtMs: ends });
  const seat = drawSeat(s, rng);
  if (!seat.ok) return seat;
  const c = s.config!;
  const payment = buyInPayment(c.money, c.structure, player);
  return ok([{ type: "late-registered", at, entry: player, player, payment, table: seat.value.table, seat: seat.value.seat, stack: payment.chips }]);
}

export function decideReEnter(s: TournamentState, at: number, player: string, rng: RandomSource): Events {
  if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
  const p = s.players.get(player);
  if (p === undefined) return fail(TOURNAMENT_ERRORS.notRegistered, `${player} never entered this tournament`, { player });
  const last = s.entries.get(p.entries.at(-1)!)!;
  const pay = checkReEntry(s.config!.money, entryContext(s, last, player, at), player);
  if (!pay.ok) return pay;
  // The prizes are fixed once nothing more can be paid in: nothing is, after.
  if (s.prizes !== null) return fail(TOURNAMENT_ERRORS.reEntryClosed, "the prize pool is fixed: re-entry is over", { player });
  const seat = drawSeat(s, rng);
  if (!seat.ok) return seat;
  return ok([{ type: "re-entered", at, entry: `${player}#${p.entries.length + 1}`, payment: pay.value, table: seat.value.table, seat: seat.value.seat }]);
}

// A live floor's mistakes put right: a bust, a rebuy or an add-on recorded by
// mistake is undone by a compensating event, never by rewriting the log. A count is undone
// by counting again (the earlier figures), so it needs nothing here.
// - "reinstated": an entry out by mistake is back with the chips it had, at its old seat if
//   that is still free, else a seat drawn as a late registration's (R-DEAL-7); its place
//   is taken back. Not once the player has re-entered (they are in with the new entry), nor
//   after the end.
// - "reversed": a rebuy or add-on taken back: its chips and its payment leave (the prize
//   pool shrinks, the money goes back to the player), so the entry may take it again. A
//   re-entry taken back removes the new entry (chips, seat, payment), so the player has it
//   again and the busted entry before it is their latest (its bust may then be undone).
import { fail, ok, type Result } from "../../lib/result.ts";
import type { RandomSource } from "../index.ts";
import { drawSeat } from "./decide-entries.ts";
import type { TournamentState } from "./state.ts";
import type { EntryState } from "./state-model.ts";
import type { TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

type Events = Result<TournamentEvent[]>;

function liveRunning(s: TournamentState): Result<true> {
  if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
  if (s.config?.live !== true) return fail(TOURNAMENT_ERRORS.notLive, "the floor's records are undone in a live room");
  return ok(true);
}

export function decideReinstate(
  s: TournamentState,
  at: number,
  entry: string,
  stack: number,
  want: { readonly table: number; readonly seat: number } | undefined,
  rng: RandomSource,
): Events {
  const r = liveRunning(s);
  if (!r.ok) return r;
  const e = s.entries.get(entry);
  if (e === undefined) return fail(TOURNAMENT_ERRORS.noEntry, `no entry ${entry}`, { entry });
  const waiting = s.busted.includes(entry);
  if (e.alive && !waiting) return fail(TOURNAMENT_ERRORS.badUndo, "this entry is not out", { entry, reason: "not-out" });
  if (!Number.isSafeInteger(stack) || stack <= 0) return fail(TOURNAMENT_ERRORS.badStack, "the entry comes back with a positive number of chips", { entry });
  const p = s.players.get(e.player)!;
  if (p.entries.at(-1) !== entry)
    return fail(TOURNAMENT_ERRORS.badUndo, "the player has re-entered since: the new entry plays on", { entry, reason: "re-entered" });
  if (s.prizes !== null && s.alive === 1 && !waiting) return fail(TOURNAMENT_ERRORS.badUndo, "the tournament is over", { entry, reason: "over" });
  if (waiting) return ok([{ type: "reinstated", at, entry, stack, table: e.table, seat: e.seat }]);
  // Its old seat (`want`) when the table still stands and the seat is free; else a drawn seat.
  const table = want === undefined ? undefined : s.tables.get(want.table);
  if (want !== undefined && table !== undefined && table.seats[want.seat - 1] === null)
    return ok([{ type: "reinstated", at, entry, stack, table: want.table, seat: want.seat }]);
  const seat = drawSeat(s, rng);
  if (!seat.ok) return seat;
  return ok([{ type: "reinstated", at, entry, stack, table: seat.value.table, seat: seat.value.seat }]);
}

export function decideReverse(s: TournamentState, at: number, entry: string, what: "rebuy" | "add-on" | "re-entry"): Events {
  const r = liveRunning(s);
  if (!r.ok) return r;
  const e = s.entries.get(entry);
  if (e === undefined) return fail(TOURNAMENT_ERRORS.noEntry, `no entry ${entry}`, { entry });
  if (what === "re-entry") return reverseReEntry(s, at, e);
  const kind = what === "rebuy" ? "rebuy" : "add-on";
  // Payments name the player, not the entry: a player's rebuys and add-ons are their current entry's.
  const payment = s.payments.findLast((p) => p.player === e.player && p.kind === kind);
  if (payment === undefined || (what === "rebuy" ? e.rebuys : e.addOns) === 0)
    return fail(TOURNAMENT_ERRORS.badUndo, `this entry has no ${what} to undo`, { entry, reason: "none" });
  if (!e.alive) return fail(TOURNAMENT_ERRORS.badUndo, "this entry is out: undo the bust first", { entry, reason: "out" });
  // The prize pool is fixed with the payment in it: it is paid out as it stands.
  if (s.prizes !== null) return fail(TOURNAMENT_ERRORS.badUndo, "the prizes are fixed with this payment in the pool", { entry, reason: "fixed" });
  if (e.stack < payment.chips)
    return fail(TOURNAMENT_ERRORS.badUndo, `the stack (${e.stack}) is smaller than the ${what}'s ${payment.chips} chips: count it first`, {
      entry,
      reason: "stack",
      chips: payment.chips,
    });
  return ok([{ type: "reversed", at, entry, what, payment }]);
}

function reverseReEntry(s: TournamentState, at: number, e: EntryState): Events {
  const entry = e.id;
  const p = s.players.get(e.player);
  const payment = s.payments.findLast((x) => x.player === e.player && x.kind === "re-entry");
  if (p === undefined || p.entries.length < 2 || p.entries.at(-1) !== entry || payment === undefined)
    return fail(TOURNAMENT_ERRORS.badUndo, "this entry is not the player's latest re-entry", { entry, reason: "none" });
  if (!e.alive || s.busted.includes(entry)) return fail(TOURNAMENT_ERRORS.badUndo, "this entry is out: undo the bust first", { entry, reason: "out" });
  if (s.prizes !== null) return fail(TOURNAMENT_ERRORS.badUndo, "the prizes are fixed with this payment in the pool", { entry, reason: "fixed" });
  if (e.rebuys > 0 || e.addOns > 0) return fail(TOURNAMENT_ERRORS.badUndo, "undo this entry's rebuys and add-ons first", { entry, reason: "bought" });
  // Chips won or lost since would leave with it and change the others' stacks unseen.
  if (e.stack !== payment.chips || (e.behind ?? 0) > 0)
    return fail(TOURNAMENT_ERRORS.badUndo, `the stack (${e.stack}) is not the re-entry's ${payment.chips} chips`, {
      entry,
      reason: "stack",
      chips: payment.chips,
    });
  return ok([{ type: "reversed", at, entry, what: "re-entry", payment }]);
}

// A deal among the finalists: they stop playing and share the prizes still to be paid (the
// prizes of the places they hold between them):
// - "icm": by ICM (Malmuth–Harville, src/tournament/money icmDeal);
// - "chip-chop": each one's share of the chips, in whole units (largest remainders first,
//   an odd remainder below a unit to the chip leader);
// - "custom": amounts agreed at the table. The rulebook sets no floor, so the checks are
//   that every finalist is named once with a whole, non-negative amount and that the
//   amounts add up exactly to the prizes left (nothing more can be paid, nothing kept back).
// Places follow the stacks (equal stacks share); the money is the deal's.
import { fail, ok, type Result } from "../../lib/result.ts";
import { icmDeal } from "../money/index.ts";
import { finalPlacements } from "./placements.ts";
import { tableSizeOf, type EntryState, type TournamentState } from "./state.ts";
import type { DealMethod, Placement, TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

/** Chip-chop: each finalist's share of `total` is their share of the chips, in whole units. */
export function chipChop(stacks: readonly number[], total: number, unit: number): number[] {
  const chips = stacks.reduce((a, b) => a + b, 0);
  const shares = stacks.map((s) => (total * s) / chips);
  const out = shares.map((s) => Math.floor(s / unit + 1e-9) * unit);
  // Whole units left over go to the biggest fractions first, then any odd remainder to the chip leader.
  const order = shares.map((_, i) => i).sort((a, b) => shares[b]! / unit - out[b]! / unit - (shares[a]! / unit - out[a]! / unit) || a - b);
  let left = total - out.reduce((a, b) => a + b, 0);
  for (let k = 0; left >= unit; k = (k + 1) % order.length, left -= unit) out[order[k]!]! += unit;
  const leader = stacks.indexOf(Math.max(...stacks));
  out[leader]! += left;
  return out;
}

/**
 * What each finalist gets by ICM or chip-chop, in whole units summing to the prizes: the
 * director's deal and the console's proposal are this one computation.
 */
export function dealAmounts(method: "icm" | "chip-chop", stacks: readonly number[], prizes: readonly number[], unit = 1): Result<number[]> {
  if (method === "icm") return icmDeal(stacks, prizes, unit);
  return ok(
    chipChop(
      stacks,
      prizes.slice(0, stacks.length).reduce((a, x) => a + x, 0),
      unit,
    ),
  );
}

export interface DealFigures {
  /** The finalists, biggest stack first (ties by entry id). */
  readonly finalists: readonly EntryState[];
  /** The prize money still to be paid: the prizes of places 1..finalists. */
  readonly total: number;
  /** What each finalist takes, in `finalists` order. */
  readonly amounts: readonly number[];
}

/** Whether a deal can be made now and what it gives; `agreed` (entry → amount) is a custom deal's. */
export function dealFigures(s: TournamentState, method: DealMethod, agreed?: readonly (readonly [string, number])[]): Result<DealFigures> {
  if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
  const c = s.config!;
  // `reason` says which of these it is, so a screen can say why not and when.
  if (c.format.kind === "satellite" || c.format.kind === "heads-up")
    return fail(TOURNAMENT_ERRORS.noDeal, `no deal in a ${c.format.kind} tournament`, { reason: "format", format: c.format.kind });
  if (s.prizes === null)
    return fail(TOURNAMENT_ERRORS.noDeal, "the prizes are not fixed yet: they are fixed when no more entries can come", { reason: "prizes-not-fixed" });
  if (s.busted.length > 0) return fail(TOURNAMENT_ERRORS.noDeal, "settle the last hand first", { reason: "settle-first" });
  const left = [...s.entries.values()].filter((e) => e.alive);
  if (left.length < 2 || left.length > tableSizeOf(c))
    return fail(TOURNAMENT_ERRORS.noDeal, "a deal is made among the players of the final table", {
      reason: "final-table",
      left: left.length,
      tableSize: tableSizeOf(c),
    });
  left.sort((a, b) => b.stack - a.stack || (a.id < b.id ? -1 : 1));
  const prizes = left.map((_, i) => s.prizes!.prizes[i] ?? 0);
  const total = prizes.reduce((a, x) => a + x, 0);
  const unit = c.money.unit ?? 1;
  const stacks = left.map((e) => e.stack);
  switch (method) {
    case "icm":
    case "chip-chop": {
      const r = dealAmounts(method, stacks, prizes, unit);
      return r.ok ? ok({ finalists: left, total, amounts: r.value }) : r;
    }
    case "custom": {
      if (agreed === undefined) return fail(TOURNAMENT_ERRORS.badDeal, "a custom deal lists every finalist's amount");
      const asked = new Map(agreed);
      const finalists = left.map((e) => e.id);
      if (asked.size !== agreed.length || asked.size !== left.length || left.some((e) => !asked.has(e.id))) {
        return fail(TOURNAMENT_ERRORS.badDeal, "the deal must name every finalist once, and nobody else", { finalists: finalists.join(",") });
      }
      const amounts = left.map((e) => asked.get(e.id)!);
      if (amounts.some((a) => !Number.isSafeInteger(a) || a < 0)) return fail(TOURNAMENT_ERRORS.badDeal, "amounts are whole and not negative");
      const sum = amounts.reduce((a, x) => a + x, 0);
      if (sum !== total) return fail(TOURNAMENT_ERRORS.badDeal, `the deal shares ${sum}, the prizes left are ${total}`, { total, sum });
      return ok({ finalists: left, total, amounts });
    }
    default:
      return fail(TOURNAMENT_ERRORS.badDeal, `no deal method '${String(method)}'`);
  }
}

export function decideDeal(
  s: TournamentState,
  at: number,
  method: DealMethod = "icm",
  agreed?: readonly (readonly [string, number])[],
): Result<TournamentEvent[]> {
  const f = dealFigures(s, method, agreed);
  if (!f.ok) return f;
  const { finalists, amounts } = f.value;
  const byEntry = new Map(finalists.map((e, i) => [e.id, amounts[i]!]));
  // Places by stack (equal stacks share); the money is the deal's.
  const stacks = [...new Set(finalists.map((e) => e.stack))];
  const ranked = stacks.map((st) => finalists.filter((e) => e.stack === st).map((e) => e.id));
  const placements: Placement[] = finalPlacements(s, [], ranked).map((p) => (byEntry.has(p.entry) ? { ...p, prize: byEntry.get(p.entry)! } : p));
  return ok([{ type: "finished", at, placements, deal: method }]);
}

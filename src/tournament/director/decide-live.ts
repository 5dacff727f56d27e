// A live room (config.live): the room deals real cards, so no hands come; the floor reports
// busts and counts, and colours up at the tables (R-CHIP-1..4). `settle` then eliminates and
// places the busted exactly as it does after online hands (R-PLACE-1/2). Chips are not
// conserved by hands here: the floor's counts are the truth.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

type Events = Result<TournamentEvent[]>;
type Stacks = readonly (readonly [string, number])[];

function liveRunning(s: TournamentState): Result<true> {
  if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
  if (s.config?.live !== true) return fail(TOURNAMENT_ERRORS.notLive, "busts and counts come from the hands online; the floor reports them in a live room");
  return ok(true);
}

const whole = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;

/** Entries left with chips once `gone` are out too (busts already reported count as out). */
function withChipsBesides(s: TournamentState, gone: ReadonlySet<string>): number {
  return s.alive - s.busted.filter((b) => !gone.has(b)).length - gone.size;
}

/** Distinct entries still in the tournament. */
function checkEntries(s: TournamentState, ids: readonly string[]): Result<true> {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return fail(TOURNAMENT_ERRORS.duplicateEntry, `${id} is listed twice`, { entry: id });
    seen.add(id);
    const e = s.entries.get(id);
    if (e === undefined || !e.alive) return fail(TOURNAMENT_ERRORS.noEntry, `no live entry ${id}`, { entry: id });
  }
  return ok(true);
}

/** R-PLACE-1/2: entries busted in one hand; ranked by `startStacks` when given, else tied. */
export function decideBust(s: TournamentState, at: number, entries: readonly string[], startStacks: readonly number[] | undefined): Events {
  const r = liveRunning(s);
  if (!r.ok) return r;
  if (!Array.isArray(entries) || entries.length === 0) return fail(TOURNAMENT_ERRORS.badBust, "a bust names at least one entry");
  const c = checkEntries(s, entries);
  if (!c.ok) return c;
  for (const id of entries) {
    if (s.busted.includes(id) || s.entries.get(id)!.stack <= 0) return fail(TOURNAMENT_ERRORS.entryBusted, `${id} is already out of chips`, { entry: id });
  }
  // One hand is played at one table; under hand-for-hand busts at every table count as one hand.
  const tables = new Set(entries.map((id) => s.entries.get(id)!.table));
  if (tables.size > 1 && !s.handForHand)
    return fail(TOURNAMENT_ERRORS.badBust, "busts at different tables are different hands: report them one hand at a time", { tables: [...tables] });
  if (startStacks !== undefined && (startStacks.length !== entries.length || !startStacks.every((x) => whole(x) && x > 0))) {
    return fail(TOURNAMENT_ERRORS.badBust, "startStacks gives each busted entry's (positive) stack when the hand began, in the same order");
  }
  if (withChipsBesides(s, new Set(entries)) < 1) return fail(TOURNAMENT_ERRORS.badBust, "someone must be left with chips (R-PLACE-4)");
  return ok([{ type: "busted", at, entries: [...entries], startStacks: startStacks === undefined ? null : [...startStacks] }]);
}

/** The floor saw the button at `seat` of `table`: a seat where a player with chips sits. */
export function decideRecordButton(s: TournamentState, at: number, table: number, seat: number): Events {
  const r = liveRunning(s);
  if (!r.ok) return r;
  const t = s.tables.get(table);
  if (t === undefined) return fail(TOURNAMENT_ERRORS.badSeat, `there is no table ${table}`, { table });
  if (!Number.isSafeInteger(seat) || seat < 1 || seat > t.seats.length)
    return fail(TOURNAMENT_ERRORS.badSeat, `table ${table} has no seat ${seat}`, { table, seat });
  const id = t.seats[seat - 1];
  const e = id === null || id === undefined ? undefined : s.entries.get(id);
  if (e === undefined || !e.alive || e.stack <= 0) return fail(TOURNAMENT_ERRORS.badSeat, `nobody plays at seat ${seat} of table ${table}`, { table, seat });
  return ok([{ type: "button-recorded", at, table, seat }]);
}

/** The floor's count: each listed entry's stack now (0: out of chips, the zeros of one count tie). */
export function decideChipCount(s: TournamentState, at: number, stacks: Stacks): Events {
  const r = liveRunning(s);
  if (!r.ok) return r;
  if (!Array.isArray(stacks) || stacks.length === 0) return fail(TOURNAMENT_ERRORS.badCount, "a count names at least one entry");
  const c = checkEntries(
    s,
    stacks.map((x) => x[0]),
  );
  if (!c.ok) return c;
  const bad = stacks.find(([, n]) => !whole(n));
  if (bad !== undefined) return fail(TOURNAMENT_ERRORS.badStack, `a stack is a whole number of chips, not ${String(bad[1])}`, { entry: bad[0] });
  // Who has chips after the count: counted ones by their count, the others as they are.
  const counted = new Map(stacks.map(([id, n]) => [id, n]));
  let left = 0;
  for (const e of s.entries.values()) if (e.alive && (counted.get(e.id) ?? (s.busted.includes(e.id) ? 0 : e.stack)) > 0) left++;
  if (left < 1) return fail(TOURNAMENT_ERRORS.badCount, "someone must be left with chips (R-PLACE-4)");
  return ok([{ type: "counted", at, stacks: stacks.map(([id, n]) => [id, n] as const) }]);
}

/**
 * R-CHIP-1..4 done by the floor: `remove` leaves play, exchanged for `next`; `stacks` are the
 * new stacks of the entries whose stack changed. Tables race one after another: the first
 * takes the chip out of play, the later ones follow with the same `next`.
 */
export function decideColourUp(s: TournamentState, at: number, remove: number, next: number, stacks: Stacks): Events {
  if (s.status !== "running") return fail(TOURNAMENT_ERRORS.notRunning, `the tournament is ${s.status}`);
  const following = !s.chips.includes(remove) && s.chipsGone.get(remove) === next;
  if (!s.chips.includes(remove) && !following) return fail(TOURNAMENT_ERRORS.chipNotInPlay, `${remove} chips are not in play`, { remove, chips: s.chips });
  if (!following && !(s.chips.includes(next) && next > remove && next % remove === 0)) {
    return fail(TOURNAMENT_ERRORS.badColourUp, `${remove} chips are exchanged for a larger chip in play, not ${next}`, { remove, next, chips: s.chips });
  }
  if (!Array.isArray(stacks)) return fail(TOURNAMENT_ERRORS.badColourUp, "stacks lists the entries' new stacks");
  const c = checkEntries(
    s,
    stacks.map((x) => x[0]),
  );
  if (!c.ok) return c;
  const left = s.chips.filter((x) => x !== remove);
  const unit = left.length > 0 ? Math.min(...left) : next;
  let delta = 0;
  for (const [id, n] of stacks) {
    const before = s.entries.get(id)!.stack;
    if (!whole(n) || n % unit !== 0)
      return fail(TOURNAMENT_ERRORS.badStack, `${id}'s stack after the colour-up must be whole ${unit}s, not ${String(n)}`, { entry: id, unit });
    if (before === 0) return fail(TOURNAMENT_ERRORS.entryBusted, `${id} has no chips to colour up`, { entry: id });
    // R-CHIP-4: nobody is raced out.
    if (before > 0 && n === 0) return fail(TOURNAMENT_ERRORS.racedOut, `${id} cannot lose every chip in the colour-up (R-CHIP-4)`, { entry: id });
    delta += n - before;
  }
  return ok([{ type: "coloured-up", at, remove, next, stacks: stacks.map(([id, n]) => [id, n] as const), delta }]);
}

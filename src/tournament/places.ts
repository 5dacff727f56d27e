// Places and prizes (R-PLACE-1..4). Amounts are integers in the smallest currency unit
// (cents, or chips for a points table); `unit` is the smallest amount a share is paid in.
import { fail, ok, type Result } from "../lib/result.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

export interface Bust {
  readonly id: string;
  /** The stack the player started the hand with (R-PLACE-2). */
  readonly startStack: number;
}

export interface PlaceAward {
  readonly id: string;
  /** The places the player holds: one, or several shared with tied players. */
  readonly places: readonly number[];
  readonly prize: number;
}

/** Prize of each place; places without a prize pay 0. */
export type Prizes = Readonly<Record<number, number>>;

/**
 * Splits `total` among `count` tied players in whole `unit`s; the remainder goes one unit
 * each to the first players in seat order from the button (as odd chips do, R-POT-4).
 */
export function splitPrize(total: number, count: number, unit = 1): number[] {
  const share = Math.floor(total / (count * unit)) * unit;
  let rest = total - share * count;
  return Array.from({ length: count }, () => {
    const extra = rest >= unit ? unit : 0;
    rest -= extra;
    return share + extra;
  });
}

/**
 * Groups eliminated together ranked best first, each group sharing its places and their
 * prizes (R-PLACE-2/3). `groups[i]` lists players in seat order from the button.
 */
export function awardGroups(left: number, groups: readonly (readonly string[])[], prizes: Prizes, unit = 1): PlaceAward[] {
  const total = groups.reduce((n, g) => n + g.length, 0);
  let place = left - total + 1;
  const out: PlaceAward[] = [];
  for (const group of groups) {
    const places = group.map((_, i) => place + i);
    place += group.length;
    const amounts = splitPrize(
      places.reduce((s, p) => s + (prizes[p] ?? 0), 0),
      group.length,
      unit,
    );
    group.forEach((id, i) => out.push({ id, places, prize: amounts[i]! }));
  }
  return out;
}

function checkPrizes(prizes: Prizes, unit: number): Result<null> {
  if (!(Number.isInteger(unit) && unit > 0)) return fail(TOURNAMENT_ERRORS.badUnit, "the currency unit is a positive integer");
  for (const [place, amount] of Object.entries(prizes)) {
    if (!(Number.isInteger(amount) && amount >= 0)) {
      return fail(TOURNAMENT_ERRORS.badPrize, `the prize of place ${place} must be a whole amount`, { place });
    }
  }
  return ok(null);
}

/**
 * R-PLACE-1/2: the players eliminated in one hand, `left` being the players still in the
 * tournament when it began (for hand-for-hand, the busts of every table in the synchronised
 * hand together: they count as one hand). More starting chips take the better place; equal
 * starting stacks share. `busts` is in seat order from the button, which settles who gets a
 * remainder unit of a shared prize.
 */
export function placeBusts(left: number, busts: readonly Bust[], prizes: Prizes, unit = 1): Result<PlaceAward[]> {
  const checked = checkPrizes(prizes, unit);
  if (!checked.ok) return checked;
  if (new Set(busts.map((b) => b.id)).size !== busts.length) {
    return fail(TOURNAMENT_ERRORS.duplicatePlayer, "a player busts only once");
  }
  if (!(Number.isInteger(left) && busts.length < left)) {
    return fail(TOURNAMENT_ERRORS.badBustCount, `${busts.length} busts leave nobody of ${left} with chips`, { left });
  }
  const stacks = [...new Set(busts.map((b) => b.startStack))].sort((a, b) => b - a);
  const groups = stacks.map((s) => busts.filter((b) => b.startStack === s).map((b) => b.id));
  return ok(awardGroups(left, groups, prizes, unit));
}

/** R-PLACE-4: the last player with chips wins first place and its prize. */
export const winner = (id: string, prizes: Prizes): PlaceAward => ({ id, places: [1], prize: prizes[1] ?? 0 });

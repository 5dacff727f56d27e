// Pots (R-POT-1): the main pot holds what every player still in can match; each surplus
// level forms a side pot among those who put it in. Splits are in units of the smallest
// chip (R-POT-4).
import type { Draft } from "./state.ts";
import { FOLDED, type HandState, type Pot } from "./types.ts";

/**
 * The pots from the chips collected so far (the round's bets not included). `contends`
 * says who can still win (default: everyone not folded); pots with the same contenders
 * are one pot.
 */
export function computePots(s: HandState | Draft, contends?: readonly boolean[]): Pot[] {
  const n = s.n;
  const levels: number[] = [];
  const inPot: boolean[] = new Array<boolean>(n);
  for (let i = 0; i < n; i++) {
    inPot[i] = contends === undefined ? s.status[i] !== FOLDED : contends[i]!;
    if (!inPot[i]) continue;
    const c = s.committed[i]!;
    // Insertion into a sorted list: a handful of players.
    let k = levels.length;
    if (levels.includes(c)) continue;
    levels.push(c);
    while (k > 0 && levels[k - 1]! > c) {
      levels[k] = levels[k - 1]!;
      k--;
    }
    levels[k] = c;
  }
  const pots: Pot[] = [];
  let prev = 0;
  for (const level of levels) {
    let amount = 0;
    const eligible: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = s.committed[i]!;
      amount += Math.min(c, level) - Math.min(c, prev);
      if (inPot[i] && c >= level) eligible.push(i);
    }
    if (amount > 0 || (pots.length === 0 && s.dead > 0)) pots.push({ amount, eligible });
    prev = level;
  }
  // Chips a folded player put in above every live player's level: only possible before
  // the uncalled part is returned; they belong to the top pot.
  let above = 0;
  for (let i = 0; i < n; i++) if (s.committed[i]! > prev) above += s.committed[i]! - prev;
  if (pots.length > 0) {
    const last = pots.length - 1;
    if (above > 0) pots[last] = { amount: pots[last]!.amount + above, eligible: pots[last]!.eligible };
    // Dead antes (big-blind ante) are in the main pot, which every player still in can win.
    if (s.dead > 0) pots[0] = { amount: pots[0]!.amount + s.dead, eligible: pots[0]!.eligible };
  }
  return pots;
}

/**
 * Splits `amount` among `winners` (in order from the button's left) in units of `unit`.
 * Returns each winner's share and the odd amount left over; `giveOdd` says who gets it.
 */
export function split(amount: number, winners: readonly number[], unit: number): { share: number; odd: number } {
  const k = winners.length;
  const share = Math.floor(amount / (k * unit)) * unit;
  return { share, odd: amount - share * k };
}

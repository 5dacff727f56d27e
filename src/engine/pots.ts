// Pots (R-POT-1): the main pot holds what every player still in can match; each surplus
// level forms a side pot among those who put it in. Splits are in units of the smallest
// chip (R-POT-4).
import { hasFolded, type Draft } from "./state.ts";
import type { HandState, Pot } from "./types.ts";

/**
 * The pots from the chips collected so far (the round's bets not included). `contends`
 * says who can still win (default: everyone not folded); pots with the same contenders
 * are one pot.
 */
export function computePots(s: HandState | Draft, contends?: readonly boolean[]): Pot[] {
  const n = s.n;
  const committed = s.committed;
  // Who contends, as bits (at most 23 players), and the distinct levels they put in,
  // ascending (insertion into a sorted list: a handful of players).
  let inPot = 0;
  const levels: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = committed[i]!;
    if (contends === undefined ? hasFolded(s, i) : !contends[i]) continue;
    inPot |= 1 << i;
    let k = levels.length;
    while (k > 0 && levels[k - 1]! > c) k--;
    if (k > 0 && levels[k - 1] === c) continue;
    levels.push(c);
    for (let m = levels.length - 1; m > k; m--) levels[m] = levels[m - 1]!;
    levels[k] = c;
  }
  // Made here for this call alone: the amounts are settled below before anyone sees them.
  const pots: { amount: number; eligible: readonly number[] }[] = [];
  let prev = 0;
  for (let k = 0; k < levels.length; k++) {
    const level = levels[k]!;
    let amount = 0;
    const eligible: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = committed[i]!;
      if (c > prev) amount += Math.min(c, level) - prev;
      if (c >= level && (inPot >> i) & 1) eligible.push(i);
    }
    if (amount > 0 || (pots.length === 0 && s.dead > 0)) pots.push({ amount, eligible });
    prev = level;
  }
  if (pots.length > 0) {
    // Chips a folded player put in above every contender's level: only possible before
    // the uncalled part is returned; they belong to the top pot.
    let above = 0;
    for (let i = 0; i < n; i++) if (committed[i]! > prev) above += committed[i]! - prev;
    pots[pots.length - 1]!.amount += above;
    // Dead antes (big-blind ante) are in the main pot, which every player still in can win.
    pots[0]!.amount += s.dead;
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

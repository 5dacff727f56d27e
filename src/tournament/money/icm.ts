// ICM (Malmuth–Harville) for deals among finalists: a player's chance to finish first is
// stack ÷ chips in play; given who finished ahead, the same holds among the rest. Exact:
// a dynamic programme over the sets of players who took the top places. prob[S] is the
// chance that the players in S took the top |S| places (in any order); each set hands its
// chance on to every set with one more player, who takes the next place with probability
// stack ÷ chips left, so each player's expected prize adds up along the way. That is
// 2^n × n steps in two flat arrays (n = 20: ~21 million steps, 16 MB), where a memo of a
// result array per set took 2^n × n² steps and 2^n arrays (14 finalists 0.8 s,
// 20 finalists two minutes, all of it on the server's event loop in a director's deal).
import { fail, ok, type Result } from "../../lib/result.ts";
import { byRemainder, roundToUnit } from "./rounding.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

const MAX_PLAYERS = 20;

/** Equity of each player in `prizes` (prizes[0] = 1st place). Equities sum to the prizes paid. */
export function icmEquities(stacks: readonly number[], prizes: readonly number[]): Result<number[]> {
  const n = stacks.length;
  if (n === 0 || n > MAX_PLAYERS) return fail(TOURNAMENT_ERRORS.icmSize, `ICM takes 1 to ${MAX_PLAYERS} players`, { players: n });
  if (!stacks.every((s) => Number.isFinite(s) && s > 0)) return fail(TOURNAMENT_ERRORS.icmBadStacks, "every stack must be positive", { stacks });
  if (!prizes.every((p) => Number.isFinite(p) && p >= 0)) return fail(TOURNAMENT_ERRORS.icmBadPrizes, "prizes must be non-negative", { prizes });
  const k = Math.min(prizes.length, n);
  const out = new Array<number>(n).fill(0);
  if (k === 0) return ok(out);
  const sets = 1 << n;
  const total = stacks.reduce((a, b) => a + b, 0);
  // chips[S]: the chips of the players in S; placed[S]: how many they are (the next place).
  const chips = new Float64Array(sets);
  const placed = new Uint8Array(sets);
  const prob = new Float64Array(sets);
  prob[0] = 1;
  // A set is numbered below every set that adds a player to it: ascending order is in time.
  for (let set = 0; set < sets; set++) {
    if (set > 0) {
      const low = 31 - Math.clz32(set & -set);
      chips[set] = chips[set & (set - 1)]! + stacks[low]!;
      placed[set] = placed[set & (set - 1)]! + 1;
    }
    const p = prob[set]!;
    const place = placed[set]!;
    if (p === 0 || place >= k) continue;
    const left = total - chips[set]!;
    const prize = prizes[place]!;
    const last = place + 1 >= k;
    for (let j = 0; j < n; j++) {
      const bit = 1 << j;
      if (set & bit) continue;
      const next = (p * stacks[j]!) / left;
      out[j]! += next * prize;
      if (!last) prob[set | bit]! += next;
    }
  }
  return ok(out);
}

/** An ICM deal rounded to `unit` (default 1): amounts sum exactly to the prizes (largest remainders first). */
export function icmDeal(stacks: readonly number[], prizes: readonly number[], unit = 1): Result<number[]> {
  const e = icmEquities(stacks, prizes);
  if (!e.ok) return e;
  const total = prizes.slice(0, stacks.length).reduce((a, b) => a + b, 0);
  return ok(roundToUnit(total, e.value, unit, byRemainder(e.value, unit)));
}

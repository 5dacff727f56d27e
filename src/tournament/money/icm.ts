// ICM (Malmuth–Harville) for deals among finalists: a player's chance to finish first is
// stack ÷ chips in play; given who finished ahead, the same holds among the rest. The
// expectation over every finishing order is computed exactly by memoising on the set of
// players still unplaced, which is fast for final tables (≤ 20 players).
import { fail, ok, type Result } from "../../lib/result.ts";
import { byRemainder, roundToUnit } from "./rounding.ts";

const MAX_PLAYERS = 20;

/** Equity of each player in `prizes` (prizes[0] = 1st place). Equities sum to the prizes paid. */
export function icmEquities(stacks: readonly number[], prizes: readonly number[]): Result<number[]> {
  const n = stacks.length;
  if (n === 0 || n > MAX_PLAYERS) return fail("tournament/icm-size", `ICM takes 1 to ${MAX_PLAYERS} players`, { players: n });
  if (!stacks.every((s) => Number.isFinite(s) && s > 0)) return fail("tournament/icm-bad-stacks", "every stack must be positive", { stacks });
  if (!prizes.every((p) => Number.isFinite(p) && p >= 0)) return fail("tournament/icm-bad-prizes", "prizes must be non-negative", { prizes });
  const k = Math.min(prizes.length, n);
  const full = (1 << n) - 1;
  const memo = new Map<number, Float64Array>();
  // eq(mask) = expected prizes of the players in `mask` when the others took the top places.
  const eq = (mask: number, place: number): Float64Array => {
    const out = new Float64Array(n);
    if (place >= k) return out;
    const hit = memo.get(mask);
    if (hit !== undefined) return hit;
    let total = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) total += stacks[i]!;
    for (let j = 0; j < n; j++) {
      if (!(mask & (1 << j))) continue;
      const p = stacks[j]! / total;
      out[j]! += p * prizes[place]!;
      const rest = eq(mask & ~(1 << j), place + 1);
      for (let i = 0; i < n; i++) out[i]! += p * rest[i]!;
    }
    memo.set(mask, out);
    return out;
  };
  return ok(Array.from(eq(full, 0)));
}

/** An ICM deal rounded to `unit` (default 1): amounts sum exactly to the prizes (largest remainders first). */
export function icmDeal(stacks: readonly number[], prizes: readonly number[], unit = 1): Result<number[]> {
  const e = icmEquities(stacks, prizes);
  if (!e.ok) return e;
  const total = prizes.slice(0, stacks.length).reduce((a, b) => a + b, 0);
  return ok(roundToUnit(total, e.value, unit, byRemainder(e.value, unit)));
}

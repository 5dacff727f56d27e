// Heads-up knockout (R-TRN-10): a bracket of one-on-one matches. When the field is not a
// power of two, the first round gives byes so the second round is one: with 2^k ≥ n,
// 2^k − n players go through without playing. The draw (R-DEAL-7) decides who.
import { drawFirstButton, type FirstButtonDraw, type RandomSource } from "../index.ts";
import type { TableDraw, TournamentEvent } from "./types.ts";

export function byesFor(n: number): number {
  let size = 1;
  while (size < n) size *= 2;
  return size - n;
}

/** Round `round` between `entries` (already in drawn order); tables numbered from `firstTable`. */
export function drawMatches(
  round: number,
  entries: readonly string[],
  firstTable: number,
  at: number,
  rng: RandomSource,
  /** R-DEAL-6: the event's first-button draw. */
  rule: FirstButtonDraw = "suit",
): Extract<TournamentEvent, { type: "matches-drawn" }> {
  const byeCount = round === 1 ? byesFor(entries.length) : entries.length % 2;
  const byes = entries.slice(0, byeCount);
  const playing = entries.slice(byeCount);
  const tables: TableDraw[] = [];
  for (let i = 0; i + 1 < playing.length; i += 2) {
    const btn = drawFirstButton([1, 2], rng, rule);
    tables.push({
      table: firstTable + tables.length,
      seats: [
        { seat: 1, entry: playing[i]! },
        { seat: 2, entry: playing[i + 1]! },
      ],
      button: btn.ok ? btn.value.button : 1,
      ...(btn.ok ? { draw: btn.value.cards } : {}),
    });
  }
  return { type: "matches-drawn", at, round, tables, byes };
}

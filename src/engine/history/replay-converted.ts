// A hand converted from another format (PokerStars) replayed through the engine and
// compared, player by player, with what its history says was collected and returned.
import type { ConvertedHand } from "./phh-types.ts";
import { replayPhh } from "./phh.ts";

/** null when every amount matches, else what differed. */
export function checkPokerStarsHand(h: ConvertedHand): string | null {
  const r = replayPhh(h.hand);
  if (!r.ok) return r.error.message;
  const n = h.hand.startingStacks.length;
  const collected = new Array<number>(n).fill(0);
  const returned = new Array<number>(n).fill(0);
  for (const e of r.value.events) {
    if (e.type === "award") collected[e.player]! += e.amount;
    else if (e.type === "return") returned[e.player]! += e.amount;
  }
  // replayPhh scales decimal amounts itself; the converted hand's amounts are whole units.
  const k = r.value.scale;
  const name = (i: number) => h.hand.players?.[i] ?? `p${i + 1}`;
  const diffs: string[] = [];
  for (let i = 0; i < n; i++) {
    const wantC = Math.round((h.expected.collected[i] ?? 0) * k);
    const wantR = Math.round((h.expected.returned[i] ?? 0) * k);
    if (collected[i] !== wantC) diffs.push(`${name(i)} collected ${collected[i]! / k} (history: ${wantC / k})`);
    if (returned[i] !== wantR) diffs.push(`${name(i)} got back ${returned[i]! / k} (history: ${wantR / k})`);
  }
  return diffs.length === 0 ? null : diffs.join(", ");
}

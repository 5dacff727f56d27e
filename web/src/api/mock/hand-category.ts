import type { HandCategory } from "../../../../src/protocol/index.ts";

// A small classifier for the mock server only (the real server uses src/cards' evaluator).
// Returns the category and a rough strength used to pick a mock winner.
export function classify(cards: readonly number[]): { category: HandCategory; strength: number } {
  const ranks = cards.map((c) => Math.floor(c / 4));
  const counts = new Map<number, number>();
  for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
  const bySuit = [0, 1, 2, 3].map((s) => cards.filter((c) => c % 4 === s).map((c) => Math.floor(c / 4)));
  const flushSuit = bySuit.find((s) => s.length >= 5);
  const straightHigh = (rs: readonly number[]): number => {
    const set = new Set(rs);
    for (let hi = 12; hi >= 3; hi--) {
      const run = [0, 1, 2, 3, 4].map((k) => (hi - k < 0 ? 12 : hi - k));
      if (hi === 3 ? [3, 2, 1, 0, 12].every((r) => set.has(r)) : run.every((r) => set.has(r))) return hi;
    }
    return -1;
  };
  const groups = [...counts.values()].sort((a, b) => b - a);
  const top = Math.max(...ranks);
  const sf = flushSuit ? straightHigh(flushSuit) : -1;
  const pick = (category: HandCategory, tier: number): { category: HandCategory; strength: number } => ({
    category,
    strength: tier * 100 + top,
  });
  if (sf === 12) return pick("royal-flush", 9);
  if (sf >= 0) return pick("straight-flush", 8);
  if (groups[0] === 4) return pick("four-of-a-kind", 7);
  if (groups[0] === 3 && (groups[1] ?? 0) >= 2) return pick("full-house", 6);
  if (flushSuit) return pick("flush", 5);
  if (straightHigh(ranks) >= 0) return pick("straight", 4);
  if (groups[0] === 3) return pick("three-of-a-kind", 3);
  if (groups[0] === 2 && groups[1] === 2) return pick("two-pair", 2);
  if (groups[0] === 2) return pick("pair", 1);
  return pick("high-card", 0);
}

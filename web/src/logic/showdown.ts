import type { HandCategory, LastHand } from "../../../src/protocol/index.ts";

// The finished hand's pots as the felt says them: each pot (main, side, split) with every
// player who took a share of it, and the hand it was won with.

export interface PotLine {
  /** 0: the main pot; n: side pot n. */
  readonly index: number;
  readonly amount: number;
  /** Everyone with a share, in the server's order (a split pot names them all). */
  readonly winners: readonly string[];
  /** The winning hand: its category and, when it was shown, its five cards (for the full name). */
  readonly hand: { readonly category: HandCategory; readonly cards: readonly number[] | null } | null;
}

export function potLines(last: Pick<LastHand, "pots" | "shown">): PotLine[] {
  return last.pots.map((p) => {
    const first = p.winners.find((w) => w.category !== null) ?? null;
    const cards = first === null ? null : (last.shown.find((x) => x.seat === first.seat)?.hand?.cards ?? null);
    return {
      index: p.index,
      amount: p.amount,
      winners: [...new Set(p.winners.map((w) => w.name))],
      hand: first?.category ? { category: first.category, cards } : null,
    };
  });
}

// What each player puts in before the cards (R-BLIND-1/2/4 amounts are the engine's; this
// says who owes what), in PHH order p1..pN of the hand.
import type { TableHand } from "./positions.ts";

export interface BlindLevel {
  readonly sb: number;
  readonly bb: number;
  readonly ante: number;
  /** R-BLIND-2 option: the big blind pays the ante for the whole table. */
  readonly bigBlindAnte?: boolean;
}

export interface ForcedBets {
  readonly players: readonly string[];
  /** Blinds owed per player, p1..pN (not the PHH heads-up reversed reading). */
  readonly blinds: readonly number[];
  /** Antes owed per player, p1..pN. */
  readonly antes: readonly number[];
  /** How the antes enter the pots, as the hand engine's HandConfig.antePots: a big-blind
   * ante is dead money in the main pot; per-player antes are layered. */
  readonly antePots: "layered" | "dead";
}

export function forcedBets(hand: TableHand, level: BlindLevel): ForcedBets {
  // With two big blinds (moving button) the one in the regular big-blind place pays a BB ante.
  const anteBB = hand.bb.at(-1);
  return {
    players: hand.order.map((p) => p.player),
    blinds: hand.order.map((p) => (hand.sb.includes(p.seat) ? level.sb : 0) + (hand.bb.includes(p.seat) ? level.bb : 0)),
    antes: hand.order.map((p) => (level.bigBlindAnte ? (p.seat === anteBB ? level.ante : 0) : level.ante)),
    antePots: level.bigBlindAnte ? "dead" : "layered",
  };
}

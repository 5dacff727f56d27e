// A tournament structure (R-TRN-1): the schedule of blind levels and breaks, the chip set
// in play and the starting stack. Amounts are chips (integers); durations are minutes.

/** Which betting game a level plays (R-BET-9 mixed hold'em alternates the two). */
export type LevelGame = "no-limit" | "limit";

/** The blinds a level uses for one game. */
export interface BlindSet {
  readonly sb: number;
  readonly bb: number;
  /** Ante paid by every player dealt in (R-BLIND-2), or by the big blind alone when `bigBlindAnte`. */
  readonly ante: number;
}

export interface Level extends BlindSet {
  readonly kind: "level";
  readonly minutes: number;
  /** Big-blind ante (R-BLIND-2 option): the big blind pays `ante` for the whole table. */
  readonly bigBlindAnte?: boolean;
  /** Game of this level; no-limit when absent. */
  readonly game?: LevelGame;
  /**
   * Mixed hold'em (R-BET-9): the blinds used when this level is played as fixed limit.
   * The structure names both sets so the average pot stays about the same across the switch.
   */
  readonly limit?: BlindSet;
}

export interface Break {
  readonly kind: "break";
  readonly minutes: number;
  /** An add-on or colour-up is usually done during a break; informative only. */
  readonly note?: string;
  /**
   * This denomination (and any smaller one still in
   * play) is coloured up at this break, not earlier. Absent: chips leave as soon as no
   * coming level needs them.
   */
  readonly colourUp?: number;
}

export type StructureItem = Level | Break;

export interface Structure {
  readonly name: string;
  readonly startingStack: number;
  /** Chip denominations in play at the start, ascending (e.g. [25, 100, 500, 1000]). */
  readonly chips: readonly number[];
  readonly items: readonly StructureItem[];
  /** Mixed hold'em switch unit (R-BET-9); "level" when the structure alternates by level. */
  readonly mixedBy?: "level" | "orbit";
}

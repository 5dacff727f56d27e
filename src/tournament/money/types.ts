// The money side of a tournament (R-TRN-2…8). Amounts are integers in the smallest
// currency unit (e.g. cents, or whole euros when the room never deals in cents).

/** A point in the structure's schedule that closes a window. */
export type WindowEnd =
  | { readonly endOfBreak: number } // 1-based: the end of the n-th break
  | { readonly endOfLevel: number } // 1-based: the end of the n-th level
  | { readonly minutes: number }; // minutes of play since the start

/**
 * R-TRN-3: a re-entry window that ends at a named break closes when that break ends (the
 * default) or when it starts: rooms read "re-entry until the 2nd break" both ways.
 */
export type ReEntryCloses = "break-start" | "break-end";

export interface ReEntryRule {
  /** R-TRN-3: default the end of the 2nd break. */
  readonly until: WindowEnd;
  /** Re-entries allowed per player; unlimited when absent. */
  readonly max?: number;
}

export interface RebuyRule {
  /** R-TRN-4: a rebuy's price and chips may differ from the buy-in. */
  readonly cost: number;
  readonly fee: number;
  readonly chips: number;
  /** Rebuys allowed per player; unlimited when absent. */
  readonly max?: number;
  readonly until: WindowEnd;
  /** A rebuy is allowed when the stack is at most this (0: only when busted). Default 0. */
  readonly stackAtMost?: number;
}

export interface AddOnRule {
  /** R-TRN-5: once per remaining player, during the n-th break (1-based). */
  readonly atBreak: number;
  readonly cost: number;
  readonly fee: number;
  readonly chips: number;
}

export interface MoneyConfig {
  /** The part of the entry that goes to the prize pool (R-TRN-2); 0 for a freeroll. */
  readonly buyIn: number;
  /** The house's part; never in the prize pool. */
  readonly fee: number;
  readonly reEntry?: ReEntryRule;
  readonly rebuy?: RebuyRule;
  readonly addOn?: AddOnRule;
  /** R-TRN-6: prize pool = max(guarantee, collected) when the tournament runs. */
  readonly guarantee?: number;
  /** R-TRN-7: prizes funded by the organiser (a freeroll's pool). Added to what is collected. */
  readonly organiserPrizes?: number;
  /** Share of the field paid (default 0.15). */
  readonly paidFraction?: number;
  /** Prizes are rounded to multiples of this many units (default 1). */
  readonly unit?: number;
}

/** One payment into a tournament: the ledger line every money question is answered from. */
export interface Payment {
  readonly player: string;
  readonly kind: "buy-in" | "re-entry" | "rebuy" | "add-on";
  /** Part that goes to the prize pool. */
  readonly toPool: number;
  /** Part that goes to the house. */
  readonly fee: number;
  /** Chips the payment gives. */
  readonly chips: number;
}

// A hand in PHH terms (pokerkit's Poker Hand History fields, camel-cased). This is the
// meeting point of the history formats: the PHH reader fills it from TOML, the
// PokerStars reader converts into it, and the engine replays it.
// Players are p1..pN in seat order starting left of the button (p1 = small blind),
// except heads-up, where p1 is the big blind and p2 the button.
export type PhhVariant = "NT" | "PT" | "FT";

export interface PhhHand {
  readonly variant: PhhVariant;
  /** true: antes count toward the pot like bets (uniform antes); false: dead money (BB ante). */
  readonly anteTrimmingStatus: boolean;
  readonly antes: readonly number[];
  readonly blindsOrStraddles: readonly number[];
  /** NT/PT: the minimum bet (the big blind). */
  readonly minBet?: number;
  /** FT: small and big bet. */
  readonly smallBet?: number;
  readonly bigBet?: number;
  readonly startingStacks: readonly number[];
  /** PHH action strings: "d dh p1 AsKs", "d db 2c3c4c", "p3 cbr 30", "p1 cc", "p2 f", "p1 sm AsKs". */
  readonly actions: readonly string[];
  readonly finishingStacks?: readonly number[];
  readonly players?: readonly string[];
  /** Any other PHH fields (event, table, seats, currency, ...), kept for writing back. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** What a PokerStars text history says the hand ended with, per PHH player index (0 = p1). */
export interface ExpectedAmounts {
  /** "NAME collected X from pot" summed per player. */
  readonly collected: readonly number[];
  /** "Uncalled bet (X) returned to NAME" per player. */
  readonly returned: readonly number[];
}

export interface ConvertedHand {
  /** e.g. "pluribus_100.txt#3 (hand 12345)". */
  readonly name: string;
  readonly hand: PhhHand;
  readonly expected: ExpectedAmounts;
  /** Multiply amounts in the source by this to get integer chips (1 for chips, 100 for cents). */
  readonly scale: number;
}

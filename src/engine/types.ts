// The hand engine's vocabulary: configuration, actions, events, legal actions, state.
// Players are indexed 0..n-1 in PHH order: p1 (index 0) is the first seat left of the
// button, so p1 is the small blind, except heads-up, where p1 is the big blind and p2
// the button (R-HU-1). Which physical seat holds the button (possibly a dead one) is the
// table layer's business: it maps seats to this order.
import type { Card } from "../cards/index.ts";

/** NT no-limit, PT pot-limit, FT fixed-limit hold'em. Mixed hold'em (R-BET-9) is a table
 *  matter: the table layer gives every hand its own variant and blinds. */
export type Variant = "NT" | "PT" | "FT";

/** R-POT-4: who gets a chip that cannot be split. */
export type OddChipPolicy = "left-of-button" | "carry" | "draw";

export interface RakeConfig {
  /** Percent of the pot (0..100). */
  readonly percent: number;
  /** Largest rake in chips; absent: no cap. */
  readonly cap?: number;
  /** R-POT-7: no rake when the hand ends before the flop (default true). */
  readonly noFlopNoDrop?: boolean;
}

/** How forced bets are posted and what they make the others owe (see `HandConfig.forcedBets`). */
export type ForcedBetConvention = "rulebook" | "pokerkit";

export interface HandConfig {
  readonly variant: Variant;
  /** Chips behind at the start of the hand, per player (R-BET-1). */
  readonly stacks: readonly number[];
  /** Blind or straddle each player must post (0 = none), per player in PHH order, NOT the
   *  PHH heads-up reversed order: heads-up [BB, SB]. Two big blinds, no small blind, or a
   *  button that also posts the small blind (R-BTN-3) are just other arrays. */
  readonly blinds: readonly number[];
  /** Live posts (0 = none), in the same order as `blinds`: a newly seated player paying a
   *  blind to be dealt in at once, out of the blinds' positions. A post is a live bet like a
   *  blind but never decides who acts first nor the big blind (pokerkit's negative
   *  `blinds_or_straddles` entries). */
  readonly posts?: readonly number[];
  /** Ante per player (0 = none); a big-blind ante is an array with one non-zero entry. */
  readonly antes?: readonly number[];
  /** How antes enter the pots (both dead money that never counts toward a bet, R-BLIND-2):
   *  "layered" (PHH ante_trimming_status = true): an ante is a contribution like a bet, so
   *  a player all-in for less than the antes wins only what they matched (R-POT-1);
   *  "dead" (PHH false, the big-blind ante): all antes go to the main pot, which every
   *  player still in can win. Default: layered when every player pays the same ante,
   *  dead otherwise (a big-blind ante must never come back to its payer as a side pot). */
  readonly antePots?: "layered" | "dead";
  /** NT/PT minimum bet (R-BET-4: the big blind, in every round, never a straddle,
   *  R-BLIND-3). Default: the big blind read from `blinds` (`bigBlindOf`): the largest blind
   *  that is not a straddle, a straddle being a blind at p3 or later that is larger than
   *  the blind just before it, which is itself larger than the one before that (SB < BB <
   *  straddle < re-straddle). Two big blinds or two small blinds (R-BTN-3) are no straddle. */
  readonly minBet?: number;
  /** The posting convention (docs/rules.md):
   *  - "rulebook" (default): R-BLIND-2, a big blind who owes a big-blind ante (an `antes`
   *    array with one non-zero entry) posts the blind first and the ante from what is left;
   *    R-BLIND-4, a short all-in blind does not lower the stakes: pre-flop the others owe the
   *    largest blind as configured (not as posted) and the smallest raise is on top of it.
   *  - "pokerkit": pokerkit's PHH reading, used to replay PHH files and other histories as
   *    recorded: antes are posted before blinds, and the bet to call pre-flop is the largest
   *    amount actually posted. */
  readonly forcedBets?: ForcedBetConvention;
  /** FT small and big bet (R-BET-7). Default: minBet and 2 × minBet. */
  readonly smallBet?: number;
  readonly bigBet?: number;
  /** The smallest chip: pots split in units of it (R-POT-4). Default 1. */
  readonly chipUnit?: number;
  readonly oddChip?: OddChipPolicy;
  /** For oddChip "draw" without an engine deck: cards the dealer draws for the winners. */
  readonly drawCards?: readonly Card[];
  /** Cash tables only (R-POT-7). */
  readonly rake?: RakeConfig;
  /** R-POT-6 (option, default off): a player who shows one card kills the hand. */
  readonly oneCardKills?: boolean;
  /** Replays of cash-game histories only (the PHH standard): a player may show cards the
   *  history does not know (`??`), keeping a claim to the pot; their hand is the best five of
   *  the cards known (those shown and the board), as pokerkit evaluates it. Never at a table. */
  readonly unknownShows?: boolean;
  /** The shuffled deck, top first: the engine deals (R-DEAL-3/4). Absent: cards are
   *  dealt from outside with deal-hole / deal-board actions (live dealing, replays). */
  readonly deck?: readonly Card[];
  /** R-DEAL-5 (live dealing, deck mode): the steps of the hole-card deal (0 = first card
   *  dealt) at which the dealer exposed a card. One: that card goes to the end of the
   *  deck and is replaced; more than one: misdeal. */
  readonly exposed?: readonly number[];
  /** Showdown without show/muck actions: in R-POT-5 order each player shows when the
   *  hand can still win something, else mucks (the winning hand is always shown). */
  readonly autoShowdown?: boolean;
}

export type Action =
  | { readonly type: "fold"; readonly player: number }
  | { readonly type: "check"; readonly player: number }
  | { readonly type: "call"; readonly player: number }
  /** Bet or raise so that the player's total bet this round is `to` (R-BET-3). */
  | { readonly type: "raise"; readonly player: number; readonly to: number }
  | { readonly type: "bet"; readonly player: number; readonly to: number }
  /** Show at showdown; `cards` required when the engine does not know them. */
  | { readonly type: "show"; readonly player: number; readonly cards?: readonly Card[] }
  | { readonly type: "muck"; readonly player: number }
  /** Live dealing / replays: -1 is an unknown card (PHH `??`). */
  | { readonly type: "deal-hole"; readonly player: number; readonly cards: readonly Card[] }
  | { readonly type: "deal-board"; readonly cards: readonly Card[] };

/** Actions that name a player. */
export type PlayerAction = Exclude<Action, { readonly type: "deal-board" }>;

/** The players' betting actions: most of a hand's events. */
export type BetEvent = Extract<HandEvent, { type: "fold" | "check" | "call" | "bet" | "raise" }>;

export type HandEvent =
  | { readonly type: "ante"; readonly player: number; readonly amount: number; readonly allIn: boolean }
  | { readonly type: "blind"; readonly player: number; readonly amount: number; readonly allIn: boolean }
  | { readonly type: "exposed"; readonly card: Card }
  | { readonly type: "misdeal" }
  | { readonly type: "hole"; readonly player: number; readonly cards: readonly Card[] }
  | { readonly type: "fold"; readonly player: number }
  | { readonly type: "check"; readonly player: number }
  | { readonly type: "call"; readonly player: number; readonly amount: number; readonly allIn: boolean }
  | { readonly type: "bet"; readonly player: number; readonly to: number; readonly allIn: boolean }
  | { readonly type: "raise"; readonly player: number; readonly to: number; readonly allIn: boolean }
  /** An uncalled bet goes back to its owner (R-POT-1). */
  | { readonly type: "return"; readonly player: number; readonly amount: number }
  /** The round's bets go into the pots. */
  | { readonly type: "collect" }
  | { readonly type: "burn"; readonly card: Card }
  | { readonly type: "board"; readonly cards: readonly Card[] }
  | { readonly type: "show"; readonly player: number; readonly cards: readonly Card[] }
  | { readonly type: "muck"; readonly player: number }
  | { readonly type: "rake"; readonly amount: number }
  /** `pot` 0 is the main pot, 1.. the side pots. */
  | { readonly type: "award"; readonly player: number; readonly amount: number; readonly pot: number }
  /** R-POT-4 "carry": odd chips that stay for the next hand. */
  | { readonly type: "carry"; readonly amount: number }
  /** The snapshot closing the hand. */
  | { readonly type: "end"; readonly stacks: readonly number[] };

export interface LegalActions {
  readonly actor: number;
  readonly canFold: boolean;
  readonly canCheck: boolean;
  /** Chips a call adds (0 when checking is possible); capped at the stack (all-in). */
  readonly call: number;
  readonly canRaise: boolean;
  /** Smallest and largest total bet this round for a bet/raise; null when none is allowed. */
  readonly minRaiseTo: number | null;
  readonly maxRaiseTo: number | null;
}

export interface Pot {
  readonly amount: number;
  /** Players (indices) who can win it. */
  readonly eligible: readonly number[];
}

export type Phase =
  | "hole" // waiting for hole cards from outside
  | "bet"
  | "board" // waiting for board cards
  | "showdown"
  | "award" // internal: dealer pushes the pots
  | "done"
  | "misdeal";

/** 0 folded, 1 can act, 2 all-in. */
export const FOLDED = 0;
export const ACTIVE = 1;
export const ALL_IN = 2;

/** The complete state (server side). Never mutated once returned. */
export interface HandState {
  readonly cfg: NormalizedConfig;
  readonly n: number;
  readonly phase: Phase;
  /** 0 pre-flop, 1 flop, 2 turn, 3 river. */
  readonly street: number;
  readonly stacks: readonly number[];
  /** This round's bets (blinds included, antes never). */
  readonly bets: readonly number[];
  /** Chips already collected into the pots, per player (antes included when layered). */
  readonly committed: readonly number[];
  /** Dead antes (antePots "dead"): part of the main pot. */
  readonly dead: number;
  /** Who has folded and who is all-in, bit i for player i (n ≤ 23); a player in neither is
   *  active (statusOf gives FOLDED / ACTIVE / ALL_IN). Numbers, not an array of statuses:
   *  a fold or an all-in is written on the action's path, and `apply` would copy an array
   *  an action writes. */
  readonly folded: number;
  readonly allIn: number;
  /** How many players are not folded, and how many of them can still act (not all-in):
   *  kept with the bits, so who acts next is one pass over the seats, not two. */
  readonly live: number;
  readonly able: number;
  /** Who has acted this round, bit i for player i (posting a blind is not acting; n ≤ 23).
   *  The level a player matched by acting (R-BET-8 reopening) is their bet: a player's bet
   *  moves only when they act, until the round is collected. A number, not an array: every
   *  action writes it, and `apply` would copy an array an action writes. */
  readonly acted: number;
  /** 2 per player; -1 unknown or not dealt. */
  readonly hole: readonly Card[];
  readonly holeDealt: readonly boolean[];
  /** 0 not yet, 1 shown, 2 mucked. */
  readonly shown: readonly number[];
  readonly board: readonly Card[];
  readonly deck: readonly Card[] | null;
  readonly deckPos: number;
  readonly actor: number;
  readonly currentBet: number;
  /** NT/PT: size of the largest bet or raise in the round (R-BET-4). */
  readonly increment: number;
  /** FT: bet level of the last full bet/raise, and how many bets this round (R-BET-7). */
  readonly fullLevel: number;
  readonly betCount: number;
  /** Last player to bet or raise this round, -1 none. */
  readonly aggressor: number;
  readonly showQueue: readonly number[];
  /** Showdown reached with betting over before the river: hands are tabled, then the rest
   *  of the board is dealt. */
  readonly allInShowdown: boolean;
  readonly flopSeen: boolean;
  readonly carried: number;
  readonly raked: number;
  /** Set when the hand is over. */
  readonly result: HandResult | null;
}

export interface HandResult {
  readonly stacks: readonly number[];
  readonly rake: number;
  readonly carried: number;
}

export interface NormalizedConfig {
  readonly variant: Variant;
  readonly n: number;
  readonly startStacks: readonly number[];
  readonly blinds: readonly number[];
  readonly antes: readonly number[];
  readonly deadAntes: boolean;
  readonly minBet: number;
  readonly forcedBets: ForcedBetConvention;
  /** A big-blind ante: exactly one player owes an ante. */
  readonly bigBlindAnte: boolean;
  /** The largest blind or straddle as configured (R-BLIND-3/4). */
  readonly topBlind: number;
  readonly smallBet: number;
  readonly bigBet: number;
  readonly unit: number;
  readonly oddChip: OddChipPolicy;
  readonly drawCards: readonly Card[] | null;
  readonly rake: RakeConfig | null;
  readonly oneCardKills: boolean;
  readonly unknownShows: boolean;
  readonly deck: readonly Card[] | null;
  readonly exposed: readonly number[];
  readonly autoShowdown: boolean;
  /** Pre-flop first actor: after the last player holding the largest blind/straddle. */
  readonly firstPreflop: number;
  readonly source: HandConfig;
}

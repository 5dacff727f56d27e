// The tournament rules' public face: pure functions of seating, button and blinds,
// balancing, colour-up and places. No clock, no I/O; randomness comes in as a RandomSource.
export { randomInt, shuffled, pick, shuffledDeck, seededRandom, type RandomSource } from "./random.ts";
export { nextSeat, seatsAfter, nextTaken, clockwise, orderFrom } from "./seats.ts";
export { tableSizes, spreadSeats, drawSeating, DEFAULT_TABLE_SIZE, type SeatAssignment, type Seating } from "./seating.ts";
export { drawFirstButton, drawFirstButtonFrom, cardSupply, type FirstButtonDraw, type FirstButton, type DrawnCard } from "./first-button.ts";
export {
  firstHand,
  nextHand,
  handFromPositions,
  headsUp,
  lastBigBlind,
  orderOf,
  type ButtonRule,
  type HandPositions,
  type SeatedPlayer,
  type TableHand,
} from "./blinds.ts";
export {
  removableChips,
  colourUp,
  type ColourUpMethod,
  type ColourUpPlayer,
  type ColourUpInput,
  type ColourUpResult,
} from "./colour-up.ts";
export { placeBusts, splitPrize, awardGroups, winner, type Bust, type PlaceAward, type Prizes } from "./places.ts";
export { shootoutLosers, shootoutRound, type ShootoutTable, type ShootoutPlacing } from "./shootout.ts";
export { balanceTables, type BalanceOptions, type BalanceResult } from "./balance.ts";
export type { BalanceRule } from "./balance-seat.ts";
export type { BalanceTable, Move } from "./table-model.ts";
export { correctBlindError, type BlindCorrection, type BlindErrorButton } from "./blind-errors.ts";
export { forcedBets, type BlindLevel, type ForcedBets } from "./forced-bets.ts";

export * from "./card.ts";
export { evaluate, evaluate7 } from "./evaluator.ts";
export { handCategory, HAND_CATEGORIES, type HandCategory } from "./hand-value.ts";
export { bestFive, describeHand, describeValue } from "./best-five.ts";
export { cryptoRandomSource, randomInt, seededRandomSource, simulationRandomSource, uniformFloats, type RandomSource } from "./random.ts";
export { deckFromSeed, newSeed, SEED_BYTES, seedCommitment, shuffle, shuffledDeck } from "./shuffle.ts";
export {
  boardPosition,
  commitDeck,
  entropyText,
  handSeed,
  HEX32_RE,
  holePosition,
  tableSeedCommitment,
  verifyOpening,
  type CommittedDeck,
  type Contribution,
  type DeckOpening,
  type HandEntropy,
} from "./fair-deck.ts";

// The hand engine: one hand at one table as a pure state machine (R-DEAL, R-BLIND,
// R-BET, R-POT, R-HU). Players are indexed in PHH order (0 = p1, left of the button).
export type {
  Action,
  HandConfig,
  HandEvent,
  HandResult,
  HandState,
  LegalActions,
  OddChipPolicy,
  Phase,
  Pot,
  RakeConfig,
  Variant,
} from "./types.ts";
export { ACTIVE, ALL_IN, FOLDED } from "./types.ts";
export {
  openHand,
  createHand,
  apply,
  openOwnedHand,
  applyOwned,
  autoShowdownAction,
  evolve,
  foldEvents,
  replay,
  type Applied,
  type OwnedHandState,
} from "./hand.ts";
export { legalActions } from "./betting.ts";
export { hasFolded, statusOf } from "./state.ts";
export { computePots } from "./pots.ts";
export { viewFor, eventFor, type PlayerView, type Viewer } from "./view.ts";
export { potTotal } from "./state.ts";

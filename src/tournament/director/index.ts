// The tournament director: a tournament as the fold of its events (decide, then evolve).
export type {
  TournamentOddChip,
  DealMethod,
  Format,
  FormatKind,
  HandOutcome,
  Placement,
  SeatEvent,
  Status,
  TableDraw,
  TournamentCommand,
  TournamentConfig,
  TournamentEvent,
  TournamentEventType,
} from "./types.ts";
export { decide } from "./decide.ts";
export {
  evolve,
  initialState,
  levelFor,
  replay,
  snapshot,
  chipsInPlay,
  finalTableSizeOf,
  houseRulesOf,
  tableSizeOf,
  chipsIssuedInPlay,
  type EntryState,
  type TableState,
  type TournamentState,
  type PrizeTable,
} from "./state.ts";
export { handConfigFor, handFits, handSetup, ruledHand, seatedLive, type HandSetup } from "./hand-setup.ts";
export { mixedByOrbit, levelInGame, orbitGame } from "./mixed-orbit.ts";
export { runTournament, Director, type HandPlayer, type EntryPolicy, type RunOptions, type RunResult } from "./run.ts";
export { checkConfig } from "./decide-lifecycle.ts";
export { byesFor } from "./bracket.ts";
export { prizesFixedEvent } from "./prizes.ts";
export { finalPlacements } from "./placements.ts";
export { lastEntryMs, fieldClosed, lateRegistrationEndsMs } from "./entries-closed.ts";
export { playedMs, isPaused, nextBreak, untilNextItemMs } from "./played.ts";
export { seatWinners, feedTarget } from "./feed.ts";
export { chipChop, dealAmounts, dealFigures, decideDeal, type DealFigures } from "./decide-deal.ts";
export { awaitingRebuy, awaitingRebuys, graceOver, rebuyGraceEndsMs, rebuyGraceMs, DEFAULT_REBUY_GRACE_MS } from "./rebuy-grace.ts";
export { runPacedTournament, type PacedOptions } from "./run-paced.ts";
export { stateToPlain, stateFromPlain } from "./state-snapshot.ts";

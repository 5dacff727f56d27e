// Stable error codes raised here, one object per prefix: code that fails names its
// code through these, so a typo is a compile error and every code is listed once. Codes
// never change once released.

export const ENGINE_ERRORS = {
  badAction: "engine/bad-action",
  badAmount: "engine/bad-amount",
  badCard: "engine/bad-card",
  badConfig: "engine/bad-config",
  badPlayer: "engine/bad-player",
  cannotCheck: "engine/cannot-check",
  duplicateCard: "engine/duplicate-card",
  handOver: "engine/hand-over",
  mustShow: "engine/must-show",
  notBetting: "engine/not-betting",
  notDealing: "engine/not-dealing",
  notShowdown: "engine/not-showdown",
  notOwned: "engine/not-owned",
  notYourTurn: "engine/not-your-turn",
  nothingToCall: "engine/nothing-to-call",
  raiseNotAllowed: "engine/raise-not-allowed",
  raiseTooLarge: "engine/raise-too-large",
  raiseTooSmall: "engine/raise-too-small",
  replayMismatch: "engine/replay-mismatch",
  showBoth: "engine/show-both",
  wrongCards: "engine/wrong-cards",
} as const;
export type EngineErrorCode = (typeof ENGINE_ERRORS)[keyof typeof ENGINE_ERRORS];

export const HISTORY_ERRORS = {
  pokerstarsBadCards: "history/pokerstars-bad-cards",
  pokerstarsBadHeader: "history/pokerstars-bad-header",
  pokerstarsBadLine: "history/pokerstars-bad-line",
  pokerstarsCannotWrite: "history/pokerstars-cannot-write",
  pokerstarsEmpty: "history/pokerstars-empty",
  pokerstarsInconsistent: "history/pokerstars-inconsistent",
  pokerstarsUnsupportedGame: "history/pokerstars-unsupported-game",
  pokerstarsUnsupportedPost: "history/pokerstars-unsupported-post",
} as const;
export type HistoryErrorCode = (typeof HISTORY_ERRORS)[keyof typeof HISTORY_ERRORS];

export const PHH_ERRORS = {
  badAction: "phh/bad-action",
  badHand: "phh/bad-hand",
  unfinished: "phh/unfinished",
} as const;
export type PhhErrorCode = (typeof PHH_ERRORS)[keyof typeof PHH_ERRORS];

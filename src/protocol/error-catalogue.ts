// Stable error codes raised here, one object per prefix: code that fails names its
// code through these, so a typo is a compile error and every code is listed once. Codes
// never change once released.

export const AUTH_ERRORS = {
  badCredentials: "auth/bad-credentials",
  forbidden: "auth/forbidden",
  invalidToken: "auth/invalid-token",
  nameTaken: "auth/name-taken",
  required: "auth/required",
  tooManyAttempts: "auth/too-many-attempts",
  tooManySignUps: "auth/too-many-sign-ups",
} as const;
export type AuthErrorCode = (typeof AUTH_ERRORS)[keyof typeof AUTH_ERRORS];

export const ACCOUNT_ERRORS = {
  noTopUp: "account/no-top-up",
} as const;
export type AccountErrorCode = (typeof ACCOUNT_ERRORS)[keyof typeof ACCOUNT_ERRORS];

export const DIRECTOR_ERRORS = {
  invalid: "director/invalid",
  notFound: "director/not-found",
} as const;
export type DirectorErrorCode = (typeof DIRECTOR_ERRORS)[keyof typeof DIRECTOR_ERRORS];

export const FAIR_ERRORS = {
  badEntropy: "fair/bad-entropy",
  badHistory: "fair/bad-history",
  badOpening: "fair/bad-opening",
  cardMismatch: "fair/card-mismatch",
  legacyHand: "fair/legacy-hand",
  noCommitment: "fair/no-commitment",
  rootMismatch: "fair/root-mismatch",
  seedMismatch: "fair/seed-mismatch",
  unopenedCard: "fair/unopened-card",
} as const;
export type FairErrorCode = (typeof FAIR_ERRORS)[keyof typeof FAIR_ERRORS];

export const PROTOCOL_ERRORS = {
  badJson: "protocol/bad-json",
  frameTooLarge: "protocol/frame-too-large",
  headersTooLarge: "protocol/headers-too-large",
  invalidMessage: "protocol/invalid-message",
  keyReused: "protocol/key-reused",
  originRefused: "protocol/origin-refused",
  rateLimited: "protocol/rate-limited",
  uriTooLong: "protocol/uri-too-long",
} as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERRORS)[keyof typeof PROTOCOL_ERRORS];

export const SERVER_ERRORS = {
  internal: "server/internal",
  unavailable: "server/unavailable",
} as const;
export type ServerErrorCode = (typeof SERVER_ERRORS)[keyof typeof SERVER_ERRORS];

export const TABLE_ERRORS = {
  badRecord: "table/bad-record",
  exists: "table/exists",
  illegalAction: "table/illegal-action",
  inHand: "table/in-hand",
  noCommitmentYet: "table/no-commitment-yet",
  noHand: "table/no-hand",
  notFound: "table/not-found",
  notSeated: "table/not-seated",
  notYourTurn: "table/not-your-turn",
  staleVersion: "table/stale-version",
  tooFewPlayers: "table/too-few-players",
} as const;
export type TableErrorCode = (typeof TABLE_ERRORS)[keyof typeof TABLE_ERRORS];

/** Causes of a live chip race the console refuses (riding on director/invalid). */
export const CHIPS_ERRORS = {
  alreadyRaced: "chips/already-raced",
  notInPlay: "chips/not-in-play",
  stillNeeded: "chips/still-needed",
} as const;
export type ChipsErrorCode = (typeof CHIPS_ERRORS)[keyof typeof CHIPS_ERRORS];

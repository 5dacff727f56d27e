// Stable error codes raised here, one object per prefix: code that fails names its
// code through these, so a typo is a compile error and every code is listed once. Codes
// never change once released.

export const VERIFY_ERRORS = {
  badHistory: "verify/bad-history",
  legacyHand: "verify/legacy-hand",
  mismatch: "verify/mismatch",
  noCommitment: "verify/no-commitment",
} as const;
export type VerifyErrorCode = (typeof VERIFY_ERRORS)[keyof typeof VERIFY_ERRORS];

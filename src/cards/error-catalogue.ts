// Stable error codes raised here, one object per prefix: code that fails names its
// code through these, so a typo is a compile error and every code is listed once. Codes
// never change once released.

export const CARDS_ERRORS = {
  badCard: "cards/bad-card",
} as const;
export type CardsErrorCode = (typeof CARDS_ERRORS)[keyof typeof CARDS_ERRORS];

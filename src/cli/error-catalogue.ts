// Stable error codes raised here, one object per prefix: code that fails names its
// code through these, so a typo is a compile error and every code is listed once. Codes
// never change once released.

export const CLI_ERRORS = {
  badDirector: "cli/bad-director",
} as const;
export type CliErrorCode = (typeof CLI_ERRORS)[keyof typeof CLI_ERRORS];

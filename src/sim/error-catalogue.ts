// Stable error codes raised here, one object per prefix: code that fails names its
// code through these, so a typo is a compile error and every code is listed once. Codes
// never change once released.

export const SIM_ERRORS = {
  badPlayers: "sim/bad-players",
  badServer: "sim/bad-server",
  cancelled: "sim/cancelled",
  remoteFailed: "sim/remote-failed",
  timeout: "sim/timeout",
  unknownFormat: "sim/unknown-format",
} as const;
export type SimErrorCode = (typeof SIM_ERRORS)[keyof typeof SIM_ERRORS];

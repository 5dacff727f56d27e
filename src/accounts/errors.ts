// Stable error codes of accounts. Sign-in never says whether the name or the password was
// wrong (one code for both), so it cannot be used to find out which names exist.
export const ACCOUNT_ERRORS = {
  badName: "accounts/bad-name",
  badPassword: "accounts/bad-password",
  nameTaken: "accounts/name-taken",
  badCredentials: "accounts/bad-credentials",
  badSession: "accounts/bad-session",
  sessionExpired: "accounts/session-expired",
  forbidden: "accounts/forbidden",
  unknownUser: "accounts/unknown-user",
  /** Too many failed sign-ins for the name or from the address: `retryAfterMs`. */
  tooManyAttempts: "accounts/too-many-attempts",
  /** Too many accounts made from the address lately: `retryAfterMs`. */
  tooManySignUps: "accounts/too-many-sign-ups",
  /** Password hashing is saturated: try again shortly (`retryAfterMs`). */
  busy: "accounts/busy",
} as const;

// Accounts: players and directors, sign-up/sign-in with scrypt-hashed passwords, sessions.
import { poolOptions, type StorageTarget } from "../store/index.ts";
import type { AccountStore } from "./account-store.ts";
import { openPostgresAccountStore } from "./postgres-store.ts";
import { openSqliteAccountStore } from "./sqlite-store.ts";

export { Accounts, DEFAULT_SESSION_TTL_MS, hashToken, type AccountsOptions, type Session, type User } from "./accounts.ts";
export {
  FIRST_PLAYER_NUMBER,
  PLAYER_SEARCH_LIMIT,
  ROLES,
  type AccountStore,
  type NewUserRecord,
  type Role,
  type SessionRecord,
  type UserRecord,
} from "./account-store.ts";
export { ACCOUNT_ERRORS } from "./errors.ts";
export { AuthGuard, DEFAULT_SIGN_IN_LIMITS, DEFAULT_SIGN_UP_LIMITS, type SignInLimits, type SignUpLimits } from "./auth-guard.ts";
export { DEFAULT_SCRYPT_LIMITS, ScryptLimiter, type ScryptLimits } from "./scrypt-limiter.ts";
export {
  checkName,
  checkPassword,
  displayKey,
  nameKey,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  type NameReason,
  type PasswordReason,
} from "./rules.ts";
export { DEFAULT_SCRYPT, hashPassword, verifyPassword, needsRehash, type ScryptParams } from "./password.ts";
export { openSqliteAccountStore, openPostgresAccountStore };

export async function openAccountStore(target: StorageTarget): Promise<AccountStore> {
  return target.kind === "sqlite" ? openSqliteAccountStore(target.path) : openPostgresAccountStore(target.url, poolOptions(target));
}

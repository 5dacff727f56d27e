// Persistence for accounts: users and sessions, on SQLite or PostgreSQL. Only the hash of a
// session token is stored: a leaked database does not hand out live sessions.
import type { Result } from "../lib/result.ts";

export type Role = "player" | "director";
export const ROLES: readonly Role[] = ["player", "director"];

export interface UserRecord {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  readonly passwordHash: string;
  readonly createdAt: number;
}

export interface SessionRecord {
  /** SHA-256 of the token, hex. */
  readonly tokenHash: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export interface AccountStore {
  /** `accounts/name-taken` when the name (ignoring case) exists. */
  insertUser(user: UserRecord): Promise<Result<UserRecord>>;
  userByName(name: string): Promise<UserRecord | null>;
  userById(id: string): Promise<UserRecord | null>;
  listUsers(options?: { readonly role?: Role }): Promise<UserRecord[]>;
  /** False when no such user. */
  setRole(id: string, role: Role): Promise<boolean>;
  setPasswordHash(id: string, hash: string): Promise<boolean>;
  insertSession(session: SessionRecord): Promise<void>;
  sessionByHash(tokenHash: string): Promise<SessionRecord | null>;
  deleteSession(tokenHash: string): Promise<void>;
  deleteUserSessions(userId: string): Promise<number>;
  /** Removes sessions that expired at or before `now`; returns how many. */
  deleteExpiredSessions(now: number): Promise<number>;
  close(): Promise<void>;
}

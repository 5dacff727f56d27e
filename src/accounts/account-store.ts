// Persistence for accounts: users and sessions, on SQLite or PostgreSQL. Only the hash of a
// session token is stored: a leaked database does not hand out live sessions.
import type { Result } from "../lib/result.ts";

export type Role = "player" | "director";
export const ROLES: readonly Role[] = ["player", "director"];

export interface UserRecord {
  readonly id: string;
  readonly name: string;
  /**
   * The player number: given by the store on insert, the next after the highest (from 1001),
   * never changed or reused, so the floor tells two players of one name apart ("#1042").
   */
  readonly number: number;
  /** The name as the floor entered it ("Bodil Ås"; the account name is ASCII); an online account's is its name. */
  readonly displayName: string;
  readonly role: Role;
  readonly passwordHash: string;
  readonly createdAt: number;
}

/** A user before the store gives the number. */
export type NewUserRecord = Omit<UserRecord, "number">;

/** The first player number given; numbers have four digits until the 8,999th account. */
export const FIRST_PLAYER_NUMBER = 1001;
/** How many players a search at the desk lists at most. */
export const PLAYER_SEARCH_LIMIT = 20;

export interface SessionRecord {
  /** SHA-256 of the token, hex. */
  readonly tokenHash: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export interface AccountStore {
  /** `accounts/name-taken` when the name (ignoring case) exists. */
  insertUser(user: NewUserRecord): Promise<Result<UserRecord>>;
  userByName(name: string): Promise<UserRecord | null>;
  userById(id: string): Promise<UserRecord | null>;
  userByNumber(number: number): Promise<UserRecord | null>;
  /**
   * Users whose shown name or account name holds `key` (a `displayKey`), at most `limit`,
   * by shown name then number.
   */
  searchUsers(key: string, limit: number): Promise<UserRecord[]>;
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

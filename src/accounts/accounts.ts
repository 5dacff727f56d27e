// Sign-up, sign-in and sessions. Time comes in through `now` (sessions expire by the
// injected clock, so tests and replays need no waiting).
import { createHash, randomBytes } from "node:crypto";
import { fail, ok, type Result } from "../lib/result.ts";
import { PLAYER_SEARCH_LIMIT, ROLES, type AccountStore, type Role, type UserRecord } from "./account-store.ts";
import { ACCOUNT_ERRORS } from "./errors.ts";
import { DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword, type ScryptParams } from "./password.ts";
import { checkName, checkPassword, displayKey } from "./rules.ts";
import { ScryptLimiter, DEFAULT_SCRYPT_LIMITS, type ScryptLimits } from "./scrypt-limiter.ts";
import { AuthGuard, DEFAULT_SIGN_IN_LIMITS, DEFAULT_SIGN_UP_LIMITS, type SignInLimits, type SignUpLimits } from "./auth-guard.ts";

/** What leaves this module about a user: never the password hash. */
export interface User {
  readonly id: string;
  readonly name: string;
  /** The player number (account-store.ts): shown as "#1042" beside the name. */
  readonly number: number;
  /** The name as shown at the tables (a walk-in's as the floor typed it). */
  readonly displayName: string;
  readonly role: Role;
  readonly createdAt: number;
}

export interface Session {
  /** The bearer token: 32 random bytes, base64url. Shown once; only its hash is stored. */
  readonly token: string;
  readonly user: User;
  readonly expiresAt: number;
}

export interface AccountsOptions {
  readonly store: AccountStore;
  readonly now: () => number;
  /** Default 7 days. */
  readonly sessionTtlMs?: number;
  readonly scrypt?: ScryptParams;
  /** Failed sign-ins per name and per address before backoff (auth-guard.ts). */
  readonly signInLimits?: SignInLimits;
  /** Sign-ups per address and window (auth-guard.ts; perAddress 0: no limit). */
  readonly signUpLimits?: SignUpLimits;
  /** Password hashes at once and waiting (scrypt-limiter.ts). */
  readonly scryptLimits?: ScryptLimits;
}

export const DEFAULT_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const publicUser = (u: UserRecord | User): User => ({
  id: u.id,
  name: u.name,
  number: u.number,
  displayName: u.displayName,
  role: u.role,
  createdAt: u.createdAt,
});
/** "1042", "#1042" or "P-1042": a player number typed at the desk. */
const NUMBER_QUERY = /^\s*(?:#|p-?)?\s*(\d{1,9})\s*$/i;
export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export class Accounts {
  private readonly store: AccountStore;
  private readonly now: () => number;
  private readonly ttl: number;
  private readonly params: ScryptParams;
  private dummyHash: Promise<string> | undefined;
  private readonly guard: AuthGuard;
  private readonly limiter: ScryptLimiter;

  constructor(options: AccountsOptions) {
    this.store = options.store;
    this.now = options.now;
    this.ttl = options.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS;
    this.params = options.scrypt ?? DEFAULT_SCRYPT;
    this.guard = new AuthGuard(options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS, options.now, options.signUpLimits ?? DEFAULT_SIGN_UP_LIMITS);
    this.limiter = new ScryptLimiter(options.scryptLimits ?? DEFAULT_SCRYPT_LIMITS);
  }

  /**
   * A new player account, signed in. `address` (the client's IP) is counted for the
   * per-address limit: past it the sign-up is refused with `accounts/too-many-sign-ups` and
   * `retryAfterMs` before anything is looked at, and no account is made.
   */
  async signUp(name: string, password: string, address: string | null = null): Promise<Result<Session>> {
    const wait = this.guard.signUp(address);
    if (wait > 0) return fail(ACCOUNT_ERRORS.tooManySignUps, "too many accounts made from this address; wait before making another", { retryAfterMs: wait });
    const user = await this.createUser(name, password, "player");
    if (!user.ok) {
      this.guard.signUpUndone(address);
      return user;
    }
    return ok(await this.openSession(user.value));
  }

  /**
   * Any role; for bootstrapping the first director (CLI), for directors adding staff and for
   * walk-ins (`displayName`: the name as the floor typed it; default the account name).
   */
  async createUser(name: string, password: string, role: Role, displayName?: string): Promise<Result<User>> {
    const n = checkName(name);
    if (!n.ok) return n;
    const p = checkPassword(password, n.value);
    if (!p.ok) return p;
    if (!ROLES.includes(role)) return fail(ACCOUNT_ERRORS.forbidden, `unknown role ${String(role)}`);
    if ((await this.store.userByName(n.value)) !== null) {
      return fail(ACCOUNT_ERRORS.nameTaken, `the name ${n.value} is taken`, { name: n.value });
    }
    const hash = await this.limiter.run(() => hashPassword(p.value, this.params));
    if (!hash.ok) return hash;
    const shown = displayName?.trim().replace(/\s+/g, " ") || n.value;
    const record = {
      id: `u_${randomBytes(12).toString("hex")}`,
      name: n.value,
      displayName: shown,
      role,
      passwordHash: hash.value,
      createdAt: this.now(),
    };
    // The unique index decides a race between two sign-ups for one name.
    const inserted = await this.store.insertUser(record);
    return inserted.ok ? ok(publicUser(inserted.value)) : inserted;
  }

  /**
   * Name and password; `address` (the client's IP) is counted for the per-address limit.
   * After too many failures the attempt is refused with `accounts/too-many-attempts` and
   * `retryAfterMs` before the password is looked at, even when it is right.
   */
  async signIn(name: string, password: string, address: string | null = null): Promise<Result<Session>> {
    const bad = () => fail(ACCOUNT_ERRORS.badCredentials, "wrong name or password");
    if (typeof name !== "string" || typeof password !== "string" || password.length > 1024) return bad();
    const wait = this.guard.wait(name, address);
    if (wait > 0) return fail(ACCOUNT_ERRORS.tooManyAttempts, "too many failed sign-ins; wait before trying again", { retryAfterMs: wait });
    const user = await this.store.userByName(name);
    if (user === null) {
      // Spend the same scrypt time as for a real user: response time does not reveal names.
      const spent = await this.limiter.run(async () => {
        this.dummyHash ??= hashPassword("felt-dummy-password", this.params);
        await verifyPassword(password, await this.dummyHash);
      });
      if (!spent.ok) return spent;
      this.guard.failed(name, address);
      return bad();
    }
    const right = await this.limiter.run(() => verifyPassword(password, user.passwordHash));
    if (!right.ok) return right;
    if (!right.value) {
      this.guard.failed(name, address);
      return bad();
    }
    this.guard.succeeded(name);
    if (needsRehash(user.passwordHash, this.params)) {
      const rehashed = await this.limiter.run(() => hashPassword(password, this.params));
      if (rehashed.ok) await this.store.setPasswordHash(user.id, rehashed.value);
    }
    return ok(await this.openSession(user));
  }

  /** The user behind a session token, if the session exists and has not expired. */
  async authenticate(token: string): Promise<Result<User>> {
    const s = await this.authenticateSession(token);
    return s.ok ? ok(s.value.user) : s;
  }

  /** The user behind a session token and when the session ends (a socket closes then). */
  async authenticateSession(token: string): Promise<Result<{ user: User; expiresAt: number }>> {
    if (typeof token !== "string" || !TOKEN.test(token)) return fail(ACCOUNT_ERRORS.badSession, "not a session token");
    const hash = hashToken(token);
    const session = await this.store.sessionByHash(hash);
    if (session === null) return fail(ACCOUNT_ERRORS.badSession, "no such session");
    if (session.expiresAt <= this.now()) {
      await this.store.deleteSession(hash);
      return fail(ACCOUNT_ERRORS.sessionExpired, "the session has expired; sign in again", { expiresAt: session.expiresAt });
    }
    const user = await this.store.userById(session.userId);
    if (user === null) return fail(ACCOUNT_ERRORS.badSession, "no such session");
    return ok({ user: publicUser(user), expiresAt: session.expiresAt });
  }

  /** Ends one session on the server: its token stops working at once. */
  async signOut(token: string): Promise<void> {
    if (typeof token === "string" && TOKEN.test(token)) await this.store.deleteSession(hashToken(token));
  }

  /** Ends every session of the user (every device); how many there were. */
  async signOutEverywhere(userId: string): Promise<number> {
    return this.store.deleteUserSessions(userId);
  }

  async user(id: string): Promise<Result<User>> {
    const u = await this.store.userById(id);
    return u === null ? fail(ACCOUNT_ERRORS.unknownUser, `no user ${id}`, { id }) : ok(publicUser(u));
  }

  async userByName(name: string): Promise<Result<User>> {
    const u = await this.store.userByName(name);
    return u === null ? fail(ACCOUNT_ERRORS.unknownUser, `no user ${name}`, { name }) : ok(publicUser(u));
  }

  async userByNumber(number: number): Promise<Result<User>> {
    const u = await this.store.userByNumber(number);
    return u === null ? fail(ACCOUNT_ERRORS.unknownUser, `no player #${number}`, { number }) : ok(publicUser(u));
  }

  /**
   * The desk's search: a number ("1042", "#1042") finds that player; other text finds the
   * players whose shown or account name holds it, ignoring case and accents.
   */
  async findPlayers(query: string): Promise<User[]> {
    const n = NUMBER_QUERY.exec(query);
    if (n !== null) {
      const u = await this.store.userByNumber(Number(n[1]));
      return u === null ? [] : [publicUser(u)];
    }
    const key = displayKey(query);
    if (key.length === 0) return [];
    return (await this.store.searchUsers(key, PLAYER_SEARCH_LIMIT)).map(publicUser);
  }

  async users(role?: Role): Promise<User[]> {
    return (await this.store.listUsers(role === undefined ? {} : { role })).map(publicUser);
  }

  /** Only a director changes roles; a director cannot demote themself (someone must remain). */
  async setRole(actor: User, userId: string, role: Role): Promise<Result<User>> {
    if (actor.role !== "director") return fail(ACCOUNT_ERRORS.forbidden, "only a director can change roles");
    if (!ROLES.includes(role)) return fail(ACCOUNT_ERRORS.forbidden, `unknown role ${String(role)}`);
    if (actor.id === userId && role !== "director") return fail(ACCOUNT_ERRORS.forbidden, "a director cannot demote themself");
    if (!(await this.store.setRole(userId, role))) return fail(ACCOUNT_ERRORS.unknownUser, `no user ${userId}`, { id: userId });
    await this.store.deleteUserSessions(userId);
    return this.user(userId);
  }

  async changePassword(userId: string, oldPassword: string, newPassword: string): Promise<Result<void>> {
    const user = await this.store.userById(userId);
    if (user === null) return fail(ACCOUNT_ERRORS.badCredentials, "wrong password");
    const right = await this.limiter.run(() => verifyPassword(oldPassword, user.passwordHash));
    if (!right.ok) return right;
    if (!right.value) return fail(ACCOUNT_ERRORS.badCredentials, "wrong password");
    const p = checkPassword(newPassword, user.name);
    if (!p.ok) return p;
    const hash = await this.limiter.run(() => hashPassword(p.value, this.params));
    if (!hash.ok) return hash;
    await this.store.setPasswordHash(user.id, hash.value);
    await this.store.deleteUserSessions(user.id);
    return ok(undefined);
  }

  async purgeExpiredSessions(): Promise<number> {
    return this.store.deleteExpiredSessions(this.now());
  }

  private async openSession(user: UserRecord | User): Promise<Session> {
    const token = randomBytes(32).toString("base64url");
    const createdAt = this.now();
    const expiresAt = createdAt + this.ttl;
    await this.store.insertSession({ tokenHash: hashToken(token), userId: user.id, createdAt, expiresAt });
    return { token, user: publicUser(user), expiresAt };
  }
}

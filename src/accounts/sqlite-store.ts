import type { Database as Db } from "better-sqlite3";
import { fail, ok, type Result } from "../lib/result.ts";
import { migrateSqlite, openSqlite } from "../store/index.ts";
import { FIRST_PLAYER_NUMBER, type AccountStore, type NewUserRecord, type Role, type SessionRecord, type UserRecord } from "./account-store.ts";
import { ACCOUNT_ERRORS } from "./errors.ts";
import { SQLITE_ACCOUNT_MIGRATIONS } from "./migrations.ts";
import { displayKey, likePattern, nameKey } from "./rules.ts";

interface UserRow {
  id: string;
  name: string;
  number: number;
  display_name: string;
  role: Role;
  password_hash: string;
  created_at: number;
}
interface SessionRow {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
}

const toUser = (r: UserRow): UserRecord => ({
  id: r.id,
  name: r.name,
  number: r.number,
  displayName: r.display_name,
  role: r.role,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
});

const toSession = (r: SessionRow): SessionRecord => ({
  tokenHash: r.token_hash,
  userId: r.user_id,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
});

export function openSqliteAccountStore(path: string): AccountStore {
  // Accounts are not money; FULL anyway: a sign-up acknowledged must not vanish.
  const db = openSqlite(path, "full");
  migrateSqlite(db, SQLITE_ACCOUNT_MIGRATIONS);
  return new SqliteAccountStore(db);
}

class SqliteAccountStore implements AccountStore {
  private readonly q;
  constructor(private readonly db: Db) {
    this.q = {
      // One connection: the highest number read and the insert cannot interleave with another insert.
      insertUser: db.prepare<unknown[], { number: number }>(
        `INSERT INTO users (id, name, name_key, role, password_hash, created_at, display_name, display_key, number)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, COALESCE(MAX(number) + 1, ${FIRST_PLAYER_NUMBER}) FROM users WHERE true
         ON CONFLICT (name_key) DO NOTHING RETURNING number`,
      ),
      byNumber: db.prepare<[number], UserRow>("SELECT * FROM users WHERE number = ?"),
      search: db.prepare<[string, string, number], UserRow>(
        "SELECT * FROM users WHERE display_key LIKE ? ESCAPE '\\' OR name_key LIKE ? ESCAPE '\\' ORDER BY display_key, number LIMIT ?",
      ),
      byName: db.prepare<[string], UserRow>("SELECT * FROM users WHERE name_key = ?"),
      byId: db.prepare<[string], UserRow>("SELECT * FROM users WHERE id = ?"),
      list: db.prepare<[{ role: string }], UserRow>("SELECT * FROM users WHERE (@role = '' OR role = @role) ORDER BY created_at, name_key"),
      setRole: db.prepare("UPDATE users SET role = ? WHERE id = ?"),
      setHash: db.prepare("UPDATE users SET password_hash = ? WHERE id = ?"),
      insertSession: db.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)"),
      session: db.prepare<[string], SessionRow>("SELECT * FROM sessions WHERE token_hash = ?"),
      deleteSession: db.prepare("DELETE FROM sessions WHERE token_hash = ?"),
      deleteUserSessions: db.prepare("DELETE FROM sessions WHERE user_id = ?"),
      deleteExpired: db.prepare("DELETE FROM sessions WHERE expires_at <= ?"),
    };
  }
  async insertUser(u: NewUserRecord): Promise<Result<UserRecord>> {
    const r = this.q.insertUser.get(u.id, u.name, nameKey(u.name), u.role, u.passwordHash, u.createdAt, u.displayName, displayKey(u.displayName));
    if (r === undefined) return fail(ACCOUNT_ERRORS.nameTaken, `the name ${u.name} is taken`, { name: u.name });
    return ok({ ...u, number: r.number });
  }
  async userByNumber(number: number) {
    const r = this.q.byNumber.get(number);
    return r === undefined ? null : toUser(r);
  }
  async searchUsers(key: string, limit: number) {
    const like = likePattern(key);
    return this.q.search.all(like, like, limit).map(toUser);
  }
  async userByName(name: string) {
    const r = this.q.byName.get(nameKey(name));
    return r === undefined ? null : toUser(r);
  }
  async userById(id: string) {
    const r = this.q.byId.get(id);
    return r === undefined ? null : toUser(r);
  }
  async listUsers(options: { role?: Role } = {}) {
    return this.q.list.all({ role: options.role ?? "" }).map(toUser);
  }
  async setRole(id: string, role: Role) {
    return this.q.setRole.run(role, id).changes === 1;
  }
  async setPasswordHash(id: string, hash: string) {
    return this.q.setHash.run(hash, id).changes === 1;
  }
  async insertSession(s: SessionRecord) {
    this.q.insertSession.run(s.tokenHash, s.userId, s.createdAt, s.expiresAt);
  }
  async sessionByHash(tokenHash: string) {
    const r = this.q.session.get(tokenHash);
    return r === undefined ? null : toSession(r);
  }
  async deleteSession(tokenHash: string) {
    this.q.deleteSession.run(tokenHash);
  }
  async deleteUserSessions(userId: string) {
    return this.q.deleteUserSessions.run(userId).changes;
  }
  async deleteExpiredSessions(now: number) {
    return this.q.deleteExpired.run(now).changes;
  }
  async close() {
    if (this.db.open) this.db.close();
  }
}

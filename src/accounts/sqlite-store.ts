import type { Database as Db } from "better-sqlite3";
import { fail, ok, type Result } from "../lib/result.ts";
import { migrateSqlite, openSqlite } from "../store/index.ts";
import type { AccountStore, Role, SessionRecord, UserRecord } from "./account-store.ts";
import { ACCOUNT_ERRORS } from "./errors.ts";
import { SQLITE_ACCOUNT_MIGRATIONS } from "./migrations.ts";
import { nameKey } from "./rules.ts";

interface UserRow {
  id: string;
  name: string;
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

const toUser = (r: UserRow): UserRecord => ({ id: r.id, name: r.name, role: r.role, passwordHash: r.password_hash, createdAt: r.created_at });
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
      insertUser: db.prepare(
        "INSERT INTO users (id, name, name_key, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING",
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
  async insertUser(u: UserRecord): Promise<Result<UserRecord>> {
    const r = this.q.insertUser.run(u.id, u.name, nameKey(u.name), u.role, u.passwordHash, u.createdAt);
    if (r.changes === 0) return fail(ACCOUNT_ERRORS.nameTaken, `the name ${u.name} is taken`, { name: u.name });
    return ok(u);
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

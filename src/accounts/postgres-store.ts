import type pg from "pg";
import { fail, ok, type Result } from "../lib/result.ts";
import { migratePostgres, pgPool, type PgOptions } from "../store/index.ts";
import { FIRST_PLAYER_NUMBER, type AccountStore, type NewUserRecord, type Role, type SessionRecord, type UserRecord } from "./account-store.ts";
import { ACCOUNT_ERRORS } from "./errors.ts";
import { PG_ACCOUNT_MIGRATIONS } from "./migrations.ts";
import { displayKey, likePattern, nameKey } from "./rules.ts";

interface UserRow {
  id: string;
  name: string;
  number: string;
  display_name: string;
  role: Role;
  password_hash: string;
  created_at: string;
}
interface SessionRow {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

const toUser = (r: UserRow): UserRecord => ({
  id: r.id,
  name: r.name,
  number: Number(r.number),
  displayName: r.display_name,
  role: r.role,
  passwordHash: r.password_hash,
  createdAt: Number(r.created_at),
});
const toSession = (r: SessionRow): SessionRecord => ({
  tokenHash: r.token_hash,
  userId: r.user_id,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
});

export async function openPostgresAccountStore(url: string, options: PgOptions = {}): Promise<AccountStore> {
  const { pool, schema } = pgPool(url, options);
  try {
    await migratePostgres(pool, schema, PG_ACCOUNT_MIGRATIONS);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return new PgAccountStore(pool);
}

class PgAccountStore implements AccountStore {
  private closed = false;
  constructor(private readonly pool: pg.Pool) {}
  async insertUser(u: NewUserRecord): Promise<Result<UserRecord>> {
    // Two inserts at once may read the same highest number: the unique index refuses the
    // second, which takes the next number on its next try.
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await this.pool.query<{ number: string }>(
          `INSERT INTO users (id, name, name_key, role, password_hash, created_at, display_name, display_key, number)
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, COALESCE(MAX(number) + 1, ${FIRST_PLAYER_NUMBER}) FROM users
           ON CONFLICT (name_key) DO NOTHING RETURNING number`,
          [u.id, u.name, nameKey(u.name), u.role, u.passwordHash, u.createdAt, u.displayName, displayKey(u.displayName)],
        );
        const row = r.rows[0];
        if (row === undefined) return fail(ACCOUNT_ERRORS.nameTaken, `the name ${u.name} is taken`, { name: u.name });
        return ok({ ...u, number: Number(row.number) });
      } catch (e) {
        const clash = (e as { code?: string; constraint?: string }).code === "23505" && (e as { constraint?: string }).constraint === "users_by_number";
        if (!clash || attempt >= 20) throw e;
      }
    }
  }
  async userByNumber(number: number) {
    const r = await this.pool.query<UserRow>("SELECT * FROM users WHERE number = $1", [number]);
    return r.rows[0] === undefined ? null : toUser(r.rows[0]);
  }
  async searchUsers(key: string, limit: number) {
    const like = likePattern(key);
    const r = await this.pool.query<UserRow>(
      `SELECT * FROM users WHERE display_key LIKE $1 ESCAPE '\\' OR name_key LIKE $1 ESCAPE '\\' ORDER BY display_key COLLATE "C", number LIMIT $2`,
      [like, limit],
    );
    return r.rows.map(toUser);
  }
  async userByName(name: string) {
    const r = await this.pool.query<UserRow>("SELECT * FROM users WHERE name_key = $1", [nameKey(name)]);
    return r.rows[0] === undefined ? null : toUser(r.rows[0]);
  }
  async userById(id: string) {
    const r = await this.pool.query<UserRow>("SELECT * FROM users WHERE id = $1", [id]);
    return r.rows[0] === undefined ? null : toUser(r.rows[0]);
  }
  async listUsers(options: { role?: Role } = {}) {
    const r = await this.pool.query<UserRow>(`SELECT * FROM users WHERE ($1 = '' OR role = $1) ORDER BY created_at, name_key COLLATE "C"`, [
      options.role ?? "",
    ]);
    return r.rows.map(toUser);
  }
  async setRole(id: string, role: Role) {
    return (await this.pool.query("UPDATE users SET role = $1 WHERE id = $2", [role, id])).rowCount === 1;
  }
  async setPasswordHash(id: string, hash: string) {
    return (await this.pool.query("UPDATE users SET password_hash = $1 WHERE id = $2", [hash, id])).rowCount === 1;
  }
  async insertSession(s: SessionRecord) {
    await this.pool.query("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)", [
      s.tokenHash,
      s.userId,
      s.createdAt,
      s.expiresAt,
    ]);
  }
  async sessionByHash(tokenHash: string) {
    const r = await this.pool.query<SessionRow>("SELECT * FROM sessions WHERE token_hash = $1", [tokenHash]);
    return r.rows[0] === undefined ? null : toSession(r.rows[0]);
  }
  async deleteSession(tokenHash: string) {
    await this.pool.query("DELETE FROM sessions WHERE token_hash = $1", [tokenHash]);
  }
  async deleteUserSessions(userId: string) {
    return (await this.pool.query("DELETE FROM sessions WHERE user_id = $1", [userId])).rowCount ?? 0;
  }
  async deleteExpiredSessions(now: number) {
    return (await this.pool.query("DELETE FROM sessions WHERE expires_at <= $1", [now])).rowCount ?? 0;
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

// Ledger on PostgreSQL. Concurrent postings are safe: balances are changed with
// INSERT .. ON CONFLICT DO UPDATE .. RETURNING, which locks each balance row until commit,
// in (account, asset) order so two postings never deadlock; a balance found below zero
// rolls the whole transaction back, and so does one past the safe integers (MAX_AMOUNT). A key posted concurrently twice is written once: the
// second INSERT of the key waits for the first and then finds it. synchronous_commit is
// forced on for ledger transactions, whatever the server default.
import type pg from "pg";
import { ok, type Result } from "../../lib/result.ts";
import {
  amountUnsafe,
  checkNewBalance,
  checkTransaction,
  MAX_AMOUNT,
  idempotencyMismatch,
  insufficientFunds,
  type BalanceRow,
  type CheckedTransaction,
  type Ledger,
  type PostedTransaction,
  type PostResult,
  type TransactionInput,
} from "../ledger.ts";
import { mayGoNegative } from "../ledger-accounts.ts";
import { assemble, type LegRow, type TxRow } from "../ledger-rows.ts";
import { inTransaction, migratePostgres, pgPool, type PgOptions } from "./db.ts";
import { LEDGER_MIGRATIONS } from "./migrations.ts";

export async function openPostgresLedger(url: string, options: PgOptions & { now?: () => number } = {}): Promise<Ledger> {
  const { pool, schema } = pgPool(url, options);
  try {
    await migratePostgres(pool, schema, LEDGER_MIGRATIONS);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return new PgLedger(pool, options.now ?? Date.now);
}

/** Thrown inside the transaction to roll it back, carrying the answer out. */
export class Abort<T = PostResult> {
  constructor(readonly result: Result<T>) {}
}

/**
 * Posts one checked transaction on `c`, which holds an open transaction. On a refusal the
 * caller must roll back (the transaction row may be written already). A key already posted
 * (or being posted by a concurrent transaction, which this waits for) with the same content
 * answers its first result (`replayed`) and writes nothing.
 */
export async function postOnClient(c: pg.PoolClient, checked: CheckedTransaction, at: number): Promise<Result<PostResult>> {
  const { tx } = checked;
  await c.query("SET LOCAL synchronous_commit = on");
  const inserted = await c.query<{ id: string }>(
    `INSERT INTO ledger_transactions (key, kind, fingerprint, memo, at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (key) DO NOTHING RETURNING id`,
    [tx.key, tx.kind, checked.fingerprint, checked.memo, at],
  );
  const idText = inserted.rows[0]?.id;
  if (idText === undefined) {
    // READ COMMITTED: this statement sees the row the conflicting transaction committed.
    const r = await c.query<TxRow & { fingerprint: string }>("SELECT * FROM ledger_transactions WHERE key = $1", [tx.key]);
    const row = r.rows[0];
    if (row === undefined) throw new Error(`ledger: key ${tx.key} vanished`);
    if (row.fingerprint !== checked.fingerprint) return idempotencyMismatch(tx.key);
    return ok({ ...(await legsOn(c, [row]))[0]!, replayed: true });
  }
  const id = Number(idText);
  for (const leg of checked.sorted) {
    if (leg.amount < 0 && !mayGoNegative(leg.account)) {
      // Debit only if covered; the row lock taken here holds until commit. The result lies
      // between 0 and the old balance, so it stays a safe integer.
      const r = await c.query("UPDATE ledger_balances SET balance = balance + $3 WHERE account = $1 AND asset = $2 AND balance + $3 >= 0", [
        leg.account,
        leg.asset,
        leg.amount,
      ]);
      if (r.rowCount !== 1) {
        const now = await c.query<{ balance: string }>("SELECT balance FROM ledger_balances WHERE account = $1 AND asset = $2", [leg.account, leg.asset]);
        return insufficientFunds(tx.key, leg.account, leg.asset, Number(now.rows[0]?.balance ?? 0), leg.amount);
      }
    } else {
      // BIGINT holds 2^63: the new balance is exact here and checked before commit.
      const r = await c.query<{ balance: string }>(
        `INSERT INTO ledger_balances AS b (account, asset, balance) VALUES ($1, $2, $3)
         ON CONFLICT (account, asset) DO UPDATE SET balance = b.balance + excluded.balance RETURNING balance`,
        [leg.account, leg.asset, leg.amount],
      );
      const after = BigInt(r.rows[0]!.balance);
      if (after > BigInt(MAX_AMOUNT) || after < -BigInt(MAX_AMOUNT)) {
        const refused = checkNewBalance(tx.key, leg.account, leg.asset, Number(after - BigInt(leg.amount)), leg.amount);
        return refused.ok ? amountUnsafe(tx.key, `${leg.account} would hold ${after} ${leg.asset}`, { account: leg.account }) : refused;
      }
    }
  }
  await c.query(
    `INSERT INTO ledger_postings (tx_id, seq, account, asset, amount)
     SELECT $1, s, a, x, m FROM unnest($2::int[], $3::text[], $4::text[], $5::bigint[]) AS u(s, a, x, m)`,
    [id, tx.legs.map((_, i) => i), tx.legs.map((l) => l.account), tx.legs.map((l) => l.asset), tx.legs.map((l) => l.amount)],
  );
  return ok({
    id,
    key: tx.key,
    kind: tx.kind,
    legs: tx.legs.map((l) => ({ account: l.account, asset: l.asset, amount: l.amount })),
    memo: JSON.parse(checked.memo) as Record<string, unknown>,
    at,
    replayed: false,
  });
}

async function legsOn(c: pg.Pool | pg.PoolClient, rows: readonly TxRow[]): Promise<PostedTransaction[]> {
  if (rows.length === 0) return [];
  const legs = await c.query<LegRow>("SELECT tx_id, account, asset, amount FROM ledger_postings WHERE tx_id = ANY($1::bigint[]) ORDER BY tx_id, seq", [
    rows.map((r) => r.id),
  ]);
  return assemble(rows, legs.rows);
}

class PgLedger implements Ledger {
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number,
  ) {}

  async post(tx: TransactionInput): Promise<Result<PostResult>> {
    const checked = checkTransaction(tx);
    if (!checked.ok) return checked;
    try {
      return await inTransaction(this.pool, async (c) => {
        const r = await postOnClient(c, checked.value, this.now());
        if (!r.ok) throw new Abort(r);
        return r;
      });
    } catch (e) {
      if (!(e instanceof Abort)) throw e;
      return e.result;
    }
  }

  private withLegs(rows: readonly TxRow[]): Promise<PostedTransaction[]> {
    return legsOn(this.pool, rows);
  }

  async balance(account: string, asset: string): Promise<number> {
    const r = await this.pool.query<{ balance: string }>("SELECT balance FROM ledger_balances WHERE account = $1 AND asset = $2", [account, asset]);
    return r.rows[0] === undefined ? 0 : Number(r.rows[0].balance);
  }

  async balances(filter: { prefix?: string; asset?: string } = {}): Promise<BalanceRow[]> {
    const r = await this.pool.query<{ account: string; asset: string; balance: string }>(
      `SELECT account, asset, balance FROM ledger_balances
       WHERE left(account, length($1)) = $1 AND ($2 = '' OR asset = $2) ORDER BY account COLLATE "C", asset COLLATE "C"`,
      [filter.prefix ?? "", filter.asset ?? ""],
    );
    return r.rows.map((x) => ({ account: x.account, asset: x.asset, balance: Number(x.balance) }));
  }

  async transaction(key: string): Promise<PostedTransaction | null> {
    const r = await this.pool.query<TxRow>("SELECT * FROM ledger_transactions WHERE key = $1", [key]);
    return (await this.withLegs(r.rows))[0] ?? null;
  }

  async history(account: string, options: { afterId?: number; limit?: number } = {}): Promise<PostedTransaction[]> {
    const r = await this.pool.query<TxRow>(
      `SELECT * FROM ledger_transactions WHERE id IN
         (SELECT tx_id FROM ledger_postings WHERE account = $1 AND tx_id > $2) ORDER BY id LIMIT $3`,
      [account, options.afterId ?? 0, options.limit ?? 1000],
    );
    return this.withLegs(r.rows);
  }

  async totals(): Promise<Record<string, number>> {
    const r = await this.pool.query<{ asset: string; total: string }>(
      'SELECT asset, SUM(balance) AS total FROM ledger_balances GROUP BY asset ORDER BY asset COLLATE "C"',
    );
    return Object.fromEntries(r.rows.map((x) => [x.asset, Number(x.total)]));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

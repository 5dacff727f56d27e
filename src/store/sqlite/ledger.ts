// Ledger on SQLite, on its own connection with synchronous=FULL (see db.ts): a posting that
// returned ok is on disk. One IMMEDIATE transaction per posting: balances are read and
// checked, then written, with no other writer in between. The same statements post inside
// the event store's transactions (sqlite/event-store.ts appendWithPostings): events and the
// postings they pay for commit together.
import type { Database as Db } from "better-sqlite3";
import { ok, type Result } from "../../lib/result.ts";
import {
  checkNewBalance,
  checkTransaction,
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
import { migrateSqlite, openSqlite } from "./db.ts";
import { LEDGER_MIGRATIONS } from "./migrations.ts";

export function openSqliteLedger(path: string, options: { now?: () => number } = {}): Ledger {
  return sqliteLedgerOn(openSqlite(path, "full"), options.now ?? Date.now);
}

/** A ledger over an open connection (migrated here); `:memory:` storage shares one with its event store. */
export function sqliteLedgerOn(db: Db, now: () => number): Ledger {
  migrateSqlite(db, LEDGER_MIGRATIONS);
  return new SqliteLedger(db, now);
}

export type LedgerStatements = ReturnType<typeof ledgerStatements>;

export function ledgerStatements(db: Db) {
  return {
    byKey: db.prepare<[string], TxRow & { fingerprint: string }>("SELECT * FROM ledger_transactions WHERE key = ?"),
    legsOf: db.prepare<[number], LegRow>("SELECT tx_id, account, asset, amount FROM ledger_postings WHERE tx_id = ? ORDER BY seq"),
    balance: db.prepare<[string, string], { balance: number }>("SELECT balance FROM ledger_balances WHERE account = ? AND asset = ?"),
    // Update, then insert when there was no row: SQLite checks the CHECK constraint on an
    // upsert's candidate row, which for a debit is negative even when the balance covers it.
    updateBalance: db.prepare("UPDATE ledger_balances SET balance = balance + ? WHERE account = ? AND asset = ?"),
    insertBalance: db.prepare("INSERT INTO ledger_balances (account, asset, balance) VALUES (?, ?, ?)"),
    insertTx: db.prepare("INSERT INTO ledger_transactions (key, kind, fingerprint, memo, at) VALUES (?, ?, ?, ?, ?)"),
    insertLeg: db.prepare("INSERT INTO ledger_postings (tx_id, seq, account, asset, amount) VALUES (?, ?, ?, ?, ?)"),
  };
}

function withLegs(q: LedgerStatements, row: TxRow): PostedTransaction {
  return assemble([row], q.legsOf.all(Number(row.id)))[0] as PostedTransaction;
}

/**
 * Posts one checked transaction on `q`'s connection; the caller holds the write transaction.
 * A refusal writes nothing (every check comes before the first write). A key already posted
 * with the same content answers its first result (`replayed`), with other content
 * `ledger/idempotency-mismatch`.
 */
export function postOn(q: LedgerStatements, c: CheckedTransaction, at: number): Result<PostResult> {
  const existing = q.byKey.get(c.tx.key);
  if (existing !== undefined) {
    if (existing.fingerprint !== c.fingerprint) return idempotencyMismatch(c.tx.key);
    return ok({ ...withLegs(q, existing), replayed: true });
  }
  for (const leg of c.sorted) {
    const balance = q.balance.get(leg.account, leg.asset)?.balance ?? 0;
    const next = checkNewBalance(c.tx.key, leg.account, leg.asset, balance, leg.amount);
    if (!next.ok) return next;
    if (next.value < 0 && !mayGoNegative(leg.account)) return insufficientFunds(c.tx.key, leg.account, leg.asset, balance, leg.amount);
  }
  const id = Number(q.insertTx.run(c.tx.key, c.tx.kind, c.fingerprint, c.memo, at).lastInsertRowid);
  c.tx.legs.forEach((leg, seq) => {
    q.insertLeg.run(id, seq, leg.account, leg.asset, leg.amount);
    if (q.updateBalance.run(leg.amount, leg.account, leg.asset).changes === 0) q.insertBalance.run(leg.account, leg.asset, leg.amount);
  });
  return ok({
    id,
    key: c.tx.key,
    kind: c.tx.kind,
    legs: c.tx.legs.map((l) => ({ account: l.account, asset: l.asset, amount: l.amount })),
    memo: JSON.parse(c.memo) as Record<string, unknown>,
    at,
    replayed: false,
  });
}

class SqliteLedger implements Ledger {
  private readonly q;
  private readonly read;
  private readonly postTx;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.q = ledgerStatements(db);
    this.read = {
      balances: db.prepare<[{ prefix: string; asset: string }], BalanceRow>(
        `SELECT account, asset, balance FROM ledger_balances
         WHERE substr(account, 1, length(@prefix)) = @prefix AND (@asset = '' OR asset = @asset) ORDER BY account, asset`,
      ),
      history: db.prepare<[string, number, number], TxRow>(
        `SELECT * FROM ledger_transactions WHERE id IN
           (SELECT tx_id FROM ledger_postings WHERE account = ? AND tx_id > ?) ORDER BY id LIMIT ?`,
      ),
      totals: db.prepare<[], { asset: string; total: number }>("SELECT asset, SUM(balance) AS total FROM ledger_balances GROUP BY asset ORDER BY asset"),
    };
    this.postTx = db.transaction((c: CheckedTransaction): Result<PostResult> => postOn(this.q, c, this.now()));
  }

  async post(tx: TransactionInput): Promise<Result<PostResult>> {
    const checked = checkTransaction(tx);
    if (!checked.ok) return checked;
    return this.postTx.immediate(checked.value);
  }

  async balance(account: string, asset: string): Promise<number> {
    return this.q.balance.get(account, asset)?.balance ?? 0;
  }

  async balances(filter: { prefix?: string; asset?: string } = {}): Promise<BalanceRow[]> {
    return this.read.balances.all({ prefix: filter.prefix ?? "", asset: filter.asset ?? "" });
  }

  async transaction(key: string): Promise<PostedTransaction | null> {
    const row = this.q.byKey.get(key);
    return row === undefined ? null : withLegs(this.q, row);
  }

  async history(account: string, options: { afterId?: number; limit?: number } = {}): Promise<PostedTransaction[]> {
    return this.read.history.all(account, options.afterId ?? 0, options.limit ?? 1000).map((r) => withLegs(this.q, r));
  }

  async totals(): Promise<Record<string, number>> {
    return Object.fromEntries(this.read.totals.all().map((r) => [r.asset, r.total]));
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

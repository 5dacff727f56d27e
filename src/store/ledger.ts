// The money ledger: double entry. A transaction is a set of legs (account, asset, amount);
// per asset the amounts sum to zero, so money is only ever moved, never made or lost.
// Amounts are safe integers in the asset's smallest unit (MAX_AMOUNT below). Each transaction carries an
// idempotency key: posting the same key again returns the first result and writes nothing.
import { fail, ok, type Result } from "../lib/result.ts";
import { ACCOUNT_ID, ASSET } from "./ledger-accounts.ts";

export const LEDGER_ERRORS = {
  insufficientFunds: "ledger/insufficient-funds",
  unbalanced: "ledger/unbalanced",
  badPosting: "ledger/bad-posting",
  idempotencyMismatch: "ledger/idempotency-mismatch",
  /** An amount, a balance or a sum would leave the safe integers (|x| > 2^53 − 1). */
  amountUnsafe: "ledger/amount-unsafe",
} as const;

/**
 * Amounts are JavaScript numbers end to end (the wire's `Money`, the director, the web app),
 * so every amount and every balance stays a safe integer: |x| ≤ 2^53 − 1 (about 90 trillion
 * in cents). A posting that would take any balance past it is refused whole with
 * `ledger/amount-unsafe`. Source accounts are bounded too, so all the money that ever came
 * in is at most 2^53 − 1 and every sum of balances (totals) stays exact as well.
 */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

export const POSTING_KINDS = [
  "deposit",
  "withdrawal",
  "buy-in",
  "fee",
  "rebuy",
  "add-on",
  "prize",
  "refund",
  "organiser-funding",
  "overlay",
  "ticket-issue",
  "ticket-use",
  "adjustment",
] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

export interface Leg {
  readonly account: string;
  readonly asset: string;
  /** Positive: the account's balance goes up; negative: it goes down. Never 0. */
  readonly amount: number;
}

export interface TransactionInput {
  /** Idempotency key, e.g. "buy-in:t42:p7:entry1". */
  readonly key: string;
  readonly kind: PostingKind;
  readonly legs: readonly Leg[];
  readonly memo?: Readonly<Record<string, unknown>>;
}

export interface PostedTransaction {
  readonly id: number;
  readonly key: string;
  readonly kind: PostingKind;
  readonly legs: readonly Leg[];
  readonly memo: Readonly<Record<string, unknown>>;
  readonly at: number;
}

export interface PostResult extends PostedTransaction {
  /** True when the key was already posted: nothing new was written. */
  readonly replayed: boolean;
}

export interface BalanceRow {
  readonly account: string;
  readonly asset: string;
  readonly balance: number;
}

export interface Ledger {
  /**
   * Posts atomically. `ledger/insufficient-funds` if a non-source account would go below
   * zero; `ledger/idempotency-mismatch` if the key was used for a different transaction.
   * On any error nothing is written.
   */
  post(tx: TransactionInput): Promise<Result<PostResult>>;
  balance(account: string, asset: string): Promise<number>;
  /** Every (account, asset) with a row, optionally only accounts starting with `prefix`. */
  balances(filter?: { readonly prefix?: string; readonly asset?: string }): Promise<BalanceRow[]>;
  transaction(key: string): Promise<PostedTransaction | null>;
  /** Transactions touching the account, oldest first. */
  history(account: string, options?: { readonly afterId?: number; readonly limit?: number }): Promise<PostedTransaction[]>;
  /** Sum of all balances per asset; every value is 0 in a sound ledger. */
  totals(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export interface CheckedTransaction {
  readonly tx: TransactionInput;
  /** Legs in (account, asset) order: the lock order on PostgreSQL, so no deadlocks. */
  readonly sorted: readonly Leg[];
  readonly memo: string;
  /** Identity of the transaction's content, compared when a key comes back. */
  readonly fingerprint: string;
}

export function checkTransaction(tx: TransactionInput): Result<CheckedTransaction> {
  const bad = (message: string, details: Record<string, unknown> = {}) => fail(LEDGER_ERRORS.badPosting, message, { key: tx.key, ...details });
  if (typeof tx.key !== "string" || tx.key.length < 1 || tx.key.length > 200) return bad("idempotency key must be 1..200 chars");
  if (!(POSTING_KINDS as readonly string[]).includes(tx.kind)) return bad(`unknown posting kind ${String(tx.kind)}`);
  if (!Array.isArray(tx.legs) || tx.legs.length < 2) return bad("a transaction needs at least two legs");
  const seen = new Set<string>();
  const sums = new Map<string, number>();
  for (const leg of tx.legs) {
    if (!ACCOUNT_ID.test(leg.account)) return bad(`bad account ${JSON.stringify(leg.account)}`);
    if (!ASSET.test(leg.asset)) return bad(`bad asset ${JSON.stringify(leg.asset)}`);
    if (Number.isInteger(leg.amount) && !Number.isSafeInteger(leg.amount)) {
      return amountUnsafe(tx.key, `amount ${leg.amount} of ${leg.account} is not a safe integer`, { account: leg.account, amount: leg.amount });
    }
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
      return bad(`amount must be a non-zero integer in the smallest unit, got ${leg.amount}`, { account: leg.account });
    }
    const id = `${leg.account}\u0000${leg.asset}`;
    if (seen.has(id)) return bad(`account ${leg.account} appears twice for ${leg.asset}`);
    seen.add(id);
    const sum = (sums.get(leg.asset) ?? 0) + leg.amount;
    if (!Number.isSafeInteger(sum)) return amountUnsafe(tx.key, `legs in ${leg.asset} add up past the safe integers`, { asset: leg.asset });
    sums.set(leg.asset, sum);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0) return fail(LEDGER_ERRORS.unbalanced, `legs in ${asset} sum to ${sum}, not 0`, { key: tx.key, asset, sum });
  }
  let memo: string;
  try {
    memo = JSON.stringify(tx.memo ?? {});
  } catch {
    return bad("memo is not JSON-serialisable");
  }
  const sorted = [...tx.legs]
    .map((l) => ({ account: l.account, asset: l.asset, amount: l.amount }))
    .sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
  const fingerprint = JSON.stringify([tx.kind, sorted.map((l) => [l.account, l.asset, l.amount]), memo]);
  return ok({ tx, sorted, memo, fingerprint });
}

export function insufficientFunds(key: string, account: string, asset: string, balance: number, amount: number) {
  return fail(LEDGER_ERRORS.insufficientFunds, `${account} holds ${balance} ${asset}, cannot pay ${-amount}`, {
    key,
    account,
    asset,
    balance,
    needed: -amount,
  });
}

export function idempotencyMismatch(key: string) {
  return fail(LEDGER_ERRORS.idempotencyMismatch, `key ${key} was already used for a different transaction`, { key });
}

export function amountUnsafe(key: string, message: string, details: Record<string, unknown> = {}) {
  return fail(LEDGER_ERRORS.amountUnsafe, message, { key, ...details });
}

/** `ledger/amount-unsafe` when `balance + amount` leaves the safe integers (nothing is written). */
export function checkNewBalance(key: string, account: string, asset: string, balance: number, amount: number): Result<number> {
  const next = balance + amount;
  if (Number.isSafeInteger(next)) return ok(next);
  return amountUnsafe(
    key,
    `${account} holds ${balance} ${asset}; ${amount > 0 ? "adding" : "taking"} ${Math.abs(amount)} would pass ${MAX_AMOUNT}, the largest safe amount`,
    {
      account,
      asset,
      balance,
      amount,
    },
  );
}

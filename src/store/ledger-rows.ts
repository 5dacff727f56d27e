// Row shapes shared by the SQL ledgers (pg returns BIGINT as strings).
import type { Leg, PostedTransaction, PostingKind } from "./ledger.ts";

export interface TxRow {
  id: number | string;
  key: string;
  kind: string;
  memo: string;
  at: number | string;
}

export interface LegRow {
  tx_id: number | string;
  account: string;
  asset: string;
  amount: number | string;
}

export function assemble(txs: readonly TxRow[], legs: readonly LegRow[]): PostedTransaction[] {
  const byTx = new Map<number, Leg[]>();
  for (const l of legs) {
    const id = Number(l.tx_id);
    const list = byTx.get(id) ?? [];
    list.push({ account: l.account, asset: l.asset, amount: Number(l.amount) });
    byTx.set(id, list);
  }
  return txs.map((t) => ({
    id: Number(t.id),
    key: t.key,
    kind: t.kind as PostingKind,
    legs: byTx.get(Number(t.id)) ?? [],
    memo: JSON.parse(t.memo) as Record<string, unknown>,
    at: Number(t.at),
  }));
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeltError } from "../../../../src/lib/result.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { accountLabel } from "../../logic/accounts.ts";

/**
 * The desk: credit money a player handed over to their account (the ledger's deposit),
 * and the ledger check (every balance; each asset's total is 0 when the books balance).
 */
export function Cashier() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const ledger = useQuery("ledger", undefined);
  const lobby = useQuery("lobby", undefined);
  const tournamentNames = new Map((lobby.data?.tournaments ?? []).map((x) => [x.id, x.name]));
  const [name, setName] = useState("");
  const [amount, setAmount] = useState(1000);
  // One key per intended deposit: a double click or a retry after a lost answer credits
  // once; another name or amount is another deposit.
  const [commandId, setCommandId] = useState(newCommandId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FeltError | null>(null);
  const [done, setDone] = useState<{ name: string; amount: number; balance: number } | null>(null);

  async function deposit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const who = name.trim();
    const r = await client.call("deposit", { commandId, name: who, amount }, {});
    setBusy(false);
    setError(r.ok ? null : r.error);
    if (!r.ok) return;
    setDone({ name: who, amount, balance: r.value.balance });
    setCommandId(newCommandId());
    setName("");
    ledger.reload();
  }

  const totals = Object.entries(ledger.data?.totals ?? {});
  const balanced = totals.every(([, v]) => v === 0);
  return (
    <div className="cols cashier">
      <form className="panel deposit" onSubmit={(e) => void deposit(e)}>
        <h2>{t("cashier.deposit")}</h2>
        <p className="hint">{t("cashier.depositHint")}</p>
        <label>
          {t("cashier.player")}
          <input
            value={name}
            required
            minLength={2}
            maxLength={24}
            autoComplete="off"
            onChange={(e) => (setName(e.target.value), setCommandId(newCommandId()))}
          />
        </label>
        <label>
          {t("cashier.amount")}
          <input
            type="number"
            min={1}
            step={1}
            value={amount}
            onChange={(e) => (setAmount(Math.max(1, Math.floor(Number(e.target.value) || 0))), setCommandId(newCommandId()))}
          />
        </label>
        <ErrorText error={error} />
        {done && (
          <p className="ok" data-testid="deposit-done">
            {t("cashier.credited", { amount: fmt.money(done.amount), name: done.name, balance: fmt.money(done.balance) })}
          </p>
        )}
        <button className="primary" type="submit" disabled={busy || name.trim().length < 2}>
          {t("cashier.credit")}
        </button>
      </form>
      <div className="panel ledger">
        <div className="row">
          <h2>{t("cashier.ledger")}</h2>
          <span className="spacer" />
          <button onClick={() => ledger.reload()}>{t("cashier.refresh")}</button>
        </div>
        <ErrorText error={ledger.error} />
        {ledger.data && (
          <p className={balanced ? "ok" : "error"} data-testid="ledger-check">
            {balanced ? t("cashier.balanced") : t("cashier.unbalanced")}
          </p>
        )}
        <table className="grid">
          <thead>
            <tr>
              <th>{t("cashier.account")}</th>
              <th>{t("cashier.asset")}</th>
              <th className="num">{t("cashier.balance")}</th>
            </tr>
          </thead>
          <tbody>
            {(ledger.data?.balances ?? []).map((b) => (
              <tr key={`${b.account}/${b.asset}`}>
                <td>{accountLabel(b.account, (k, v) => t(k, v), tournamentNames, b.name)}</td>
                <td>{b.asset}</td>
                <td className="num">{fmt.money(b.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

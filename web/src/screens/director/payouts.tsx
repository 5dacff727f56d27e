import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeltError } from "../../../../src/lib/result.ts";
import type { ResultsResponse } from "../../../../src/protocol/index.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { chipChop, icmEquity, roundDeal } from "../../logic/icm.ts";
import { toCsv } from "../../logic/csv.ts";

/** The figures a refused check carries (entry id → amount), when it names every finalist. */
function figuresIn(e: FeltError, entryIds: readonly string[]): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const id of entryIds) {
    const v = e[id];
    if (typeof v !== "number") return null;
    out[id] = v;
  }
  return out;
}

/** Payouts, the ICM / chip-chop deal for the players left, and the results export. */
export function PayoutsAndDeal({ tournamentId }: { tournamentId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const results = useQuery("results", undefined, { id: tournamentId }, tournamentId);
  const [method, setMethod] = useState<"icm" | "chip-chop">("icm");
  /** Amounts the players agreed on other than the computed ones (a "custom" deal). */
  const [custom, setCustom] = useState<Record<string, number>>({});
  const [error, setError] = useState<FeltError | null>(null);
  const [done, setDone] = useState(false);
  const r = results.data;
  const left = r?.stillIn ?? [];
  const dealable = left.length >= 2 && left.length <= 10;
  const remaining = r ? r.payouts.filter((p) => p.place <= left.length).map((p) => p.amount) : [];
  const deal = useMemo(() => {
    if (!dealable) return [];
    const stacks = left.map((p) => p.stack);
    const raw = method === "icm" ? icmEquity(stacks, remaining) : chipChop(stacks, remaining);
    return roundDeal(raw, remaining.reduce((a, b) => a + b, 0));
  }, [dealable, left, remaining, method]);

  // The server computes the same method in its own money unit; its figures are the ones it
  // records, so the screen asks it first (a check without `apply`) and shows its answer.
  const finalists = JSON.stringify([method, left.map((p) => [p.entryId, p.stack])]);
  const [serverFigures, setServerFigures] = useState<{ key: string; amounts: Record<string, number> | null } | null>(null);
  useEffect(() => {
    if (!dealable || done) return;
    let on = true;
    const payouts = left.map((p, i) => ({ entryId: p.entryId, amount: deal[i] ?? 0 }));
    void client.call("deal", { commandId: newCommandId(), method, payouts }, { id: tournamentId }).then((res) => {
      if (on) setServerFigures({ key: finalists, amounts: res.ok ? null : figuresIn(res.error, left.map((p) => p.entryId)) });
    });
    return () => {
      on = false;
    };
    // `finalists` names everything the check depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, tournamentId, finalists, dealable, done]);
  const fromServer = serverFigures?.key === finalists ? serverFigures.amounts : null;

  const amounts = left.map((p, i) => custom[p.entryId] ?? fromServer?.[p.entryId] ?? deal[i] ?? 0);
  const edited = left.some((p) => custom[p.entryId] !== undefined);
  const pool = remaining.reduce((a, b) => a + b, 0);
  const shared = amounts.reduce((a, b) => a + b, 0);
  // The server's director records ICM deals; chip-chop and custom deals are checked and shown.
  const recordable = method === "icm" && !edited;
  const [preview, setPreview] = useState<ResultsResponse | null>(null);

  async function accept() {
    const res = await client.call(
      "deal",
      { commandId: newCommandId(), method: edited ? "custom" : method, payouts: left.map((p, i) => ({ entryId: p.entryId, amount: amounts[i] ?? 0 })), apply: recordable },
      { id: tournamentId },
    );
    setError(res.ok ? null : res.error);
    if (!res.ok) return;
    if (!recordable) {
      setPreview(res.value);
      return;
    }
    setDone(true);
    setPreview(null);
    setCustom({});
    results.reload();
  }

  function exportCsv() {
    if (!r) return;
    const rows: (string | number)[][] = [[t("results.place"), t("auth.name"), t("results.prize"), t("results.rebuys"), t("results.addOn")]];
    for (const x of left) rows.push(["", x.name, "", "", ""]);
    for (const x of r.results) rows.push([x.place, x.name, x.prize, x.rebuys, x.addOn ? 1 : 0]);
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: "text/csv" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${r.name.replace(/[^\p{L}\p{N}]+/gu, "-")}-results.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="cols">
      <div className="panel">
        <h2>{t("payouts.title")}</h2>
        <ErrorText error={results.error} />
        <table className="grid">
          <tbody>
            {r?.payouts.map((p) => (
              <tr key={p.place}>
                <td>{fmt.place(p.place)}</td>
                <td className="num">{fmt.money(p.amount)}</td>
                <td>{r.results.find((x) => x.place === p.place)?.name ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="panel">
        <h2>{t("payouts.deal")}</h2>
        {done && <p className="ok" data-testid="deal-done">{t("payouts.dealDone")}</p>}
        {!dealable && !done && <p>{t("payouts.dealWhen")}</p>}
        {dealable && (
          <>
            <div className="row">
              <label>
                <input type="radio" checked={method === "icm" && !edited} onChange={() => (setMethod("icm"), setCustom({}))} /> {t("payouts.icm")}
              </label>
              <label>
                <input type="radio" checked={method === "chip-chop" && !edited} onChange={() => (setMethod("chip-chop"), setCustom({}))} /> {t("payouts.chipChop")}
              </label>
              {edited && <span className="tag">{t("payouts.custom")}</span>}
            </div>
            <table className="grid">
              <thead>
                <tr>
                  <th>{t("auth.name")}</th>
                  <th className="num">{t("payouts.chips")}</th>
                  <th className="num">{t("payouts.amount")}</th>
                </tr>
              </thead>
              <tbody>
                {left.map((p, i) => (
                  <tr key={p.entryId}>
                    <td>{p.name}</td>
                    <td className="num">{fmt.chips(p.stack)}</td>
                    <td className="num">
                      <input
                        type="number"
                        min={0}
                        aria-label={t("payouts.amountFor", { name: p.name })}
                        value={amounts[i] ?? 0}
                        onChange={(e) => setCustom({ ...custom, [p.entryId]: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className={shared === pool ? "hint" : "error"} data-testid="deal-sum">
              {t("payouts.dealSum", { shared: fmt.money(shared), pool: fmt.money(pool) })}
            </p>
            <ErrorText error={error} />
            {!recordable && <p className="hint">{t("payouts.onlyIcmRecorded")}</p>}
            <button className="primary" disabled={shared !== pool} onClick={() => void accept()}>
              {recordable ? t("payouts.acceptDeal") : t("payouts.checkDeal")}
            </button>
            {preview && (
              <table className="grid deal-preview">
                <caption>{t("payouts.previewTitle")}</caption>
                <tbody>
                  {preview.results.filter((x) => left.some((p) => p.entryId === x.entryId)).map((x) => (
                    <tr key={x.entryId}>
                      <td>{fmt.place(x.place)}</td>
                      <td>{x.name}</td>
                      <td className="num">{fmt.money(x.prize)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </div>
      <div className="panel">
        <h2>{t("results.title")}</h2>
        <button onClick={exportCsv}>{t("results.export")}</button>
        <table className="grid">
          <tbody>
            {left.map((x) => (
              <tr key={x.entryId}>
                <td>—</td>
                <td>{x.name}</td>
                <td className="num">{fmt.chips(x.stack)}</td>
              </tr>
            ))}
            {r?.results.map((x) => (
              <tr key={x.entryId}>
                <td>{fmt.place(x.place)}</td>
                <td>{x.name}</td>
                <td className="num">{x.prize > 0 ? fmt.money(x.prize) : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

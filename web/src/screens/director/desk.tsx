import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeltError } from "../../../../src/lib/result.ts";
import type { DeskItem } from "../../../../src/protocol/index.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { PlayerNo } from "../../components/player-number.tsx";
import { useFormat } from "../../components/use-format.ts";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { deskView } from "../../logic/desk.ts";

/**
 * A live room's desk: each prize won and each refund of a record undone is paid in cash or
 * left credited to the player's account, asked once more before it is recorded (who paid,
 * when); then the evening's totals per method and whether they balance.
 */
export function Desk({ tournamentId, changed }: { tournamentId: string; changed: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  // Asked again whenever the results change (a bust, the end): the prizes become due at the end.
  const desk = useQuery("desk", undefined, { id: tournamentId }, `${tournamentId}:${changed}`);
  const [asking, setAsking] = useState<{ item: DeskItem; method: "cash" | "credit"; commandId: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FeltError | null>(null);

  async function pay() {
    if (asking === null) return;
    setBusy(true);
    const r = await client.call("payOut", { commandId: asking.commandId, item: asking.item.item, method: asking.method }, { id: tournamentId });
    setBusy(false);
    setError(r.ok ? null : r.error);
    setAsking(null);
    desk.reload();
  }

  const v = desk.data ? deskView(desk.data) : null;
  const what = (x: DeskItem) => (x.kind === "prize" && x.place !== null ? fmt.place(x.place) : t("live.desk.refund"));
  return (
    <div className="panel desk" data-testid="desk">
      <div className="row">
        <h2>{t("live.desk.title")}</h2>
        <span className="spacer" />
        <button onClick={() => desk.reload()}>{t("cashier.refresh")}</button>
      </div>
      <ErrorText error={desk.error ?? error} />
      {v && v.toPay.length + v.paid.length === 0 && <p className="hint">{t("live.desk.nothing")}</p>}
      <table className="grid">
        <tbody>
          {v?.toPay.map((x) => (
            <tr key={x.item} data-item={x.item}>
              <td>{what(x)}</td>
              <td>
                {x.name}
                <PlayerNo number={x.playerNumber} />
              </td>
              <td className="num">{fmt.money(x.amount)}</td>
              <td>
                {asking?.item.item === x.item ? (
                  <span className="confirm-bust" role="alertdialog">
                    <span>
                      {t(asking.method === "cash" ? "live.desk.confirmCash" : "live.desk.confirmCredit", { amount: fmt.money(x.amount), name: x.name })}
                    </span>
                    <button className="primary" data-action="confirm-pay" disabled={busy} onClick={() => void pay()}>
                      {t("live.desk.yes")}
                    </button>
                    <button onClick={() => setAsking(null)}>{t("live.no")}</button>
                  </span>
                ) : (
                  <>
                    <button data-action="pay-cash" disabled={busy} onClick={() => setAsking({ item: x, method: "cash", commandId: newCommandId() })}>
                      {t("live.desk.payCash")}
                    </button>
                    <button data-action="pay-credit" disabled={busy} onClick={() => setAsking({ item: x, method: "credit", commandId: newCommandId() })}>
                      {t("live.desk.credit")}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
          {v?.paid.map((x) => (
            <tr key={x.item} data-item={x.item} className="paid">
              <td>{what(x)}</td>
              <td>
                {x.name}
                <PlayerNo number={x.playerNumber} />
              </td>
              <td className="num">{fmt.money(x.amount)}</td>
              <td className="hint">
                {x.paid && t("live.desk.paid", { method: t(`live.desk.method.${x.paid.method}`), by: x.paid.by, time: fmt.time(x.paid.at) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {desk.data && v && (
        <table className="grid money-summary" data-testid="desk-totals">
          <tbody>
            {v.totals.map(([k, amount]) => (
              <tr key={k} data-total={k}>
                <th scope="row">{t(`live.desk.totals.${k}`)}</th>
                <td className="num">{fmt.money(amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {desk.data && (
        <p className={desk.data.totals.balanced ? "ok" : "hint"} data-testid="desk-check">
          {desk.data.totals.balanced ? t("live.desk.balanced") : t("live.desk.notBalanced")}
        </p>
      )}
    </div>
  );
}

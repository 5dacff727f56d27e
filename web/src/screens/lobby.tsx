import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LobbyActionName, LobbyTournament } from "../../../src/protocol/index.ts";
import type { FeltError } from "../../../src/lib/result.ts";
import { ErrorText } from "../components/error-text.tsx";
import { useFormat } from "../components/use-format.ts";
import { useQuery, useServices } from "../context.tsx";
import { newCommandId } from "../api/client.ts";
import { href } from "../router.ts";

const ACTIONS: readonly { name: LobbyActionName; route: "register" | "unregister" | "reEnter" | "rebuy" | "addOn" }[] = [
  { name: "register", route: "register" },
  { name: "unregister", route: "unregister" },
  { name: "reEnter", route: "reEnter" },
  { name: "rebuy", route: "rebuy" },
  { name: "addOn", route: "addOn" },
];

export function Lobby() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const lobby = useQuery("lobby", undefined);
  const { client } = useServices();
  const [error, setError] = useState<FeltError | null>(null);
  const { reload } = lobby;
  useEffect(() => {
    const id = setInterval(reload, 10_000);
    return () => clearInterval(id);
  }, [reload]);

  async function run(tr: LobbyTournament, route: (typeof ACTIONS)[number]["route"]) {
    const r = await client.call(route, { commandId: newCommandId() }, { id: tr.id });
    setError(r.ok ? null : r.error);
    lobby.reload();
  }

  return (
    <section className="panel">
      <div className="row">
        <h1>{t("lobby.title")}</h1>
        <span className="spacer" />
        {lobby.data?.balance != null && (
          <span className="balance">
            {t("lobby.balance")}: <b>{fmt.money(lobby.data.balance)}</b>
          </span>
        )}
      </div>
      <ErrorText error={error ?? lobby.error} />
      <table className="grid lobby">
        <thead>
          <tr>
            <th>{t("lobby.name")}</th>
            <th>{t("lobby.status")}</th>
            <th>{t("lobby.start")}</th>
            <th>{t("lobby.buyIn")}</th>
            <th>{t("lobby.entries")}</th>
            <th>{t("lobby.prizePool")}</th>
            <th>{t("lobby.lateReg")}</th>
            <th>{t("lobby.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {lobby.data?.tournaments.map((tr) => (
            <tr key={tr.id} data-tournament={tr.id}>
              <td>
                <b>{tr.name}</b>
                <div className="sub">
                  {t(`variant.${tr.variant}`)} · {t(`kind.${tr.kind}`)}
                  {tr.mine?.tableId && (
                    <>
                      {" · "}
                      <a href={href("table", tr.mine.tableId)}>{t("lobby.goToTable")}</a>
                    </>
                  )}
                </div>
                {tr.mine && (
                  <div className={`sub mine ${tr.mine.state}`} data-state={tr.mine.state}>
                    {tr.mine.place !== null
                      ? t("lobby.mine.place", { place: fmt.place(tr.mine.place) })
                      : tr.mine.state === "playing"
                        ? t("lobby.mine.playing", { stack: fmt.chips(tr.mine.stack) })
                        : t(`lobby.mine.${tr.mine.state}`)}
                  </div>
                )}
              </td>
              <td>
                <span className={`status ${tr.status}`}>{t(`status.${tr.status}`)}</span>
              </td>
              <td>{fmt.dateTime(tr.startsAt)}</td>
              <td className="num">
                {fmt.money(tr.buyIn)} + {fmt.money(tr.fee)}
              </td>
              <td className="num">
                {t("lobby.leftOfEntries", { left: fmt.chips(tr.playersLeft), entries: fmt.chips(tr.entries) })}
              </td>
              <td className="num">
                {fmt.money(tr.prizePool)}
                {tr.guarantee > 0 && <div className="sub">{t("lobby.guaranteed", { amount: fmt.money(tr.guarantee) })}</div>}
              </td>
              <td>
                {tr.lateRegistrationEndsAt !== null
                  ? t("lobby.lateRegUntil", { time: fmt.time(tr.lateRegistrationEndsAt), level: tr.lateRegistrationEndsLevel ?? "" })
                  : t("lobby.noLateReg")}
              </td>
              <td className="actions">
                {ACTIONS.map(({ name, route }) => {
                  const p = tr.actions[name];
                  // Offer only what makes sense for this tournament; disabled buttons explain why.
                  if (!p.allowed && /not-offered$/.test(p.reason)) return null;
                  return (
                    <button
                      key={name}
                      disabled={!p.allowed}
                      title={p.allowed ? t("lobby.cost", { amount: fmt.money(p.cost) }) : t(`reasons.${p.reason}`)}
                      onClick={() => void run(tr, route)}
                    >
                      {t(`lobby.action.${name}`)}
                      {!p.allowed && <span className="why">{t(`reasons.${p.reason}`)}</span>}
                    </button>
                  );
                })}
                <a className="button" href={href("clock", tr.id)}>
                  {t("lobby.clock")}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

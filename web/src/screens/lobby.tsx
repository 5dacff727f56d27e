import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Funding as FundingInfo, LobbyActionName, LobbyTournament } from "../../../src/protocol/index.ts";
import type { FeltError } from "../../../src/lib/result.ts";
import { ErrorText } from "../components/error-text.tsx";
import { RebuyOffer } from "../components/rebuy-offer.tsx";
import { useFormat } from "../components/use-format.ts";
import { useLive, useQuery, useServerNow, useServices } from "../context.tsx";
import { newCommandId } from "../api/client.ts";
import { href } from "../router.ts";
import { denyReasonKey, lateRegLine } from "../logic/lobby-lines.ts";

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
  const [page, setPage] = useState(1);
  const lobby = useQuery("lobby", undefined, {}, String(page), page > 1 ? { page: String(page) } : {});
  const { client } = useServices();
  const [error, setError] = useState<FeltError | null>(null);
  const [done, setDone] = useState<{ action: LobbyActionName | "declineRebuy"; name: string; balance: number } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [toppedUp, setToppedUp] = useState<number | null>(null);
  /** A paid action waiting for the player's yes: the price and the balance before and after. */
  const [ask, setAsk] = useState<{ tr: LobbyTournament; name: LobbyActionName; route: (typeof ACTIONS)[number]["route"]; cost: number } | null>(null);
  // The question opens under its row: on a phone it may be below the fold, so it is brought into view once.
  const askBox = useRef<HTMLDivElement | null>(null);
  const asking = ask === null ? null : `${ask.tr.id}:${ask.name}`;
  useEffect(() => {
    if (asking !== null) askBox.current?.scrollIntoView({ block: "nearest" });
  }, [asking]);
  const now = useServerNow(1000);
  const paging = (lobby.data as { page?: { page: number; pages: number; total: number } } | null)?.page;
  const { reload } = lobby;
  useEffect(() => {
    const id = setInterval(reload, 10_000);
    return () => clearInterval(id);
  }, [reload]);

  async function run(tr: LobbyTournament, route: (typeof ACTIONS)[number]["route"]) {
    setAsk(null);
    setBusy(`${tr.id}:${route}`);
    const r = await client.call(route, { commandId: newCommandId() }, { id: tr.id });
    setBusy(null);
    setError(r.ok ? null : r.error);
    setDone(r.ok ? { action: route, name: tr.name, balance: r.value.balance } : null);
    lobby.reload();
  }

  return (
    <section className="panel lobby-panel">
      <div className="row">
        <h1>{t("lobby.title")}</h1>
        <span className="spacer" />
        {lobby.data?.balance != null && (
          <span className="balance">
            {t("lobby.balance")}: <b>{fmt.money(lobby.data.balance)}</b>
          </span>
        )}
      </div>
      {lobby.data?.funding && lobby.data.balance != null && (
        <Funding
          funding={lobby.data.funding}
          balance={lobby.data.balance}
          onToppedUp={(balance) => {
            setError(null);
            setToppedUp(balance);
            lobby.reload();
          }}
          onError={setError}
        />
      )}
      {toppedUp !== null && (
        <p className="ok" data-testid="topped-up">
          {t("lobby.funding.toppedUp", { balance: fmt.money(toppedUp) })}
        </p>
      )}
      <ErrorText error={error ?? lobby.error} />
      {done && (
        <p className="ok" data-testid="lobby-done">
          {t(`lobby.done.${done.action}`, { name: done.name })} {t("lobby.balanceNow", { balance: fmt.money(done.balance) })}
        </p>
      )}
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
                <a className="tournament-link" href={href("tournament", tr.id)}>
                  <b>{tr.name}</b>
                </a>
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
                    {tr.mine.place !== null && tr.mine.prize != null ? (
                      <span className="finished-line">
                        {tr.mine.prize > 0
                          ? t("lobby.mine.finished", { place: fmt.place(tr.mine.place), entries: fmt.chips(tr.entries), prize: fmt.money(tr.mine.prize) })
                          : t("lobby.mine.finishedNoPrize", { place: fmt.place(tr.mine.place), entries: fmt.chips(tr.entries) })}
                      </span>
                    ) : tr.mine.place !== null ? (
                      t("lobby.mine.place", { place: fmt.place(tr.mine.place) })
                    ) : tr.mine.state === "playing" ? (
                      t("lobby.mine.playing", { stack: fmt.chips(tr.mine.stack) })
                    ) : (
                      t(`lobby.mine.${tr.mine.state}`)
                    )}
                  </div>
                )}
                <RebuyOffer
                  tournament={tr}
                  now={now}
                  onDone={(r, route) => {
                    setError(null);
                    setDone({ action: route, name: tr.name, balance: r.balance });
                    lobby.reload();
                  }}
                />
              </td>
              <td data-label={t("lobby.status")}>
                <span className={`status ${tr.status}`}>{t(`status.${tr.status}`)}</span>
              </td>
              <td data-label={t("lobby.start")}>{fmt.dateTime(tr.startsAt)}</td>
              <td className="num" data-label={t("lobby.buyIn")}>
                {fmt.money(tr.buyIn)} + {fmt.money(tr.fee)}
              </td>
              <td className="num" data-label={t("lobby.entries")}>
                {t("lobby.leftOfEntries", { left: fmt.chips(tr.playersLeft), entries: fmt.chips(tr.entries) })}
              </td>
              <td className="num" data-label={t("lobby.prizePool")}>
                {fmt.money(tr.prizePool)}
                {tr.guarantee > 0 && <div className="sub">{t("lobby.guaranteed", { amount: fmt.money(tr.guarantee) })}</div>}
              </td>
              {(() => {
                const line = lateRegLine(tr, now);
                return (
                  <td className="late-reg" data-label={t("lobby.lateReg")} data-open={line.kind === "until" ? "yes" : "no"}>
                    {line.kind === "none"
                      ? t("lobby.noLateReg")
                      : line.kind === "closed"
                        ? t("lobby.lateRegClosed", { time: fmt.time(line.at) })
                        : line.level !== null
                          ? t("lobby.lateRegUntil", { time: fmt.time(line.at), level: line.level })
                          : t("lobby.lateRegUntilTime", { time: fmt.time(line.at) })}
                    {line.kind === "until" && line.left !== null && <div className="sub">{t("lobby.lateRegLeft", { left: fmt.duration(line.left) })}</div>}
                  </td>
                );
              })()}
              <td className="actions">
                {ask?.tr.id === tr.id && (
                  // biome-ignore lint/a11y/useSemanticElements: a question and two buttons, not a form
                  <div className="confirm-pay" role="group" data-testid="confirm-pay" ref={askBox}>
                    <p>
                      {t("lobby.confirm.price", { action: t(`lobby.action.${ask.name}`), name: tr.name, cost: fmt.money(ask.cost) })}{" "}
                      {lobby.data?.balance != null &&
                        t("lobby.confirm.balance", { balance: fmt.money(lobby.data.balance), after: fmt.money(lobby.data.balance - ask.cost) })}
                    </p>
                    <button className="primary" data-action="confirm-pay" disabled={busy !== null} onClick={() => void run(tr, ask.route)}>
                      {t("lobby.confirm.yes", { cost: fmt.money(ask.cost) })}
                    </button>
                    <button data-action="cancel-pay" onClick={() => setAsk(null)}>
                      {t("lobby.confirm.no")}
                    </button>
                  </div>
                )}
                {ask?.tr.id !== tr.id &&
                  ACTIONS.map(({ name, route }) => {
                    const p = tr.actions[name];
                    // Offer only what makes sense for this tournament; disabled buttons explain why.
                    if (!p.allowed && /not-offered$/.test(p.reason)) return null;
                    // An entrant reads their own line above, not a greyed Register.
                    if (!p.allowed && tr.mine !== null && (name === "register" || name === "unregister")) return null;
                    if (!p.allowed && name === "unregister" && p.reason === "not-registered") return null;
                    if (!p.allowed && (tr.status === "finished" || tr.status === "cancelled")) return null;
                    return (
                      <button
                        key={name}
                        data-action={name}
                        disabled={!p.allowed || busy !== null}
                        title={p.allowed ? t("lobby.cost", { amount: fmt.money(p.cost) }) : t(denyReasonKey(name, p.reason))}
                        onClick={() => (p.allowed && p.cost > 0 ? setAsk({ tr, name, route, cost: p.cost }) : void run(tr, route))}
                      >
                        {t(`lobby.action.${name}`)}
                        {!p.allowed && <span className="why">{t(denyReasonKey(name, p.reason))}</span>}
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
      {paging && paging.pages > 1 && (
        <div className="row pager">
          <button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("lobby.previous")}
          </button>
          <span>{t("lobby.pageOf", { page: paging.page, pages: paging.pages, total: paging.total })}</span>
          <button disabled={page >= paging.pages} onClick={() => setPage(page + 1)}>
            {t("lobby.next")}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * How this player gets money to play with, said before a Register greys out for want of it:
 * a play-money room's daily top-up, or the room's desk (which needs the player's name).
 */
function Funding(props: { funding: FundingInfo; balance: number; onToppedUp: (balance: number) => void; onError: (e: FeltError) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const { user } = useLive();
  const [busy, setBusy] = useState(false);
  const f = props.funding;
  if (f.kind === "desk")
    return props.balance > 0 ? null : (
      <p className="funding" data-testid="funding">
        {t("lobby.funding.desk", { name: user?.name ?? "" })}
      </p>
    );
  async function topUp() {
    setBusy(true);
    const r = await client.call("topUp", { commandId: newCommandId() });
    setBusy(false);
    if (r.ok) props.onToppedUp(r.value.balance);
    else props.onError(r.error);
  }
  return (
    <p className="funding" data-testid="funding">
      {t("lobby.funding.playMoney")}{" "}
      {f.topUp === "now" && (
        <button type="button" disabled={busy} onClick={topUp}>
          {t("lobby.funding.topUp", { amount: fmt.money(f.amount) })}
        </button>
      )}{" "}
      {f.topUp === "used" && f.nextTopUpAt !== null
        ? t("lobby.funding.topUpUsed", { time: fmt.dateTime(f.nextTopUpAt) })
        : t("lobby.funding.topUpDaily", { amount: fmt.money(f.amount) })}
    </p>
  );
}

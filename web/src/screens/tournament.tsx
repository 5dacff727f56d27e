import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ErrorText } from "../components/error-text.tsx";
import { useFormat } from "../components/use-format.ts";
import { useQuery } from "../context.tsx";
import { href } from "../router.ts";

/**
 * A tournament's page: the structure (levels, breaks, antes), the payouts
 * (provisional until late registration ends), every entrant with chips or place and prize,
 * the tables to watch, and where the player stands. Finished, it is the results.
 */
export function TournamentScreen({ tournamentId }: { tournamentId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const page = useQuery("tournamentPage", undefined, { id: tournamentId }, tournamentId);
  const lobby = useQuery("lobby", undefined, {}, tournamentId);
  const { reload } = page;
  useEffect(() => {
    const id = setInterval(reload, 10_000);
    return () => clearInterval(id);
  }, [reload]);
  const p = page.data;
  if (!p) return <div className="panel">{page.error ? <ErrorText error={page.error} /> : t("common.loading")}</div>;
  const mine = lobby.data?.tournaments.find((x) => x.id === tournamentId)?.mine ?? null;
  const myEntry = mine === null ? undefined : p.entrants.find((e) => e.entryId === mine.entryId);
  const myRank =
    myEntry === undefined ? null : (myEntry.place ?? p.entrants.filter((e) => e.stack !== null).findIndex((e) => e.entryId === myEntry.entryId) + 1);
  const finished = p.status === "finished";
  return (
    <section className="tournament-page">
      <div className="panel">
        <div className="row">
          <h1>{p.name}</h1>
          <span className={`status ${p.status}`}>{t(`status.${p.status}`)}</span>
          <span className="spacer" />
          <a className="button" href={href("clock", p.tournamentId)}>
            {t("lobby.clock")}
          </a>
        </div>
        {(p.guarantee ?? 0) > 0 && (
          <p data-testid="guarantee">{t("createForm.guaranteeLine", { guarantee: fmt.money(p.guarantee ?? 0), pool: fmt.money(p.prizePool) })}</p>
        )}
        <p>
          {t("tournament.summary", {
            pool: fmt.money(p.prizePool),
            players: fmt.chips(p.entrants.filter((e) => e.stack !== null).length),
            entries: fmt.chips(p.entrants.length),
            stack: fmt.chips(p.startingStack),
          })}
        </p>
        {mine !== null && myRank !== null && (
          <p className="mine-line" data-testid="my-standing">
            {myEntry?.place != null
              ? (myEntry.prize ?? 0) > 0
                ? t("lobby.mine.finished", { place: fmt.place(myEntry.place), entries: fmt.chips(p.entrants.length), prize: fmt.money(myEntry.prize ?? 0) })
                : t("lobby.mine.finishedNoPrize", { place: fmt.place(myEntry.place), entries: fmt.chips(p.entrants.length) })
              : t("tournament.standing", { rank: fmt.place(myRank), stack: fmt.chips(myEntry?.stack ?? 0) })}{" "}
            {mine.tableId && !finished && <a href={href("table", mine.tableId)}>{t("lobby.goToTable")}</a>}
          </p>
        )}
      </div>
      <div className="cols">
        <div className="panel">
          <h2>{finished ? t("tournament.results") : t("tournament.entrants")}</h2>
          <table className="grid" data-testid="entrants">
            <thead>
              <tr>
                <th>#</th>
                <th>{t("tournament.player")}</th>
                <th className="num">{t("tournament.chips")}</th>
                <th>{t("tournament.table")}</th>
              </tr>
            </thead>
            <tbody>
              {p.entrants.map((e, i) => (
                <tr key={e.entryId} className={e.entryId === mine?.entryId ? "me" : e.stack === null ? "out" : ""}>
                  <td>{e.place !== null ? fmt.place(e.place) : i + 1}</td>
                  <td>{e.name}</td>
                  <td className="num">{e.stack !== null ? fmt.chips(e.stack) : e.prize ? fmt.money(e.prize) : "—"}</td>
                  <td>{e.tableId !== null ? <a href={href("table", e.tableId)}>{e.tableNumber}</a> : (e.tableNumber ?? "")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="panel">
          <h2>{t("tournament.payouts")}</h2>
          {!p.payoutsFixed && <p className="hint">{t("tournament.provisional")}</p>}
          <table className="grid" data-testid="payouts">
            <tbody>
              {p.payouts.map((x) => (
                <tr key={x.place}>
                  <td>{fmt.place(x.place)}</td>
                  <td className="num">{fmt.money(x.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {p.tables.length > 0 && (
            <>
              <h2>{t("tournament.tables")}</h2>
              <ul className="table-links" data-testid="tables">
                {p.tables.map((x) => (
                  <li key={x.number}>
                    {x.tableId !== null ? (
                      <a href={href("table", x.tableId)}>{t("table.title", { number: x.number })}</a>
                    ) : (
                      t("table.title", { number: x.number })
                    )}{" "}
                    <span className="sub">{t("tournament.players", { n: x.players })}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="panel">
          <h2>{t("tournament.structure")}</h2>
          <table className="grid structure-view" data-testid="structure">
            <thead>
              <tr>
                <th>{t("create.level")}</th>
                <th className="num">{t("clock.blinds")}</th>
                <th className="num">{t("clock.ante")}</th>
                <th className="num">{t("create.minutes")}</th>
              </tr>
            </thead>
            <tbody>
              {p.structure.map((x, i) =>
                x.kind === "break" ? (
                  <tr key={i} className="break">
                    <td colSpan={3}>
                      {x.colourUp !== undefined ? `${t("clock.break")} · ${t("create.colourUpAtBreak", { chip: fmt.chips(x.colourUp) })}` : t("clock.break")}
                    </td>
                    <td className="num">{x.minutes}</td>
                  </tr>
                ) : (
                  <tr key={i}>
                    <td>
                      {x.level}
                      {x.limit === true && <span className="sub"> · {t("tournament.limit")}</span>}
                    </td>
                    <td className="num">
                      {fmt.chips(x.sb)} / {fmt.chips(x.bb)}
                    </td>
                    <td className="num">{x.ante > 0 ? `${fmt.chips(x.ante)}${x.bigBlindAnte ? ` (${t("table.bb")})` : ""}` : ""}</td>
                    <td className="num">{x.minutes}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
          {p.settings !== undefined && (
            <>
              <h2>{t("tournament.houseRules")}</h2>
              <ul className="house-rules" data-testid="house-rules">
                <li>{t("tournament.seats", { n: p.settings.tableSize, final: p.settings.finalTableSize })}</li>
                <li>{t(`create.button.${p.settings.buttonRule}`)}</li>
                <li>{t(`create.colour.${p.settings.colourUp}`)}</li>
                <li>
                  {t("create.oddChip")}: {t(p.settings.oddChip === "draw" ? "create.odd.draw" : "create.odd.leftOfButton")}
                </li>
                <li>{p.settings.oneCardKills ? t("create.oneCardKills") : t("tournament.bothCards")}</li>
                {p.settings.tableMerge === "redraw" && (
                  <li>
                    {t("create.tableMerge")}: {t("create.merge.redraw")}
                  </li>
                )}
                {p.settings.playDownTo > 0 && (
                  <li>
                    {t("create.playDownTo")}: {p.settings.playDownTo}
                  </li>
                )}
                {p.settings.addOnAt !== "break" && (
                  <li>
                    {t("create.addOnAt")}: {t("create.addOnWhen.playersLeft")} ({p.settings.addOnAt.playersLeft})
                  </li>
                )}
                {p.settings.reEntryCloses === "break-start" && (
                  <li>
                    {t("create.reEntryCloses")}: {t("create.reEntryClose.breakStart")}
                  </li>
                )}
                {(p.settings.mixedBy === "orbit" || p.structure.some((x) => x.limit === true)) && (
                  <li>
                    {t("create.mixedBy")}: {t(`create.mixed.${p.settings.mixedBy}`)}
                  </li>
                )}
                <li>{t(p.settings.handForHand ? "tournament.handForHand" : "tournament.noHandForHand")}</li>
                <li>{t("tournament.clock", { seconds: p.settings.actionSeconds, bank: p.settings.timeBankSeconds })}</li>
              </ul>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

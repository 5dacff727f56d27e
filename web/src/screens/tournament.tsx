import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorText } from "../components/error-text.tsx";
import { useFormat } from "../components/use-format.ts";
import { useNamedTable, useTableName } from "../components/use-room.ts";
import { useQuery, useServices } from "../context.tsx";
import { newCommandId } from "../api/client.ts";
import type { FeltError } from "../../../src/lib/result.ts";
import { href } from "../router.ts";
import { BracketPanel } from "../components/bracket.tsx";
import type { TFunction } from "i18next";
import type { DecksOpen, LobbyTournament, TournamentSettings, TournamentTerms } from "../../../src/protocol/index.ts";

/**
 * A tournament's page: the structure (levels, breaks, antes), the payouts
 * (provisional until late registration ends), every entrant with chips or place and prize,
 * the tables to watch, and where the player stands. Finished, it is the results.
 */
export function TournamentScreen({ tournamentId }: { tournamentId: string }) {
  const { t } = useTranslation();
  // A live room's tables (no tableId) are the room's own, read by their names; online ones by number.
  const tableName = useTableName();
  const namedTable = useNamedTable();
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
        {p.terms !== undefined && (
          <Terms
            terms={p.terms}
            settings={p.settings}
            row={lobby.data?.tournaments.find((x) => x.id === tournamentId) ?? null}
            balance={lobby.data?.balance ?? null}
            onDone={lobby.reload}
          />
        )}
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
      {(p.terms?.format === "heads-up" || p.terms?.format === "shootout") && ["running", "break", "paused", "finished"].includes(p.status) && (
        <BracketPanel tournamentId={p.tournamentId} highlight={mine?.entryId ?? null} />
      )}
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
                  <td>
                    {e.tableId !== null ? (
                      <a href={href("table", e.tableId)}>{e.tableNumber}</a>
                    ) : e.tableNumber === null ? (
                      ""
                    ) : (
                      (namedTable(e.tableNumber) ?? e.tableNumber)
                    )}
                  </td>
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
                    {x.tableId !== null ? <a href={href("table", x.tableId)}>{t("table.title", { number: x.number })}</a> : tableName(x.number)}{" "}
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
                      {x.limitBlinds !== undefined && (
                        <span className="sub" data-testid="orbit-limit-blinds">
                          {" "}
                          · {t("tournament.limit")} {fmt.chips(x.limitBlinds.sb)} / {fmt.chips(x.limitBlinds.bb)}
                        </span>
                      )}
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
                <li data-testid="button-draw">
                  {t("create.buttonDraw")}: {t(`create.buttonDraws.${p.settings.buttonDraw}`)}
                </li>
                <li>{t(`create.colour.${p.settings.colourUp}`)}</li>
                <li>
                  {t("create.oddChip")}: {t(p.settings.oddChip === "draw" ? "create.odd.draw" : "create.odd.leftOfButton")}
                </li>
                <li>{p.settings.oneCardKills ? t("create.oneCardKills") : t("tournament.bothCards")}</li>
                <li data-testid="decks-open">{decksOpenText(t, p.settings.decksOpen)}</li>
                {p.settings.balancing === "tda" && (
                  <li>
                    {t("create.balancing")}: {t("create.balance.tda")}
                  </li>
                )}
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
                {p.settings.startRule != null && p.terms !== undefined && (
                  <li data-testid="start-rule">
                    {t("tournament.startRule", {
                      players: fmt.chips(p.settings.startRule.minPlayers),
                      time: fmt.time(p.terms.startsAt + p.settings.startRule.deadlineMinutes * 60_000),
                    })}
                  </li>
                )}
              </ul>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** Who may open the whole decks after the event: what a player reads before entering. */
function decksOpenText(t: TFunction, d: DecksOpen): string {
  if (d.to === "auditor") return t("tournament.decksAuditor", { name: d.auditor });
  if (d.to === "public") return t("tournament.decksPublic", { days: d.afterDays });
  return t("tournament.decksPlayers");
}

/** A window's end in words: "the end of level 6", "the end of break 2". */
function untilText(t: TFunction, w: NonNullable<TournamentTerms["lateRegistration"]>["until"], breakStart = false): string {
  if ("endOfLevel" in w) return t("tournament.terms.until.endOfLevel", { n: w.endOfLevel });
  if ("endOfBreak" in w) return t(breakStart ? "tournament.terms.until.startOfBreak" : "tournament.terms.until.endOfBreak", { n: w.endOfBreak });
  return t("tournament.terms.until.minutes", { n: w.minutes });
}

/**
 * What a player reads before paying: the start, the price, the format with its windows, and
 * Register, which says the price and the balance after it and asks once.
 */
function Terms(props: {
  terms: TournamentTerms;
  settings: TournamentSettings | undefined;
  row: LobbyTournament | null;
  balance: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<FeltError | null>(null);
  const [busy, setBusy] = useState(false);
  const x = props.terms;
  // The house rules say when re-entry closes and when the add-on comes.
  const reEntryStart = props.settings?.reEntryCloses === "break-start";
  const addOnAt = props.settings?.addOnAt ?? "break";
  const register = props.row?.actions.register;
  async function pay() {
    setBusy(true);
    const r = await client.call("register", { commandId: newCommandId() }, { id: props.row!.id });
    setBusy(false);
    setAsking(false);
    setError(r.ok ? null : r.error);
    props.onDone();
  }
  const cost = register?.allowed ? register.cost : 0;
  // "Before you register" while registering is ahead of the player (open, soon open, or a
  // top-up away); in already, or closed to them, the terms are just the terms.
  const beforeRegistering =
    register !== undefined &&
    (register.allowed || register.reason === "insufficient-funds" || register.reason === "not-open-yet" || register.reason === "sign-in-required");
  return (
    <div className="terms" data-testid="terms">
      <h2>{t(beforeRegistering ? "tournament.terms.title" : "tournament.terms.titleEntered")}</h2>
      <dl>
        <dt>{t("tournament.terms.starts")}</dt>
        <dd>{fmt.dateTime(x.startsAt)}</dd>
        <dt>{t("tournament.terms.buyIn")}</dt>
        <dd>{x.fee > 0 ? t("tournament.terms.buyInFee", { buyIn: fmt.money(x.buyIn), fee: fmt.money(x.fee) }) : fmt.money(x.buyIn)}</dd>
        <dt>{t("tournament.terms.format")}</dt>
        <dd>{t(`tournament.terms.formats.${x.format}`)}</dd>
        <dt>{t("tournament.terms.lateReg")}</dt>
        <dd>
          {x.lateRegistration === null
            ? t("tournament.terms.none")
            : x.lateRegistrationEndsAt !== null
              ? t("tournament.terms.lateRegAt", { until: untilText(t, x.lateRegistration.until), time: fmt.time(x.lateRegistrationEndsAt) })
              : t("tournament.terms.lateRegUntil", { until: untilText(t, x.lateRegistration.until) })}
        </dd>
        {x.reEntry !== null && (
          <>
            <dt>{t("tournament.terms.reEntry")}</dt>
            <dd>
              {x.reEntry.max === undefined
                ? t("tournament.terms.reEntryAny", { until: untilText(t, x.reEntry.until, reEntryStart) })
                : t("tournament.terms.reEntryMax", { until: untilText(t, x.reEntry.until, reEntryStart), max: x.reEntry.max })}
            </dd>
          </>
        )}
        {x.rebuy !== null && (
          <>
            <dt>{t("tournament.terms.rebuy")}</dt>
            <dd>
              {t("tournament.terms.rebuyTerms", {
                cost: fmt.money(x.rebuy.cost),
                fee: fmt.money(x.rebuy.fee),
                chips: fmt.chips(x.rebuy.chips),
                until: untilText(t, x.rebuy.until),
              })}
              {x.rebuy.max !== undefined && `, ${t("tournament.terms.rebuyMax", { max: x.rebuy.max })}`}
            </dd>
          </>
        )}
        {x.addOn !== null && (
          <>
            <dt>{t("tournament.terms.addOn")}</dt>
            <dd>
              {t(addOnAt === "break" ? "tournament.terms.addOnTerms" : "tournament.terms.addOnLeftTerms", {
                cost: fmt.money(x.addOn.cost),
                fee: fmt.money(x.addOn.fee),
                chips: fmt.chips(x.addOn.chips),
                n: addOnAt === "break" ? x.addOn.atBreak : addOnAt.playersLeft,
              })}
            </dd>
          </>
        )}
      </dl>
      {register !== undefined && (register.allowed || register.reason !== "already-registered") && (
        <div className="row">
          <button type="button" disabled={!register.allowed || busy || asking} onClick={() => setAsking(true)}>
            {t("lobby.action.register")}
          </button>
          {!register.allowed && <span className="why">{t(`reasons.${register.reason}`)}</span>}
        </div>
      )}
      {asking && props.row !== null && (
        <fieldset className="confirm-pay" data-testid="terms-confirm">
          <p>{t("lobby.confirm.price", { action: t("lobby.action.register"), name: props.row.name, cost: fmt.money(cost) })}</p>
          {props.balance !== null && <p>{t("lobby.confirm.balance", { balance: fmt.money(props.balance), after: fmt.money(props.balance - cost) })}</p>}
          <div className="row">
            <button type="button" disabled={busy} onClick={pay}>
              {t("lobby.confirm.yes", { cost: fmt.money(cost) })}
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              {t("lobby.confirm.no")}
            </button>
          </div>
        </fieldset>
      )}
      <ErrorText error={error} />
    </div>
  );
}

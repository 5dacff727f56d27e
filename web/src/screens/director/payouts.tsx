import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeltError } from "../../../../src/lib/result.ts";
import { dealProposal, type ResultsMoney, type ResultsResponse } from "../../../../src/protocol/index.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";
import { PlayerNo } from "../../components/player-number.tsx";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import { resultsCsv } from "../../logic/results-csv.ts";
import { usePrintSheet } from "../../components/print-sheet.tsx";
import { ResultsPrint } from "./results-print.tsx";
import { dealChips } from "../../logic/desk.ts";
import { Desk } from "./desk.tsx";

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

/** A check refused for a reason no figures can fix (no deal yet: prizes not fixed, not the final table, ...). */
const isNoDeal = (e: FeltError | null) => e !== null && e["cause"] === "tournament/no-deal";

/**
 * Payouts (provisional until entries close, R-TRN-4/5), the ICM / chip-chop / custom deal for
 * the players left, and the results of every entry with the export.
 * A live room's stacks are the floor's counts or estimates (the server says which); the deal
 * is made on the chips typed here, recorded as the count first, so ICM uses real figures.
 */
export function PayoutsAndDeal({ tournamentId, live, startsAt = null }: { tournamentId: string; live: boolean; startsAt?: number | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const results = useQuery("results", undefined, { id: tournamentId }, tournamentId);
  const printResults = usePrintSheet("results");
  const [method, setMethod] = useState<"icm" | "chip-chop">("icm");
  /** Amounts the players agreed on other than the computed ones (a "custom" deal). */
  const [custom, setCustom] = useState<Record<string, number>>({});
  /** Chips counted for the deal, by entry, until recorded. */
  const [chips, setChips] = useState<Record<string, number>>({});
  const [error, setError] = useState<FeltError | null>(null);
  const [done, setDone] = useState(false);
  const r = results.data;
  const left = useMemo(() => (r?.stillIn ?? []).map((p) => ({ ...p, stack: chips[p.entryId] ?? p.stack })), [r, chips]);
  const dealable = left.length >= 2 && left.length <= 10;
  const remaining = r ? r.payouts.filter((p) => p.place <= left.length).map((p) => p.amount) : [];
  const deal = useMemo(() => {
    if (!dealable) return [];
    const stacks = left.map((p) => p.stack);
    return dealProposal(method, stacks, remaining);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dealable, JSON.stringify(left.map((p) => p.stack)), JSON.stringify(remaining), method]);
  /** The stacks the server holds differ from those typed (or are estimates): the count is recorded before the deal. */
  const needsCount = live && (r?.stillIn ?? []).some((p) => p.countedAt === null || (chips[p.entryId] !== undefined && chips[p.entryId] !== p.stack));

  // The server computes the same method in its own money unit; its figures are the ones it
  // records, so the screen asks it first (a check without `apply`) and shows its answer.
  const serverStacks = JSON.stringify([method, (r?.stillIn ?? []).map((p) => [p.entryId, p.stack])]);
  const [check, setCheck] = useState<{ key: string; amounts: Record<string, number> | null; error: FeltError | null } | null>(null);
  useEffect(() => {
    if (!dealable || done || !r) return;
    let on = true;
    const payouts = r.stillIn.map((p, i) => ({ entryId: p.entryId, amount: deal[i] ?? 0 }));
    void client.call("deal", { commandId: newCommandId(), method, payouts }, { id: tournamentId }).then((res) => {
      if (on)
        setCheck({
          key: serverStacks,
          amounts: res.ok
            ? null
            : figuresIn(
                res.error,
                r.stillIn.map((p) => p.entryId),
              ),
          error: res.ok ? null : res.error,
        });
    });
    return () => {
      on = false;
    };
    // `serverStacks` names everything the check depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, tournamentId, serverStacks, dealable, done]);
  const current = check?.key === serverStacks ? check : null;
  const whyNot = isNoDeal(current?.error ?? null) ? current!.error : null;
  const fromServer = needsCount ? null : (current?.amounts ?? null);

  const amounts = left.map((p, i) => custom[p.entryId] ?? fromServer?.[p.entryId] ?? deal[i] ?? 0);
  const edited = left.some((p) => custom[p.entryId] !== undefined);
  const pool = remaining.reduce((a, b) => a + b, 0);
  const shared = amounts.reduce((a, b) => a + b, 0);
  // The server's director records ICM deals; chip-chop and custom deals are checked and shown.
  const recordable = method === "icm" && !edited;
  const [preview, setPreview] = useState<ResultsResponse | null>(null);
  // A live deal is made on counted chips: their total must be the chips in play, or the floor
  // says the difference is right (a chip found or lost) before the deal goes on.
  const view = useQuery(live ? "tournament" : null, undefined, { id: tournamentId }, tournamentId);
  const inPlay = view.data?.totalChips ?? null;
  const countedTotal = left.reduce((a, p) => a + p.stack, 0);
  const chipsOff = live && inPlay !== null && countedTotal !== inPlay;
  const [differenceOk, setDifferenceOk] = useState(false);
  useEffect(() => setDifferenceOk(false), [countedTotal]);

  /** A recorded deal ends the tournament: asked once more. */
  const [confirmDeal, setConfirmDeal] = useState(false);
  async function accept() {
    setConfirmDeal(false);
    let figures = amounts;
    // A live deal carries the chips on the screen (prefilled from the latest counts): the
    // server checks them against the chips in play and records them as the count.
    const chipsBody = live ? dealChips(left, inPlay, differenceOk).body : {};
    if (needsCount && recordable) {
      // The server's figures for the chips on the screen, before they are recorded.
      const asked = await client.call(
        "deal",
        { commandId: newCommandId(), method, payouts: left.map((p, i) => ({ entryId: p.entryId, amount: amounts[i] ?? 0 })), ...chipsBody },
        { id: tournamentId },
      );
      const server = asked.ok
        ? null
        : figuresIn(
            asked.error,
            left.map((p) => p.entryId),
          );
      if (!asked.ok && server === null) {
        results.reload();
        return setError(asked.error);
      }
      if (server !== null) figures = left.map((p) => server[p.entryId] ?? 0);
    }
    const res = await client.call(
      "deal",
      {
        commandId: newCommandId(),
        method: edited ? "custom" : method,
        payouts: left.map((p, i) => ({ entryId: p.entryId, amount: figures[i] ?? 0 })),
        apply: recordable,
        ...chipsBody,
      },
      { id: tournamentId },
    );
    setError(res.ok ? null : res.error);
    if (!res.ok) return results.reload();
    setChips({});
    if (!recordable) {
      setPreview(res.value);
      return results.reload();
    }
    setDone(true);
    setPreview(null);
    setCustom({});
    results.reload();
  }

  function exportCsv() {
    if (!r) return;
    const url = URL.createObjectURL(new Blob([resultsCsv(r, (k) => t(k))], { type: "text/csv;charset=utf-8" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${r.name.replace(/[^\p{L}\p{N}]+/gu, "-")}-results.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  /** The deal that ended the tournament, if one did. */
  const dealt = r?.money?.deal ?? null;
  const entryName = (x: { name: string; entryNumber: number }) => (x.entryNumber > 1 ? t("live.reEntryName", { name: x.name, number: x.entryNumber }) : x.name);
  return (
    <div className="cols payouts-screen">
      <div className="panel">
        <h2>{t("payouts.title")}</h2>
        <ErrorText error={results.error} />
        {r && r.payouts.length > 0 && (
          <p className={r.payoutsFixed ? "hint" : "hint provisional"} data-testid="payouts-state">
            {!r.payoutsFixed
              ? t("live.payoutsProvisional")
              : dealt
                ? t("live.payoutsDealt", { method: t(`clock.dealMethod.${dealt.method}`) })
                : t("live.payoutsFixed")}
          </p>
        )}
        <table className="grid" data-testid="payouts-table">
          <tbody>
            {r?.payouts.map((p) => {
              const who = r.payoutsFixed ? r.results.find((x) => x.place === p.place) : undefined;
              // After a deal the place pays what the deal gave its finalist, not the structure's amount.
              const paid = dealt && who !== undefined ? who.prize : p.amount;
              return (
                <tr key={p.place} data-place={p.place}>
                  <td>{fmt.place(p.place)}</td>
                  <td className="num">
                    {paid !== p.amount && <s className="was">{fmt.money(p.amount)}</s>} <span className="paid">{fmt.money(paid)}</span>
                  </td>
                  <td>{who?.name ?? ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {r?.money && <MoneySummary money={r.money} />}
      </div>
      <div className="panel deal">
        <h2>{t("payouts.deal")}</h2>
        {done && (
          <p className="ok" data-testid="deal-done">
            {t("payouts.dealDone")}
          </p>
        )}
        {!dealable && !done && <p data-testid="deal-why-not">{t("payouts.dealWhen")}</p>}
        {dealable && whyNot && !done && (
          <div data-testid="deal-why-not">
            <ErrorText error={whyNot} />
          </div>
        )}
        {dealable && !whyNot && !done && (
          <>
            <div className="row">
              <label>
                <input type="radio" checked={method === "icm" && !edited} onChange={() => (setMethod("icm"), setCustom({}))} /> {t("payouts.icm")}
              </label>
              <label>
                <input type="radio" checked={method === "chip-chop" && !edited} onChange={() => (setMethod("chip-chop"), setCustom({}))} />{" "}
                {t("payouts.chipChop")}
              </label>
              {edited && <span className="tag">{t("payouts.custom")}</span>}
            </div>
            {live && <p className="hint">{t("live.dealChipsHint")}</p>}
            <table className="grid">
              <thead>
                <tr>
                  <th>{t("auth.name")}</th>
                  <th className="num">{t("payouts.chips")}</th>
                  <th className="num">{t("payouts.amount")}</th>
                </tr>
              </thead>
              <tbody>
                {left.map((p, i) => {
                  const server = r?.stillIn.find((x) => x.entryId === p.entryId);
                  return (
                    <tr key={p.entryId} data-entry={p.entryId}>
                      <td>{entryName(p)}</td>
                      <td className="num">
                        {live ? (
                          <>
                            <input
                              type="number"
                              min={0}
                              step={1}
                              aria-label={t("floor.countFor", { name: p.name })}
                              className={chips[p.entryId] !== undefined ? "changed" : ""}
                              value={p.stack}
                              onChange={(e) => {
                                // From the latest counts, not this render's: counts typed one after another in quick
                                // succession otherwise lose all but the last (the first box went back to its estimate).
                                const typed = Math.max(0, Math.floor(Number(e.target.value) || 0));
                                setChips((now) => ({ ...now, [p.entryId]: typed }));
                                setCustom({});
                              }}
                            />
                            <span className="sub">
                              {server?.countedAt != null && chips[p.entryId] === undefined
                                ? t("live.countedAt", { time: fmt.time(server.countedAt) })
                                : chips[p.entryId] !== undefined
                                  ? t("live.typed")
                                  : t("live.estimate")}
                            </span>
                          </>
                        ) : (
                          fmt.chips(p.stack)
                        )}
                      </td>
                      <td className="num">
                        <input
                          type="number"
                          min={0}
                          aria-label={t("payouts.amountFor", { name: p.name })}
                          value={amounts[i] ?? 0}
                          onChange={(e) => {
                            const typed = Math.max(0, Math.floor(Number(e.target.value) || 0));
                            setCustom((now) => ({ ...now, [p.entryId]: typed }));
                          }}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className={shared === pool ? "hint" : "error"} data-testid="deal-sum">
              {t("payouts.dealSum", { shared: fmt.money(shared), pool: fmt.money(pool) })}
            </p>
            <ErrorText error={error} />
            {!recordable && <p className="hint">{t("payouts.onlyIcmRecorded")}</p>}
            {chipsOff && inPlay !== null && (
              <div className="error" role="alert" data-testid="chips-off">
                <p>
                  {t("payouts.chipsOff", {
                    counted: fmt.chips(countedTotal),
                    inPlay: fmt.chips(inPlay),
                    difference: `${countedTotal > inPlay ? "+" : "−"}${fmt.chips(Math.abs(countedTotal - inPlay))}`,
                  })}
                </p>
                <label className="check">
                  <input type="checkbox" data-field="difference-ok" checked={differenceOk} onChange={(e) => setDifferenceOk(e.target.checked)} />
                  {t("payouts.differenceOk")}
                </label>
              </div>
            )}
            {confirmDeal ? (
              <span className="confirm-bust" role="alertdialog">
                <span>{t("live.dealConfirm")}</span>
                <button className="primary" data-action="confirm-deal" onClick={() => void accept()}>
                  {t("live.dealYes")}
                </button>
                <button onClick={() => setConfirmDeal(false)}>{t("live.no")}</button>
              </span>
            ) : (
              <button
                className="primary"
                disabled={shared !== pool || (chipsOff && !differenceOk)}
                onClick={() => (recordable ? setConfirmDeal(true) : void accept())}
              >
                {recordable ? t("payouts.acceptDeal") : t("payouts.checkDeal")}
              </button>
            )}
            {preview && (
              <table className="grid deal-preview">
                <caption>{t("payouts.previewTitle")}</caption>
                <tbody>
                  {preview.results
                    .filter((x) => left.some((p) => p.entryId === x.entryId))
                    .map((x) => (
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
      {live && <Desk tournamentId={tournamentId} changed={`${r?.results.length ?? 0}:${r?.stillIn.length ?? 0}`} />}
      <div className="panel results">
        <h2>{t("results.title")}</h2>
        <div className="row">
          <button onClick={exportCsv}>{t("results.export")}</button>
          <button data-action="print-results" disabled={!r} onClick={printResults.print}>
            {t("results.print")}
          </button>
        </div>
        {r && <ResultsPrint results={r} startsAt={startsAt} sheet={printResults.sheet} />}
        <table className="grid" data-testid="results-table">
          <thead>
            <tr>
              <th>{t("results.place")}</th>
              <th>{t("auth.name")}</th>
              <th>{t("live.bustedAt")}</th>
              <th className="num">{t("results.prize")}</th>
            </tr>
          </thead>
          <tbody>
            {r?.stillIn.map((x) => (
              <tr key={x.entryId} data-entry={x.entryId} className="still-in">
                <td>—</td>
                <td>
                  {entryName(x)}
                  <PlayerNo number={x.playerNumber} />
                </td>
                <td>{t("live.stillIn")}</td>
                {/* Chips, not a prize: said so, with whether the floor counted them or they are an estimate. */}
                <td className="num chips">
                  {t("live.map.chips", { chips: fmt.chips(x.stack) })}
                  {live && <span className="hint"> ({x.countedAt !== null ? t("live.countedAt", { time: fmt.time(x.countedAt) }) : t("live.estimate")})</span>}
                </td>
              </tr>
            ))}
            {r?.results.map((x) => (
              <tr key={x.entryId} data-entry={x.entryId} data-place={x.place}>
                <td>{fmt.place(x.place)}</td>
                <td>
                  {entryName(x)}
                  <PlayerNo number={x.playerNumber} />
                </td>
                <td>{x.bustedAt === null ? "" : fmt.time(x.bustedAt)}</td>
                <td className="num">{x.prize > 0 ? fmt.money(x.prize) : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Where the money came from and went: the pool's parts, the house's fees, the overlay and the deal. */
function MoneySummary({ money: m }: { money: ResultsMoney }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const rows: [string, number][] = [
    ["buyIns", m.buyIns],
    ...(m.reEntries > 0 ? [["reEntries", m.reEntries] as [string, number]] : []),
    ...(m.rebuys > 0 ? [["rebuys", m.rebuys] as [string, number]] : []),
    ...(m.addOns > 0 ? [["addOns", m.addOns] as [string, number]] : []),
    ["overlay", m.overlay],
    ["prizePool", m.prizePool],
    ["fees", m.fees],
  ];
  return (
    <table className="grid money-summary" data-testid="money-summary">
      <caption>{t("results.money.title")}</caption>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k} data-money={k}>
            <th scope="row">{t(`results.money.${k}`)}</th>
            <td className="num">{fmt.money(v)}</td>
          </tr>
        ))}
        <tr data-money="deal">
          <th scope="row">{t("results.money.deal")}</th>
          <td className="num">{m.deal === null ? t("results.money.noDeal") : `${t(`results.money.method.${m.deal.method}`)} · ${fmt.time(m.deal.at)}`}</td>
        </tr>
      </tbody>
    </table>
  );
}

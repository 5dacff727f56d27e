import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Instruction, ResultsResponse, SeatingResponse } from "../../../../src/protocol/index.ts";
import { useFormat } from "../../components/use-format.ts";
import { PlayerNo } from "../../components/player-number.tsx";
import { useTableName } from "../../components/use-room.ts";
import { bustOrder, searchEntries } from "../../logic/floor-map.ts";

/** Who is where: part of a name, or an entry number, gives the seat and stack, or the place and prize of an entry out. */
export function PlayerSearch({
  seating,
  results,
  instructions,
  live,
}: {
  seating: SeatingResponse;
  results: ResultsResponse;
  instructions: readonly Instruction[];
  live: boolean;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const tableName = useTableName();
  const [query, setQuery] = useState("");
  const found = useMemo(() => searchEntries(query, seating, results, instructions, live), [query, seating, results, instructions, live]);
  const label = (name: string, entryNumber: number) => (entryNumber > 1 ? t("live.reEntryName", { name, number: entryNumber }) : name);
  return (
    <div className="panel player-search">
      <label>
        {t("live.map.search")}{" "}
        <input type="search" value={query} placeholder={t("live.map.searchPlaceholder")} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
      </label>
      {query.trim() !== "" && found.length === 0 && <p className="hint">{t("live.map.noMatch")}</p>}
      <ul className="found" data-testid="search-results">
        {found.slice(0, 30).map((f) => (
          <li key={f.entryId} data-entry={f.entryId} data-kind={f.kind}>
            <b className="who">{label(f.name, f.entryNumber)}</b>
            <PlayerNo number={f.playerNumber} />{" "}
            {f.kind === "seated" ? (
              <span className="where">
                {t("live.map.seatedAt", { table: tableName(f.tableNumber), seat: f.seat })}
                {f.movingTo && <> ({t("live.map.movingTo", { table: tableName(f.movingTo.tableNumber), seat: f.movingTo.seat })})</>}
                {f.stack !== null && (
                  <>
                    {" · "}
                    {t("live.map.chips", { chips: fmt.chips(f.stack) })}{" "}
                    <span className="hint">
                      ({f.estimate ? t("live.estimate") : f.countedAt !== null ? t("live.countedAt", { time: fmt.time(f.countedAt) }) : ""})
                    </span>
                  </>
                )}
              </span>
            ) : (
              <span className="where">
                {t("live.map.out", { place: fmt.place(f.place) })}
                {f.bustedAt !== null && <> {t("live.map.outAt", { time: fmt.time(f.bustedAt) })}</>}
                {" · "}
                {f.prize > 0 ? t("live.map.prize", { amount: fmt.money(f.prize) }) : t("live.map.noPrize")}
                {!results.payoutsFixed && <span className="hint"> ({t("live.provisional")})</span>}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The bust order and places so far (R-PLACE-1): the last out first, each with time and prize (provisional while entries can come). */
export function BustOrder({ results }: { results: ResultsResponse }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const rows = bustOrder(results);
  return (
    <div className="panel bust-order">
      <h2>{t("live.map.bustOrder")}</h2>
      {!results.payoutsFixed && rows.length > 0 && <p className="hint">{t("live.payoutsProvisional")}</p>}
      {rows.length === 0 && <p className="hint">{t("live.map.noneOut")}</p>}
      {rows.length > 0 && (
        <table className="grid" data-testid="bust-order">
          <thead>
            <tr>
              <th className="num">{t("results.place")}</th>
              <th>{t("auth.name")}</th>
              <th>{t("live.bustedAt")}</th>
              <th className="num">{t("results.prize")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.entryId} data-entry={r.entryId}>
                <td className="num">{fmt.place(r.place)}</td>
                <td>{r.entryNumber > 1 ? t("live.reEntryName", { name: r.name, number: r.entryNumber }) : r.name}</td>
                <td>{r.bustedAt !== null ? fmt.time(r.bustedAt) : ""}</td>
                <td className="num">{r.prize > 0 ? fmt.money(r.prize) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

import { useTranslation } from "react-i18next";
import type { ResultsResponse } from "../../../../src/protocol/index.ts";
import { PrintSheet } from "../../components/print-sheet.tsx";
import { useFormat } from "../../components/use-format.ts";
import { useRoom } from "../../components/use-room.ts";
import { pages, RESULTS_PER_PAGE } from "../../logic/print-pages.ts";

/**
 * The results as the room pins them up: 40 entries an A4 page, each page headed with the
 * room's name, the event, its date and "page k of n", so a page found alone says whose it is.
 */
export function ResultsPrint({ results: r, startsAt, sheet }: { results: ResultsResponse; startsAt: number | null; sheet: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const room = useRoom();
  const entryName = (x: { name: string; entryNumber: number }) => (x.entryNumber > 1 ? t("live.reEntryName", { name: x.name, number: x.entryNumber }) : x.name);
  const rows = [
    ...r.stillIn.map((x) => ({ id: x.entryId, place: "—", name: entryName(x), out: t("live.stillIn"), prize: "" })),
    ...r.results.map((x) => ({
      id: x.entryId,
      place: fmt.place(x.place),
      name: entryName(x),
      out: x.bustedAt === null ? "" : fmt.time(x.bustedAt),
      prize: x.prize > 0 ? fmt.money(x.prize) : "",
    })),
  ];
  const sheets = pages(rows, RESULTS_PER_PAGE);
  return (
    <PrintSheet sheet={sheet} kind="results">
      {sheets.map((page, k) => (
        <section className="results-page" key={k} data-page={k + 1}>
          <header>
            {room?.name && <div className="room-name">{room.name}</div>}
            <div className="event">
              <b>{r.name}</b>
              {startsAt !== null && <span className="date"> · {fmt.dateTime(startsAt)}</span>}
              <span className="page-no">{t("results.page", { k: k + 1, n: sheets.length })}</span>
            </div>
          </header>
          <table>
            <thead>
              <tr>
                <th>{t("results.place")}</th>
                <th>{t("auth.name")}</th>
                <th>{t("live.bustedAt")}</th>
                <th className="num">{t("results.prize")}</th>
              </tr>
            </thead>
            <tbody>
              {page.map((x) => (
                <tr key={x.id}>
                  <td>{x.place}</td>
                  <td>{x.name}</td>
                  <td>{x.out}</td>
                  <td className="num">{x.prize}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </PrintSheet>
  );
}

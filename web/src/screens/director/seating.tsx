import { useTranslation } from "react-i18next";
import { ErrorText } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";
import { useQuery } from "../../context.tsx";
import { SeatCard } from "../../components/seat-card.tsx";
import { useNamedTable, useTableName } from "../../components/use-room.ts";

/**
 * The seat draw, and a printable seat card per player (R-TBL-1). `refresh` names what the
 * seats follow (status, entries, players left): when it changes the draw is asked for again
 * and the one on screen stays until the new one is in (remounting blanked the screen for a
 * moment every time the lobby's line changed).
 */
export function Seating({ tournamentId, name, startsAt, refresh = "" }: { tournamentId: string; name: string; startsAt: number; refresh?: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const tableName = useTableName();
  const namedTable = useNamedTable();
  const seating = useQuery("seating", undefined, { id: tournamentId }, `${tournamentId}:${refresh}`);
  const seats = seating.data?.seats ?? [];
  const tables = [...new Set(seats.map((s) => s.tableNumber))];
  return (
    <div className="seating">
      <div className="row no-print">
        <h2>{t("seating.title")}</h2>
        <button onClick={() => print()}>{t("seating.print")}</button>
      </div>
      <ErrorText error={seating.error} />
      {seating.data && seats.length === 0 && <p className="hint">{t("seating.empty")}</p>}
      <div className="cols no-print">
        {tables.map((n) => (
          <table key={n} className="grid">
            <caption>{tableName(n)}</caption>
            <tbody>
              {seats
                .filter((s) => s.tableNumber === n)
                .map((s) => (
                  <tr key={s.entryId}>
                    <td>{s.seat}</td>
                    <td>{s.name}</td>
                    <td className="num">{fmt.chips(s.stack)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        ))}
      </div>
      <div className="seat-card-sheet sheet-a4">
        {seats.map((s) => (
          <SeatCard
            key={s.entryId}
            name={s.name}
            number={s.playerNumber}
            tableNumber={s.tableNumber}
            tableName={namedTable(s.tableNumber)}
            seat={s.seat}
            tournament={name}
            startsAt={startsAt}
          />
        ))}
      </div>
    </div>
  );
}

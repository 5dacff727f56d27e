import { useTranslation } from "react-i18next";
import { useFormat } from "./use-format.ts";

/**
 * A printable seat card (R-TBL-1): the tournament and its date, then the table and seat
 * large enough to read at arm's length, and the player's name. Printed 2 × 4 on A4 for
 * cutting (the seat draw) or one per slip (a walk-in).
 */
export function SeatCard({
  name,
  tableNumber,
  tableName,
  seat,
  tournament,
  startsAt,
  number,
}: {
  name: string;
  /** The player number, printed under the name. */
  number?: number | undefined;
  tableNumber: number;
  /** The room's name for the table ("Rose"), printed large with its number beside the label. */
  tableName?: string | null | undefined;
  seat: number;
  tournament: string;
  startsAt: number;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <div className="seat-card" data-name={name}>
      <div className="event">
        <span className="tournament">{tournament}</span> <span className="date">{fmt.dateTime(startsAt)}</span>
      </div>
      <div className="where">
        <div className="cell">
          {tableName ? (
            <>
              <span className="label">
                {t("seating.table")} {tableNumber}
              </span>{" "}
              <b className="table-no named">{tableName}</b>
            </>
          ) : (
            <>
              <span className="label">{t("seating.table")}</span> <b className="table-no">{tableNumber}</b>
            </>
          )}
        </div>
        <div className="cell">
          <span className="label">{t("seating.seat")}</span> <b className="seat-no">{seat}</b>
        </div>
      </div>
      <div className="who">{name}</div>
      {number !== undefined && <div className="player-no">{t("live.number", { number })}</div>}
    </div>
  );
}

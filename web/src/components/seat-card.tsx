import { useTranslation } from "react-i18next";

/** A printable seat card (R-TBL-1): the player's name, table and seat, large. */
export function SeatCard({ name, tableNumber, seat }: { name: string; tableNumber: number; seat: number }) {
  const { t } = useTranslation();
  return (
    <div className="seat-card" data-name={name}>
      <div className="who">{name}</div>
      <div className="where">
        <span>{t("seating.table")}</span> <b>{tableNumber}</b>
        <span>{t("seating.seat")}</span> <b>{seat}</b>
      </div>
    </div>
  );
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { TableView } from "../../../src/protocol/index.ts";
import { useQuery } from "../context.tsx";
import { href } from "../router.ts";
import { rebuyDeadline } from "./rebuy-offer.tsx";
import { useFormat } from "./use-format.ts";

/**
 * What became of the player's seat at this table: busted, the place and the prize
 * at once (the rebuy offer is TableRebuyOffer's, shown instead while it runs); moved by the
 * director's balancing, a link to the new table. Asks the lobby while the player has no
 * seat here (or no chips), until the place is known.
 */
export function SeatNotice({ view, broke, now }: { view: TableView; broke: boolean; now: number }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const need = view.tournamentId !== null && (view.mySeat === null || broke);
  const lobby = useQuery(need ? "lobby" : null, undefined, {}, `${view.tableId}:${view.mySeat}:${broke}`);
  const { reload } = lobby;
  const tr = lobby.data?.tournaments.find((x) => x.id === view.tournamentId);
  const mine = tr?.mine ?? null;
  // Asked again until there is something final to say: the place and prize of a bust, or the new table of a move.
  const settled =
    mine !== null &&
    ((mine.state === "busted" && mine.place !== null && (mine.prize != null || tr?.status === "finished")) ||
      (mine.state === "playing" && mine.tableId !== null && mine.tableId !== view.tableId));
  useEffect(() => {
    if (!need || settled) return;
    const id = setInterval(reload, 2000);
    return () => clearInterval(id);
  }, [need, settled, reload]);
  if (!need || tr === undefined || mine === null) return null;
  if (mine.state === "playing" && mine.tableId !== null && mine.tableId !== view.tableId) {
    return (
      <div className="bust-notice moved" role="status" data-testid="moved-notice">
        <span>{t("bust.moved")}</span>
        <a className="button" href={href("table", mine.tableId)}>
          {t("lobby.goToTable")}
        </a>
      </div>
    );
  }
  if (mine.state !== "busted" || rebuyDeadline(tr, now) !== null) return null;
  return (
    <div className="bust-notice" role="alert" data-testid="bust-notice" data-place={mine.place ?? undefined}>
      <b>{t("bust.title", { name: tr.name })}</b>
      {mine.place !== null && <span className="place">{t("bust.place", { place: fmt.place(mine.place), entries: fmt.chips(tr.entries) })}</span>}
      {mine.prize != null && <span>{mine.prize > 0 ? t("bust.prize", { amount: fmt.money(mine.prize) }) : t("bust.noPrize")}</span>}
      <a href={href("lobby")}>{t("bust.toLobby")}</a>
    </div>
  );
}

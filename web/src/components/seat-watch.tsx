import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "../context.tsx";
import { type SeatChange, type Seating, seatChanges, seatingOf, seatPollMs } from "../logic/seat-watch.ts";
import { playSound } from "../logic/sound.ts";
import { go, href, useRoute } from "../router.ts";

/**
 * Wherever the player is in the app, a tournament that seats them (its start, a late entry
 * drawn in) takes them to their tables with a sound, a title alert and a notice; a move says
 * where they went. The tables screen keeps each tournament in its own tile, so a move
 * replaces the old table in place.
 */
export function SeatWatch() {
  const { t } = useTranslation();
  const lobby = useQuery("lobby", undefined);
  const [screen] = useRoute();
  const seating = useRef<Seating | null>(null);
  const [notice, setNotice] = useState<SeatChange | null>(null);
  const { reload, data } = lobby;
  const pollMs = seatPollMs(seating.current ?? new Map());

  useEffect(() => {
    const id = setInterval(reload, pollMs);
    return () => clearInterval(id);
  }, [reload, pollMs]);

  useEffect(() => {
    if (!data) return;
    const changes = seatChanges(seating.current, data.tournaments);
    seating.current = seatingOf(data.tournaments);
    const change = changes.find((c) => c.kind === "seated") ?? changes[0];
    if (change === undefined) return;
    setNotice(change);
    playSound("turn");
    document.title = t(change.kind === "seated" ? "seat.titleSeated" : "seat.titleMoved", { name: change.name });
    if (change.kind === "seated" && screen !== "table" && screen !== "tables") go("tables");
  }, [data, screen, t]);

  if (notice === null) return null;
  return (
    <div className="banner seat-notice" role="alert" data-testid="seat-notice">
      {t(notice.kind === "seated" ? "seat.seated" : "seat.moved", { name: notice.name })}{" "}
      <a href={href("tables")}>{t("seat.open")}</a>{" "}
      <button className="link" onClick={() => setNotice(null)}>
        {t("seat.dismiss")}
      </button>
    </div>
  );
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ErrorText } from "../components/error-text.tsx";
import { TableRebuyOffer } from "../components/rebuy-offer.tsx";
import { useFormat } from "../components/use-format.ts";
import { useLive, useServerNow, useServices } from "../context.tsx";
import { href } from "../router.ts";
import { TableFelt } from "./table-view.tsx";
import { SeatNotice } from "../components/seat-notice.tsx";
import { TableFeed } from "../components/table-feed.tsx";
import { TournamentBar } from "../components/tournament-bar.tsx";
import { RefusedNotice } from "../components/refused-notice.tsx";

export function TableScreen({ tableId, compact = false, keys = true }: { tableId: string; compact?: boolean; keys?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { live } = useServices();
  const state = useLive();
  const now = useServerNow();
  useEffect(() => live.watch({ kind: "table", tableId }), [live, tableId]);
  const view = state.tables.get(tableId);
  if (!view) return <p className="panel">{t("common.loading")}</p>;
  const current = (seat: number) => view.seats.find((s) => s.seat === seat)?.player?.name ?? `#${seat}`;
  // Busted at 0 chips with the seat kept: maybe a rebuy is on offer (R-TRN-4).
  const broke = view.mySeat !== null && view.seats.find((s) => s.seat === view.mySeat)?.stack === 0;
  // Each line names the players as its hand's start listed them: a player who busted since
  // has left the seat, and the seat may have a new player.
  let atStart = new Map<number, string>();
  const base = live.eventsBefore(tableId);
  const events = (state.events.get(tableId) ?? []).flatMap((e, i) => {
    if (e.kind === "hand-start") atStart = new Map(e.seats.map((s) => [s.seat, s.name]));
    // Pots won come from the server's dealer entries in the chat (TableFeed), not from here.
    if (!["hand-start", "post", "action", "return", "board", "show"].includes(e.kind)) return [];
    const names = atStart;
    return [{ e, n: base + i + 1, names: (seat: number) => names.get(seat) ?? current(seat) }];
  });
  return (
    <section className={compact ? "table-screen compact" : "table-screen"}>
      {view.tournamentId !== null && <TournamentBar tournamentId={view.tournamentId} myStack={view.seats.find((s) => s.seat === view.mySeat)?.stack ?? null} />}
      {compact && <SeatNotice view={view} broke={broke} now={now} />}
      <RefusedNotice tableId={tableId} />
      <TableFelt
        view={view}
        onAct={(a) => live.act(tableId, a)}
        now={now}
        compact={compact}
        keys={keys}
        sending={state.sendingAt === tableId}
        idle={
          // Sat out (a timeout): back in from the tile, in the action bar's room, so the tiles below never move.
          compact && view.mySeat !== null && view.sittingOut ? (
            <button className="sit-in" data-testid="tile-sit-in" onClick={() => live.sitOut(tableId, false)}>
              {t("table.sitIn")}
            </button>
          ) : null
        }
      />
      {!compact && (
        <aside className="side">
          <ErrorText error={state.lastError} />
          <SeatNotice view={view} broke={broke} now={now} />
          <TableRebuyOffer tableId={tableId} broke={broke} now={now} />
          {view.mySeat !== null && (
            <button onClick={() => live.sitOut(tableId, !view.sittingOut)}>{view.sittingOut ? t("table.sitIn") : t("table.sitOut")}</button>
          )}
          <h3>{t("table.lastHands")}</h3>
          <ul className="recent">
            {view.recentHands.map((h) => (
              <li key={h.handId}>
                <a href={href("hands", h.handId)}>#{h.handNumber}</a>{" "}
                {h.winners.map((w, i) => (
                  <span key={i}>
                    {w.name} +{fmt.chips(w.amount)}
                    {w.category ? ` · ${t(`handName.${w.category}`)}` : ""}{" "}
                  </span>
                ))}
              </li>
            ))}
          </ul>
          <TableFeed tableId={tableId} events={events} director={state.user?.role === "director"} me={state.user?.id ?? null} />
        </aside>
      )}
    </section>
  );
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { TableEvent } from "../../../src/protocol/index.ts";
import { ErrorText } from "../components/error-text.tsx";
import { TableRebuyOffer } from "../components/rebuy-offer.tsx";
import { useFormat } from "../components/use-format.ts";
import { useLive, useServerNow, useServices } from "../context.tsx";
import { href } from "../router.ts";
import { TableFelt } from "./table-view.tsx";
import { SeatNotice } from "../components/seat-notice.tsx";
import { TableFeed } from "../components/table-feed.tsx";
import { TournamentBar } from "../components/tournament-bar.tsx";
import { cardsText } from "../logic/cards.ts";
import { handName } from "../logic/hand-name.ts";

export function EventLine({ e, names }: { e: TableEvent; names: (seat: number) => string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  switch (e.kind) {
    case "hand-start":
      return <>{t("log.handStart", { number: e.handNumber })}</>;
    case "post":
      return <>{t(`log.post.${e.blind}`, { name: names(e.seat), amount: fmt.chips(e.amount) })}</>;
    case "action":
      // The clock acted (R-TRN-9): said so, not as if the player had chosen to check or fold.
      if (e.timeout && (e.action === "check" || e.action === "fold")) return <>{t(`log.timedOut.${e.action}`, { name: names(e.seat) })}</>;
      return <>{t(`log.${e.action}`, { name: names(e.seat), amount: fmt.chips(e.amount), to: fmt.chips(e.to) })}</>;
    case "board":
      return <>{t("log.board", { street: t(`street.${e.street}`), cards: cardsText(e.cards) })}</>;
    case "win":
      return (
        <>
          {e.potIndex === 0
            ? t("log.winMain", { name: names(e.seat), amount: fmt.chips(e.amount) })
            : t("log.winSide", { name: names(e.seat), amount: fmt.chips(e.amount), n: e.potIndex })}
          {e.category ? ` (${t(`handName.${e.category}`)})` : ""}
        </>
      );
    case "show":
      return (
        <>
          {e.hand
            ? t("log.showHand", { name: names(e.seat), cards: cardsText(e.cards), hand: handName(t, e.hand.category, e.hand.cards) })
            : t("log.showCards", { name: names(e.seat), cards: cardsText(e.cards) })}
        </>
      );
    default:
      return null;
  }
}

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
    if (!["hand-start", "post", "action", "board", "show"].includes(e.kind)) return [];
    const names = atStart;
    return [{ e, n: base + i + 1, names: (seat: number) => names.get(seat) ?? current(seat) }];
  });
  return (
    <section className={compact ? "table-screen compact" : "table-screen"}>
      {view.tournamentId !== null && <TournamentBar tournamentId={view.tournamentId} myStack={view.seats.find((s) => s.seat === view.mySeat)?.stack ?? null} />}
      {compact && <SeatNotice view={view} broke={broke} now={now} />}
      <TableFelt view={view} onAct={(a) => live.act(tableId, a)} now={now} compact={compact} keys={keys} sending={state.sendingAt === tableId} />
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

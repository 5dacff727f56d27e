import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLive, useQuery, useServices } from "../context.tsx";
import {
  nextLookMs,
  notStarted,
  type SeatChange,
  type Seating,
  seatChanges,
  seatDestination,
  seatingOf,
  seatWatchKey,
  waitingForSeat,
} from "../logic/seat-watch.ts";
import { playSound } from "../logic/sound.ts";
import { go, href, useRoute } from "../router.ts";

/** A slow look at the lobby besides the pushed changes, in case one was missed (a reconnect). */
const FALLBACK_MS = 60_000;

/**
 * Wherever the player is in the app, a tournament that seats them (its start, a late entry
 * drawn in) takes them to their table (their tables, when they sit at several) with a sound,
 * a title alert and a notice; a move says
 * where they went. The tables screen keeps each tournament in its own tile, so a move
 * replaces the old table in place. The lobby is asked again when a tournament the player is
 * in changes status or one of their tables stops seating them, a moment after a scheduled
 * start, and a few times while a started one has not seated them yet.
 */
export function SeatWatch() {
  const { t } = useTranslation();
  const { live, client } = useServices();

  const state = useLive();
  const lobby = useQuery("lobby", undefined);
  const [screen] = useRoute();
  const seating = useRef<Seating | null>(null);
  const waiting = useRef<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<SeatChange | null>(null);
  const { reload, data } = lobby;
  const watched = data ? seatingOf(data.tournaments) : new Map<string, string | null>();
  const ids = [...watched.keys()].sort().join(",");

  useEffect(() => {
    const id = setInterval(reload, FALLBACK_MS);
    return () => clearInterval(id);
  }, [reload]);
  // A registration made on another screen: look again, so that its start is seen as one.
  useEffect(() => client.onCommand(reload), [client, reload]);

  // Besides the pushes: a moment after a scheduled start, and soon again while a started event
  // has not seated the player yet (its push may have come before the seat, or been lost).
  // Pushes come as often as hands end: the timer is set again only when what it waits on
  // changes (a lobby answer, a moved start), the rest is read when it is set.
  const looks = useRef(0);
  const pushed = useRef(state);
  pushed.current = state;
  const starts = [...watched.keys()].map((id) => state.tournaments.get(id)?.startsAt ?? "").join(",");
  useEffect(() => {
    if (!data) return;
    const waiting = waitingForSeat(data.tournaments);
    if (!waiting) looks.current = 0;
    const { tournaments, clockOffsetMs } = pushed.current;
    const ms = nextLookMs(data.tournaments, Date.now() + clockOffsetMs, looks.current, (tr) => tournaments.get(tr.id)?.startsAt ?? tr.startsAt);
    if (ms === null) return;
    const id = setTimeout(() => {
      if (waiting) looks.current++;
      reload();
    }, ms);
    return () => clearTimeout(id);
  }, [data, starts, reload]);

  useEffect(() => {
    const stops = ids === "" ? [] : ids.split(",").map((tournamentId) => live.watch({ kind: "tournament", tournamentId }));
    return () => stops.forEach((stop) => void stop());
  }, [ids, live]);

  const key = seatWatchKey(
    watched,
    (id) => state.tournaments.get(id)?.status,
    (tableId) => {
      const view = state.tables.get(tableId);
      return view === undefined ? undefined : view.mySeat !== null;
    },
  );
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reload();
  }, [key, reload]);

  useEffect(() => {
    if (!data) return;
    const changes = seatChanges(seating.current, data.tournaments, waiting.current);
    seating.current = seatingOf(data.tournaments);
    waiting.current = notStarted(data.tournaments);
    const change = changes.find((c) => c.kind === "seated") ?? changes[0];
    if (change === undefined) return;
    setNotice(change);
    playSound("turn");
    document.title = t(change.kind === "seated" ? "seat.titleSeated" : "seat.titleMoved", { name: change.name });
    // One table: its own screen (the hand log, the chat); several: the tables side by side.
    const to = seatDestination(
      change,
      screen ?? "",
      [...seatingOf(data.tournaments).values()].filter((x) => x !== null),
    );
    if (to?.screen === "table") go("table", to.tableId);
    else if (to?.screen === "tables") go("tables");
  }, [data, screen, t]);

  if (notice === null) return null;
  return (
    <div className="banner seat-notice" role="alert" data-testid="seat-notice">
      {t(notice.kind === "seated" ? "seat.seated" : "seat.moved", { name: notice.name })} <a href={href("tables")}>{t("seat.open")}</a>{" "}
      <button className="link" onClick={() => setNotice(null)}>
        {t("seat.dismiss")}
      </button>
    </div>
  );
}

import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorText, errorMessage } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";
import { PlayerNo } from "../../components/player-number.tsx";
import { useTableName } from "../../components/use-room.ts";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";
import type { FeltError } from "../../../../src/lib/result.ts";
import { buttonDrawText, tableMap, tvFit, type MapTable } from "../../logic/floor-map.ts";
import { href } from "../../router.ts";
import { BustOrder, PlayerSearch } from "./player-search.tsx";
import { RoomNames } from "./room-names.tsx";

const POLL_MS = 4000;

/** The seat map, the moves not yet made and the results, kept fresh (busts come in from every table). */
export function useFloorData(tournamentId: string) {
  const seating = useQuery("seating", undefined, { id: tournamentId }, tournamentId);
  const instructions = useQuery("instructions", undefined, { id: tournamentId }, tournamentId);
  const results = useQuery("results", undefined, { id: tournamentId }, tournamentId);
  const [at, setAt] = useState(() => Date.now());
  const { reload: a } = seating;
  const { reload: b } = instructions;
  const { reload: c } = results;
  useEffect(() => {
    const id = setInterval(() => {
      a();
      b();
      c();
      setAt(Date.now());
    }, POLL_MS);
    return () => clearInterval(id);
  }, [a, b, c]);
  return { seating, instructions, results, at };
}

/**
 * The running event at a glance: every table with every seat (names, the floor's
 * counts, empty seats, the button where known) and the tables to break or balance; a
 * player search; the bust order with places and prizes. `tv`: the map alone, full screen,
 * sized for a 16:9 TV across the room.
 */
export function TableMapScreen({ tournamentId, live, tv = false, name }: { tournamentId: string; live: boolean; tv?: boolean; name?: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { seating, instructions, results, at } = useFloorData(tournamentId);
  const pending = instructions.data?.instructions ?? [];
  const map = useMemo(() => (seating.data ? tableMap(seating.data, pending, live) : []), [seating.data, pending, live]);
  // A re-entry is its own entry: named with its number, as in the results.
  const entryNumbers = useMemo(() => new Map((results.data?.stillIn ?? []).map((x) => [x.entryId, x.entryNumber])), [results.data]);
  const { client } = useServices();
  const screen = useScreen();
  const [buttonError, setButtonError] = useState<FeltError | null>(null);
  // Live: the cards move the button unseen; the floor taps the seat where it is now.
  const recordButton = async (tableNumber: number, seat: number) => {
    const r = await client.call("recordButton", { commandId: newCommandId(), tableNumber, seat }, { id: tournamentId });
    setButtonError(r.ok ? null : r.error);
    if (r.ok) seating.reload();
  };
  const breakNext = async (tableNumber: number | null) => {
    const r = await client.call("breakNext", { commandId: newCommandId(), tableNumber }, { id: tournamentId });
    setButtonError(r.ok ? null : r.error);
    if (r.ok) seating.reload();
  };
  const error = seating.error ?? instructions.error ?? results.error ?? buttonError;
  return (
    <div className={`table-map-screen${tv ? " tv" : ""}`} data-testid="table-map">
      <div className="row map-head">
        <h2>{tv && name ? name : t("live.map.title")}</h2>
        <span className="hint">{t("live.map.refreshed", { time: fmt.time(at) })}</span>
        {!tv && (
          <a className="button" href={href("floor-map", tournamentId)} target="_blank" rel="noreferrer">
            {t("live.map.tv")}
          </a>
        )}
      </div>
      <ErrorText error={error} />
      {!tv && seating.data && results.data && <PlayerSearch seating={seating.data} results={results.data} instructions={pending} live={live} />}
      <div className="table-map" style={tv ? tvStyle(map, screen) : undefined}>
        {map.map((table) => (
          <MapCard
            key={table.tableNumber}
            table={table}
            entryNumbers={entryNumbers}
            {...(live && !tv
              ? {
                  onButton: (seat: number) => void recordButton(table.tableNumber, seat),
                  onBreakNext: () => void breakNext(table.breaksNext ? null : table.tableNumber),
                }
              : {})}
            pending={pending.some((i) => i.kind === "final-table" && i.to.tableNumber === table.tableNumber)}
          />
        ))}
      </div>
      {seating.data && map.length === 0 && <p className="hint">{t("seating.empty")}</p>}
      <p className="hint legend">
        {t("live.map.legend")}
        {live && !tv && ` ${t("live.map.buttonHint")}`}
      </p>
      {!tv && live && <RoomNames tablesInPlay={map.map((x) => x.tableNumber)} />}
      {!tv && results.data && <BustOrder results={results.data} />}
    </div>
  );
}

/** Upright screens up to this wide are read up close (a phone, a tablet), not across a room. */
const UP_CLOSE_PX = 1000;

/**
 * A TV's map is planned for its screen (tvFit); a phone or a tablet held upright keeps the
 * page's own layout and type, the tables one under another, since a TV's plan sized for its
 * height would make the names unreadable there.
 */
function tvStyle(map: readonly MapTable[], screen: { width: number; height: number }): React.CSSProperties | undefined {
  const aspect = screen.width / Math.max(1, screen.height);
  if (aspect < 1 && screen.width <= UP_CLOSE_PX) return undefined;
  const fit = tvFit(map.length, Math.max(0, ...map.map((x) => x.seats.length)), aspect);
  // Upright, the columns share the whole width (one of them alone would be too narrow at 46vw).
  const column = aspect >= 1 ? "minmax(0, 46vw)" : "minmax(0, 1fr)";
  return { gridTemplateColumns: `repeat(${fit.columns}, ${column})`, fontSize: `${fit.lineVh.toFixed(2)}vh` };
}

/** The window's size, kept in step when it changes. */
function useScreen(): { width: number; height: number } {
  const read = () => ({ width: window.innerWidth, height: window.innerHeight });
  const [screen, setScreen] = useState(read);
  useEffect(() => {
    const on = () => setScreen(read());
    addEventListener("resize", on);
    return () => removeEventListener("resize", on);
  }, []);
  return screen;
}

function MapCard({
  table,
  pending,
  entryNumbers,
  onButton,
  onBreakNext,
}: {
  table: MapTable;
  pending: boolean;
  entryNumbers: ReadonlyMap<string, number>;
  onButton?: (seat: number) => void;
  onBreakNext?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const tableName = useTableName();
  // The translated refusal, with the server's own words (which player, which chip) beside it.
  const stoppedReason = (e: { code: string; message: string }) => {
    const said = errorMessage(t, i18n, e);
    return said === e.message ? said : `${said} (${e.message})`;
  };
  const named = (name: string, entryId: string | null) => {
    const k = entryId === null ? 1 : (entryNumbers.get(entryId) ?? 1);
    return k > 1 ? t("live.reEntryName", { name, number: k }) : name;
  };
  // The players at the table now: a move not yet made leaves them where they sit.
  const present = table.seats.filter((s) => (s.name !== null && s.arriving === null) || s.leaving !== null).length;
  const tags = [
    table.stopped !== null && (
      <span key="s" className="tag warn" data-testid="not-dealing">
        {t("live.map.stoppedTag")}
      </span>
    ),
    table.breaking && (
      <span key="b" className="tag warn">
        {t("live.map.breaking")}
      </span>
    ),
    table.breaksNext && !table.breaking && (
      <span key="n" className="tag" data-testid="breaks-next">
        {t("live.map.breaksNext")}
      </span>
    ),
    pending && (
      <span key="f" className="tag">
        {t("live.map.finalTable")}
      </span>
    ),
    !table.breaking && table.giving > 0 && (
      <span key="g" className="tag">
        {t("live.map.giving", { count: table.giving })}
      </span>
    ),
    table.receiving > 0 && (
      <span key="r" className="tag">
        {t("live.map.receiving", { count: table.receiving })}
      </span>
    ),
  ].filter(Boolean);
  const size = table.seats.length;
  const buttonLabel = table.button?.drawn ? "live.map.buttonDrawn" : table.button?.recorded ? "live.map.buttonRecorded" : "live.map.button";
  return (
    <section
      className={`map-table${table.breaking ? " breaking" : ""}${table.giving + table.receiving > 0 ? " moving" : ""}`}
      data-table={table.tableNumber}
      aria-label={tableName(table.tableNumber)}
    >
      <header>
        <h3>{tableName(table.tableNumber)}</h3>
        <span className="hint">{t("live.map.seats", { players: present, size })}</span>
        {onBreakNext && !table.breaking && (
          <button type="button" className="link" data-action="break-next" aria-pressed={table.breaksNext} onClick={onBreakNext}>
            {t("live.map.breakNext")}
          </button>
        )}
      </header>
      {tags.length > 0 && <div className="tags">{tags}</div>}
      {table.stopped !== null && (
        <p className="error" role="alert" data-testid="table-stopped" data-code={table.stopped.code}>
          {t("live.map.stopped")} {stoppedReason(table.stopped)}
        </p>
      )}
      <ol className="map-seats">
        {table.seats.map((s) => {
          const button = table.button?.seat === s.seat;
          return (
            <li
              key={s.seat}
              data-seat={s.seat}
              data-entry={s.entryId ?? undefined}
              className={`${s.name === null ? "empty" : "taken"}${s.leaving ? " leaving" : ""}${s.arriving ? " arriving" : ""}`}
            >
              {onButton && s.name !== null && s.arriving === null ? (
                <button
                  type="button"
                  className="seat-no set-button"
                  data-action="set-button"
                  title={t("live.map.setButton")}
                  aria-label={`${s.seat}: ${t("live.map.setButton")}`}
                  onClick={() => onButton(s.seat)}
                >
                  {s.seat}
                </button>
              ) : (
                <span className="seat-no">{s.seat}</span>
              )}
              <span className="btn-slot">
                {button && (
                  <span role="img" className={`dealer${table.button?.drawn ? " drawn" : ""}`} title={t(buttonLabel)} aria-label={t(buttonLabel)}>
                    D
                  </span>
                )}
              </span>
              <span className="who">
                {s.name !== null || s.leaving ? (
                  <>
                    <span className="name">{s.name !== null ? named(s.name, s.entryId) : s.leaving!.name}</span>
                    {s.name !== null && <PlayerNo number={s.playerNumber} />}
                  </>
                ) : (
                  <span className="hint">{t("live.map.empty")}</span>
                )}
                {s.arriving && (
                  <span className="move hint"> {t("live.map.arriving", { table: tableName(s.arriving.tableNumber), seat: s.arriving.seat })}</span>
                )}
                {s.leaving && <span className="move"> {t("live.map.moveTo", { table: tableName(s.leaving.tableNumber), seat: s.leaving.seat })}</span>}
              </span>
              <span className="chips num" title={s.countedAt !== null ? t("live.countedAt", { time: fmt.time(s.countedAt) }) : undefined}>
                {s.name === null ? "" : s.stack !== null ? fmt.chips(s.stack) : "—"}
              </span>
            </li>
          );
        })}
      </ol>
      {table.button?.drawn && table.button.draw !== undefined && table.button.draw.length > 0 && (
        <p className="hint button-draw" data-testid="button-draw">
          {t("live.map.buttonDraw")}: {buttonDrawText(table.button.draw, t("live.map.buttonDrawAgain"))}
        </p>
      )}
    </section>
  );
}

/** The table map alone, full screen, for a TV (`#/floor-map/ID`). */
export function TableMapTv({ tournamentId }: { tournamentId: string }) {
  const lobby = useQuery("lobby", undefined);
  const tournament = lobby.data?.tournaments.find((x) => x.id === tournamentId);
  if (!lobby.data) return <ErrorText error={lobby.error} />;
  return <TableMapScreen tournamentId={tournamentId} live={tournament?.kind === "live"} tv name={tournament?.name ?? tournamentId} />;
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLive, useQuery } from "../context.tsx";
import { tablesLeft } from "../logic/seat-watch.ts";
import { tablesToAct } from "../logic/turns.ts";
import { href } from "../router.ts";
import { TableScreen } from "./table.tsx";

/**
 * Every table the player sits at, side by side, one tile per tournament in a fixed order: a
 * turn never moves a tile under the pointer (it is highlighted, and the banner brings it into
 * view), and a move puts the new table in the same tile. Keyboard shortcuts go to the table
 * the player last touched while it waits for them, else to the most urgent turn; the tile
 * that has them says so.
 */
export function MultiTable() {
  const { t } = useTranslation();
  const lobby = useQuery("lobby", undefined);
  const live = useLive();
  const [touched, setTouched] = useState<string | null>(null);
  const tiles = (lobby.data?.tournaments ?? []).flatMap((tr) => (tr.mine?.tableId ? [{ tournamentId: tr.id, tableId: tr.mine.tableId, name: tr.name }] : []));
  // A tile's table that no longer seats a player still playing (a move, a broken table): ask
  // the lobby where they sit now until it says, so the new table takes the old one's tile.
  const moving = tablesLeft(lobby.data?.tournaments ?? [], (id) => {
    const view = live.tables.get(id);
    return view === undefined ? undefined : view.mySeat !== null;
  }).join(",");
  const { reload } = lobby;
  useEffect(() => {
    if (moving === "") return;
    reload();
    const id = setInterval(reload, 2000);
    return () => clearInterval(id);
  }, [moving, reload]);
  if (lobby.data && tiles.length === 0) return <p className="panel">{t("tables.none")}</p>;
  const ids = new Set(tiles.map((tile) => tile.tableId));
  const toAct = tablesToAct([...live.tables.values()].filter((v) => ids.has(v.tableId)));
  const first = toAct[0] ?? null;
  // The touched table while it waits for the player, else the most urgent turn, else the touched one.
  const touchedWaits = touched !== null && toAct.some((v) => v.tableId === touched);
  const keysAt = touchedWaits ? touched : (first?.tableId ?? (touched !== null && ids.has(touched) ? touched : (tiles[0]?.tableId ?? null)));
  const bringForward = (id: string) => {
    const el = document.querySelector(`.multi-cell[data-cell="${CSS.escape(id)}"]`);
    el?.scrollIntoView({ behavior: "smooth", block: "start" });
    (el?.querySelector(".action-bar button") as HTMLElement | null)?.focus({ preventScroll: true });
    setTouched(id);
  };
  // Every tile's line in one grid cell, only the waiting one shown: the banner is as tall as the
  // longest of them whichever table waits, so a turn never moves the tiles below, and it names
  // the event as well as the table (two events can each have a table 1).
  const lines = (
    <span className="to-act-lines">
      {tiles.map((tile) => (
        <b key={tile.tableId} className={first?.tableId === tile.tableId ? "" : "off"} aria-hidden={first?.tableId !== tile.tableId}>
          {t("turn.banner", { event: tile.name, number: live.tables.get(tile.tableId)?.tableNumber ?? 1 })}
        </b>
      ))}
    </span>
  );
  return (
    <>
      {tiles.length > 1 &&
        (first !== null ? (
          <div className="to-act-banner" role="status" data-testid="to-act-banner">
            {lines}
            <button className="primary" onClick={() => bringForward(first.tableId)}>
              {t("turn.bringForward")}
            </button>
          </div>
        ) : (
          // Its place kept while no table waits, so the tiles below never move when a turn comes.
          <div className="to-act-banner idle" aria-hidden="true">
            {lines}
            <button className="primary" tabIndex={-1}>
              {t("turn.bringForward")}
            </button>
          </div>
        ))}
      <section className="multi">
        {tiles.map((tile) => {
          const acting = toAct.some((v) => v.tableId === tile.tableId);
          const keys = tiles.length === 1 || keysAt === tile.tableId;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a tile holding a whole table, named for its tournament
            <div
              key={tile.tournamentId}
              className={`multi-cell ${acting ? "to-act" : ""}`}
              data-cell={tile.tableId}
              data-to-act={acting ? "yes" : "no"}
              data-keys={keys ? "yes" : "no"}
              role="group"
              aria-label={tile.name}
              onPointerDown={() => setTouched(tile.tableId)}
              onFocus={() => setTouched(tile.tableId)}
            >
              <div className="multi-title">
                <a href={href("table", tile.tableId)}>{tile.name}</a>
                {/* Both tags keep their room while hidden: a turn coming never rewraps the title on a phone. */}
                <span className={`tag turn-tag ${acting ? "" : "off"}`} aria-hidden={!acting}>
                  {t("turn.tag")}
                </span>
                {tiles.length > 1 && (
                  <span className={`tag keys-tag ${keys ? "" : "off"}`} aria-hidden={!keys}>
                    {t("turn.keysHere")}
                  </span>
                )}
              </div>
              <TableScreen key={tile.tableId} tableId={tile.tableId} compact keys={keys} />
            </div>
          );
        })}
      </section>
    </>
  );
}

import { useTranslation } from "react-i18next";
import { useLive, useQuery } from "../context.tsx";
import { tablesToAct } from "../logic/turns.ts";
import { href } from "../router.ts";
import { TableScreen } from "./table.tsx";

/**
 * Every table the player sits at, side by side. The table waiting for the player is
 * highlighted and comes first (issue 14); the banner brings it into view. Keyboard
 * shortcuts go to that table only.
 */
export function MultiTable() {
  const { t } = useTranslation();
  const lobby = useQuery("lobby", undefined);
  const live = useLive();
  const tables = (lobby.data?.tournaments ?? []).flatMap((tr) => (tr.mine?.tableId ? [{ id: tr.mine.tableId, name: tr.name }] : []));
  if (lobby.data && tables.length === 0) return <p className="panel">{t("tables.none")}</p>;
  const ids = new Set(tables.map((tb) => tb.id));
  const toAct = tablesToAct([...live.tables.values()].filter((v) => ids.has(v.tableId)));
  const first = toAct[0] ?? null;
  // The tables waiting for the player come first, the most urgent first; the rest keep their order.
  const rank = (id: string) => {
    const i = toAct.findIndex((v) => v.tableId === id);
    return i < 0 ? toAct.length : i;
  };
  const ordered = tables.map((tb, i) => ({ tb, i })).sort((x, y) => rank(x.tb.id) - rank(y.tb.id) || x.i - y.i).map((x) => x.tb);
  const bringForward = (id: string) => {
    const el = document.querySelector(`.multi-cell[data-cell="${CSS.escape(id)}"]`);
    el?.scrollIntoView({ behavior: "smooth", block: "start" });
    (el?.querySelector(".action-bar button") as HTMLElement | null)?.focus({ preventScroll: true });
  };
  return (
    <>
      {first !== null && tables.length > 1 && (
        <div className="to-act-banner" role="status" data-testid="to-act-banner">
          <b>{t("turn.banner", { number: first.tableNumber })}</b>
          <button className="primary" onClick={() => bringForward(first.tableId)}>
            {t("turn.bringForward")}
          </button>
        </div>
      )}
      <section className="multi">
        {ordered.map((tb) => {
          const acting = toAct.some((v) => v.tableId === tb.id);
          return (
            <div key={tb.id} className={`multi-cell ${acting ? "to-act" : ""}`} data-cell={tb.id} data-to-act={acting ? "yes" : "no"}>
              <div className="multi-title">
                <a href={href("table", tb.id)}>{tb.name}</a>
                {acting && <span className="tag turn-tag">{t("turn.tag")}</span>}
              </div>
              <TableScreen tableId={tb.id} compact keys={first?.tableId === tb.id} />
            </div>
          );
        })}
      </section>
    </>
  );
}

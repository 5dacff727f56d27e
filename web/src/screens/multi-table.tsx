import { useTranslation } from "react-i18next";
import { useQuery } from "../context.tsx";
import { href } from "../router.ts";
import { TableScreen } from "./table.tsx";

/** Every table the player sits at, side by side. */
export function MultiTable() {
  const { t } = useTranslation();
  const lobby = useQuery("lobby", undefined);
  const tables = (lobby.data?.tournaments ?? []).flatMap((tr) => (tr.mine?.tableId ? [{ id: tr.mine.tableId, name: tr.name }] : []));
  if (lobby.data && tables.length === 0) return <p className="panel">{t("tables.none")}</p>;
  return (
    <section className="multi">
      {tables.map((tb) => (
        <div key={tb.id} className="multi-cell">
          <div className="multi-title">
            <a href={href("table", tb.id)}>{tb.name}</a>
          </div>
          <TableScreen tableId={tb.id} compact />
        </div>
      ))}
    </section>
  );
}

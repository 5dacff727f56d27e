import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeltError } from "../../../../src/lib/result.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { useFormat } from "../../components/use-format.ts";
import { useQuery, useServices } from "../../context.tsx";
import { newCommandId } from "../../api/client.ts";

/** Balancing and breaking instructions (R-TBL-2/3) and the floor's live entries. */
export function Floor({ tournamentId }: { tournamentId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { client } = useServices();
  const instructions = useQuery("instructions", undefined, { id: tournamentId }, tournamentId);
  const seating = useQuery("seating", undefined, { id: tournamentId }, tournamentId);
  const [error, setError] = useState<FeltError | null>(null);
  const [filter, setFilter] = useState("");

  const reload = () => {
    instructions.reload();
    seating.reload();
  };

  async function confirm(iid: string) {
    const r = await client.call("confirmInstruction", { commandId: newCommandId() }, { id: tournamentId, iid });
    setError(r.ok ? null : r.error);
    reload();
  }

  async function record(entryId: string, kind: "bust" | "rebuy" | "add-on") {
    const r = await client.call("liveRecord", { commandId: newCommandId(), kind, entryId }, { id: tournamentId });
    setError(r.ok ? null : r.error);
    reload();
  }

  const list = instructions.data?.instructions ?? [];
  return (
    <div className="cols floor">
      <div className="panel">
        <h2>{t("floor.instructions")}</h2>
        <ErrorText error={error} />
        {list.length === 0 && <p>{t("floor.balanced")}</p>}
        <ul className="instructions">
          {list.map((i) => (
            <li key={i.id}>
              <span className="tag">{t(`floor.kind.${i.kind}`)}</span>{" "}
              {t("floor.move", { name: i.name, fromTable: i.from.tableNumber, fromSeat: i.from.seat, toTable: i.to.tableNumber, toSeat: i.to.seat })}
              <button className="primary" onClick={() => void confirm(i.id)}>
                {t("floor.done")}
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className="panel">
        <h2>{t("floor.liveEntries")}</h2>
        <input placeholder={t("floor.search")} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <table className="grid">
          <tbody>
            {(seating.data?.seats ?? [])
              .filter((s) => s.name.toLowerCase().includes(filter.toLowerCase()))
              .map((s) => (
                <tr key={s.entryId}>
                  <td>
                    {s.tableNumber}/{s.seat}
                  </td>
                  <td>{s.name}</td>
                  <td className="num">{fmt.chips(s.stack)}</td>
                  <td className="actions">
                    <button onClick={() => void record(s.entryId, "bust")}>{t("floor.bust")}</button>
                    <button onClick={() => void record(s.entryId, "rebuy")}>{t("floor.rebuy")}</button>
                    <button onClick={() => void record(s.entryId, "add-on")}>{t("floor.addOn")}</button>
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

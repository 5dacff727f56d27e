import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { FeltError } from "../../../../src/lib/result.ts";
import { ROOM_NAME_MAX, TABLE_NAME_MAX } from "../../../../src/protocol/index.ts";
import { newCommandId } from "../../api/client.ts";
import { ErrorText } from "../../components/error-text.tsx";
import { roomChanged, useRoom } from "../../components/use-room.ts";
import { useServices } from "../../context.tsx";

/**
 * The room's name and its tables' names (they belong to the room, not to this event): each
 * table in play, and each the room has named, with its name to type. A name cleared reads
 * by its number again.
 */
export function RoomNames({ tablesInPlay }: { tablesInPlay: readonly number[] }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const room = useRoom();
  const [error, setError] = useState<FeltError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const numbers = [...new Set([...tablesInPlay, ...(room?.tables ?? []).map((x) => x.number)])].sort((a, b) => a - b);
  const [typed, setTyped] = useState<Record<string, string>>({});
  // What the room says, until the floor types over it (and saves).
  const shown = (key: string, stored: string | null | undefined) => typed[key] ?? stored ?? "";

  // Not before the room's names have loaded: an empty box saved then would clear the name the room has.
  const loaded = room !== null;
  async function save(key: string, call: () => ReturnType<typeof client.call<"nameTable">>) {
    if (!loaded) return;
    const r = await call();
    setError(r.ok ? null : r.error);
    setSaved(r.ok ? key : null);
    if (r.ok) {
      roomChanged(r.value);
      setTyped({});
    }
  }
  const saveRoom = () => {
    const name = shown("room", room?.name).trim();
    return save("room", () => client.call("nameRoom", { commandId: newCommandId(), name: name === "" ? null : name }));
  };
  const saveTable = (n: number) => {
    const name = shown(`t${n}`, room?.tables.find((x) => x.number === n)?.name).trim();
    return save(`t${n}`, () => client.call("nameTable", { commandId: newCommandId(), number: n, name: name === "" ? null : name }));
  };
  return (
    <details className="panel room-names" data-testid="room-names">
      <summary>{t("live.room.title")}</summary>
      <p className="hint">{t("live.room.hint")}</p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          void saveRoom();
        }}
      >
        <label>
          {t("live.room.roomName")}{" "}
          <input
            data-field="room-name"
            value={shown("room", room?.name)}
            maxLength={ROOM_NAME_MAX}
            onChange={(e) => setTyped({ ...typed, room: e.target.value })}
          />
        </label>
        <button type="submit" disabled={!loaded}>
          {t("live.room.save")}
        </button>
        {saved === "room" && <span className="ok">{t("live.room.saved")}</span>}
      </form>
      <ul className="room-tables">
        {numbers.map((n) => (
          <li key={n} data-table={n}>
            <form
              className="row"
              onSubmit={(e) => {
                e.preventDefault();
                void saveTable(n);
              }}
            >
              <label>
                {t("table.title", { number: n })}{" "}
                <input
                  data-field="table-name"
                  value={shown(`t${n}`, room?.tables.find((x) => x.number === n)?.name)}
                  placeholder={t("live.room.tablePlaceholder")}
                  maxLength={TABLE_NAME_MAX}
                  onChange={(e) => setTyped({ ...typed, [`t${n}`]: e.target.value })}
                />
              </label>
              <button type="submit" disabled={!loaded}>
                {t("live.room.save")}
              </button>
              {saved === `t${n}` && <span className="ok">{t("live.room.saved")}</span>}
            </form>
          </li>
        ))}
      </ul>
      <ErrorText error={error} />
    </details>
  );
}

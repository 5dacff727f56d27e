import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { RoomResponse } from "../../../src/protocol/index.ts";
import type { FeltClient } from "../api/client.ts";
import { useServices } from "../context.tsx";

// The room's name and its tables' names, read once for the whole page (every table label
// asks for them) and again every half minute, or at once when this console changes them.
const REFRESH_MS = 30_000;
let room: RoomResponse | null = null;
let fetchedAt = 0;
let pending = false;
const listeners = new Set<() => void>();

function subscribe(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** The room as the server last said (this console's own change shown at once). */
export function roomChanged(r: RoomResponse): void {
  room = r;
  fetchedAt = Date.now();
  for (const f of listeners) f();
}

function refresh(client: FeltClient): void {
  if (pending || Date.now() - fetchedAt < REFRESH_MS) return;
  pending = true;
  void client.call("room", undefined).then((r) => {
    pending = false;
    if (r.ok) roomChanged(r.value);
  });
}

export function useRoom(): RoomResponse | null {
  const { client } = useServices();
  const data = useSyncExternalStore(subscribe, () => room);
  useEffect(() => {
    refresh(client);
    const id = setInterval(() => refresh(client), REFRESH_MS / 2);
    return () => clearInterval(id);
  }, [client]);
  return data;
}

/** How a table reads: its name in the room ("Rose"), else "Table 5" as always. */
export function useTableName(): (n: number) => string {
  const { t } = useTranslation();
  const r = useRoom();
  return useCallback((n: number) => r?.tables.find((x) => x.number === n)?.name ?? t("table.title", { number: n }), [r, t]);
}

/** The room's name for table `n`, or null when it has none (a plain number reads better in a "3 / 4" column). */
export function useNamedTable(): (n: number) => string | null {
  const r = useRoom();
  return useCallback((n: number) => r?.tables.find((x) => x.number === n)?.name ?? null, [r]);
}

// The director's state as plain data and back: a server snapshots a tournament
// like a table, so a restart loads the latest snapshot and folds only the events after it
// instead of the whole tournament. The derived indexes (tables by count and by due count)
// are not stored; they are rebuilt from the tables.
import { reindex } from "./pace-index.ts";
import type { TournamentState } from "./state-model.ts";

const FORMAT = 1;

/** A JSON-safe copy of the state (shares no object with it). */
export function stateToPlain(s: TournamentState): unknown {
  const { players, entries, tables, bustInfo, chipsGone, byCount: _c, byDue: _d, freeByDue: _f, inHand: _i, behindAt: _b, ...rest } = s;
  return structuredClone({
    format: FORMAT,
    ...rest,
    players: [...players],
    entries: [...entries.values()],
    tables: [...tables.values()].map((t) => ({ ...t, indexed: -1 })),
    bustInfo: [...bustInfo],
    chipsGone: [...chipsGone],
  });
}

/** The state a plain copy holds; null when it is not one (another format: the caller folds every event). */
export function stateFromPlain(x: unknown): TournamentState | null {
  const p = x as Record<string, unknown> | null;
  if (p === null || typeof p !== "object" || p["format"] !== FORMAT) return null;
  const { format: _f, players, entries, tables, bustInfo, chipsGone, ...rest } = structuredClone(p) as Record<string, unknown>;
  const s = {
    ...(rest as object),
    players: new Map(players as [string, { entries: string[]; reEntries: number }][]),
    entries: new Map((entries as { id: string }[]).map((e) => [e.id, e])),
    tables: new Map((tables as { id: number }[]).map((t) => [t.id, t])),
    bustInfo: new Map(bustInfo as [string, never][]),
    chipsGone: new Map(chipsGone as [number, number][]),
    byCount: [],
    byDue: [],
    freeByDue: [],
    inHand: 0,
    behindAt: new Set(),
  } as unknown as TournamentState;
  for (const e of s.entries.values()) if ((e.behind ?? 0) > 0) s.behindAt.add(e.id);
  for (const t of s.tables.values()) {
    (s.byCount[t.count] ??= new Set()).add(t.id);
    t.indexed = -1;
    reindex(s, t);
  }
  return s;
}

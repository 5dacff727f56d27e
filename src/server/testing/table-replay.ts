// A table folded from its first record, without snapshots: the reference a snapshot load is
// checked against.
import { unwrap } from "../../lib/result.ts";
import type { EventStore } from "../../store/index.ts";
import { streamOf } from "../tables/table-session.ts";
import { evolveTable, initialTable, type TableConfig, type TableRecord, type TableState } from "../tables/table-state.ts";

export async function fullReplay(store: EventStore, tableId: string): Promise<TableState> {
  const events = await store.read(streamOf(tableId));
  const t = initialTable(events[0]!.data as TableConfig);
  for (const e of events) unwrap(evolveTable(t, { type: e.type, data: e.data } as TableRecord, e.version));
  return t;
}

// A table folded from its first record, without snapshots: the reference a snapshot load is
// checked against.
import { unwrap } from "../../src/lib/result.ts";
import type { EventStore } from "../../src/store/index.ts";
import { streamOf } from "../../src/server/tables/table-session.ts";
import { evolveTable, initialTable, type TableConfig, type TableRecord, type TableState } from "../../src/server/tables/table-state.ts";

export async function fullReplay(store: EventStore, tableId: string): Promise<TableState> {
  const events = await store.read(streamOf(tableId));
  const t = initialTable(events[0]!.data as TableConfig);
  for (const e of events) unwrap(evolveTable(t, { type: e.type, data: e.data } as TableRecord, e.version));
  return t;
}

// The room's own settings: its name and its tables' names. They belong to the room (the
// physical tables), not to an event, so they live in the event store (one stream,
// "room:settings": a `table-named` or `room-named` event each), seen by every member of a
// cluster and after a restart, on either store. A repeated command id acts once.
import { fail, ok, type Result } from "../../lib/result.ts";
import { ROOM_NAME_MAX, TABLE_NAME_MAX, type RoomResponse } from "../../protocol/index.ts";
import type { EventStore } from "../../store/index.ts";
import { DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";

const STREAM = "room:settings";

interface RoomState {
  name: string | null;
  tables: Map<number, string>;
  commands: Set<string>;
  version: number;
}

async function readRoom(store: EventStore): Promise<RoomState> {
  const s: RoomState = { name: null, tables: new Map(), commands: new Set(), version: 0 };
  for (const e of await store.read(STREAM)) {
    s.version = e.version;
    const c = e.meta["commandId"];
    if (typeof c === "string") s.commands.add(c);
    if (e.type === "table-named") {
      const d = e.data as { number: number; name: string | null };
      if (d.name === null) s.tables.delete(d.number);
      else s.tables.set(d.number, d.name);
    } else if (e.type === "room-named") s.name = (e.data as { name: string | null }).name;
  }
  return s;
}

const view = (s: RoomState): RoomResponse => ({
  name: s.name,
  tables: [...s.tables].sort(([a], [b]) => a - b).map(([number, name]) => ({ number, name })),
});

export async function roomSettings(store: EventStore): Promise<RoomResponse> {
  return view(await readRoom(store));
}

/** A name as the room will read it (spaces trimmed and run together), or why it is refused. */
function checkName(raw: string, max: number, field: string): Result<string> {
  const name = raw.trim().replace(/\s+/g, " ");
  if (name === "") return fail(DIRECTOR_ERRORS.invalid, `the ${field} is empty`, { field, cause: "room/name-empty" });
  if (name.length > max) return fail(DIRECTOR_ERRORS.invalid, `the ${field} is longer than ${max} characters`, { field, cause: "room/name-too-long", max });
  return ok(name);
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Names table `number`, or (null) takes its name away. Two tables never share a name: the floor would send a player to either. */
export async function nameTable(store: EventStore, commandId: string, number: number, raw: string | null): Promise<Result<RoomResponse>> {
  const s = await readRoom(store);
  if (s.commands.has(commandId)) return ok(view(s));
  let name: string | null = null;
  if (raw !== null) {
    const checked = checkName(raw, TABLE_NAME_MAX, "name");
    if (!checked.ok) return checked;
    name = checked.value;
    const other = [...s.tables].find(([n, x]) => n !== number && sameName(x, checked.value));
    if (other !== undefined)
      return fail(DIRECTOR_ERRORS.invalid, `table ${other[0]} is already called ${other[1]}`, { field: "name", cause: "room/name-taken", table: other[0] });
  }
  const r = await store.append(STREAM, s.version, [{ type: "table-named", data: { number, name }, meta: { commandId } }]);
  if (!r.ok) return r;
  return ok(await roomSettings(store));
}

export async function nameRoom(store: EventStore, commandId: string, raw: string | null): Promise<Result<RoomResponse>> {
  const s = await readRoom(store);
  if (s.commands.has(commandId)) return ok(view(s));
  let name: string | null = null;
  if (raw !== null) {
    const checked = checkName(raw, ROOM_NAME_MAX, "name");
    if (!checked.ok) return checked;
    name = checked.value;
  }
  const r = await store.append(STREAM, s.version, [{ type: "room-named", data: { name }, meta: { commandId } }]);
  if (!r.ok) return r;
  return ok(await roomSettings(store));
}

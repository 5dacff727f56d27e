// The room's names on PostgreSQL: the same event-store stream as on SQLite, kept when the
// store is opened again.
import { afterAll, describe, expect, it } from "vitest";
import { openPostgresEventStore } from "../../store/postgres/event-store.ts";
import { tempPgSchema, type PgFixture } from "../../../testkit/store/backends.ts";
import { nameRoom, nameTable, roomSettings } from "./room.ts";

let tmp: PgFixture | undefined;
afterAll(() => tmp?.destroy());

describe("the room's names on PostgreSQL", () => {
  it("are kept across a reopen, and a name another table has is refused", async () => {
    tmp = await tempPgSchema();
    const open = () => openPostgresEventStore(tmp!.url, { schema: tmp!.schema });
    const store = await open();
    expect((await nameTable(store, "c-1", 3, "Rose")).ok).toBe(true);
    expect((await nameRoom(store, "c-2", "The Green Room")).ok).toBe(true);
    const taken = await nameTable(store, "c-3", 4, "ROSE");
    expect(taken.ok ? null : taken.error.cause).toBe("room/name-taken");
    await store.close();
    const again = await open();
    expect(await roomSettings(again)).toEqual({ name: "The Green Room", tables: [{ number: 3, name: "Rose" }] });
    await again.close();
  });
});

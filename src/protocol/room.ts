import { z } from "zod";
import { CommandId } from "./primitives.ts";

/**
 * The room itself, not one of its events: its name and the names it gives its physical
 * tables ("Rose", "Table 3 – by the bar"). A table without a name reads "Table 5", as it
 * always has; an event's table 3 is the room's table 3, whatever the event.
 */
export const ROOM_NAME_MAX = 60;
export const TABLE_NAME_MAX = 40;
/** The highest table number a room can name (a room's tables, not an online site's). */
export const ROOM_TABLE_MAX = 500;

export const RoomTableName = z.object({ number: z.int().min(1).max(ROOM_TABLE_MAX), name: z.string().min(1).max(TABLE_NAME_MAX) });
export type RoomTableName = z.infer<typeof RoomTableName>;

export const RoomResponse = z.object({
  /** Null: the room has not named itself. */
  name: z.string().min(1).max(ROOM_NAME_MAX).nullable(),
  /** The named tables, by number (an unnamed table is not listed). */
  tables: z.array(RoomTableName).max(ROOM_TABLE_MAX),
});
export type RoomResponse = z.infer<typeof RoomResponse>;

// The text is bounded only loosely here: the server trims it and refuses an empty, too
// long or already used name with a typed error naming the cause, which the form shows.
const NameText = z.string().max(1000);

/** Names table `number` (null: the name is removed, the table reads by its number again). */
export const NameTableRequest = z.strictObject({ commandId: CommandId, number: z.int().min(1).max(ROOM_TABLE_MAX), name: NameText.nullable() });
export type NameTableRequest = z.infer<typeof NameTableRequest>;

/** Names the room (null: no name; the results and the TV then print none). */
export const NameRoomRequest = z.strictObject({ commandId: CommandId, name: NameText.nullable() });
export type NameRoomRequest = z.infer<typeof NameRoomRequest>;

import { z } from "zod";
import { ChatLine, TableEvent } from "../../../src/protocol/index.ts";

// A table's hand log as the tab last held it, kept in the tab's session storage: the server
// streams only what happens from the subscribe on, so after a reload the earlier hands'
// actions come from here. The chat's lines keep the place they had among the events.

/** Holes in a log kept at most (older ones have scrolled out of it long before). */
export const GAPS_KEPT = 20;

/** A hole in a hand log: after `after` events and the chat line `chat` (0: none yet). */
const LogGap = z.object({ after: z.int().min(0), chat: z.int().min(0) });
export type LogGap = Readonly<z.infer<typeof LogGap>>;

export const KeptLog = z.object({
  /** The kept events (the player's own hole cards among them: the storage is this tab's). */
  events: z.array(TableEvent).max(200),
  /** Events received before and with these (the hand log's numbering). */
  count: z.int().min(0),
  /** The chat's lines with `after`: how many events had come before each. */
  chat: z.array(z.object({ line: ChatLine, after: z.int().min(0) })).max(200),
  /** The table's version the log is complete up to (absent in logs kept before it was). */
  version: z.int().min(0).optional(),
  /** Where the log has a hole: how many events, and which chat lines, had come before each. */
  gaps: z.array(LogGap).max(GAPS_KEPT).optional(),
});
export type KeptLog = z.infer<typeof KeptLog>;

/** What a storage offers (the browser's sessionStorage, or a map in a test). */
export interface LogStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const key = (tableId: string) => `felt.log.${tableId}`;

/** The kept log of a table, or null (none, or unreadable: then the log starts empty). */
export function loadLog(store: LogStore | null, tableId: string): KeptLog | null {
  if (store === null) return null;
  try {
    const text = store.getItem(key(tableId));
    if (text === null) return null;
    const parsed = KeptLog.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveLog(store: LogStore | null, tableId: string, log: KeptLog): void {
  try {
    store?.setItem(key(tableId), JSON.stringify(log));
  } catch {
    // storage full or refused: the log is not kept across a reload
  }
}

/** The tab's session storage, where there is one. */
export function sessionStore(): LogStore | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

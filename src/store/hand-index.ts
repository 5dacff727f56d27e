// The per-player index of finished hands: one row per player dealt into a hand,
// written when the hand ends, so a player's hand list is one indexed range read of their own
// rows (newest first, paged) instead of a replay of every table stream. It is derived data:
// the hands themselves stay in the table streams, and writing a row twice is harmless.
export interface HandIndexEntry {
  readonly playerId: string;
  readonly handId: string;
  readonly tableId: string;
  readonly tournamentId: string | null;
  readonly handNumber: number;
  readonly startedAt: number;
  /** The player's seat in the hand. */
  readonly seat: number;
  /** Chips won or lost in the hand by this player. */
  readonly net: number;
  /**
   * This player's own hole cards (0–51), never another player's; null for a row
   * indexed before cards were kept and not yet backfilled from its table stream.
   */
  readonly cards: readonly number[] | null;
}

/** Keyset position in a player's list: rows strictly older than this one. */
export interface HandCursor {
  readonly startedAt: number;
  readonly handId: string;
}

export interface HandIndex {
  /** Adds rows; a row already present (same player and hand) is left as it is, except that its cards are filled in when it had none. */
  record(entries: readonly HandIndexEntry[]): Promise<void>;
  /** The player's hands, newest first (startedAt, then handId, descending), at most `limit`. */
  list(playerId: string, options: { readonly limit: number; readonly before?: HandCursor }): Promise<HandIndexEntry[]>;
  /** The player's row of one hand; null when they were not dealt into it. */
  get(playerId: string, handId: string): Promise<HandIndexEntry | null>;
  /** True when no hand has been indexed yet (a database from before the index: backfill it). */
  isEmpty(): Promise<boolean>;
  /** True when some row has no cards (indexed before cards were kept: backfill them). */
  lacksCards(): Promise<boolean>;
  close(): Promise<void>;
}

export const HAND_LIST_MAX = 1_000;

export const encodeHandCursor = (c: HandCursor): string => `${c.startedAt}.${c.handId}`;

export function decodeHandCursor(text: string): HandCursor | null {
  const m = /^([0-9]{1,16})\.(.+)$/.exec(text);
  if (m === null) return null;
  const startedAt = Number(m[1]);
  return Number.isSafeInteger(startedAt) ? { startedAt, handId: m[2]! } : null;
}

/** Hole cards as stored in a row: "12 40", or null. */
export const encodeHoleCards = (cards: readonly number[] | null): string | null => (cards === null ? null : cards.join(" "));

export function decodeHoleCards(text: string | null): number[] | null {
  if (text === null) return null;
  const cards = text === "" ? [] : text.split(" ").map(Number);
  return cards.every((c) => Number.isInteger(c) && c >= 0 && c <= 51) ? cards : null;
}

import type { ChatLine, PlayerChatLine } from "../../../src/protocol/index.ts";

// The table's panel has two tabs: the hand log (the dealer's lines and the hand's events) and
// the players' chat. Lines said while the chat tab is closed are counted on its tab.

export type FeedTab = "log" | "chat";

/** Is this line something a player said (not the dealer's entry)? */
export const isSaid = (l: ChatLine): l is PlayerChatLine => "from" in l;

/**
 * Lines said at the table since the player last had the chat open (`seen`: the highest line
 * id then), leaving out their own and those of players they muted.
 */
export function unreadChat(lines: readonly ChatLine[], seen: number, me: string | null, muted: ReadonlySet<string>): number {
  return lines.filter((l) => isSaid(l) && l.id > seen && l.from.id !== me && !muted.has(l.from.id)).length;
}

/** The highest id among the lines (what the player has seen once the chat tab is open). */
export const lastChatId = (lines: readonly ChatLine[]): number => lines.reduce((a, l) => Math.max(a, l.id), 0);

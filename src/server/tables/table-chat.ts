// Chat at one table: who may speak (seated players and directors), a length
// limit, a per-player rate limit (a token bucket on the server's clock), the director's mute,
// and the dealer's entries (who won which pot with what, who went out). The chat is a fold
// of its own records (`chat-line`, `chat-muted`), stored in the table's chat stream before
// they are applied and sent (table-chat-log.ts), so the lines and the mutes survive a restart.
// Deciding (`say`, `dealer`, `mute`) takes the rate token and the line's id at once;
// applying keeps the last CHAT_HISTORY lines for whoever starts watching.
import { fail, ok, type Result } from "../../lib/result.ts";
import { CHAT_HISTORY, CHAT_MAX_CHARS, CHAT_RATE, type ChatLine, type DealerNote } from "../../protocol/index.ts";
import { AUTH_ERRORS, DIRECTOR_ERRORS, PROTOCOL_ERRORS, TABLE_ERRORS } from "../../protocol/error-catalogue.ts";

export interface Speaker {
  readonly id: string;
  readonly name: string;
  readonly director: boolean;
  /** Seated at this table. */
  readonly seated: boolean;
}

/** What the chat stream holds: a line (a player's or the dealer's), or a director's mute. */
export type ChatRecord =
  | { readonly type: "chat-line"; readonly data: ChatLine }
  | { readonly type: "chat-muted"; readonly data: { readonly playerId: string; readonly muted: boolean } };

/** The chat's state in a snapshot of its stream. */
export interface ChatSnapshot {
  readonly lines: readonly ChatLine[];
  readonly muted: readonly string[];
  readonly nextId: number;
}

/** A table holds at most this many director's mutes. */
export const MUTES_MAX = 10;

/** Control characters become spaces, runs of blanks one space; the ends trimmed. */
export function cleanChat(text: string): string {
  // Control characters and line separators become spaces.
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips from a chat line
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, CHAT_MAX_CHARS)
  );
}

export class TableChat {
  private readonly kept: ChatLine[] = [];
  private readonly mutedIds = new Set<string>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private nextId = 1;

  static restore(s: ChatSnapshot): TableChat {
    const chat = new TableChat();
    chat.kept.push(...s.lines);
    for (const id of s.muted) chat.mutedIds.add(id);
    chat.nextId = s.nextId;
    return chat;
  }

  snapshot(): ChatSnapshot {
    return { lines: [...this.kept], muted: [...this.mutedIds], nextId: this.nextId };
  }

  get lines(): readonly ChatLine[] {
    return this.kept;
  }

  get muted(): string[] {
    return [...this.mutedIds].slice(0, MUTES_MAX);
  }

  /** Folds one stored record in (a line or a mute); applying one twice changes nothing more. */
  apply(r: ChatRecord): void {
    if (r.type === "chat-muted") {
      if (r.data.muted) this.mutedIds.add(r.data.playerId);
      else this.mutedIds.delete(r.data.playerId);
      return;
    }
    this.nextId = Math.max(this.nextId, r.data.id + 1);
    if (this.kept.some((l) => l.id === r.data.id)) return;
    this.kept.push(r.data);
    if (this.kept.length > CHAT_HISTORY) this.kept.splice(0, this.kept.length - CHAT_HISTORY);
  }

  /** A player's (or the director's) line, checked and numbered; the caller stores it, then applies it. */
  say(who: Speaker, text: string, now: number): Result<ChatLine> {
    if (!who.seated && !who.director) return fail(TABLE_ERRORS.notSeated, "only the players at this table may chat here");
    if (this.mutedIds.has(who.id)) return fail(AUTH_ERRORS.forbidden, "the director muted your chat at this table", { cause: "chat/muted" });
    const clean = cleanChat(text);
    if (clean === "") return fail(PROTOCOL_ERRORS.invalidMessage, "say something", { cause: "chat/empty" });
    if (!this.take(who.id, now))
      return fail(PROTOCOL_ERRORS.rateLimited, `at most ${CHAT_RATE.burst} lines at once, then one every ${1 / CHAT_RATE.perSecond} s`, {
        cause: "chat/rate-limited",
      });
    return ok({ id: this.nextId++, at: now, from: { id: who.id, name: who.name, director: who.director }, text: clean });
  }

  /** The dealer's entry, numbered; the caller stores it, then applies it. */
  dealer(note: DealerNote, now: number): ChatLine {
    return { id: this.nextId++, at: now, dealer: note };
  }

  /** True when the dealer already wrote this hand's results (a restart re-runs the last hand's end). */
  hasResultsOf(handId: string): boolean {
    return this.kept.some((l) => "dealer" in l && l.dealer.kind === "win" && l.dealer.handId === handId);
  }

  /** The director's mute as a record to store; null when nothing would change. At most MUTES_MAX mutes at one table. */
  mute(playerId: string, muted: boolean): Result<ChatRecord | null> {
    if (muted === this.mutedIds.has(playerId)) return ok(null);
    if (muted && this.mutedIds.size >= MUTES_MAX) return fail(DIRECTOR_ERRORS.invalid, `at most ${MUTES_MAX} players muted at one table`);
    return ok({ type: "chat-muted", data: { playerId, muted } });
  }

  private take(id: string, now: number): boolean {
    const b = this.buckets.get(id) ?? { tokens: CHAT_RATE.burst, at: now };
    b.tokens = Math.min(CHAT_RATE.burst, b.tokens + ((now - b.at) / 1000) * CHAT_RATE.perSecond);
    b.at = now;
    this.buckets.set(id, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }
}

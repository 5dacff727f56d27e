// Chat at one table (issue 14): who may speak (seated players and directors), a length
// limit, a per-player rate limit (a token bucket on the server's clock), and the
// director's mute. Lines are kept in memory only (the last CHAT_HISTORY, for whoever starts
// watching); chat is not part of the table's record, so a restart forgets it.
import { fail, ok, type Result } from "../../lib/result.ts";
import { CHAT_HISTORY, CHAT_MAX_CHARS, CHAT_RATE, type ChatLine } from "../../protocol/index.ts";

export interface Speaker {
  readonly id: string;
  readonly name: string;
  readonly director: boolean;
  /** Seated at this table. */
  readonly seated: boolean;
}

/** Control characters become spaces, runs of blanks one space; the ends trimmed. */
export function cleanChat(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/\s+/g, " ").trim().slice(0, CHAT_MAX_CHARS);
}

export class TableChat {
  private readonly kept: ChatLine[] = [];
  private readonly mutedIds = new Set<string>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private nextId = 1;

  get lines(): readonly ChatLine[] {
    return this.kept;
  }

  get muted(): string[] {
    return [...this.mutedIds].slice(0, 10);
  }

  say(who: Speaker, text: string, now: number): Result<ChatLine> {
    if (!who.seated && !who.director) return fail("table/not-seated", "only the players at this table may chat here");
    if (this.mutedIds.has(who.id)) return fail("auth/forbidden", "the director muted your chat at this table", { cause: "chat/muted" });
    const clean = cleanChat(text);
    if (clean === "") return fail("protocol/invalid-message", "say something", { cause: "chat/empty" });
    if (!this.take(who.id, now)) return fail("protocol/rate-limited", `at most ${CHAT_RATE.burst} lines at once, then one every ${1 / CHAT_RATE.perSecond} s`, { cause: "chat/rate-limited" });
    const line: ChatLine = { id: this.nextId++, at: now, from: { id: who.id, name: who.name, director: who.director }, text: clean };
    this.kept.push(line);
    if (this.kept.length > CHAT_HISTORY) this.kept.splice(0, this.kept.length - CHAT_HISTORY);
    return ok(line);
  }

  /** The director's mute; returns false when nothing changed. A table keeps at most 10 mutes. */
  mute(playerId: string, muted: boolean): Result<boolean> {
    if (muted === this.mutedIds.has(playerId)) return ok(false);
    if (muted && this.mutedIds.size >= 10) return fail("director/invalid", "at most 10 players muted at one table");
    if (muted) this.mutedIds.add(playerId);
    else this.mutedIds.delete(playerId);
    return ok(true);
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

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSqliteEventStore, type EventStore } from "../../store/index.ts";
import { unwrap } from "../../lib/result.ts";
import { CHAT_HISTORY, CHAT_RATE, ClientMessage, type ServerMessage } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import { cleanChat, TableChat } from "./table-chat.ts";
import { TableSession, type Subscriber } from "./table-session.ts";

// Table chat with a length limit, a per-player rate limit, and the director's mute.

const ann = { id: "ann", name: "Ann", director: false, seated: true };
const config = { tableId: "t1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };

describe("table chat", () => {
  it("a line is at most CHAT_MAX_CHARS, control characters and runs of blanks are flattened, an empty line is refused", () => {
    expect(ClientMessage.safeParse({ type: "chat", tableId: "t1", text: "x".repeat(201) }).success).toBe(false);
    expect(ClientMessage.safeParse({ type: "chat", tableId: "t1", text: "x".repeat(200) }).success).toBe(true);
    expect(cleanChat("  nice\u0007 hand\n\n  sir  ")).toBe("nice hand sir");
    const chat = new TableChat();
    expect(chat.say(ann, " \n\t ", 0)).toMatchObject({ ok: false, error: { code: "protocol/invalid-message" } });
  });

  it("each player may say CHAT_RATE.burst lines at once, then one per 1/perSecond seconds; others are not slowed", () => {
    const chat = new TableChat();
    for (let i = 0; i < CHAT_RATE.burst; i++) expect(chat.say(ann, `gl ${i}`, 1000).ok).toBe(true);
    expect(chat.say(ann, "spam", 1000)).toMatchObject({ ok: false, error: { code: "protocol/rate-limited", cause: "chat/rate-limited" } });
    expect(chat.say({ ...ann, id: "bob", name: "Bob" }, "hi", 1000).ok).toBe(true);
    expect(chat.say(ann, "again", 1000 + 1000 / CHAT_RATE.perSecond - 1).ok).toBe(false);
    expect(chat.say(ann, "again", 1000 + 1000 / CHAT_RATE.perSecond).ok).toBe(true);
  });

  it("only players seated here (or a director) speak; a muted player is refused until unmuted; the last CHAT_HISTORY lines are kept", () => {
    const chat = new TableChat();
    expect(chat.say({ ...ann, seated: false }, "rail bird", 0)).toMatchObject({ ok: false, error: { code: "table/not-seated" } });
    expect(chat.say({ id: "td", name: "Floor", director: true, seated: false }, "break in 5 minutes", 0).ok).toBe(true);
    chat.apply(unwrap(chat.mute("ann", true))!);
    expect(unwrap(chat.mute("ann", true))).toBeNull();
    expect(chat.say(ann, "but", 0)).toMatchObject({ ok: false, error: { code: "auth/forbidden", cause: "chat/muted" } });
    expect(chat.muted).toEqual(["ann"]);
    chat.apply(unwrap(chat.mute("ann", false))!);
    for (let t = 0; t < 3 * CHAT_HISTORY; t++) chat.apply({ type: "chat-line", data: unwrap(chat.say(ann, `line ${t}`, t * 10_000)) });
    expect(chat.lines).toHaveLength(CHAT_HISTORY);
    expect(chat.lines.at(-1)).toMatchObject({ text: `line ${3 * CHAT_HISTORY - 1}` });
  });

  it("at a table: a line reaches everyone watching, a newcomer gets the recent lines and the mutes", async () => {
    const store = await openSqliteEventStore(":memory:");
    const clock = new ManualClock();
    const s = unwrap(
      await TableSession.open(config, {
        store,
        clock,
        handPauseMs: 0,
        hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 0 }), canDeal: () => false, handEnded: async () => {} },
      }),
    );
    unwrap(await s.seat(1, "ann", "Ann", 1000));
    const got = (userId: string | null): Subscriber & { got: ServerMessage[] } => {
      const out: ServerMessage[] = [];
      return { userId, got: out, send: (m) => out.push(m) };
    };
    const a = got("ann");
    const rail = got(null);
    s.subscribe(a);
    s.subscribe(rail);
    unwrap(await s.say({ id: "ann", name: "Ann", director: false }, "gl all"));
    expect((await s.say({ id: "zed", name: "Zed", director: false }, "hello")).ok).toBe(false);
    unwrap(await s.muteChat("zed", true));
    for (const x of [a, rail])
      expect(x.got.filter((m) => m.type === "chat").map((m) => m.type === "chat" && [m.lines.map((l) => ("text" in l ? l.text : "")), m.muted])).toEqual([
        [["gl all"], undefined],
        [[], ["zed"]],
      ]);
    const late = got(null);
    s.subscribe(late);
    expect(late.got.find((m) => m.type === "chat")).toMatchObject({ lines: [{ text: "gl all", from: { name: "Ann", director: false } }], muted: ["zed"] });
    s.close();
  });

  it("the director's mutes and the lines survive a restart (the chat's own stream), and a line never moves the table's version", async () => {
    const dir = mkdtempSync(join(tmpdir(), "felt-chat-"));
    const file = join(dir, "felt.sqlite");
    try {
      const clock = new ManualClock();
      const opts = (store: EventStore) => ({
        store,
        clock,
        handPauseMs: 0,
        hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 0 }), canDeal: () => false, handEnded: async () => {} },
      });
      const store = await openSqliteEventStore(file);
      const s = unwrap(await TableSession.open(config, opts(store)));
      unwrap(await s.seat(1, "ann", "Ann", 1000));
      unwrap(await s.seat(2, "bob", "Bob", 1000));
      const version = s.state.version;
      unwrap(await s.say({ id: "ann", name: "Ann", director: false }, "gl all"));
      unwrap(await s.muteChat("bob", true));
      unwrap(await s.muteChat("cid", true));
      unwrap(await s.muteChat("cid", false));
      // 150 lines: past a snapshot of the chat stream (every 100 records), so a load starts from it.
      for (let i = 0; i < 150; i++) {
        clock.advance(10_000);
        unwrap(await s.say({ id: "td", name: "Floor", director: true }, `notice ${i}`));
      }
      expect(s.state.version, "chat is not part of the table's own record").toBe(version);
      s.close();
      await s.idle();
      await store.close();

      const reopened = await openSqliteEventStore(file);
      const again = unwrap(await TableSession.load("t1", opts(reopened)))!;
      const late: ServerMessage[] = [];
      again.subscribe({ userId: null, send: (m) => late.push(m) });
      const chat = late.find((m) => m.type === "chat");
      expect(chat).toMatchObject({ type: "chat", muted: ["bob"] });
      const lines = chat?.type === "chat" ? chat.lines : [];
      expect(lines).toHaveLength(CHAT_HISTORY);
      expect(lines.at(-1)).toMatchObject({ text: "notice 149", from: { name: "Floor", director: true } });
      // Still muted after the restart: Bob's line is refused; a new line's id goes on from the last.
      expect(await again.say({ id: "bob", name: "Bob", director: false }, "let me talk")).toMatchObject({
        ok: false,
        error: { code: "auth/forbidden", cause: "chat/muted" },
      });
      const seen: ServerMessage[] = [];
      again.subscribe({ userId: "ann", send: (m) => seen.push(m) });
      unwrap(await again.say({ id: "ann", name: "Ann", director: false }, "back again"));
      const last = seen.filter((m) => m.type === "chat").at(-1);
      expect(last?.type === "chat" && last.lines[0]!.id).toBe(lines.at(-1)!.id + 1);
      again.close();
      await again.idle();
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

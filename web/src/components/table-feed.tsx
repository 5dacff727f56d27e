import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_MAX_CHARS, type DealerNote, type TableEvent } from "../../../src/protocol/index.ts";
import { useLive, useServices } from "../context.tsx";
import { type FeedTab, lastChatId, unreadChat } from "../logic/feed.ts";
import { buttonDrawText } from "../logic/floor-map.ts";
import { EventLine } from "./event-line.tsx";
import { useFormat } from "./use-format.ts";

const MUTED_KEY = "felt.chatMuted";

function loadMuted(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

/** The server's dealer entry, in the reader's language: who won which pot with what, who went out. */
export function DealerLine({ note }: { note: DealerNote }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (note.kind === "button-draw") return <>{t("log.buttonDraw", { seat: note.button, cards: buttonDrawText(note.cards, t("log.buttonDrawAgain")) })}</>;
  if (note.kind === "bust")
    return <>{note.place === null ? t("log.out", { name: note.name }) : t("log.outPlace", { name: note.name, place: fmt.place(note.place) })}</>;
  const amount = fmt.chips(note.amount);
  return (
    <>
      {note.potIndex === 0 ? t("log.winMain", { name: note.name, amount }) : t("log.winSide", { name: note.name, amount, n: note.potIndex })}
      {note.category ? ` (${t(`handName.${note.category}`)})` : ""}
    </>
  );
}

/**
 * The table's panel, two tabs: the hand log (cards, actions, shown hands, and the dealer's
 * entries from the server's chat log: pots won, players out, kept across reloads and
 * restarts) and the players' chat, whose tab counts the lines said while it is closed. A
 * player can mute anyone for themselves (remembered); a director mutes a player at the
 * table for everyone.
 */
export function TableFeed({
  tableId,
  events,
  director,
  me,
}: {
  tableId: string;
  events: readonly { e: TableEvent; n: number; names: (seat: number) => string }[];
  director: boolean;
  me: string | null;
}) {
  const { t } = useTranslation();
  const { live } = useServices();
  const { chats, gaps } = useLive();
  const chat = chats.get(tableId) ?? { lines: [], muted: [] };
  // Holes before the oldest line the log still holds have scrolled out with it.
  const oldest = events[0]?.n ?? 0;
  const holes = (gaps.get(tableId) ?? []).filter((g) => g.after >= oldest - 1);
  const [muted, setMuted] = useState(loadMuted);
  const [text, setText] = useState("");
  const [tab, setTab] = useState<FeedTab>("log");
  // The chat's lines seen: all those there when the panel opened, then as the chat tab shows them.
  const [seen, setSeen] = useState(() => lastChatId(chat.lines));
  const newest = lastChatId(chat.lines);
  useEffect(() => {
    if (tab === "chat") setSeen(newest);
  }, [tab, newest]);
  const unread = tab === "chat" ? 0 : unreadChat(chat.lines, seen, me, muted);
  const box = useRef<HTMLOListElement>(null);
  const chatBox = useRef<HTMLOListElement>(null);
  const toggle = (id: string) => {
    const next = new Set(muted);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setMuted(next);
    try {
      localStorage.setItem(MUTED_KEY, JSON.stringify([...next]));
    } catch {
      // not remembered
    }
  };
  type Item = { key: string; order: number; sub: number; node: React.ReactNode; kind: "dealer" | "chat" };
  const all: Item[] = [
    ...events.map(({ e, n, names }) => ({ key: `e${n}`, order: n, sub: 0, kind: "dealer" as const, node: <EventLine e={e} names={names} /> })),
    // After the last event and dealer's entry held before the hole, before those of what was missed.
    ...holes.map((g) => ({
      key: `g${g.after}:${g.chat}`,
      order: g.after,
      sub: g.chat + 0.5,
      kind: "dealer" as const,
      node: <span className="log-gap">{t("log.missed")}</span>,
    })),
    ...chat.lines.flatMap((l) =>
      "dealer" in l ? [{ key: `c${l.id}`, order: l.after, sub: l.id, kind: "dealer" as const, node: <DealerLine note={l.dealer} /> }] : [],
    ),
    ...chat.lines
      .flatMap((l) => ("from" in l && !muted.has(l.from.id) ? [l] : []))
      .map((l) => ({
        key: `c${l.id}`,
        order: l.after,
        sub: l.id,
        kind: "chat" as const,
        node: (
          <>
            <b className={l.from.director ? "chat-director" : ""}>{l.from.name}:</b> <span className="chat-text">{l.text}</span>
            {l.from.id !== me && (
              <button className="link chat-mute" onClick={() => toggle(l.from.id)} title={t("chat.muteFor", { name: l.from.name })}>
                {t("chat.mute")}
              </button>
            )}
            {director && l.from.id !== me && (
              <button className="link chat-mute" onClick={() => live.muteChat(tableId, l.from.id, !chat.muted.includes(l.from.id))}>
                {chat.muted.includes(l.from.id) ? t("chat.unmuteAtTable") : t("chat.muteAtTable")}
              </button>
            )}
          </>
        ),
      })),
  ].sort((a, b) => a.order - b.order || (a.kind === b.kind ? a.sub - b.sub : a.kind === "dealer" ? -1 : 1));
  const shown = all.filter((x) => x.kind === "dealer").slice(-40);
  const said = all.filter((x) => x.kind === "chat").slice(-40);
  useEffect(() => {
    for (const el of [box.current, chatBox.current]) if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length, shown.at(-1)?.key, said.length, said.at(-1)?.key, tab]);
  // A new size (a phone turned, a window resized) keeps the newest line in view.
  useEffect(() => {
    const els = [box.current, chatBox.current].filter((el) => el !== null);
    if (els.length === 0 || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(() => {
      for (const el of els) el.scrollTop = el.scrollHeight;
    });
    for (const el of els) watch.observe(el);
    return () => watch.disconnect();
  }, []);
  const mutedHere = me !== null && chat.muted.includes(me);
  const send = () => {
    const line = text.trim();
    if (line === "") return;
    live.chat(tableId, line);
    setText("");
  };
  const tabId = (x: FeedTab) => `feed-${tableId}-${x}`;
  return (
    <div className="feed" data-testid="table-feed" data-tab={tab}>
      <div className="feed-tabs" role="tablist">
        {(["log", "chat"] as const).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            id={`${tabId(x)}-tab`}
            aria-selected={tab === x}
            aria-controls={tabId(x)}
            className={tab === x ? "on" : ""}
            data-tab={x}
            onClick={() => setTab(x)}
          >
            {x === "log" ? t("table.log") : t("chat.tab")}
            {x === "chat" && unread > 0 && (
              <span className="unread" data-testid="chat-unread" title={t("chat.unread", { count: unread })}>
                {unread}
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={tabId("log")} aria-labelledby={`${tabId("log")}-tab`} hidden={tab !== "log"}>
        <ol className="log feed-lines" ref={box} aria-live="polite">
          {shown.map((x) => (
            <li key={x.key} className={x.kind}>
              {x.node}
            </li>
          ))}
        </ol>
      </div>
      <div role="tabpanel" id={tabId("chat")} aria-labelledby={`${tabId("chat")}-tab`} hidden={tab !== "chat"}>
        <ol className="log feed-lines chat-lines" ref={chatBox} aria-live="polite">
          {said.map((x) => (
            <li key={x.key} className={x.kind}>
              {x.node}
            </li>
          ))}
        </ol>
        {said.length === 0 && <p className="hint">{t("chat.none")}</p>}
        {muted.size > 0 && (
          <button className="link" onClick={() => [...muted].forEach(toggle)}>
            {t("chat.unmuteAll", { n: muted.size })}
          </button>
        )}
        {mutedHere ? (
          <p className="hint">{t("chat.mutedByDirector")}</p>
        ) : (
          <form
            className="chat-form"
            onSubmit={(e) => {
              e.preventDefault();
              send();
            }}
          >
            <input
              type="text"
              value={text}
              maxLength={CHAT_MAX_CHARS}
              aria-label={t("chat.say")}
              placeholder={t("chat.say")}
              onChange={(e) => setText(e.target.value)}
            />
            <span className="hint">{CHAT_MAX_CHARS - text.length}</span>
            <button type="submit" disabled={text.trim() === ""}>
              {t("chat.send")}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_MAX_CHARS, type DealerNote, type TableEvent } from "../../../src/protocol/index.ts";
import { useLive, useServices } from "../context.tsx";
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
 * The table's panel: the hand log (cards, actions, shown hands), the dealer's
 * entries from the server's chat log (pots won, players out: kept across reloads and
 * restarts) and the players' chat in the order they happened. A player can mute anyone for
 * themselves (remembered); a director mutes a player at the table for everyone.
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
  const { chats } = useLive();
  const chat = chats.get(tableId) ?? { lines: [], muted: [] };
  const [muted, setMuted] = useState(loadMuted);
  const [text, setText] = useState("");
  const box = useRef<HTMLOListElement>(null);
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
  const items: Item[] = [
    ...events.map(({ e, n, names }) => ({ key: `e${n}`, order: n, sub: 0, kind: "dealer" as const, node: <EventLine e={e} names={names} /> })),
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
  const shown = items.slice(-40);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length, shown.at(-1)?.key]);
  // A new size (a phone turned, a window resized) keeps the newest line in view.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(() => (el.scrollTop = el.scrollHeight));
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  const mutedHere = me !== null && chat.muted.includes(me);
  const send = () => {
    const line = text.trim();
    if (line === "") return;
    live.chat(tableId, line);
    setText("");
  };
  return (
    <div className="feed" data-testid="table-feed">
      <h3>{t("table.log")}</h3>
      <ol className="log feed-lines" ref={box} aria-live="polite">
        {shown.map((x) => (
          <li key={x.key} className={x.kind}>
            {x.node}
          </li>
        ))}
      </ol>
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
  );
}

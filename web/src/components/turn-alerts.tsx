import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TableView } from "../../../src/protocol/index.ts";
import { useLive, useServerNow } from "../context.tsx";
import { onSoundSetting, playSound, setSoundOn, soundOn } from "../logic/sound.ts";
import { HURRY_MS, soundsFor, tablesToAct, timeLeftMs } from "../logic/turns.ts";

/**
 * Never miss your turn, on every screen: the tab's title names the table waiting
 * for the player, sounds play (deal, your turn, chips won, time running out) unless muted,
 * and a live region announces the turn and the time left to screen readers.
 */
export function TurnAlerts() {
  const { t } = useTranslation();
  const { tables } = useLive();
  const now = useServerNow(500);
  const seen = useRef(new Map<string, TableView>());
  const hurried = useRef(new Set<string>());
  useEffect(() => {
    for (const [id, v] of tables) {
      const before = seen.current.get(id);
      if (before !== v) for (const k of soundsFor(before, v)) playSound(k);
    }
    seen.current = new Map(tables);
  }, [tables]);
  const toAct = tablesToAct(tables.values());
  const first = toAct[0] ?? null;
  const left = first === null ? null : timeLeftMs(first, now);
  useEffect(() => {
    if (first === null || left === null || left <= 0 || left > HURRY_MS) return;
    const key = `${first.tableId}:${first.version}`;
    if (hurried.current.has(key)) return;
    hurried.current.add(key);
    playSound("hurry");
  }, [first, left]);
  const title = first === null ? "Felt" : toAct.length > 1 ? t("turn.titleMany", { count: toAct.length }) : t("turn.title", { number: first.tableNumber });
  useEffect(() => {
    document.title = title;
  }, [title]);
  // Announced in steps of 5 seconds, so a screen reader is not talking all the time.
  const seconds = left === null ? null : Math.max(0, Math.ceil(left / 5000) * 5);
  return (
    <div className="sr-only" role="status" aria-live="assertive" data-testid="turn-announce">
      {first === null
        ? ""
        : seconds === null
          ? t("turn.announce", { number: first.tableNumber })
          : t("turn.announceTime", { number: first.tableNumber, seconds })}
    </div>
  );
}

/** The remembered mute switch. */
export function SoundToggle() {
  const { t } = useTranslation();
  const [on, setOn] = useState(soundOn);
  useEffect(() => onSoundSetting(() => setOn(soundOn())), []);
  return (
    <button
      className="link sound-toggle"
      aria-pressed={on}
      data-testid="sound-toggle"
      onClick={() => setSoundOn(!on)}
      title={on ? t("sound.mute") : t("sound.unmute")}
    >
      <svg
        width="20"
        height="20"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
        {on ? <path d="M16 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" /> : <path d="M17 9l5 6M22 9l-5 6" />}
      </svg>
      <span className="sr-only">{on ? t("sound.on") : t("sound.off")}</span>
    </button>
  );
}

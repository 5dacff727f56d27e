import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "../components/language-switcher.tsx";
import { useFormat } from "../components/use-format.ts";
import { useLive, useServerNow, useServices } from "../context.tsx";

/** Three short rising tones through Web Audio: the level-change signal. */
export function playLevelChime(): void {
  // Counted so a browser test can tell the signal was given.
  (globalThis as { __feltChimes?: number }).__feltChimes = ((globalThis as { __feltChimes?: number }).__feltChimes ?? 0) + 1;
  const Ctx = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  [660, 880, 1320].forEach((freq, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    const t0 = ctx.currentTime + i * 0.28;
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(0.4, t0 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + 0.26);
  });
  setTimeout(() => void ctx.close(), 1500);
}

/** The TV clock: readable across the room, sound at each level change. */
export function ClockScreen({ tournamentId }: { tournamentId: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { live, client } = useServices();
  const state = useLive();
  const now = useServerNow(200);
  useEffect(() => {
    live.connect();
    return live.watch({ kind: "tournament", tournamentId });
  }, [live, tournamentId, client]);
  const v = state.tournaments.get(tournamentId);
  const level = v?.level?.number ?? null;
  const onBreak = v?.onBreak ?? false;
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const key = `${level}:${onBreak}`;
    if (previous.current !== null && previous.current !== key) playLevelChime();
    previous.current = key;
  }, [level, onBreak]);

  if (!v) return <div className="clock-screen loading">{t("common.loading")}</div>;
  const left = v.endsAt !== null ? v.endsAt - now : v.timeLeftMs;
  return (
    <div className={`clock-screen ${v.status}`} data-testid="clock">
      <header>
        <h1>{v.name}</h1>
        <LanguageSwitcher />
      </header>
      <div className="clock-main">
        <div className="clock-level">
          {onBreak ? t("clock.break") : v.level ? t("clock.level", { number: v.level.number }) : t(`status.${v.status}`)}
        </div>
        <div className="clock-time" data-testid="time-left">
          {fmt.duration(left)}
        </div>
        {v.status === "paused" && <div className="clock-paused">{t("clock.paused")}</div>}
        <div className="clock-blinds">
          <span className="label">{t("clock.blinds")}</span>
          <span className="value">{v.level ? fmt.blinds({ ...v.level.blinds, ante: 0 }) : "—"}</span>
          <span className="label">{t("clock.ante")}</span>
          <span className="value">{v.level && v.level.blinds.ante > 0 ? fmt.chips(v.level.blinds.ante) : "—"}</span>
        </div>
        <div className="clock-next">
          {t("clock.nextLevel")}: {v.nextLevel ? fmt.blinds(v.nextLevel.blinds) : "—"}
          {" · "}
          {t("clock.nextBreak")}: {v.nextBreak ? t("clock.breakAt", { time: fmt.time(v.nextBreak.at) }) : "—"}
        </div>
      </div>
      <div className="clock-stats">
        <div>
          <span className="label">{t("clock.players")}</span>
          <span className="value">{t("clock.leftOfEntries", { left: fmt.chips(v.playersLeft), entries: fmt.chips(v.entries) })}</span>
        </div>
        <div>
          <span className="label">{t("clock.average")}</span>
          <span className="value">{fmt.chips(v.averageStack)}</span>
        </div>
        <div>
          <span className="label">{t("clock.prizePool")}</span>
          <span className="value">{fmt.money(v.prizePool)}</span>
        </div>
        <div>
          <span className="label">{t("clock.rebuysAddOns")}</span>
          <span className="value">
            {fmt.chips(v.rebuys)} / {fmt.chips(v.addOns)}
          </span>
        </div>
      </div>
      <div className="clock-payouts">
        <span className="label">{t("clock.payouts")}</span>
        <ol>
          {v.payouts.slice(0, 9).map((p) => (
            <li key={p.place}>
              <span>{fmt.place(p.place)}</span> <b>{fmt.money(p.amount)}</b>
            </li>
          ))}
        </ol>
        {v.payouts.length > 9 && <span className="more">{t("clock.morePaid", { count: v.payouts.length - 9 })}</span>}
      </div>
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TournamentView } from "../../../src/protocol/index.ts";
import type { FeltError } from "../../../src/lib/result.ts";
import { newCommandId } from "../api/client.ts";
import { ErrorText } from "../components/error-text.tsx";
import { LanguageSwitcher } from "../components/language-switcher.tsx";
import { useFormat } from "../components/use-format.ts";
import { useRoom } from "../components/use-room.ts";
import { useLive, useOfflineSince, useServices } from "../context.tsx";
import { onLastLevel } from "../logic/tournament-bar.ts";

const POLL_MS = 2000;

/**
 * The tournament as the clock shows it. A TV in the room is usually not signed in, and the
 * WebSocket needs a session token (hello), so without a live connection the clock reads the
 * public HTTP route instead; once the socket is up, its pushes take over.
 */
function useTournamentClock(tournamentId: string, tickMs: number): { view: TournamentView | null; now: number } {
  const { live, client } = useServices();
  const state = useLive();
  const [polled, setPolled] = useState<{ view: TournamentView; offset: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    live.connect();
    return live.watch({ kind: "tournament", tournamentId });
  }, [live, tournamentId]);
  const pushed = state.connected ? state.tournaments.get(tournamentId) : undefined;
  const fromSocket = pushed !== undefined;
  useEffect(() => {
    if (fromSocket) return;
    let on = true;
    const poll = () =>
      void client.call("tournament", undefined, { id: tournamentId }).then((r) => {
        if (on && r.ok) setPolled({ view: r.value, offset: r.value.serverTime - Date.now() });
      });
    poll();
    const id = setInterval(poll, POLL_MS);
    return () => {
      on = false;
      clearInterval(id);
    };
  }, [client, tournamentId, fromSocket]);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(id);
  }, [tickMs]);
  // The server out of reach (the socket lost, the polls unanswered): the last view stays on screen.
  const last = useRef<TournamentView | null>(null);
  const fresh = pushed ?? polled?.view ?? null;
  const view = fresh !== null && (last.current === null || fresh.version >= last.current.version) ? fresh : last.current;
  last.current = view;
  return { view, now: now + (pushed ? state.clockOffsetMs : (polled?.offset ?? state.clockOffsetMs)) };
}

/** The room's audio, unlocked by a click (browsers block sound a page starts by itself). */
let unlocked: AudioContext | null = null;
function enableSound(): boolean {
  const Ctx = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return false;
  unlocked ??= new Ctx();
  void unlocked.resume();
  return true;
}

/** Three short rising tones through Web Audio: the level-change signal. */
export function playLevelChime(): void {
  // Counted so a browser test can tell the signal was given.
  (globalThis as { __feltChimes?: number }).__feltChimes = ((globalThis as { __feltChimes?: number }).__feltChimes ?? 0) + 1;
  const Ctx = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  const ctx = unlocked ?? new Ctx();
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
  if (ctx !== unlocked) setTimeout(() => void ctx.close(), 1500);
}

/** The TV clock: readable across the room, sound at each level change. */
/** 16:9 layouts for a TV: the clock first, the blinds first, or the payouts beside. */
const LAYOUTS = ["classic", "blinds", "payouts"] as const;
type Layout = (typeof LAYOUTS)[number];
const LAYOUT_KEY = "felt.clockLayout";

export function ClockScreen({ tournamentId }: { tournamentId: string }) {
  const { t } = useTranslation();
  const room = useRoom();
  const fmt = useFormat();
  const { client } = useServices();
  const liveState = useLive();
  const { view: v, now } = useTournamentClock(tournamentId, 200);
  const offlineSince = useOfflineSince();
  const [layout, setLayout] = useState<Layout>(() => {
    const asked = new URLSearchParams(location.search).get("layout") ?? globalThis.localStorage?.getItem(LAYOUT_KEY);
    return LAYOUTS.find((x) => x === asked) ?? "classic";
  });
  const [sound, setSound] = useState(false);
  const [clockError, setClockError] = useState<FeltError | null>(null);
  const director = liveState.user?.role === "director";
  async function moveClock(ms: number) {
    const r = await client.call("adjustClock", { commandId: newCommandId(), ms }, { id: tournamentId });
    setClockError(r.ok ? null : r.error);
  }
  const level = v?.level?.number ?? null;
  const onBreak = v?.onBreak ?? false;
  // The view says when late registration ends (null: none, or it closes with the field).
  const lateEnds = v?.lateRegistrationEndsAt;
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const key = `${level}:${onBreak}`;
    if (previous.current !== null && previous.current !== key) playLevelChime();
    previous.current = key;
  }, [level, onBreak]);

  if (!v) return <div className="clock-screen loading">{t("common.loading")}</div>;
  const over = v.status === "finished" || v.status === "cancelled";
  const before = v.status === "announced" || v.status === "registering";
  const finish = v.status === "finished" ? v.finish : undefined;
  const left = over ? 0 : v.endsAt !== null ? v.endsAt - now : v.timeLeftMs;
  // R-BLIND-2: a big-blind ante is said to be one wherever the blinds are shown.
  const blindsText = (l: NonNullable<TournamentView["level"]>) =>
    l.bigBlindAnte ? t("clock.withBbAnte", { blinds: fmt.blinds({ ...l.blinds, ante: 0 }), ante: fmt.chips(l.blinds.ante) }) : fmt.blinds(l.blinds);
  return (
    <div className={`clock-screen ${v.status} layout-${layout}`} data-testid="clock">
      <header>
        <h1>
          {room?.name && <span className="room-name">{room.name} · </span>}
          {v.name}
        </h1>
        <div className="clock-tools">
          {!sound && (
            <button
              data-action="enable-sound"
              onClick={() => {
                const on = enableSound();
                setSound(on);
                // The room hears at once that the sound works: the level-change signal, once.
                if (on) playLevelChime();
              }}
            >
              {t("live.clock.enableSound")}
            </button>
          )}
          <select
            aria-label={t("live.clock.layout")}
            value={layout}
            onChange={(e) => {
              const next = LAYOUTS.find((x) => x === e.target.value) ?? "classic";
              setLayout(next);
              globalThis.localStorage?.setItem(LAYOUT_KEY, next);
            }}
          >
            {LAYOUTS.map((x) => (
              <option key={x} value={x}>
                {t(`live.clock.layouts.${x}`)}
              </option>
            ))}
          </select>
          <LanguageSwitcher />
        </div>
      </header>
      {offlineSince !== null && (
        // What is on screen stays: the last figures the server gave, said to be from then.
        <div className="banner offline clock-offline" role="status" data-testid="offline">
          {t("connection.unreachable", { time: fmt.time(offlineSince) })}
        </div>
      )}
      {director && !over && v.level && (
        // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not a form
        <div className="clock-controls" role="group" aria-label={t("live.clock.controls")}>
          <button data-action="minute-more" onClick={() => void moveClock(-60_000)}>
            {t("live.clock.minuteMore")}
          </button>
          <button data-action="minute-less" onClick={() => void moveClock(60_000)}>
            {t("live.clock.minuteLess")}
          </button>
          <button data-action="next-level" onClick={() => void moveClock(Math.max(1, Math.ceil(left)))}>
            {t("live.clock.nextLevel")}
          </button>
          <ErrorText error={clockError} />
        </div>
      )}
      <div className="clock-main">
        {finish ? (
          <Finish view={v} finish={finish} />
        ) : (
          <>
            <div className="clock-level">
              {over
                ? t(`status.${v.status}`)
                : before
                  ? v.startsAt !== undefined
                    ? t("clock.startsAt", { time: fmt.time(v.startsAt) })
                    : t(`status.${v.status}`)
                  : onBreak
                    ? t("clock.break")
                    : v.level
                      ? t("clock.level", { number: v.level.number })
                      : t(`status.${v.status}`)}
            </div>
            {!over && !before && onLastLevel(v) ? (
              // The last level lasts until the end: no time to count down.
              <div className="clock-time last-level" data-testid="time-left">
                {t("clock.lastLevel")}
              </div>
            ) : (
              <div className="clock-time" data-testid="time-left">
                {fmt.duration(before && v.startsAt !== undefined ? Math.max(0, v.startsAt - now) : left)}
              </div>
            )}
            {v.status === "paused" && <div className="clock-paused">{t("clock.paused")}</div>}
            {onBreak && !over && (
              <div className="clock-after-break" data-testid="after-break">
                <span>
                  {t("clock.afterBreak")}: <b>{v.nextLevel ? `${t("clock.level", { number: v.nextLevel.number })} · ${blindsText(v.nextLevel)}` : "—"}</b>
                </span>
                {(v.colourUpDue ?? []).length > 0 && (
                  <span className="colour-up-due" data-testid="colour-up-due">
                    {t("clock.colourUpDue", { chips: (v.colourUpDue ?? []).map((c) => fmt.chips(c)).join(", "), count: (v.colourUpDue ?? []).length })}
                  </span>
                )}
              </div>
            )}
            {/* In a break the blinds of the level just played are over: the coming level is shown above. */}
            {!(onBreak && !over) && (
              <div className="clock-blinds">
                <span className="label">{t("clock.blinds")}</span>
                <span className="value">{v.level ? fmt.blinds({ ...v.level.blinds, ante: 0 }) : "—"}</span>
                <span className="label" data-testid="ante-label">
                  {v.level?.bigBlindAnte ? t("clock.bbAnte") : t("clock.ante")}
                </span>
                <span className="value">{v.level && v.level.blinds.ante > 0 ? fmt.chips(v.level.blinds.ante) : "—"}</span>
              </div>
            )}
            <div className="clock-next">
              {!onBreak && (
                <span className="next-level">
                  {t("clock.nextLevel")}: {v.nextLevel ? blindsText(v.nextLevel) : "—"}
                </span>
              )}
              <span className="next-break" data-testid="next-break">
                {t("clock.nextBreak")}:{" "}
                {v.nextBreak
                  ? t("clock.breakAtIn", {
                      time: fmt.time(v.nextBreak.at),
                      // While paused the clock stands, so the break is as far away as it was.
                      left: fmt.duration(v.status === "paused" || v.endsAt === null ? v.nextBreak.at - v.serverTime : v.nextBreak.at - now),
                      minutes: fmt.chips(Math.round(v.nextBreak.durationMs / 60_000)),
                    })
                  : "—"}
              </span>
            </div>
            {lateEnds !== undefined && !over && (
              <div className="clock-late-reg" data-testid="late-reg">
                {lateEnds === null
                  ? t("clock.lateRegNone")
                  : lateEnds > now
                    ? t("clock.lateRegUntil", { time: fmt.time(lateEnds), left: fmt.duration(lateEnds - now) })
                    : t("clock.lateRegClosed")}
              </div>
            )}
          </>
        )}
      </div>
      <div className="clock-stats">
        <div>
          <span className="label">{before ? t("clock.registered") : t("clock.players")}</span>
          <span className="value" data-testid="players">
            {before ? fmt.chips(v.entries) : t("clock.leftOfEntries", { left: fmt.chips(v.playersLeft), entries: fmt.chips(v.entries) })}
          </span>
          {(v.reEntries ?? 0) > 0 && (
            <span className="sub" data-testid="re-entries">
              {t("clock.reEntries", { count: v.reEntries ?? 0 })}
            </span>
          )}
        </div>
        <div>
          <span className="label">{t("clock.average")}</span>
          <span className="value" data-testid="average-stack">
            {fmt.chips(v.averageStack)}
          </span>
        </div>
        <div>
          <span className="label">{t("live.chipsInPlay")}</span>
          <span className="value" data-testid="chips-in-play">
            {fmt.chips(v.totalChips)}
          </span>
        </div>
        <div>
          <span className="label">{t("clock.prizePool")}</span>
          <span className="value" data-testid="prize-pool">
            {fmt.money(v.prizePool)}
          </span>
        </div>
        <div>
          <span className="label">{t("clock.rebuysAddOns")}</span>
          <span className="value">
            {fmt.chips(v.rebuys)} / {fmt.chips(v.addOns)}
          </span>
        </div>
      </div>
      {!finish && (
        <div className="clock-payouts" data-testid="payouts" data-fixed={v.payoutsFixed}>
          <span className="label">{t("clock.payouts")}</span>
          {v.payouts.length === 0 && <span className="more">{t("clock.payoutsLater")}</span>}
          {v.payouts.length > 0 && !v.payoutsFixed && !over && <span className="more provisional">{t("live.provisional")}</span>}
          <ol>
            {v.payouts.slice(0, 9).map((p) => (
              <li key={p.place}>
                <span>{fmt.place(p.place)}</span> <b>{fmt.money(p.amount)}</b>
              </li>
            ))}
          </ol>
          {v.payouts.length > 9 && <span className="more">{t("clock.morePaid", { count: v.payouts.length - 9 })}</span>}
        </div>
      )}
      {v.chips.length > 0 && !over && (
        <div className="clock-chips" data-testid="chip-set">
          <span className="label">{t("live.chipSet")}</span>
          {v.chips.map((c) => (
            <span key={c} className="chip">
              {fmt.chips(c)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** The finish: the winner large, then the places paid with names and prizes, and the deal if one ended it. */
function Finish({ view, finish }: { view: TournamentView; finish: NonNullable<TournamentView["finish"]> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const winner = finish.results.find((r) => r.place === 1);
  const rest = finish.results.filter((r) => r !== winner);
  const shown = rest.slice(0, 8);
  return (
    <div className="clock-finish" data-testid="finish">
      <div className="clock-level">{t(`status.${view.status}`)}</div>
      {winner && (
        <div className="clock-winner" data-testid="winner">
          <span className="label">{t("clock.winner")}</span>
          <span className="name">{winner.name}</span>
          <b>{fmt.money(winner.prize)}</b>
        </div>
      )}
      {finish.deal !== null && (
        <div className="clock-deal" data-testid="deal">
          {t("clock.dealMade", { method: t(`clock.dealMethod.${finish.deal}`) })}
        </div>
      )}
      {shown.length > 0 && (
        <ol className="clock-results" data-testid="final-payouts">
          {shown.map((r) => (
            <li key={`${r.place}-${r.name}`}>
              <span className="place">{fmt.place(r.place)}</span>
              <span className="name">{r.name}</span>
              <b>{fmt.money(r.prize)}</b>
            </li>
          ))}
        </ol>
      )}
      {rest.length > shown.length && <span className="more">{t("clock.morePaid", { count: rest.length - shown.length })}</span>}
    </div>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLive, useServerNow, useServices } from "../context.tsx";
import { isOver, levelTimeLeft, moneyStep, onLastLevel } from "../logic/tournament-bar.ts";
import { useFormat } from "./use-format.ts";

/**
 * The tournament at a glance above a table: level and time left, the next blinds, players
 * left, the average stack, the next pay jump (or the bubble) and the prize pool. On a phone
 * it is one line that opens.
 */
export function TournamentBar({ tournamentId, myStack }: { tournamentId: string; myStack: number | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { live } = useServices();
  const view = useLive().tournaments.get(tournamentId);
  const now = useServerNow(1000);
  // Open on a wide screen, one line on a phone; the player may open or close it either way.
  const [open] = useState(() => globalThis.matchMedia?.("(min-width: 900px)").matches ?? true);
  useEffect(() => live.watch({ kind: "tournament", tournamentId }), [live, tournamentId]);
  // Its line is kept until the tournament's view arrives, so the table below never moves down then.
  if (view === undefined || view.level === null)
    return (
      <div className="tournament-bar pending" aria-hidden="true">
        <b>{"\u00a0"}</b>
      </div>
    );
  // Over: the level clock the server still reckons is no countdown to show.
  if (isOver(view))
    return (
      <div className="tournament-bar over" data-testid="tournament-bar">
        <b>{t(`status.${view.status}`)}</b>
      </div>
    );
  const left = fmt.duration(levelTimeLeft(view, now));
  const step = moneyStep(view);
  const bb = view.level.blinds.bb;
  const head = view.onBreak
    ? t("tbar.break", { time: left })
    : onLastLevel(view)
      ? t("tbar.lastLevel", { n: view.level.number, blinds: fmt.blinds(view.level.blinds) })
      : t("tbar.level", { n: view.level.number, blinds: fmt.blinds(view.level.blinds), time: left });
  const items = [
    view.nextLevel && t("tbar.next", { blinds: fmt.blinds(view.nextLevel.blinds) }),
    t("tbar.players", { left: fmt.chips(view.playersLeft), entries: fmt.chips(view.entries) }),
    t("tbar.average", { stack: fmt.chips(view.averageStack), bb: fmt.chips(Math.round(view.averageStack / Math.max(1, bb))) }),
    myStack !== null && t("tbar.mine", { bb: fmt.chips(Math.round(myStack / Math.max(1, bb))) }),
    step.kind === "bubble" && t("tbar.bubble", { count: step.toGo }),
    step.kind === "jump" && t("tbar.jump", { now: fmt.money(step.now), next: fmt.money(step.next) }),
    t("tbar.pool", { pool: fmt.money(view.prizePool) }),
  ].filter((x): x is string => typeof x === "string");
  return (
    <details className="tournament-bar" data-testid="tournament-bar" open={open}>
      <summary>
        <b>{head}</b> <span className="tbar-short">· {t("tbar.short", { left: fmt.chips(view.playersLeft) })}</span>
      </summary>
      <ul>
        {items.map((x) => (
          <li key={x}>{x}</li>
        ))}
      </ul>
    </details>
  );
}

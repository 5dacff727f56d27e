// The figures a player glances at during play, from the tournament's live view: where the
// clock stands, how many are left, and what the next bust is worth.
import type { TournamentView } from "../../../src/protocol/index.ts";

export type MoneyStep =
  /** Not in the money yet: this many more busts reach it. */
  | { readonly kind: "bubble"; readonly toGo: number }
  /** In the money: the next bust lifts every remaining player from `now` to `next`. */
  | { readonly kind: "jump"; readonly now: number; readonly next: number }
  | { readonly kind: "none" };

/** The least prize of the players left, and the next one up (R-PLACE: place n pays payouts[n-1]). */
export function moneyStep(view: Pick<TournamentView, "payouts" | "playersLeft">): MoneyStep {
  const paid = view.payouts.length;
  const left = view.playersLeft;
  if (paid === 0 || left <= 1) return { kind: "none" };
  if (left > paid) return { kind: "bubble", toGo: left - paid };
  const amount = (place: number) => view.payouts.find((p) => p.place === place)?.amount ?? 0;
  return { kind: "jump", now: amount(left), next: amount(left - 1) };
}

/** Time left in the level or break at `now` (server time): frozen while paused. */
export function levelTimeLeft(view: Pick<TournamentView, "endsAt" | "timeLeftMs">, now: number): number {
  return view.endsAt === null ? view.timeLeftMs : Math.max(0, view.endsAt - now);
}

/**
 * The structure's last level: it lasts until the tournament ends, so the server gives it no
 * end and there is no time to count down (shown as "last level", not a clock at 0:00).
 */
export function onLastLevel(view: Pick<TournamentView, "level" | "nextLevel" | "onBreak" | "endsAt" | "timeLeftMs">): boolean {
  return view.level !== null && view.nextLevel === null && !view.onBreak && view.endsAt === null && view.timeLeftMs === 0;
}

/** An event that is over (finished or cancelled) has no level clock to count down. */
export function isOver(view: Pick<TournamentView, "status">): boolean {
  return view.status === "finished" || view.status === "cancelled";
}

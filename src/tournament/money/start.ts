// The start rule (R-TRN-6): a scheduled start (default 19:00) and a deadline (default
// 19:15) by which a minimum number of players (default 5) must have paid and be present.
// Otherwise the tournament is cancelled, everyone is refunded and the guarantee is void.
import type { Payment } from "./types.ts";

export interface StartRule {
  /** Absolute time (ms) of the scheduled start. */
  readonly scheduledAt: number;
  /** Absolute time (ms) by which the minimum must be reached. */
  readonly deadline: number;
  readonly minPlayers: number;
}

const HOUR = 3_600_000;

/** The default rule on a day whose local midnight is `dayStartMs`: 19:00, deadline 19:15, 5 players. */
export function defaultStartRule(dayStartMs: number): StartRule {
  return { scheduledAt: dayStartMs + 19 * HOUR, deadline: dayStartMs + 19 * HOUR + 15 * 60_000, minPlayers: 5 };
}

export type StartDecision =
  | { readonly kind: "wait"; readonly reason: "before-schedule" | "too-few-players" }
  | { readonly kind: "start" }
  | { readonly kind: "cancel"; readonly reason: "too-few-players"; readonly present: number; readonly needed: number };

/** What to do at time `now` with `paidAndPresent` players. */
export function decideStart(rule: StartRule, now: number, paidAndPresent: number): StartDecision {
  if (now < rule.scheduledAt) return { kind: "wait", reason: "before-schedule" };
  if (paidAndPresent >= rule.minPlayers) return { kind: "start" };
  if (now >= rule.deadline) return { kind: "cancel", reason: "too-few-players", present: paidAndPresent, needed: rule.minPlayers };
  return { kind: "wait", reason: "too-few-players" };
}

/** A cancelled tournament gives every player back everything paid, fee included. */
export function refunds(payments: readonly Payment[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of payments) out.set(p.player, (out.get(p.player) ?? 0) + p.toPool + p.fee);
  return out;
}

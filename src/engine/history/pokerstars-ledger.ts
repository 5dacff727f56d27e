// A minimal chip ledger for converting between PokerStars text and PHH. PokerStars says
// "calls 160" and "raises 110 to 210" (increments and round totals), PHH says "cc" and
// "cbr 210" (round totals only), so both directions need to know what each player has in
// front of them. This is bookkeeping, not rules: the engine judges legality on replay.
import { fail, ok, type Result } from "../../lib/result.ts";
import { HISTORY_ERRORS } from "../error-catalogue.ts";

export interface Ledger {
  /** Chips still behind, per PHH player index. */
  readonly behind: number[];
  /** Chips put in during the current betting round (blinds count pre-flop, antes never). */
  readonly inFront: number[];
  /** Everything put in during the hand, antes included. */
  readonly paid: number[];
  /** Antes (dead money, R-BLIND-2) per player. */
  readonly antes: number[];
  readonly folded: boolean[];
  /** Betting round: 0 pre-flop, 1 flop, 2 turn, 3 river. */
  street: number;
  /** The last player to bet or raise in the current round, -1 if none. */
  lastAggressor: number;
}

/** PHH lists heads-up blinds and antes reversed (p2, the button, first): per-player order. */
export function perPlayer(values: readonly number[], players: number): number[] {
  const list = Array.from({ length: players }, (_, i) => values[i] ?? 0);
  return players === 2 ? list.reverse() : list;
}

/** Antes first, then blinds and straddles; a short stack posts what it has (R-BLIND-4). */
export function openLedger(stacks: readonly number[], antes: readonly number[], blinds: readonly number[]): Ledger {
  const behind = [...stacks];
  const paidAntes = behind.map((s, i) => Math.min(s, antes[i] ?? 0));
  paidAntes.forEach((a, i) => (behind[i] = behind[i]! - a));
  const inFront = behind.map((s, i) => Math.min(s, blinds[i] ?? 0));
  inFront.forEach((b, i) => (behind[i] = behind[i]! - b));
  return {
    behind,
    inFront,
    paid: paidAntes.map((a, i) => a + inFront[i]!),
    antes: paidAntes,
    folded: behind.map(() => false),
    street: 0,
    lastAggressor: -1,
  };
}

export const highestBet = (l: Ledger): number => Math.max(0, ...l.inFront);
export const toCall = (l: Ledger, i: number): number => Math.min(highestBet(l) - l.inFront[i]!, l.behind[i]!);
export const inHand = (l: Ledger): number[] => l.folded.flatMap((f, i) => (f ? [] : [i]));
export const isAllIn = (l: Ledger, i: number): boolean => !l.folded[i] && l.behind[i] === 0;

export function nextStreet(l: Ledger): void {
  l.inFront.fill(0);
  l.street += 1;
  l.lastAggressor = -1;
}

export function fold(l: Ledger, i: number): void {
  l.folded[i] = true;
}

/** A check or call; returns the chips put in (0 for a check). */
export function checkOrCall(l: Ledger, i: number): number {
  const amount = toCall(l, i);
  put(l, i, amount);
  return amount;
}

/** A bet or raise to a round total; returns the chips put in, or an error when it cannot be. */
export function betOrRaiseTo(l: Ledger, i: number, total: number): Result<number> {
  const amount = total - l.inFront[i]!;
  if (amount <= 0 || total <= highestBet(l)) {
    return fail(HISTORY_ERRORS.pokerstarsInconsistent, `a bet or raise to ${total} is not above the current bet ${highestBet(l)}`, {
      player: i,
      total,
    });
  }
  if (amount > l.behind[i]!) {
    return fail(HISTORY_ERRORS.pokerstarsInconsistent, `a bet or raise to ${total} needs ${amount} but only ${l.behind[i]} is behind`, {
      player: i,
      total,
    });
  }
  put(l, i, amount);
  l.lastAggressor = i;
  return ok(amount);
}

function put(l: Ledger, i: number, amount: number): void {
  l.behind[i] = l.behind[i]! - amount;
  l.inFront[i] = l.inFront[i]! + amount;
  l.paid[i] = l.paid[i]! + amount;
}

// Betting (R-BET-1..8): who acts, what they may do, and the check that explains a refusal.
// One verb, three faces: `legalActions` (yes/no + bounds), `decideBet` (the typed error or
// the event), and evolve (the act).
import { refusal, type FeltError } from "../lib/result.ts";
import { potTotal, type Draft } from "./state.ts";
import type { BetEvent, PlayerAction, HandState, LegalActions } from "./types.ts";
import { ENGINE_ERRORS } from "./error-catalogue.ts";

type S = HandState | Draft;

/** The next player after `from` (exclusive) who must act, or -1: the round is over.
 *  A player owes an action when behind the current bet, or when they have not acted and
 *  someone is left to bet against (R-BET-3: otherwise a matched player does not act). */
export function nextActor(s: S, from: number): number {
  if (s.live <= 1) return -1;
  const n = s.n;
  const out = s.folded | s.allIn;
  const able = s.able;
  const bets = s.bets;
  const acted = s.acted;
  const current = s.currentBet;
  // Clockwise from `from`, wrapping without a division per step: the hot path of every action.
  let i = from;
  for (let k = 0; k < n; k++) {
    i = i + 1 === n ? 0 : i + 1;
    if ((out & (1 << i)) !== 0) continue; // folded or all-in
    if (bets[i]! < current || ((acted & (1 << i)) === 0 && able >= 2)) return i;
  }
  return -1;
}

/** R-BET-7: the fixed-limit bet size of the street. */
export const limitSize = (s: S): number => (s.street < 2 ? s.cfg.smallBet : s.cfg.bigBet);

/** R-BET-8: a player who already acted may raise again only when the betting was reopened. */
function reopened(s: S, i: number): boolean {
  if ((s.acted & (1 << i)) === 0) return true;
  // The level they matched when they acted: their bet has not moved since.
  const m = s.bets[i]!;
  if (s.cfg.variant === "FT") return s.fullLevel > m;
  return s.currentBet - m >= s.increment;
}

export function legalActions(s: S): LegalActions | null {
  if (s.phase !== "bet" || s.actor < 0) return null;
  const p = s.actor;
  const stack = s.stacks[p]!;
  const owed = s.currentBet - s.bets[p]!;
  const call = Math.min(owed, stack);
  let raise = stack > owed && reopened(s, p);
  if (raise && s.cfg.variant === "FT" && s.betCount >= 4) raise = false; // R-BET-7 cap
  if (raise) {
    // Raising is pointless, and not allowed, when nobody else can call it.
    // The actor is able to act, so the others able are one fewer.
    if (s.able <= 1) raise = false;
  }
  let minTo: number | null = null;
  let maxTo: number | null = null;
  if (raise) {
    const allIn = s.bets[p]! + stack;
    let lo: number;
    let hi: number;
    if (s.cfg.variant === "FT") {
      // One bet on top of the current bet, also after a short all-in (a player who has not
      // acted raises normally, R-BET-8).
      lo = hi = s.currentBet + limitSize(s);
    } else {
      lo = s.currentBet + s.increment; // R-BET-4
      hi = allIn; // R-BET-5
      if (s.cfg.variant === "PT") {
        // R-BET-6: current bet + pot before the round + all bets in the round + the call.
        hi = s.currentBet + potTotal(s) + owed;
        if (hi < lo) hi = lo;
      }
    }
    if (hi > allIn) hi = allIn;
    if (lo > allIn) lo = allIn; // all-in for less than a full raise
    minTo = lo;
    maxTo = hi;
  }
  return {
    actor: p,
    canFold: true,
    canCheck: owed <= 0,
    call: owed <= 0 ? 0 : call,
    canRaise: raise,
    minRaiseTo: minTo,
    maxRaiseTo: maxTo,
  };
}

const p = (i: number): string => `p${i + 1}`;

/** The event a betting action makes, or why it is refused: an error (it has a `code`, an
 *  event a `type`), not a Result, on the path every action takes. */
export function decideBet(s: S, a: PlayerAction): BetEvent | FeltError {
  if (s.phase !== "bet" || s.actor < 0) {
    return refusal(ENGINE_ERRORS.notBetting, "nobody is to act in a betting round now", { phase: s.phase });
  }
  if (a.player !== s.actor) {
    return refusal(ENGINE_ERRORS.notYourTurn, `it is ${p(s.actor)}'s turn, not ${p(a.player)}'s`, { actor: s.actor });
  }
  const i = a.player;
  const owed = s.currentBet - s.bets[i]!;
  switch (a.type) {
    case "fold":
      return { type: "fold", player: i };
    case "check":
      if (owed > 0) {
        const call = Math.min(owed, s.stacks[i]!);
        return refusal(ENGINE_ERRORS.cannotCheck, `${p(i)} must call ${call} or fold`, { call });
      }
      return { type: "check", player: i };
    case "call": {
      if (owed <= 0) return refusal(ENGINE_ERRORS.nothingToCall, `${p(i)} has nothing to call: check`);
      const amount = Math.min(owed, s.stacks[i]!);
      return { type: "call", player: i, amount, allIn: amount === s.stacks[i] };
    }
    case "bet":
    case "raise": {
      const legal = legalActions(s)!;
      const to = a.to;
      if (!Number.isSafeInteger(to) || to <= 0) {
        return refusal(ENGINE_ERRORS.badAmount, `'${String(to)}' is not a whole number of chips`, { to });
      }
      if (!legal.canRaise || legal.minRaiseTo === null || legal.maxRaiseTo === null) {
        const why =
          s.cfg.variant === "FT" && s.betCount >= 4
            ? "the betting is capped at four bets (R-BET-7)"
            : s.stacks[i]! <= s.currentBet - s.bets[i]!
              ? "the stack only covers a call"
              : (s.acted & (1 << i)) !== 0
                ? "the betting was not reopened: the last all-in was less than a full raise (R-BET-8)"
                : "no other player can call a raise";
        return refusal(ENGINE_ERRORS.raiseNotAllowed, `${p(i)} may not raise: ${why}`);
      }
      if (to < legal.minRaiseTo) {
        return refusal(ENGINE_ERRORS.raiseTooSmall, `${p(i)} must make it at least ${legal.minRaiseTo}`, {
          min: legal.minRaiseTo,
          to,
        });
      }
      if (to > legal.maxRaiseTo) {
        return refusal(ENGINE_ERRORS.raiseTooLarge, `${p(i)} may make it at most ${legal.maxRaiseTo}`, {
          max: legal.maxRaiseTo,
          to,
        });
      }
      // Whole chips of the smallest chip in play (a tournament's colour-ups exchange only
      // those, R-CHIP-1; its splits are in them, R-POT-4); the minimum and the all-in are
      // always allowed, whatever they come to.
      const unit = s.cfg.unit;
      if (unit > 1 && to % unit !== 0 && to !== legal.minRaiseTo && to !== legal.maxRaiseTo) {
        return refusal(ENGINE_ERRORS.badAmount, `${p(i)} bets in whole chips of ${unit}: not ${to}`, { to, unit });
      }
      const allIn = to === s.bets[i]! + s.stacks[i]!;
      return s.currentBet === 0 ? { type: "bet", player: i, to, allIn } : { type: "raise", player: i, to, allIn };
    }
    default:
      return refusal(ENGINE_ERRORS.badAction, `'${a.type}' is not a betting action`);
  }
}

/** Opens a betting round: pre-flop the blinds are the bets; later rounds start at zero. */
export function startRound(d: Draft): void {
  const n = d.n;
  // Nobody has acted in the new round.
  d.acted = 0;
  let max = 0;
  for (let i = 0; i < n; i++) if (d.bets[i]! > max) max = d.bets[i]!;
  d.aggressor = -1;
  if (d.street === 0) {
    const nominal = d.cfg.topBlind;
    // R-BLIND-4 (rulebook convention): a short all-in blind does not lower the stakes: the
    // others owe the full blind as configured. pokerkit's convention: what was posted.
    if (d.cfg.forcedBets === "rulebook" && nominal > max) max = nominal;
    d.currentBet = max;
    // R-BLIND-3: the straddle counts as the big blind for sizing pre-flop.
    d.increment = Math.max(nominal, d.cfg.minBet);
    // R-BET-7: the blind counts as the first bet pre-flop.
    d.fullLevel = max;
    d.betCount = max > 0 ? 1 : 0;
    d.actor = nextActor(d, (d.cfg.firstPreflop + n - 1) % n);
  } else {
    d.currentBet = max;
    // R-BET-4: after the flop the smallest bet is the big blind, never the straddle.
    d.increment = d.cfg.minBet;
    d.fullLevel = 0;
    d.betCount = 0;
    d.actor = nextActor(d, n - 1);
  }
}

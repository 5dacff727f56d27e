// Three bot styles so a field behaves like a field: random, tight-aggressive (hand
// strength and position) and calling station.
import { evaluate, evaluate7, rankOf, suitOf } from "../cards/index.ts";
import type { Action } from "../engine/index.ts";
import { randomInt, type RandomSource } from "../tournament/index.ts";
import { passive, raiseTo, type Bot, type BotView } from "./view.ts";

const chance = (rng: RandomSource, p: number): boolean => randomInt(rng, 1_000_000) < p * 1_000_000;
const up = (v: BotView, to: number): Action => raiseTo(v.legal, to, v.chipUnit);
const fold = (v: BotView): Action => (v.legal.canCheck ? { type: "check", player: v.player } : { type: "fold", player: v.player });

/** Any legal action: folds a third of the time when facing a bet, raises now and then,
 * very rarely all in (a field's loose player, not a suicidal one). */
export const randomBot: Bot = (v, rng) => {
  const roll = randomInt(rng, 1000);
  if (!v.legal.canCheck && roll < 330) return fold(v);
  if (v.legal.canRaise && v.legal.minRaiseTo !== null && v.legal.maxRaiseTo !== null && roll >= 900) {
    const span = v.legal.maxRaiseTo - v.legal.minRaiseTo;
    const to = roll >= 997 ? v.legal.maxRaiseTo : v.legal.minRaiseTo + Math.floor((span * randomInt(rng, 100)) / 1000);
    return up(v, to);
  }
  return passive(v.legal);
};

/** The bot's hand with the board. On the river, the seven cards go to the evaluator one by
 *  one: a simulated field asks this for most decisions after the flop, and an array made
 *  for each was a share of all it allocates. */
function handValue(v: BotView): number {
  const b = v.board;
  return b.length === 5 ? evaluate7(v.hole[0], v.hole[1], b[0]!, b[1]!, b[2]!, b[3]!, b[4]!) : evaluate([v.hole[0], v.hole[1], ...b]);
}

/** Checks and calls; raises the minimum now and then; only a big bet (over a quarter of
 * the stack) needs something: a decent starting hand or a pair. */
export const callingStation: Bot = (v, rng) => {
  if (v.legal.canRaise && v.legal.minRaiseTo !== null && chance(rng, 0.03)) return up(v, v.legal.minRaiseTo);
  if (v.legal.call * 4 > v.stack) {
    const ok = v.street === 0 ? preflopScore(v.hole[0], v.hole[1]) >= 8 : handValue(v) >>> 20 >= 1;
    if (!ok) return fold(v);
  }
  return passive(v.legal);
};

/** Chen-style starting hand score, about 0 (7-2 offsuit) to 20 (A-A). */
export function preflopScore(a: number, b: number): number {
  const ra = rankOf(a);
  const rb = rankOf(b);
  const hi = Math.max(ra, rb);
  const lo = Math.min(ra, rb);
  const base = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 10][hi]!;
  if (ra === rb) return Math.max(5, base * 2);
  let score = base;
  if (suitOf(a) === suitOf(b)) score += 2;
  const gap = hi - lo - 1;
  score -= gap === 0 ? 0 : gap === 1 ? 1 : gap === 2 ? 2 : gap === 3 ? 4 : 5;
  if (gap <= 1 && hi < 10) score += 1;
  return score;
}

// Hand values carry their category in the bits above 20 (src/cards hand-value).
const PAIR = 1;
const TWO_PAIR = 2;

/** Tight-aggressive: plays strong hands, more of them late; bets made hands, folds to pressure without one. */
export const tightAggressive: Bot = (v, rng) => {
  const { legal } = v;
  const bb = v.bigBlind;
  const shortStack = v.stack <= 12 * bb;
  if (v.street === 0) {
    const late = v.players <= 2 || v.position >= v.players - 3;
    // Fewer players, wider range: heads-up almost any two cards have value.
    const score = preflopScore(v.hole[0], v.hole[1]) + (late ? 1.5 : 0) + (v.players <= 3 ? 3 : v.players <= 5 ? 1.5 : 0);
    const facing = legal.call;
    // Premium hands re-raise; good ones open for three big blinds or call an open;
    // a short stack pushes or folds.
    if (shortStack && score >= 8) return up(v, legal.maxRaiseTo ?? 0);
    if (score >= 12 || (score >= 10 && facing <= bb)) return up(v, Math.max(3 * bb, (legal.minRaiseTo ?? 0) + facing));
    if (score >= 10 && facing * 5 <= v.stack) return passive(legal);
    if (score >= 7 && facing <= 3 * bb) return passive(legal);
    if (legal.canCheck) return passive(legal);
    return fold(v);
  }
  const value = handValue(v);
  const cat = value >>> 20;
  const potOdds = legal.call / Math.max(1, v.pot + legal.call);
  const cheap = legal.call * 4 <= v.stack || shortStack;
  // Straights and better raise; two pair and trips bet, or call a raise; one pair bets when
  // checked to and calls cheap bets; nothing else gives up (a rare bluff when heads-up).
  if (cat >= 4) return up(v, (legal.minRaiseTo ?? 0) + Math.floor(v.pot * 0.75));
  if (cat >= TWO_PAIR) {
    if (legal.canCheck) return up(v, (legal.minRaiseTo ?? 0) + Math.floor(v.pot * 0.6));
    return cheap || cat >= 3 ? passive(legal) : fold(v);
  }
  if (cat === PAIR) {
    if (legal.canCheck) return chance(rng, 0.4) ? up(v, (legal.minRaiseTo ?? 0) + Math.floor(v.pot / 2)) : passive(legal);
    return potOdds <= 0.3 && cheap ? passive(legal) : fold(v);
  }
  if (legal.canCheck) return chance(rng, 0.1) && v.inHand <= 2 ? up(v, (legal.minRaiseTo ?? 0) + Math.floor(v.pot / 2)) : passive(legal);
  return potOdds <= 0.1 ? passive(legal) : fold(v);
};

export type BotStyle = "random" | "tight-aggressive" | "calling-station";
export const BOTS: Readonly<Record<BotStyle, Bot>> = {
  random: randomBot,
  "tight-aggressive": tightAggressive,
  "calling-station": callingStation,
};

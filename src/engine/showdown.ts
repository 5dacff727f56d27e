// Showdown and the pushing of pots (R-POT-2..8).
import { evaluate, evaluate7, formatCards, type Card } from "../cards/index.ts";
import { fail, ok, type Result } from "../lib/result.ts";
import { computePots, split } from "./pots.ts";
import { filled, hasFolded, type Draft } from "./state.ts";
import type { PlayerAction, HandEvent, HandState, Pot } from "./types.ts";
import { ENGINE_ERRORS } from "./error-catalogue.ts";

type S = HandState | Draft;
const p = (i: number): string => `p${i + 1}`;

function handValue(s: S, i: number): number {
  const h1 = s.hole[2 * i]!;
  const h2 = s.hole[2 * i + 1]!;
  const b = s.board;
  if (b.length < 5) return -1;
  if (h1 < 0 || h2 < 0) {
    // A replayed history's show of unknown cards: the best five of what is known.
    if (!s.cfg.unknownShows || s.shown[i] !== 1) return -1;
    return evaluate([...b, ...[h1, h2].filter((c) => c >= 0)]);
  }
  return evaluate7(h1, h2, b[0]!, b[1]!, b[2]!, b[3]!, b[4]!);
}

/** Cards already out (hole cards known, board): a given card must not be one of them. */
function usedCards(s: S, except: number): Set<Card> {
  const used = new Set<Card>(s.board);
  for (let i = 0; i < s.n; i++) {
    if (i === except) continue;
    if (s.hole[2 * i]! >= 0) used.add(s.hole[2 * i]!);
    if (s.hole[2 * i + 1]! >= 0) used.add(s.hole[2 * i + 1]!);
  }
  return used;
}

export function checkNewCards(s: S, cards: readonly Card[], owner: number): Result<true> {
  const used = usedCards(s, owner);
  const seen = new Set<Card>();
  for (const c of cards) {
    if (c === -1) continue;
    if (!Number.isInteger(c) || c < 0 || c > 51) return fail(ENGINE_ERRORS.badCard, `${String(c)} is not a card`);
    if (used.has(c) || seen.has(c)) {
      return fail(ENGINE_ERRORS.duplicateCard, `${formatCards([c])} is already out`, { card: c });
    }
    seen.add(c);
  }
  return ok(true);
}

/**
 * May player i muck? Not the first to show, not in an all-in showdown (hands are tabled),
 * and never a winning hand (R-POT-5): with every card known the engine can tell; with
 * unknown cards, the last hand left in a pot is the winner.
 */
export function muckRefusal(s: S, i: number, knownPots?: readonly Pot[], knownValues?: readonly number[]): string | null {
  if (s.allInShowdown) return "hands are tabled when a player is all-in and the betting is over";
  if (s.showQueue.length === s.live) return "the first player at the showdown shows";
  // Computed only now: the refusals above need neither pots nor hands.
  const pots = knownPots ?? computePots(s);
  const values = knownValues ?? handValues(s);
  const mine = values[i]!;
  for (const pot of pots) {
    if (!pot.eligible.includes(i)) continue;
    let others = 0;
    let best = -1;
    let unknown = false;
    for (const j of pot.eligible) {
      if (j === i || s.shown[j] === 2) continue;
      others++;
      const v = values[j]!;
      if (v < 0) unknown = true;
      else if (v > best) best = v;
    }
    if (others === 0) return "the last hand in a pot wins it and is shown";
    if (mine >= 0 && !unknown && mine >= best) return "a winning hand is always shown";
  }
  return null;
}

/** Every player's hand value (-1: folded, or cards or board not known). */
export function handValues(s: S): number[] {
  const values = new Array<number>(s.n);
  for (let i = 0; i < s.n; i++) values[i] = hasFolded(s, i) ? -1 : handValue(s, i);
  return values;
}

export function decideShowdown(s: S, a: PlayerAction): Result<HandEvent> {
  if (s.phase !== "showdown") return fail(ENGINE_ERRORS.notShowdown, "there is no showdown now", { phase: s.phase });
  const next = s.showQueue[0]!;
  if (a.player !== next) {
    return fail(ENGINE_ERRORS.notYourTurn, `${p(next)} shows first (R-POT-5), not ${p(a.player)}`, { actor: next });
  }
  const i = a.player;
  if (a.type === "muck") {
    const why = muckRefusal(s, i);
    if (why !== null) return fail(ENGINE_ERRORS.mustShow, `${p(i)} may not muck: ${why}`);
    return ok({ type: "muck", player: i });
  }
  if (a.type !== "show") return fail(ENGINE_ERRORS.badAction, `'${a.type}' is not a showdown action`);
  const known = [s.hole[2 * i]!, s.hole[2 * i + 1]!];
  const named = a.cards ?? [];
  if (named.length > 2) return fail(ENGINE_ERRORS.wrongCards, `${p(i)} holds two cards`);
  if (s.cfg.unknownShows && named.length === 2 && named.includes(-1)) {
    // A cash-game history's show with unknown cards: exactly what it names, the rest unseen.
    const fresh = checkNewCards(s, named, i);
    if (!fresh.ok) return fresh;
    return ok({ type: "show", player: i, cards: [...named] });
  }
  // Elsewhere an unknown card shown says nothing: the cards dealt are what is shown.
  const given = named.filter((c) => c >= 0);
  for (let k = 0; k < given.length; k++) {
    const c = given[k]!;
    if (known.includes(c)) continue;
    const slot = known.indexOf(-1);
    if (slot < 0) {
      return fail(ENGINE_ERRORS.wrongCards, `${p(i)} does not hold ${formatCards([c])}`, { card: c });
    }
    const fresh = checkNewCards(s, [c], i);
    if (!fresh.ok) return fresh;
    known[slot] = c;
  }
  if (given.length === 1 && s.cfg.oneCardKills && !s.allInShowdown) {
    // R-POT-6: one card shown kills the hand's other card.
    return ok({ type: "show", player: i, cards: [given[0]!] });
  }
  if (known[0]! < 0 || known[1]! < 0) {
    return fail(ENGINE_ERRORS.showBoth, `${p(i)} must show both cards`, { player: i });
  }
  return ok({ type: "show", player: i, cards: known });
}

/** autoShowdown: show unless the hand may be mucked (it cannot win anything). */
export function autoShowdownEvent(s: S, pots?: readonly Pot[], values?: readonly number[], player?: number): HandEvent {
  const i = player ?? s.showQueue[0]!;
  if (muckRefusal(s, i, pots, values) === null) return { type: "muck", player: i };
  return { type: "show", player: i, cards: [s.hole[2 * i]!, s.hole[2 * i + 1]!] };
}

/**
 * R-POT-5 as the dealer plays it with every card known (seed 004): the first to show shows;
 * if that hand does not win, the winning hand is shown next (a winner is never mucked, so it
 * is tabled at once); then the showdown goes on clockwise from the winner. `values`: every
 * player's hand value on the complete board. The best hand of all wins the pots it is in;
 * equal best hands: the first of them clockwise from the first to show.
 */
export function nextAutoShower(s: S, values: readonly number[]): number {
  const queue = s.showQueue;
  if (queue.length === s.live) return queue[0]!;
  const n = s.n;
  // The first to show (startShowdown): the river's last aggressor, else the first player in.
  let first = Math.max(s.aggressor, 0);
  while (hasFolded(s, first)) first = (first + 1) % n;
  let best = -1;
  let winner = -1;
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    if (hasFolded(s, i)) continue;
    if (values[i]! > best) {
      best = values[i]!;
      winner = i;
    }
  }
  if (winner < 0) return queue[0]!;
  if (queue.includes(winner)) return winner;
  let next = queue[0]!;
  let dist = n;
  for (const j of queue) {
    const d = (j - winner + n) % n;
    if (d < dist) {
      dist = d;
      next = j;
    }
  }
  return next;
}

/** Rake (R-POT-7), then each pot to its best hand (R-POT-3/4/8), odd chips per policy.
 *  `known`: hand values already computed on this complete board (the auto showdown),
 *  so no hand is evaluated twice. */
export function awardEvents(s: S, known?: readonly number[]): HandEvent[] {
  const cfg = s.cfg;
  const n = s.n;
  const single = s.live === 1;
  const values: number[] = filled(n, -1);
  const contends: boolean[] = filled(n, false);
  for (let i = 0; i < n; i++) {
    if (hasFolded(s, i)) continue;
    if (single) contends[i] = true;
    else if (s.shown[i] === 1) {
      values[i] = known !== undefined ? known[i]! : handValue(s, i);
      contends[i] = values[i]! >= 0;
    }
  }
  let raw = computePots(s, contends);
  if (!single && raw.length > 1 && killHands(raw, values, contends)) raw = computePots(s, contends);
  const out: HandEvent[] = [];
  const rake = cfg.rake;
  const raking = rake !== null && rake.percent > 0 && (s.flopSeen || rake.noFlopNoDrop === false);
  // computePots made these pots for this call alone: only the rake writes their amounts.
  const pots = raw as { amount: number; eligible: readonly number[] }[];
  if (raking) {
    let total = 0;
    for (const pot of pots) total += pot.amount;
    let r = Math.floor((total * rake.percent) / 100 / cfg.unit) * cfg.unit;
    if (rake.cap !== undefined && r > rake.cap) r = rake.cap;
    if (r > 0) {
      out.push({ type: "rake", amount: r });
      for (const pot of pots) {
        const take = Math.min(pot.amount, r);
        pot.amount -= take;
        r -= take;
      }
    }
  }
  let carried = 0;
  let drawAt = s.deck !== null ? s.deckPos : 0;
  const drawSource = s.deck ?? cfg.drawCards ?? [];
  for (let k = 0; k < pots.length; k++) {
    const { amount, eligible } = pots[k]!;
    if (amount === 0) continue;
    const winners = potWinners(eligible, values, single);
    if (winners.length === 0) continue;
    const { share, odd } = split(amount, winners, cfg.unit);
    const amounts = winners.map(() => share);
    if (odd > 0) {
      if (cfg.oddChip === "carry") {
        carried += odd;
      } else {
        // R-POT-4: what cannot be split goes to the winner first left of the button
        // (default), or to the winner who draws the highest card.
        let first = 0;
        if (cfg.oddChip === "draw") {
          let best = -1;
          for (let w = 0; w < winners.length; w++) {
            const card = drawSource[drawAt++ % Math.max(drawSource.length, 1)] ?? 0;
            if (card > best) {
              best = card;
              first = w;
            }
          }
        }
        amounts[first]! += odd;
      }
    }
    for (let w = 0; w < winners.length; w++) {
      if (amounts[w]! > 0) out.push({ type: "award", player: winners[w]!, amount: amounts[w]!, pot: k });
    }
  }
  if (carried > 0) out.push({ type: "carry", amount: carried });
  return out;
}

/**
 * Before pushing the pots the dealer kills the hands that cannot win: a hand stays when it
 * is at least as good as the best hand in some pot. Pots whose remaining contenders are
 * the same are then one pot, so a split among the same players is split once. Like
 * pokerkit (whose histories we replay to the chip), the pot need not be one the hand
 * could win; this only decides which pots are pushed together, so only odd chips.
 */
function killHands(pots: readonly Pot[], values: readonly number[], contends: boolean[]): boolean {
  // A hand stays when it is at least as good as the weakest of the pots' best hands.
  let lowestBest = Infinity;
  for (const pot of pots) {
    const b = bestValue(pot.eligible, values);
    if (b < lowestBest) lowestBest = b;
  }
  let killed = false;
  for (let i = 0; i < contends.length; i++) {
    if (!contends[i]) continue;
    if (!(values[i]! >= lowestBest)) {
      contends[i] = false;
      killed = true;
    }
  }
  return killed;
}

function bestValue(eligible: readonly number[], values: readonly number[]): number {
  let best = -1;
  for (let k = 0; k < eligible.length; k++) {
    const v = values[eligible[k]!]!;
    if (v > best) best = v;
  }
  return best;
}

function potWinners(eligible: readonly number[], values: readonly number[], single: boolean): number[] {
  if (single) return eligible.slice();
  const best = bestValue(eligible, values);
  const winners: number[] = [];
  if (best < 0) return winners;
  for (let k = 0; k < eligible.length; k++) if (values[eligible[k]!] === best) winners.push(eligible[k]!);
  return winners;
}

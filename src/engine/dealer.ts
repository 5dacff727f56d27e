// The dealer's automatic steps: posting, dealing, burning, returning uncalled bets,
// collecting, showing (autoShowdown) and pushing pots. Each is an event folded at once:
// the frequent steps are recorded (when the caller keeps events) and made by the function
// `evolveDraft` folds their event through, so the dealer does not dispatch on an event it
// just made; the rare ones are folded through `evolveDraft` itself.
import { burned, collected, dealtBoard, dealtHole, ended, evolveDraft, posted, returned } from "./evolve.ts";
import { computePots } from "./pots.ts";
import { autoShowdownEvent, awardEvents, handValues, nextAutoShower } from "./showdown.ts";
import { hasFolded, type Draft } from "./state.ts";
import type { HandEvent } from "./types.ts";

/** The events made, or null when the caller keeps none (the in-place verbs). */
type Out = HandEvent[] | null;

function emit(d: Draft, out: Out, e: HandEvent): void {
  if (out !== null) out.push(e);
  evolveDraft(d, e);
}

/** Forced bets (R-BLIND-2, R-BLIND-4), then the deal when the engine holds the deck.
 *  Rulebook convention: a big-blind ante is posted after the blind (R-BLIND-2, TDA), so a
 *  big blind who cannot cover both pays the whole blind first; pokerkit's convention (PHH
 *  replays) posts every ante before the blinds. */
export function openingEvents(d: Draft, out: Out): void {
  const cfg = d.cfg;
  if (cfg.forcedBets === "rulebook" && cfg.bigBlindAnte) {
    postBlinds(d, out);
    postAntes(d, out);
  } else {
    postAntes(d, out);
    postBlinds(d, out);
  }
  deal(d, out);
}

function postAntes(d: Draft, out: Out): void {
  for (let i = 0; i < d.n; i++) {
    const ante = d.cfg.antes[i]!;
    if (ante === 0 || d.stacks[i] === 0) continue;
    const amount = Math.min(ante, d.stacks[i]!);
    emit(d, out, { type: "ante", player: i, amount, allIn: amount === d.stacks[i]! });
  }
}

function postBlinds(d: Draft, out: Out): void {
  for (let i = 0; i < d.n; i++) {
    const blind = d.cfg.blinds[i]!;
    if (blind === 0 || d.stacks[i] === 0) continue;
    const amount = Math.min(blind, d.stacks[i]!);
    const allIn = amount === d.stacks[i]!;
    if (out !== null) out.push({ type: "blind", player: i, amount, allIn });
    posted(d, i, amount, allIn);
  }
}

function deal(d: Draft, out: Out): void {
  const n = d.n;
  const cfg = d.cfg;
  if (d.deck === null) return;
  if (cfg.exposed.length > 1) {
    emit(d, out, { type: "misdeal" }); // R-DEAL-5: a second exposed card
    return;
  }
  if (cfg.exposed.length === 1) {
    const step = cfg.exposed[0]!;
    const card = d.deck[step];
    if (card !== undefined && step < 2 * n) emit(d, out, { type: "exposed", card });
  }
  // R-DEAL-3: one card at a time, two rounds, starting with p1 (heads-up p1 is the player
  // without the button, R-HU-2).
  const deck = d.deck;
  const base = d.deckPos;
  for (let i = 0; i < n; i++) {
    const c1 = deck[base + i]!;
    const c2 = deck[base + n + i]!;
    if (out !== null) out.push({ type: "hole", player: i, cards: [c1, c2] });
    dealtHole(d, i, c1, c2);
  }
  advance(d, out);
}

/** Runs the dealer until a player (or an outside dealer) must act, or the hand is over. */
export function advance(d: Draft, out: Out): void {
  // Hand values from the auto showdown, when the board was complete: the award reuses them.
  let known: number[] | undefined;
  for (;;) {
    switch (d.phase) {
      case "bet": {
        if (d.actor >= 0) return;
        returnUncalled(d, out);
        if (out !== null) out.push({ type: "collect" });
        collected(d);
        continue;
      }
      case "board": {
        if (d.deck === null) return;
        const need = d.board.length === 0 ? 3 : 1;
        // R-DEAL-4: burn before each street. With many players (23) the deck runs short:
        // then the burn is skipped, so the board can still be dealt.
        if (d.deck.length - d.deckPos > 5 - d.board.length) {
          if (out !== null) out.push({ type: "burn", card: d.deck[d.deckPos]! });
          burned(d);
        }
        const cards = d.deck.slice(d.deckPos, d.deckPos + need);
        if (out !== null) out.push({ type: "board", cards });
        dealtBoard(d, cards);
        continue;
      }
      case "showdown": {
        if (!d.cfg.autoShowdown) return;
        // The pots and the hands do not change during the showdown: compute them once.
        // Hands are tabled in an all-in showdown (no muck to decide, the board not complete).
        if (d.allInShowdown) {
          while (d.phase === "showdown") emit(d, out, autoShowdownEvent(d));
          continue;
        }
        const pots = computePots(d);
        const values = handValues(d);
        if (d.board.length >= 5) known = values;
        // Every card known: the winner is tabled right after the first hand (seed 004); else in order.
        if (d.board.length >= 5 && values.every((v, i) => v >= 0 || hasFolded(d, i))) {
          while (d.phase === "showdown") emit(d, out, autoShowdownEvent(d, pots, values, nextAutoShower(d, values)));
        } else while (d.phase === "showdown") emit(d, out, autoShowdownEvent(d, pots, values));
        continue;
      }
      case "award": {
        for (const e of awardEvents(d, known)) emit(d, out, e);
        if (out !== null) out.push({ type: "end", stacks: d.stacks.slice() });
        ended(d, d.stacks);
        continue;
      }
      default:
        return;
    }
  }
}

/** The part of the largest bet nobody matched goes back (R-POT-1). */
function returnUncalled(d: Draft, out: Out): void {
  let top = -1;
  let max = 0;
  let second = 0;
  for (let i = 0; i < d.n; i++) {
    const b = d.bets[i]!;
    if (b > max) {
      second = max;
      max = b;
      top = i;
    } else if (b > second) {
      second = b;
    }
  }
  if (top < 0 || max === second) return;
  if (out !== null) out.push({ type: "return", player: top, amount: max - second });
  returned(d, top, max - second);
}

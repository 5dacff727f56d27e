// The engine's public verbs: open a hand, apply an action, replay events.
// decide (the typed error or the event) then evolve (the fold), then the dealer's
// automatic steps; the input state is never changed.
import { err, fail, ok, refusal, type FeltError, type Result } from "../lib/result.ts";
import { decideBet } from "./betting.ts";
import { normalizeConfig } from "./config.ts";
import { advance, openingEvents } from "./dealer.ts";
import { evolveBet, evolveDraft } from "./evolve.ts";
import { autoShowdownEvent, checkNewCards, decideShowdown } from "./showdown.ts";
import { draftOf, frozen, initialDraft, OWN_ALL, type Draft } from "./state.ts";
import type { Action, BetEvent, HandConfig, HandEvent, HandState } from "./types.ts";
import { ENGINE_ERRORS } from "./error-catalogue.ts";

export interface Applied {
  readonly state: HandState;
  readonly events: readonly HandEvent[];
}

/** Posts the forced bets and, with a deck, deals; returns the state and those events. */
export function openHand(config: HandConfig): Result<Applied> {
  const cfg = normalizeConfig(config);
  if (!cfg.ok) return cfg;
  const d = initialDraft(cfg.value);
  const events: HandEvent[] = [];
  openingEvents(d, events);
  return ok({ state: frozen(d), events });
}

export function createHand(config: HandConfig): Result<HandState> {
  const r = openHand(config);
  return r.ok ? ok(r.value.state) : r;
}

/** The event action `a` makes, or why it is refused: an error (it has a `code`, an event a
 *  `type`), not a Result, so the path every action takes allocates no wrapper. */
function decide(s: HandState, a: Action): HandEvent | FeltError {
  if (s.phase === "done" || s.phase === "misdeal") return refusal(ENGINE_ERRORS.handOver, "the hand is over");
  const player = (a as { player?: unknown }).player;
  if (a.type !== "deal-board" && (typeof player !== "number" || !Number.isInteger(player) || player < 0 || player >= s.n)) {
    return refusal(ENGINE_ERRORS.badPlayer, `no player ${String(player)} in a hand of ${s.n}`);
  }
  switch (a.type) {
    case "fold":
    case "check":
    case "call":
    case "bet":
    case "raise":
      return decideBet(s, a);
    case "show":
    case "muck": {
      const r = decideShowdown(s, a);
      return r.ok ? r.value : r.error;
    }
    case "deal-hole": {
      if (s.phase !== "hole" || s.deck !== null) return refusal(ENGINE_ERRORS.notDealing, "hole cards are not dealt now");
      if (s.holeDealt[a.player]) return refusal(ENGINE_ERRORS.notDealing, `p${a.player + 1} already has cards`);
      if (a.cards.length !== 2) return refusal(ENGINE_ERRORS.badCard, "deal two hole cards");
      const fresh = checkNewCards(s, a.cards, a.player);
      if (!fresh.ok) return fresh.error;
      return { type: "hole", player: a.player, cards: a.cards.slice() };
    }
    case "deal-board": {
      if (s.phase !== "board" || s.deck !== null) return refusal(ENGINE_ERRORS.notDealing, "board cards are not dealt now");
      const need = s.board.length === 0 ? 3 : 1;
      if (a.cards.length !== need) return refusal(ENGINE_ERRORS.badCard, `deal ${need} board card${need > 1 ? "s" : ""} now`);
      if (a.cards.includes(-1)) return refusal(ENGINE_ERRORS.badCard, "board cards must be known");
      const fresh = checkNewCards(s, a.cards, -1);
      if (!fresh.ok) return fresh.error;
      return { type: "board", cards: a.cards.slice() };
    }
    default:
      return refusal(ENGINE_ERRORS.badAction, `unknown action '${String((a as { type?: unknown }).type)}'`);
  }
}

const refused = (e: HandEvent | FeltError): e is FeltError => (e as { code?: unknown }).code !== undefined;

/** The event `decide` made for action `a`, folded: a betting action's through `evolveBet`
 *  (the action's kind names the event's, so no dispatch on the whole event vocabulary). */
function fold(d: Draft, a: Action, e: HandEvent): void {
  if (a.type === "fold" || a.type === "check" || a.type === "call" || a.type === "raise" || a.type === "bet") evolveBet(d, e as BetEvent);
  else evolveDraft(d, e);
}

/** The one way a hand moves on. A refused action returns an error and changes nothing. */
export function apply(s: HandState, a: Action): Result<Applied> {
  const e = decide(s, a);
  if (refused(e)) return err(e);
  const d = draftOf(s);
  const events: HandEvent[] = [e];
  fold(d, a, e);
  advance(d, events);
  return ok({ state: frozen(d), events });
}

declare const OWNED: unique symbol;
/** A hand state its one holder changes in place (openOwnedHand, applyOwned). */
export type OwnedHandState = HandState & { readonly [OWNED]: true };

/**
 * `openHand` for a caller that keeps no earlier state and reads no events: the bots' hands
 * of the simulator, millions of them, where a copy of the state and a list of events for
 * every action were most of what a hand allocated. The same checks, events and dealer
 * steps; `applyOwned` then changes this one state in place.
 */
export function openOwnedHand(config: HandConfig): Result<OwnedHandState> {
  const cfg = normalizeConfig(config);
  if (!cfg.ok) return cfg;
  const d = initialDraft(cfg.value);
  openingEvents(d, null);
  // The draft owns every array from the start (initialDraft): nothing is ever copied.
  return ok(d as unknown as OwnedHandState);
}

/** `apply` on a state from `openOwnedHand`, changed in place: the refused action (an
 *  error, nothing changed) or null. */
export function applyOwned(s: OwnedHandState, a: Action): FeltError | null {
  const d = s as unknown as Draft;
  // A state from openHand or apply is shared with whoever holds it: never changed here.
  if (d.owned !== OWN_ALL) return { code: ENGINE_ERRORS.notOwned, message: "applyOwned takes a state from openOwnedHand" };
  const e = decide(s, a);
  if (refused(e)) return e;
  fold(d, a, e);
  // The caller reads no events: the dealer makes its steps without them (dealer.ts).
  advance(d, null);
  return null;
}

/** The show or muck a dealer does for the next player at the showdown when every card is
 *  known: show unless the hand may be mucked (it wins nothing, R-POT-5). */
export function autoShowdownAction(s: HandState): Action {
  const e = s.phase === "showdown" ? autoShowdownEvent(s) : null;
  if (e !== null && e.type === "show") return { type: "show", player: e.player, cards: e.cards };
  if (e !== null && e.type === "muck") return { type: "muck", player: e.player };
  return { type: "muck", player: s.showQueue[0] ?? -1 };
}

/** The state after one more event (pure). A hand is the fold of its events. */
export function evolve(s: HandState, e: HandEvent): HandState {
  const d = draftOf(s);
  evolveDraft(d, e);
  return frozen(d);
}

/** Folds events from the hand's start without checking them (they came from `apply`). */
export function foldEvents(config: HandConfig, events: readonly HandEvent[]): Result<HandState> {
  const cfg = normalizeConfig(config);
  if (!cfg.ok) return cfg;
  const d = initialDraft(cfg.value);
  for (const e of events) evolveDraft(d, e);
  return ok(frozen(d));
}

const INPUTS = new Set(["fold", "check", "call", "bet", "raise", "show", "muck"]);

function actionOf(e: HandEvent, external: boolean): Action | null {
  switch (e.type) {
    case "fold":
    case "check":
    case "call":
    case "muck":
      return { type: e.type, player: e.player };
    case "bet":
    case "raise":
      return { type: e.type, player: e.player, to: e.to };
    case "show":
      return { type: "show", player: e.player, cards: e.cards };
    case "hole":
      return external ? { type: "deal-hole", player: e.player, cards: e.cards } : null;
    case "board":
      return external ? { type: "deal-board", cards: e.cards } : null;
    default:
      return null;
  }
}

/**
 * Replays a hand from its configuration and events, checking every step: each player
 * (or outside dealer) event is applied again and the events it makes must be the ones
 * given. Returns the state the events lead to.
 */
export function replay(config: HandConfig, events: readonly HandEvent[]): Result<HandState> {
  const opened = openHand(config);
  if (!opened.ok) return opened;
  let state = opened.value.state;
  const external = state.deck === null;
  const expected = [...opened.value.events];
  let k = 0;
  const same = (a: HandEvent, b: HandEvent | undefined): boolean => JSON.stringify(a) === JSON.stringify(b);
  for (const e of expected) {
    if (!same(e, events[k])) return fail(ENGINE_ERRORS.replayMismatch, `event ${k} differs`, { at: k });
    k++;
  }
  while (k < events.length) {
    const e = events[k]!;
    const a = INPUTS.has(e.type) || external ? actionOf(e, external) : null;
    if (a === null) return fail(ENGINE_ERRORS.replayMismatch, `event ${k} (${e.type}) is not an action here`, { at: k });
    const r = apply(state, a);
    if (!r.ok) return fail(r.error.code, `event ${k}: ${r.error.message}`, { at: k });
    for (const made of r.value.events) {
      if (!same(made, events[k])) return fail(ENGINE_ERRORS.replayMismatch, `event ${k} differs`, { at: k });
      k++;
    }
    state = r.value.state;
  }
  return ok(state);
}

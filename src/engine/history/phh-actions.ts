// PHH action strings ("d dh p1 AsKs", "p3 cbr 30", "p2 sm QcQd") driven through the engine.
// Shared by the PHH replayer, the PokerStars replayer and the conformance runner.
import { parseCard, type Card } from "../../cards/index.ts";
import { fail, ok, type Result } from "../../lib/result.ts";
import { legalActions } from "../betting.ts";
import { apply, autoShowdownAction } from "../hand.ts";
import { statusOf } from "../state.ts";
import { ACTIVE, type Action, type HandEvent, type HandState } from "../types.ts";
import { PHH_ERRORS } from "../error-catalogue.ts";

export type PhhAction =
  | { readonly kind: "dh"; readonly player: number; readonly cards: readonly Card[] }
  | { readonly kind: "db"; readonly cards: readonly Card[] }
  | { readonly kind: "f" | "cc"; readonly player: number }
  | { readonly kind: "cbr"; readonly player: number; readonly to: number }
  /** Show (`cards`), muck (null), or `sm -`: show the hole cards already dealt ("dealt"). */
  | { readonly kind: "sm"; readonly player: number; readonly cards: readonly Card[] | null | "dealt" };

function parseHoleCards(text: string): Result<Card[]> {
  const out: Card[] = [];
  if (text.length % 2 !== 0) return fail(PHH_ERRORS.badAction, `'${text}' is not a list of cards`);
  for (let k = 0; k < text.length; k += 2) {
    const t = text.slice(k, k + 2);
    if (t === "??") {
      out.push(-1);
      continue;
    }
    const c = parseCard(t);
    if (!c.ok) return c;
    out.push(c.value);
  }
  return ok(out);
}

/** Reads "1.25" as 125 when scale is 100; refuses amounts finer than the scale. */
export function scaleAmount(text: string, scale: number): number | null {
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [whole, frac = ""] = text.split(".");
  const digits = Math.round(Math.log10(scale));
  if (frac.length > digits) return null;
  return Number(whole) * scale + Number((frac + "0".repeat(digits)).slice(0, digits) || "0");
}

export function parsePhhAction(raw: string, scale = 1): Result<PhhAction> {
  const text = raw.split("#")[0]!.trim();
  const parts = text.split(/\s+/);
  const bad = () => fail(PHH_ERRORS.badAction, `cannot read the action '${raw}'`, { action: raw });
  if (parts[0] === "d") {
    if (parts[1] === "dh" && parts.length === 4) {
      const player = /^p(\d+)$/.exec(parts[2]!);
      if (!player) return bad();
      const cards = parseHoleCards(parts[3]!);
      if (!cards.ok) return cards;
      return ok({ kind: "dh", player: Number(player[1]) - 1, cards: cards.value });
    }
    if (parts[1] === "db" && parts.length === 3) {
      const cards = parseHoleCards(parts[2]!);
      if (!cards.ok) return cards;
      return ok({ kind: "db", cards: cards.value });
    }
    return bad();
  }
  const who = /^p(\d+)$/.exec(parts[0] ?? "");
  if (!who) return bad();
  const player = Number(who[1]) - 1;
  switch (parts[1]) {
    case "f":
    case "cc":
      return parts.length === 2 ? ok({ kind: parts[1], player }) : bad();
    case "cbr": {
      const to = parts.length === 3 ? scaleAmount(parts[2]!, scale) : null;
      return to === null ? bad() : ok({ kind: "cbr", player, to });
    }
    case "sm": {
      if (parts.length === 2) return ok({ kind: "sm", player, cards: null });
      if (parts[2] === "-") return parts.length === 3 ? ok({ kind: "sm", player, cards: "dealt" }) : bad();
      const cards = parseHoleCards(parts[2]!);
      if (!cards.ok) return cards;
      return ok({ kind: "sm", player, cards: cards.value });
    }
    default:
      return bad();
  }
}

/** The engine action a PHH action stands for in this state. */
export function toAction(s: HandState, a: PhhAction): Action {
  switch (a.kind) {
    case "dh":
      return { type: "deal-hole", player: a.player, cards: a.cards };
    case "db":
      return { type: "deal-board", cards: a.cards };
    case "f":
      return { type: "fold", player: a.player };
    case "cc": {
      const legal = legalActions(s);
      return legal !== null && legal.actor === a.player && legal.canCheck ? { type: "check", player: a.player } : { type: "call", player: a.player };
    }
    case "cbr":
      return { type: "raise", player: a.player, to: a.to };
    case "sm":
      if (a.cards === null) return { type: "muck", player: a.player };
      if (a.cards === "dealt") return { type: "show", player: a.player, cards: [s.hole[2 * a.player]!, s.hole[2 * a.player + 1]!].filter((c) => c >= 0) };
      return { type: "show", player: a.player, cards: a.cards };
  }
}

export interface Driven {
  readonly state: HandState;
  readonly events: readonly HandEvent[];
  /** Players in the order they showed or mucked. */
  readonly showOrder: readonly number[];
}

/** Shows (or mucks) for everyone still to show, as a dealer would with known cards. */
export function finishShowdown(state: HandState, events: HandEvent[], order: number[]): Result<HandState> {
  let s = state;
  while (s.phase === "showdown") {
    const r = apply(s, autoShowdownAction(s));
    if (!r.ok) return r;
    record(r.value.events, events, order);
    s = r.value.state;
  }
  return ok(s);
}

function record(made: readonly HandEvent[], events: HandEvent[], order: number[]): void {
  for (const e of made) {
    events.push(e);
    if (e.type === "show" || e.type === "muck") order.push(e.player);
  }
}

/**
 * Applies PHH actions in order. Show/muck lines are taken in the engine's showdown order
 * (R-POT-5) within a run of them, so a history that lists them in another order replays;
 * a showdown the history leaves out is done as a dealer would (every card known).
 */
export interface DriveOptions {
  /** Real-world histories (pokerkit's WSOP set) sometimes leave out a fold: when a player
   *  acts while players before them have not, those players are taken to have folded. */
  readonly impliedFolds?: boolean;
  /** pokerkit records a check for the only player left who can act when they face no bet
   *  (the big blind after the others folded or went all-in for less). No chips move and
   *  Felt never asks for it (R-BET-3: the round is over); a history may hold it. */
  readonly idleChecks?: boolean;
}

/** R-BET-3: `a` is pokerkit's check by the one player still able to act, facing no bet,
 *  after the betting round already closed (waiting for the board or the showdown). */
function isIdleCheck(s: HandState, a: PhhAction): boolean {
  if (a.kind !== "cc" || (s.phase !== "board" && s.phase !== "showdown")) return false;
  const p = a.player;
  if (p < 0 || p >= s.n || statusOf(s, p) !== ACTIVE || (s.acted & (1 << p)) !== 0) return false;
  return s.able === 1;
}

export function driveActions(
  start: HandState,
  actions: readonly PhhAction[],
  startEvents: readonly HandEvent[] = [],
  options: DriveOptions = {},
): Result<Driven> {
  let s = start;
  const events: HandEvent[] = [...startEvents];
  const order: number[] = [];
  for (const e of startEvents) if (e.type === "show" || e.type === "muck") order.push(e.player);
  const pending = actions.slice();
  // Players whose idle check (options.idleChecks) was taken since the last betting round.
  const idle = new Set<number>();
  while (pending.length > 0) {
    let pick = 0;
    const head = pending[0]!;
    if (s.phase === "bet") idle.clear();
    // Before the dealer goes on to the showdown: pokerkit's idle check comes first.
    if (options.idleChecks && head.kind === "cc" && isIdleCheck(s, head) && !idle.has(head.player)) {
      idle.add(head.player);
      pending.shift();
      continue;
    }
    if (pending[0]!.kind === "sm" && s.phase === "showdown") {
      const next = s.showQueue[0];
      for (let k = 0; k < pending.length && pending[k]!.kind === "sm"; k++) {
        if ((pending[k] as { player: number }).player === next) {
          pick = k;
          break;
        }
      }
    } else if (pending[0]!.kind !== "sm" && s.phase === "showdown") {
      const done = finishShowdown(s, events, order);
      if (!done.ok) return fail(done.error.code, `showdown: ${done.error.message}`);
      s = done.value;
    }
    const a = pending[pick]!;
    if (options.impliedFolds && a.kind !== "dh" && a.kind !== "db" && a.kind !== "sm") {
      const folded = foldUntil(s, a.player, events, order);
      if (folded !== null) s = folded;
    }
    const r = apply(s, toAction(s, a));
    if (!r.ok) return fail(r.error.code, `${describe(a)} refused: ${r.error.message}`, { action: a });
    pending.splice(pick, 1);
    record(r.value.events, events, order);
    s = r.value.state;
  }
  return ok({ state: s, events, showOrder: order });
}

/** Folds the players to act before `player`, if `player` is still to act this round. */
function foldUntil(start: HandState, player: number, events: HandEvent[], order: number[]): HandState | null {
  let s = start;
  const made: HandEvent[] = [];
  for (let guard = 0; guard < s.n; guard++) {
    const legal = legalActions(s);
    if (legal === null || statusOf(s, player) !== ACTIVE) return null;
    if (legal.actor === player) {
      if (guard === 0) return null;
      record(made, events, order);
      return s;
    }
    const r = apply(s, { type: "fold", player: legal.actor });
    if (!r.ok) return null;
    made.push(...r.value.events);
    s = r.value.state;
  }
  return null;
}

function describe(a: PhhAction): string {
  switch (a.kind) {
    case "dh":
      return `d dh p${a.player + 1}`;
    case "db":
      return "d db";
    case "cbr":
      return `p${a.player + 1} cbr ${a.to}`;
    default:
      return `p${a.player + 1} ${a.kind}`;
  }
}

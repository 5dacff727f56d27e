// Views at the edge: what one player (or an observer) may see. No deck, no burn cards,
// no other player's hole cards until that player shows them.
import type { Card } from "../cards/index.ts";
import { legalActions } from "./betting.ts";
import { computePots } from "./pots.ts";
import { statusOf } from "./state.ts";
import type { HandEvent, HandResult, HandState, LegalActions, Phase, Pot, Variant } from "./types.ts";

export type Viewer = number | "observer";

export interface PlayerView {
  readonly viewer: Viewer;
  readonly variant: Variant;
  readonly phase: Phase;
  readonly street: number;
  readonly actor: number;
  readonly stacks: readonly number[];
  readonly bets: readonly number[];
  /** Collected pots (this round's bets not included). */
  readonly pots: readonly Pot[];
  /** 0 folded, 1 in, 2 all-in. */
  readonly status: readonly number[];
  readonly board: readonly Card[];
  /** Per player: the two cards when the viewer may see them, else null. */
  readonly holes: readonly (readonly Card[] | null)[];
  /** The viewer's own choices when it is their turn. */
  readonly legal: LegalActions | null;
  readonly result: HandResult | null;
}

export function viewFor(s: HandState, viewer: Viewer): PlayerView {
  const status: number[] = [];
  for (let i = 0; i < s.n; i++) status.push(statusOf(s, i));
  const holes: (readonly Card[] | null)[] = [];
  for (let i = 0; i < s.n; i++) {
    const visible = i === viewer || s.shown[i] === 1;
    const cards = [s.hole[2 * i]!, s.hole[2 * i + 1]!];
    holes.push(visible && s.holeDealt[i] ? cards : null);
  }
  return {
    viewer,
    variant: s.cfg.variant,
    phase: s.phase,
    street: s.street,
    actor: s.actor,
    stacks: s.stacks.slice(),
    bets: s.bets.slice(),
    pots: computePots(s),
    status,
    board: s.board.slice(),
    holes,
    legal: viewer !== "observer" && viewer === s.actor ? legalActions(s) : null,
    result: s.result,
  };
}

/** An event as a viewer may see it: other players' hole cards and burns are hidden. */
export function eventFor(e: HandEvent, viewer: Viewer): HandEvent {
  if (e.type === "hole" && e.player !== viewer) return { type: "hole", player: e.player, cards: [-1, -1] };
  if (e.type === "burn") return { type: "burn", card: -1 };
  if (e.type === "exposed") return e; // an exposed card was seen by everyone (R-DEAL-5)
  return e;
}

// The state's writable twin. `apply` copies the state once (copy-on-write), then folds
// the events it decides into the copy; the caller's state is never touched.
import type { Card } from "../cards/index.ts";
import { ACTIVE, ALL_IN, FOLDED, type HandResult, type HandState, type NormalizedConfig, type Phase } from "./types.ts";

export interface Draft {
  cfg: NormalizedConfig;
  n: number;
  phase: Phase;
  street: number;
  stacks: number[];
  bets: number[];
  committed: number[];
  dead: number;
  folded: number;
  allIn: number;
  live: number;
  able: number;
  acted: number;
  hole: Card[];
  holeDealt: boolean[];
  shown: number[];
  board: Card[];
  deck: readonly Card[] | null;
  deckPos: number;
  actor: number;
  currentBet: number;
  increment: number;
  fullLevel: number;
  betCount: number;
  aggressor: number;
  showQueue: number[];
  allInShowdown: boolean;
  flopSeen: boolean;
  carried: number;
  raked: number;
  result: HandResult | null;
  /** Copy-on-write: which of the rarely written arrays this draft already owns. */
  owned: number;
}

export const OWN_COMMITTED = 1;
export const OWN_HOLE = 2;
export const OWN_SHOWN = 4;
export const OWN_BOARD = 8;
export const OWN_QUEUE = 16;
export const OWN_STACKS = 32;
export const OWN_BETS = 64;
export const OWN_ALL = 127;

/** Makes the draft's own copies of the arrays named by `what` before writing them. */
export function own(d: Draft, what: number): void {
  const need = what & ~d.owned;
  if (need === 0) return;
  d.owned |= need;
  if (need & OWN_COMMITTED) d.committed = d.committed.slice();
  if (need & OWN_HOLE) {
    d.hole = d.hole.slice();
    d.holeDealt = d.holeDealt.slice();
  }
  if (need & OWN_SHOWN) d.shown = d.shown.slice();
  if (need & OWN_BOARD) d.board = d.board.slice();
  if (need & OWN_QUEUE) d.showQueue = d.showQueue.slice();
  if (need & OWN_STACKS) d.stacks = d.stacks.slice();
  if (need & OWN_BETS) d.bets = d.bets.slice();
}

/** A packed array of n copies of v: `new Array(n).fill(v)` makes a holey one, which every
 *  later copy and read of the state would carry. */
export function filled<T>(n: number, v: T): T[] {
  const a: T[] = [];
  for (let i = 0; i < n; i++) a.push(v);
  return a;
}

/** The starting arrays of a hand of n players, made once per n and copied for each hand
 *  (a copy of a packed array is one block copy; building one grows it element by element).
 *  Never written: every hand writes only its copies. */
interface Blank {
  readonly zeros: readonly number[];
  readonly no: readonly boolean[];
  readonly noCards: readonly number[];
}
const blanks: Blank[] = [];
function blank(n: number): Blank {
  let b = blanks[n];
  if (b === undefined) {
    b = { zeros: filled(n, 0), no: filled(n, false), noCards: filled(2 * n, -1) };
    blanks[n] = b;
  }
  return b;
}

/** Before anything is posted: the fold of a hand's events starts here. */
export function initialDraft(cfg: NormalizedConfig): Draft {
  const n = cfg.n;
  const b = blank(n);
  return {
    cfg,
    n,
    phase: "hole",
    street: 0,
    stacks: cfg.startStacks.slice(),
    bets: b.zeros.slice(),
    committed: b.zeros.slice(),
    dead: 0,
    folded: 0,
    allIn: 0,
    live: n,
    able: n,
    acted: 0,
    hole: b.noCards.slice(),
    holeDealt: b.no.slice(),
    shown: b.zeros.slice(),
    board: [],
    deck: cfg.deck,
    deckPos: 0,
    actor: -1,
    currentBet: 0,
    increment: 0,
    fullLevel: 0,
    betCount: 0,
    aggressor: -1,
    showQueue: [],
    allInShowdown: false,
    flopSeen: false,
    carried: 0,
    raked: 0,
    result: null,
    owned: OWN_ALL,
  };
}

export function draftOf(s: HandState): Draft {
  return {
    cfg: s.cfg,
    n: s.n,
    phase: s.phase,
    street: s.street,
    stacks: s.stacks as number[],
    bets: s.bets as number[],
    committed: s.committed as number[],
    dead: s.dead,
    folded: s.folded,
    allIn: s.allIn,
    live: s.live,
    able: s.able,
    acted: s.acted,
    hole: s.hole as number[],
    holeDealt: s.holeDealt as boolean[],
    shown: s.shown as number[],
    board: s.board as number[],
    deck: s.deck,
    deckPos: s.deckPos,
    actor: s.actor,
    currentBet: s.currentBet,
    increment: s.increment,
    fullLevel: s.fullLevel,
    betCount: s.betCount,
    aggressor: s.aggressor,
    showQueue: s.showQueue as number[],
    allInShowdown: s.allInShowdown,
    flopSeen: s.flopSeen,
    carried: s.carried,
    raked: s.raked,
    result: s.result,
    owned: 0,
  };
}

/** The draft as a state; its bookkeeping field stays out of sight. */
export function frozen(d: Draft): HandState {
  d.owned = 0;
  return d;
}

/** Player i has folded. */
export function hasFolded(s: HandState | Draft, i: number): boolean {
  return (s.folded & (1 << i)) !== 0;
}

/** Player i's status: FOLDED, ACTIVE or ALL_IN. */
export function statusOf(s: HandState | Draft, i: number): number {
  const bit = 1 << i;
  return (s.folded & bit) !== 0 ? FOLDED : (s.allIn & bit) !== 0 ? ALL_IN : ACTIVE;
}

/** Player i's status becomes `to` (folded or all-in: a player never comes back), the
 *  counts kept beside it. */
export function setStatus(d: Draft, i: number, to: number): void {
  const from = statusOf(d, i);
  if (from === to) return;
  const bit = 1 << i;
  d.folded = to === FOLDED ? d.folded | bit : d.folded & ~bit;
  d.allIn = to === ALL_IN ? d.allIn | bit : d.allIn & ~bit;
  if (from === ACTIVE) d.able--;
  if (to === FOLDED) d.live--;
}

export function potTotal(s: HandState | Draft): number {
  let t = s.dead;
  for (let i = 0; i < s.n; i++) t += s.committed[i]! + s.bets[i]!;
  return t;
}

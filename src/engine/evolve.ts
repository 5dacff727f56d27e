// evolve: the state after one event. Every change of state is an event (dealer steps
// included), so a hand is the fold of its events from `initialDraft`.
import { nextActor, startRound, limitSize } from "./betting.ts";
import { hasFolded, own, OWN_BETS, OWN_BOARD, OWN_COMMITTED, OWN_HOLE, OWN_QUEUE, OWN_SHOWN, OWN_STACKS, setStatus, type Draft } from "./state.ts";
import type { Card } from "../cards/index.ts";
import { ALL_IN, FOLDED, type BetEvent, type HandEvent } from "./types.ts";

/** A betting action's change of state (the verbs call it directly: they know the action's kind). */
export function evolveBet(d: Draft, e: BetEvent): void {
  switch (e.type) {
    case "fold":
      // A folded player never acts again: whether they acted this round no longer matters.
      setStatus(d, e.player, FOLDED);
      d.actor = nextActor(d, e.player);
      return;
    case "check":
      d.acted |= 1 << e.player;
      d.actor = nextActor(d, e.player);
      return;
    case "call":
      own(d, OWN_STACKS | OWN_BETS);
      d.stacks[e.player]! -= e.amount;
      d.bets[e.player]! += e.amount;
      if (e.allIn) setStatus(d, e.player, ALL_IN);
      d.acted |= 1 << e.player;
      d.actor = nextActor(d, e.player);
      return;
    case "bet":
    case "raise": {
      const i = e.player;
      own(d, OWN_STACKS | OWN_BETS);
      d.stacks[i]! -= e.to - d.bets[i]!;
      d.bets[i] = e.to;
      const size = e.to - d.currentBet;
      if (d.cfg.variant === "FT") {
        // R-BET-8: in fixed limit an all-in of at least half a bet counts as a full bet.
        if (2 * (e.to - d.fullLevel) >= limitSize(d) || d.currentBet === 0) {
          d.fullLevel = e.to;
          d.betCount++;
        }
      } else if (size >= d.increment) {
        d.increment = size;
      }
      d.currentBet = e.to;
      d.aggressor = i;
      if (e.allIn) setStatus(d, i, ALL_IN);
      d.acted |= 1 << i;
      d.actor = nextActor(d, i);
      return;
    }
  }
}

export function evolveDraft(d: Draft, e: HandEvent): void {
  switch (e.type) {
    case "fold":
    case "check":
    case "call":
    case "bet":
    case "raise":
      evolveBet(d, e);
      return;
    case "ante":
      own(d, OWN_STACKS);
      d.stacks[e.player]! -= e.amount;
      if (d.cfg.deadAntes) d.dead += e.amount;
      else {
        own(d, OWN_COMMITTED);
        d.committed[e.player]! += e.amount;
      }
      if (e.allIn) setStatus(d, e.player, ALL_IN);
      return;
    case "blind":
      posted(d, e.player, e.amount, e.allIn);
      return;
    case "exposed": {
      // R-DEAL-5: the exposed card goes to the end of the deck.
      const deck = d.deck ?? [];
      d.deck = [...deck.filter((c) => c !== e.card), e.card];
      return;
    }
    case "misdeal":
      own(d, OWN_BETS);
      d.stacks = d.cfg.startStacks.slice();
      d.owned |= OWN_STACKS;
      d.bets.fill(0);
      own(d, OWN_COMMITTED);
      d.committed.fill(0);
      d.dead = 0;
      d.actor = -1;
      d.phase = "misdeal";
      return;
    case "hole":
      dealtHole(d, e.player, e.cards[0] ?? -1, e.cards[1] ?? -1);
      return;
    case "return":
      returned(d, e.player, e.amount);
      return;
    case "collect":
      collected(d);
      return;
    case "burn":
      burned(d);
      return;
    case "board":
      dealtBoard(d, e.cards);
      return;
    case "show":
    case "muck": {
      const i = e.player;
      own(d, OWN_SHOWN);
      own(d, OWN_QUEUE);
      if (e.type === "show" && e.cards.length === 2) {
        own(d, OWN_HOLE);
        d.hole[2 * i] = e.cards[0]!;
        d.hole[2 * i + 1] = e.cards[1]!;
        d.shown[i] = 1;
      } else {
        // A muck, or one card shown when one card kills the hand (R-POT-6).
        d.shown[i] = 2;
      }
      // Out of the queue (usually its head), without splice's array of what it removed.
      const q = d.showQueue;
      const k = q.indexOf(i);
      if (k >= 0) {
        for (let m = k; m < q.length - 1; m++) q[m] = q[m + 1]!;
        q.pop();
      }
      if (d.showQueue.length === 0) d.phase = d.allInShowdown && d.board.length < 5 ? "board" : "award";
      return;
    }
    case "rake":
      d.raked += e.amount;
      return;
    case "award":
      own(d, OWN_STACKS);
      d.stacks[e.player]! += e.amount;
      return;
    case "carry":
      d.carried += e.amount;
      return;
    case "end":
      ended(d, e.stacks);
      return;
  }
}

// The dealer's frequent steps, each the one change of state its event makes: `evolveDraft`
// folds the event through it, and the dealer (dealer.ts) calls it directly beside recording
// the event, or without making one when the caller keeps no events (the in-place verbs).

/** A blind (or live post) is posted. */
export function posted(d: Draft, player: number, amount: number, allIn: boolean): void {
  own(d, OWN_STACKS | OWN_BETS);
  d.stacks[player]! -= amount;
  d.bets[player]! += amount;
  if (allIn) setStatus(d, player, ALL_IN);
}

/** A player's two hole cards (-1 unknown); the last player's open the betting. */
export function dealtHole(d: Draft, player: number, c1: Card, c2: Card): void {
  own(d, OWN_HOLE);
  d.hole[2 * player] = c1;
  d.hole[2 * player + 1] = c2;
  d.holeDealt[player] = true;
  if (d.deck !== null) d.deckPos += 2;
  if (!d.holeDealt.includes(false)) {
    d.phase = "bet";
    d.street = 0;
    startRound(d);
  }
}

/** The uncalled part of a bet goes back (R-POT-1). */
export function returned(d: Draft, player: number, amount: number): void {
  own(d, OWN_STACKS | OWN_BETS);
  d.stacks[player]! += amount;
  d.bets[player]! -= amount;
}

export function burned(d: Draft): void {
  d.deckPos++;
}

/** Board cards; then the betting round, or the next street of an all-in run-out. */
export function dealtBoard(d: Draft, cards: readonly Card[]): void {
  own(d, OWN_BOARD);
  for (const c of cards) d.board.push(c);
  if (d.deck !== null) d.deckPos += cards.length;
  d.street = d.board.length <= 3 ? 1 : d.board.length - 2;
  d.flopSeen = true;
  if (d.allInShowdown) {
    d.phase = d.board.length >= 5 ? "award" : "board";
  } else {
    d.phase = "bet";
    startRound(d);
  }
}

/** The hand is over: `stacks` is the closing snapshot. */
export function ended(d: Draft, stacks: readonly number[]): void {
  d.result = { stacks: stacks.slice(), rake: d.raked, carried: d.carried };
  d.phase = "done";
  d.actor = -1;
}

/** The round's bets go into the pots; then the hand goes on to the next step. */
export function collected(d: Draft): void {
  const n = d.n;
  own(d, OWN_COMMITTED | OWN_BETS);
  for (let i = 0; i < n; i++) {
    d.committed[i]! += d.bets[i]!;
    d.bets[i] = 0;
  }
  d.actor = -1;
  if (d.live <= 1) {
    d.phase = "award"; // R-POT-8
    return;
  }
  if (d.street === 3) {
    startShowdown(d, false);
    return;
  }
  if (d.able >= 2) {
    d.phase = "board";
    return;
  }
  // Betting is over before the river: hands are tabled, then the board is run out.
  startShowdown(d, true);
}

/** R-POT-5: the river's last aggressor shows first, else the first player left of the
 *  button; then clockwise. */
function startShowdown(d: Draft, allIn: boolean): void {
  const n = d.n;
  const first = !allIn && d.aggressor >= 0 ? d.aggressor : 0;
  const queue: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = (first + k) % n;
    if (!hasFolded(d, i)) queue.push(i);
  }
  d.showQueue = queue;
  d.owned |= OWN_QUEUE;
  d.allInShowdown = allIn;
  d.phase = "showdown";
}

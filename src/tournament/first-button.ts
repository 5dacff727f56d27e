// The first button by a card draw (R-DEAL-6): one face-up card to each player, highest
// card gets the button. Options: ties in rank broken by suit (default: spades > hearts >
// diamonds > clubs, which is simply the higher Card number), or a redraw among the tied
// players; or the old draw where the first jack dealt gets the button.
import { rankOf, type Card } from "../cards/index.ts";
import { fail, ok, type Result } from "../lib/result.ts";
import { shuffledDeck, type RandomSource } from "./random.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

export type FirstButtonDraw = "suit" | "redraw" | "first-jack";

export interface DrawnCard {
  /** 1 for the first round of cards; a redraw among tied players is round 2, 3, ... */
  readonly round: number;
  readonly seat: number;
  readonly card: Card;
}

export interface FirstButton {
  readonly button: number;
  /** Every card shown, in the order dealt, so a live floor can be shown the draw. */
  readonly cards: readonly DrawnCard[];
}

const JACK = 9;

/** Cards from freshly shuffled decks, a new deck whenever one runs out. */
export function cardSupply(rng: RandomSource): () => Card {
  let deck: Card[] = [];
  return () => {
    if (deck.length === 0) deck = shuffledDeck(rng);
    return deck.pop()!;
  };
}

/** R-DEAL-6 with cards from `nextCard` (dealt in seat order, seat 1 first). */
export function drawFirstButtonFrom(seats: readonly number[], nextCard: () => Card, rule: FirstButtonDraw = "suit"): Result<FirstButton> {
  const order = [...new Set(seats)].sort((a, b) => a - b);
  if (order.length < 2 || order.length !== seats.length) {
    return fail(TOURNAMENT_ERRORS.badSeats, "the button draw needs at least two distinct seats", { seats });
  }
  const cards: DrawnCard[] = [];
  if (rule === "first-jack") {
    // 52 cards hold four jacks, so a jack comes within one deck.
    for (let i = 0; ; i++) {
      const seat = order[i % order.length]!;
      const card = nextCard();
      cards.push({ round: Math.floor(i / order.length) + 1, seat, card });
      if (rankOf(card) === JACK) return ok({ button: seat, cards });
    }
  }
  let inDraw = order;
  for (let round = 1; ; round++) {
    const dealt = inDraw.map((seat) => ({ round, seat, card: nextCard() }));
    cards.push(...dealt);
    if (rule === "suit") {
      const best = dealt.reduce((a, b) => (b.card > a.card ? b : a));
      return ok({ button: best.seat, cards });
    }
    const top = Math.max(...dealt.map((d) => rankOf(d.card)));
    const tied = dealt.filter((d) => rankOf(d.card) === top);
    if (tied.length === 1) return ok({ button: tied[0]!.seat, cards });
    inDraw = tied.map((d) => d.seat);
  }
}

/** R-DEAL-6 with a shuffled deck from `rng`. */
export const drawFirstButton = (seats: readonly number[], rng: RandomSource, rule: FirstButtonDraw = "suit"): Result<FirstButton> =>
  drawFirstButtonFrom(seats, cardSupply(rng), rule);

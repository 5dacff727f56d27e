// A card is a small integer 0..51: rank * 4 + suit. Ranks 0..12 are 2..A; suits 0..3
// are clubs, diamonds, hearts, spades, so a higher suit index is the higher suit in the
// draws that break ties by suit (R-DEAL-6, R-CHIP-3: spades > hearts > diamonds > clubs).
import { fail, ok, type Result } from "../lib/result.ts";
import { CARDS_ERRORS } from "./error-catalogue.ts";

export type Card = number;
export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";
export const DECK_SIZE = 52;

export const rankOf = (card: Card): number => card >> 2;
export const suitOf = (card: Card): number => card & 3;
export const makeCard = (rank: number, suit: number): Card => rank * 4 + suit;

export function parseCard(text: string): Result<Card> {
  if (text.length === 2) {
    const rank = RANKS.indexOf(text[0]!.toUpperCase());
    const suit = SUITS.indexOf(text[1]!.toLowerCase());
    if (rank >= 0 && suit >= 0) return ok(makeCard(rank, suit));
  }
  return fail(CARDS_ERRORS.badCard, `'${text}' is not a card: write rank then suit, e.g. As, Td, 2c`, {
    text,
  });
}

/** Parses concatenated cards ("AsKs", "TcKsKc") or space-separated ones. */
export function parseCards(text: string): Result<Card[]> {
  const compact = text.replace(/\s+/g, "");
  if (compact.length % 2 !== 0) {
    return fail(CARDS_ERRORS.badCard, `'${text}' is not a list of cards`, { text });
  }
  const cards: Card[] = [];
  for (let i = 0; i < compact.length; i += 2) {
    const card = parseCard(compact.slice(i, i + 2));
    if (!card.ok) return card;
    cards.push(card.value);
  }
  return ok(cards);
}

export const formatCard = (card: Card): string => RANKS[rankOf(card)]! + SUITS[suitOf(card)]!;
export const formatCards = (cards: readonly Card[], sep = ""): string => cards.map(formatCard).join(sep);

/** The 52 cards in a fixed order (2c 2d 2h 2s 3c ... As). */
export function orderedDeck(): Card[] {
  const deck: Card[] = [];
  for (let i = 0; i < DECK_SIZE; i++) deck.push(i);
  return deck;
}

// Card codes as in src/cards/card.ts: rank*4+suit, rank 0..12 = 2..A, suit 0..3 = c,d,h,s.
const RANKS = "23456789TJQKA";
const SUITS = ["♣", "♦", "♥", "♠"] as const;

export const cardRank = (c: number): string => RANKS[Math.floor(c / 4)] ?? "?";
export const cardSuit = (c: number): string => SUITS[c % 4] ?? "?";
export const isRed = (c: number): boolean => c % 4 === 1 || c % 4 === 2;
export const cardLabel = (c: number): string => `${cardRank(c)}${cardSuit(c)}`;

/** Parse "As", "Td", "2c" (as the floor types cards in the colour-up screen). */
export function parseCardText(text: string): number | null {
  const m = /^\s*([2-9TJQKA]|10)\s*([cdhs♣♦♥♠])\s*$/i.exec(text);
  if (!m) return null;
  const r = RANKS.indexOf(m[1]!.toUpperCase() === "10" ? "T" : m[1]!.toUpperCase());
  const s = "cdhs♣♦♥♠".indexOf(m[2]!.toLowerCase()) % 4;
  return r < 0 ? null : r * 4 + s;
}

const SUIT_LETTERS = "cdhs";
/** A card in the notation of hand histories: "7h", "Td", "As". */
export const cardText = (c: number): string => `${cardRank(c)}${SUIT_LETTERS[c % 4] ?? "?"}`;
/** Cards as a hand log writes them: "7h 2d Jc". */
export const cardsText = (cards: readonly number[]): string => cards.map(cardText).join(" ");

// A shown hand's full name, as a player reads it at a showdown: "Two pair, Kings and Eights,
// Ace kicker", "Aces full of Kings". The server sends the category and the five cards (or the
// 2–4 a player holds before the river); the deciding ranks follow from the cards.
import type { TFunction } from "i18next";
import type { HandCategory } from "../../../src/protocol/index.ts";

const RANKS = "23456789TJQKA";
const ACE = 12;
const FIVE = 3;

export interface HandShape {
  /** The name's key: the category, or "royal-flush". */
  readonly key: HandCategory | "royal-flush";
  /** The ranks the name states (the pair, the trips then the pair, a straight's top), highest group first. */
  readonly main: readonly number[];
  /** The other cards that decide a tie, highest first (none for straights, flushes and full houses). */
  readonly kickers: readonly number[];
}

/** Ranks of the cards, grouped: the largest group first, then the higher rank. */
function groups(cards: readonly number[]): number[] {
  const count = new Map<number, number>();
  for (const c of cards) count.set(c >> 2, (count.get(c >> 2) ?? 0) + 1);
  return [...count.keys()].sort((x, y) => count.get(y)! - count.get(x)! || y - x);
}

/** A straight's top rank: the wheel (A-2-3-4-5) tops at the Five. */
function straightTop(ranks: readonly number[]): number {
  return ranks.includes(ACE) && ranks.includes(FIVE) && !ranks.includes(ACE - 1) ? FIVE : Math.max(...ranks);
}

export function handShape(category: HandCategory, cards: readonly number[]): HandShape {
  const ranks = groups(cards);
  switch (category) {
    case "royal-flush":
      return { key: category, main: [ACE], kickers: [] };
    case "straight":
    case "straight-flush": {
      const top = straightTop(ranks);
      return { key: category === "straight-flush" && top === ACE ? "royal-flush" : category, main: [top], kickers: [] };
    }
    case "flush":
      return { key: category, main: ranks, kickers: [] };
    case "full-house":
      return { key: category, main: ranks.slice(0, 2), kickers: [] };
    case "two-pair":
      return { key: category, main: ranks.slice(0, 2), kickers: ranks.slice(2) };
    default:
      return { key: category, main: ranks.slice(0, 1), kickers: ranks.slice(1) };
  }
}

/** The hand's full name in the current language; the category alone when no cards are known. */
export function handName(t: TFunction, category: HandCategory, cards: readonly number[] | null | undefined): string {
  if (!cards || cards.length === 0) return t(`handName.${category}`);
  const shape = handShape(category, cards);
  const one = (r: number) => t(`handFull.one.${RANKS[r]}`);
  const many = (r: number) => t(`handFull.many.${RANKS[r]}`);
  const join = t("handFull.join");
  const [a, b] = shape.main;
  const name = t(`handFull.name.${shape.key}`, {
    a: a === undefined ? "" : one(a),
    A: a === undefined ? "" : many(a),
    B: b === undefined ? "" : many(b),
    list: shape.main.map(one).join(join),
  });
  if (shape.kickers.length === 0) return name;
  return name + t(shape.kickers.length === 1 ? "handFull.kicker" : "handFull.kickers", { k: shape.kickers.map(one).join(join) });
}

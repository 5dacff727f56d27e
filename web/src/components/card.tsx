import { useTranslation } from "react-i18next";
import { cardRank, cardSuit, isRed } from "../logic/cards.ts";

const SUIT_KEYS = ["c", "d", "h", "s"] as const;

/** A card's spoken name ("Ace of spades"), for screen readers. */
export function useCardName(): (card: number) => string {
  const { t } = useTranslation();
  return (card) => t("card.name", { rank: t(`card.rank.${cardRank(card)}`), suit: t(`card.suit.${SUIT_KEYS[card % 4]}`) });
}

export function PlayingCard({ card, size = "md" }: { card: number | null; size?: "sm" | "md" | "lg" }) {
  const { t } = useTranslation();
  const name = useCardName();
  if (card === null) return <span className={`card back ${size}`} role="img" aria-label={t("card.back")} />;
  return (
    <span className={`card ${size} ${isRed(card) ? "red" : "black"} suit-${SUIT_KEYS[card % 4]}`} data-card={card} role="img" aria-label={name(card)}>
      <span className="rank" aria-hidden="true">{cardRank(card) === "T" ? "10" : cardRank(card)}</span>
      <span className="suit" aria-hidden="true">{cardSuit(card)}</span>
    </span>
  );
}

export function Cards({ cards, size }: { cards: readonly (number | null)[]; size?: "sm" | "md" | "lg" }) {
  return (
    <span className="cards">
      {cards.map((c, i) => (
        <PlayingCard key={i} card={c} {...(size ? { size } : {})} />
      ))}
    </span>
  );
}

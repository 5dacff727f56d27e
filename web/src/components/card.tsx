import { useTranslation } from "react-i18next";
import { cardRank, cardSuit, isRed } from "../logic/cards.ts";

const SUIT_KEYS = ["c", "d", "h", "s"] as const;

/** A card's spoken name ("Ace of spades"), for screen readers. */
export function useCardName(): (card: number) => string {
  const { t } = useTranslation();
  return (card) => t("card.name", { rank: t(`card.rank.${cardRank(card)}`), suit: t(`card.suit.${SUIT_KEYS[card % 4]}`) });
}

export function PlayingCard({ card, size = "md", best = false }: { card: number | null; size?: "sm" | "md" | "lg"; best?: boolean }) {
  const { t } = useTranslation();
  const name = useCardName();
  if (card === null) return <span className={`card back ${size}`} role="img" aria-label={t("card.back")} />;
  return (
    <span
      className={`card ${size} ${isRed(card) ? "red" : "black"} suit-${SUIT_KEYS[card % 4]}${best ? " best" : ""}`}
      data-card={card}
      data-best={best ? "yes" : undefined}
      role="img"
      aria-label={name(card)}
    >
      <span className="rank" aria-hidden="true">
        {cardRank(card) === "T" ? "10" : cardRank(card)}
      </span>
      <span className="suit" aria-hidden="true">
        {cardSuit(card)}
      </span>
    </span>
  );
}

/** Cards in a row; those in `best` (the winning five at a showdown) are marked. */
export function Cards({ cards, size, best }: { cards: readonly (number | null)[]; size?: "sm" | "md" | "lg"; best?: ReadonlySet<number> | null }) {
  return (
    <span className="cards">
      {cards.map((c, i) => (
        <PlayingCard key={i} card={c} {...(size ? { size } : {})} best={c !== null && best?.has(c) === true} />
      ))}
    </span>
  );
}

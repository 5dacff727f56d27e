import { cardRank, cardSuit, isRed } from "../logic/cards.ts";

export function PlayingCard({ card, size = "md" }: { card: number | null; size?: "sm" | "md" | "lg" }) {
  if (card === null) return <span className={`card back ${size}`} aria-hidden="true" />;
  return (
    <span className={`card ${size} ${isRed(card) ? "red" : "black"}`} data-card={card}>
      <span className="rank">{cardRank(card) === "T" ? "10" : cardRank(card)}</span>
      <span className="suit">{cardSuit(card)}</span>
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

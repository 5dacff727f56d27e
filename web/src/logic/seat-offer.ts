// A seat card offered to the floor (a walk-in seated late, a move made, a re-entry) names
// where a player sits. It stays on the console while they sit there and goes once they do
// not (busted, moved again): a card printed then would send someone to a seat that is not
// theirs, or to a table they have left.

/** Where a card sends a player, and the seating's answer row it is matched against. */
export interface Where {
  readonly name: string;
  readonly tableNumber: number;
  readonly seat: number;
}

/** An offered card, and whether the seating has shown the player at its seat since it was offered. */
export interface Offer<C extends Where> {
  readonly card: C;
  readonly seen: boolean;
}

/**
 * The offer after a seating answer (`null`: none in yet). An answer asked for before the
 * seat was given does not hold the player yet, so only an answer that no longer holds
 * them, after one that did, withdraws the card. Unchanged offers are returned as they are.
 */
export function followOffer<C extends Where>(offer: Offer<C> | null, seats: readonly Where[] | null | undefined): Offer<C> | null {
  if (offer === null || seats === null || seats === undefined) return offer;
  const { card } = offer;
  const there = seats.some((s) => s.tableNumber === card.tableNumber && s.seat === card.seat && s.name === card.name);
  if (there) return offer.seen ? offer : { card, seen: true };
  return offer.seen ? null : offer;
}

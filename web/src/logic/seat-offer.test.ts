import { describe, expect, it } from "vitest";
import { followOffer } from "./seat-offer.ts";

const lou = { name: "Late Lou", tableNumber: 2, seat: 7 };
const others = [
  { name: "Ann", tableNumber: 1, seat: 1 },
  { name: "Bo", tableNumber: 2, seat: 3 },
];

describe("a seat card offered to the floor", () => {
  it("stays while the seating answer predates the seat, then while the player sits there", () => {
    const offered = { card: lou, seen: false };
    expect(followOffer(offered, null)).toBe(offered);
    expect(followOffer(offered, others)).toBe(offered);
    const seen = followOffer(offered, [...others, lou]);
    expect(seen).toEqual({ card: lou, seen: true });
    expect(followOffer(seen, [...others, lou])).toBe(seen);
  });

  it("goes once the player, shown at the seat before, is no longer there: busted or moved", () => {
    const seen = { card: lou, seen: true };
    expect(followOffer(seen, others)).toBeNull();
    expect(followOffer(seen, [...others, { ...lou, tableNumber: 1, seat: 4 }])).toBeNull();
    // Someone else drawn into the seat is not the player.
    expect(followOffer(seen, [...others, { ...lou, name: "Mia" }])).toBeNull();
  });

  it("no offer stays no offer", () => {
    expect(followOffer(null, [lou])).toBeNull();
  });
});

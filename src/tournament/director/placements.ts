// Final places (R-PLACE-1..4): eliminations are recorded in order, each as groups ranked
// best first (equal starting stacks share a group, R-PLACE-2; a shootout's losers or a
// bracket round's losers share one group, R-PLACE-3). Places are counted from the bottom
// once the field is known; prizes of shared places are added and split.
import { splitPrize } from "../index.ts";
import { prizeMap } from "./prizes.ts";
import type { TournamentState } from "./state.ts";
import type { Placement } from "./types.ts";

export interface PlacedGroup {
  readonly entries: readonly string[];
  readonly places: readonly number[];
}

/** Places of the groups of one elimination, when `left` entries were in before it. */
export function placeGroups(left: number, groups: readonly (readonly string[])[]): number[][] {
  const total = groups.reduce((n, g) => n + g.length, 0);
  let place = left - total + 1;
  return groups.map((g) => g.map(() => place++));
}

/** Every entry's places and prize: `survivors` are ranked groups still in (winner first). */
export function finalPlacements(s: TournamentState, extra: readonly (readonly string[])[][], survivors: readonly (readonly string[])[]): Placement[] {
  const c = s.config!;
  const prizes = prizeMap(s.prizes);
  const unit = c.money.unit ?? 1;
  const seats = c.format.kind === "satellite" ? Math.min(Math.floor((s.prizes?.pool ?? 0) / c.format.seatValue), s.entries.size) : 0;
  const placed: PlacedGroup[] = [];
  let cursor = s.entries.size;
  for (const ev of [...s.eliminations, ...extra]) {
    const places = placeGroups(cursor, ev);
    ev.forEach((g, i) => placed.push({ entries: g, places: places[i]! }));
    cursor -= ev.reduce((n, g) => n + g.length, 0);
  }
  const top = placeGroups(cursor, survivors);
  survivors.forEach((g, i) => placed.push({ entries: g, places: top[i]! }));
  const out: Placement[] = [];
  for (const g of placed) {
    const total = g.places.reduce((sum, p) => sum + (prizes[p] ?? 0), 0);
    const shares = splitPrize(total, g.entries.length, unit);
    g.entries.forEach((id, i) => {
      const e = s.entries.get(id)!;
      const p: Placement = { entry: id, player: e.player, places: g.places, prize: shares[i]! };
      out.push(c.format.kind === "satellite" ? { ...p, seat: g.places.every((x) => x <= seats) } : p);
    });
  }
  return out.sort((a, b) => a.places[0]! - b.places[0]! || (a.entry < b.entry ? -1 : 1));
}

// R-DEAL-6 as the event says: every table's first button (a new table, a heads-up match, a
// full redraw when tables merge, the final table) is drawn by the one rule the event chose,
// from the tournament's seeded randomness, and the cards shown are kept in the event so the
// draw replays from the log and the floor and the players can be shown it.
import { drawFirstButton, type DrawnCard, type FirstButtonDraw, type RandomSource } from "../index.ts";
import type { TournamentConfig } from "./types.ts";

export const BUTTON_DRAWS: readonly FirstButtonDraw[] = ["suit", "redraw", "first-jack"];

/** The event's first-button draw (default: high card, ties by suit). */
export const buttonDrawOf = (c: TournamentConfig): FirstButtonDraw => c.buttonDraw ?? "suit";

/** The button drawn among `seats` by the event's rule with its cards; null when fewer than two seats draw (nothing to draw for). */
export function drawTableButton(c: TournamentConfig, seats: readonly number[], rng: RandomSource): { button: number; draw: readonly DrawnCard[] } | null {
  if (seats.length < 2) return null;
  const b = drawFirstButton(seats, rng, buttonDrawOf(c));
  return b.ok ? { button: b.value.button, draw: b.value.cards } : null;
}

import type { TableView } from "../../../src/protocol/index.ts";
import type { SoundKind } from "./sound.ts";

// Which tables wait for the player, and which sounds a change of views calls for (:
// never miss your turn). Pure, so it is tested without a browser.

/** Tables where the player is to act now, the one whose clock runs out first first. */
export function tablesToAct(views: Iterable<TableView>): TableView[] {
  return [...views]
    .filter((v) => v.legal !== null && v.actor !== null && v.actor === v.mySeat)
    .sort((a, b) => (a.clock?.deadline ?? Infinity) - (b.clock?.deadline ?? Infinity));
}

/** Time left to act (the time bank included), or null when the view has no clock. */
export function timeLeftMs(v: TableView, now: number): number | null {
  if (v.clock === null) return null;
  return v.clock.deadline + v.clock.timeBankMs - now;
}

export const HURRY_MS = 5000;

/**
 * Sounds for one table between two views of it: a new hand dealt to the player, the
 * player's turn, chips won at the end of a hand. `hurry` is asked separately (it depends on
 * time, not on a change of view).
 */
export function soundsFor(before: TableView | undefined, after: TableView): SoundKind[] {
  if (after.mySeat === null) return [];
  const out: SoundKind[] = [];
  if (after.handId !== null && after.handId !== before?.handId) out.push("deal");
  const myTurn = (v: TableView | undefined) => v !== undefined && v.legal !== null && v.actor === v.mySeat;
  if (myTurn(after) && !myTurn(before)) out.push("turn");
  if (after.lastHand !== null && after.lastHand.handId !== before?.lastHand?.handId) out.push("chips");
  return out;
}

import type { TFunction } from "i18next";
import type { SeatView, TableView } from "../../../src/protocol/index.ts";

// The seats as a player sees and hears them: turned so their own seat is at the bottom, and
// one line per seat for a screen reader, which reads the felt as a list.

/**
 * The seat the felt turns around: the viewer's own, or, once they have left it (busted, the
 * seat emptied), the one they last sat at, so the table does not turn under them as they go.
 */
export function anchorSeat(view: Pick<TableView, "mySeat">, lastMine: number | null): number | null {
  return view.mySeat ?? lastMine;
}

/** The index in `seats` drawn at the bottom of the oval (the anchor's, else the first). */
export function seatOffset(seats: readonly Pick<SeatView, "seat">[], anchor: number | null): number {
  return Math.max(
    0,
    seats.findIndex((s) => s.seat === anchor),
  );
}

/** What a screen reader says for one seat: number, name, stack, state, button and blinds, whose turn. */
export function seatReading(t: TFunction, chips: (n: number) => string, view: TableView, s: SeatView): string {
  if (s.player === null) return t("table.seatEmpty", { seat: s.seat });
  const parts = [t("table.seatLabel", { seat: s.seat, name: s.player.name, stack: chips(s.stack) })];
  if (s.status === "all-in") parts.push(t("table.allIn"));
  if (s.status === "folded") parts.push(t("table.folded"));
  if (s.status === "sitting-out") parts.push(t("table.sittingOut"));
  if (!s.connected) parts.push(t("table.away"));
  if (view.button === s.seat) parts.push(t("table.button"));
  if (view.smallBlind === s.seat) parts.push(t("table.sb"));
  if (view.bigBlind === s.seat) parts.push(t("table.bb"));
  if (s.bet > 0) parts.push(t("table.seatBet", { amount: chips(s.bet) }));
  if (view.actor === s.seat) parts.push(t("table.seatActing"));
  return parts.join(", ");
}

/**
 * On the player's turn the focus moves to the action buttons, unless they are typing (the
 * chat, the amount): a turn never takes the keys from a line half written.
 */
export function takesFocus(active: { readonly tagName: string; readonly isContentEditable?: boolean } | null): boolean {
  if (active === null) return true;
  return !(active.tagName === "INPUT" || active.tagName === "TEXTAREA" || active.tagName === "SELECT" || active.isContentEditable === true);
}

import { describe, expect, it } from "vitest";
import type { TableView } from "../../../src/protocol/index.ts";
import { tableView } from "../../../testkit/protocol/fixtures.ts";
import { setupI18n } from "../i18n/index.ts";
import { formatChips } from "./format.ts";
import { anchorSeat, seatOffset, seatReading, takesFocus } from "./seats.ts";

const en = (() => {
  const i18n = setupI18n({ lng: "en", strict: true });
  return i18n.t.bind(i18n);
})();
const chips = (n: number) => formatChips(n, "en");

describe("the felt turns around the player's seat", () => {
  it("their own seat is drawn at the bottom", () => {
    expect(seatOffset(tableView.seats, anchorSeat({ mySeat: 2 }, null))).toBe(1);
  });

  it("after a bust empties their seat (no seat of theirs in the view), the felt stays turned around it", () => {
    const busted: TableView = { ...tableView, mySeat: null };
    expect(seatOffset(busted.seats, anchorSeat(busted, 2))).toBe(1);
  });

  it("a spectator who never sat here sees the first seat at the bottom", () => {
    expect(seatOffset(tableView.seats, anchorSeat({ mySeat: null }, null))).toBe(0);
  });
});

describe("a screen reader reads each seat as one item of a list", () => {
  it("number, name, stack, the button and blinds, the bet and whose turn", () => {
    const view: TableView = { ...tableView, actor: 2 };
    expect(seatReading(en, chips, view, view.seats[0]!)).toBe("Seat 1: Bodil, 9,800 chips, BB");
    expect(seatReading(en, chips, view, view.seats[1]!)).toBe("Seat 2: Jiří, 4,000 chips, Dealer button, SB, bet 400, to act");
    expect(seatReading(en, chips, view, view.seats[2]!)).toBe("Seat 3: empty");
  });

  it("says a folded, all-in or disconnected player so", () => {
    const folded = { ...tableView.seats[1]!, status: "folded" as const, connected: false };
    expect(seatReading(en, chips, { ...tableView, button: null, smallBlind: null }, folded)).toBe("Seat 2: Jiří, 4,000 chips, Folded, away, bet 400");
  });
});

describe("the turn takes the focus to the action buttons", () => {
  it("from the page or a button", () => {
    expect(takesFocus(null)).toBe(true);
    expect(takesFocus({ tagName: "BODY" })).toBe(true);
    expect(takesFocus({ tagName: "BUTTON" })).toBe(true);
  });

  it("never from a line being typed (the chat, the amount)", () => {
    expect(takesFocus({ tagName: "INPUT" })).toBe(false);
    expect(takesFocus({ tagName: "TEXTAREA" })).toBe(false);
    expect(takesFocus({ tagName: "DIV", isContentEditable: true })).toBe(false);
  });
});

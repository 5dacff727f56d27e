import { InvalidSiteError, parseHand, parseSite } from "@poker-apprentice/hand-history-parser";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import type { ConvertedHand, PhhHand } from "./phh-types.ts";
import { checkConverted } from "./pokerstars-check.ts";
import { parsePokerStars } from "./pokerstars-read.ts";
import { pokerStarsResults, writePokerStars, type PokerStarsWriteOptions } from "./pokerstars-write.ts";

const HU: PhhHand = {
  variant: "NT",
  anteTrimmingStatus: true,
  antes: [0, 0],
  blindsOrStraddles: [50, 100], // PHH heads-up: the button (p2) posts the first entry
  minBet: 100,
  startingStacks: [3000, 5000],
  actions: ["d dh p1 AhKh", "d dh p2 7c7d", "p2 cbr 300", "p1 cc", "d db 2c7h9s", "p1 cc", "p2 cbr 400", "p1 f"],
  players: ["Bob", "Alice"],
};
const OPTS: PokerStarsWriteOptions = {
  handId: 77,
  date: "2024/01/02 10:00:00",
  tableName: "Duo",
  seats: [2, 1],
  knownCards: "all",
  results: { collected: [0, 600], returned: [0, 400] },
};

const reread = (text: string): ConvertedHand => {
  const hands = unwrap(parsePokerStars(text, "w.txt"));
  expect(hands).toHaveLength(1);
  return hands[0]!;
};

describe("PokerStars writer", () => {
  it("R-HU-1/R-HU-2: heads-up, the button posts the small blind and acts first pre-flop", () => {
    expect(unwrap(writePokerStars(HU, OPTS))).toBe(`PokerStars Hand #77: Hold'em No Limit (50/100) - 2024/01/02 10:00:00 ET
Table 'Duo' 2-max Seat #1 is the button
Seat 1: Alice (5000 in chips)
Seat 2: Bob (3000 in chips)
Alice: posts small blind 50
Bob: posts big blind 100
*** HOLE CARDS ***
Dealt to Bob [Ah Kh]
Dealt to Alice [7c 7d]
Alice: raises 200 to 300
Bob: calls 200
*** FLOP *** [2c 7h 9s]
Bob: checks
Alice: bets 400
Bob: folds
Uncalled bet (400) returned to Alice
Alice collected 600 from pot
*** SUMMARY ***
Total pot 600 | Rake 0
Board [2c 7h 9s]
Seat 1: Alice (button) (small blind) collected (600)
Seat 2: Bob (big blind) folded on the Flop
`);
  });

  it("a player's own history shows only that player's hole cards", () => {
    const text = unwrap(writePokerStars(HU, { ...OPTS, knownCards: [0] }));
    expect(text).toContain("Dealt to Bob [Ah Kh]");
    expect(text).not.toContain("7c");
    const back = reread(text);
    expect(back.hand.actions.slice(0, 2)).toEqual(["d dh p1 AhKh", "d dh p2 ????"]);
    expect(back.hand.actions.slice(2)).toEqual(HU.actions.slice(2));
  });

  it("R-POT-1/R-POT-5: all-ins with side pots, antes and a straddle round-trip through the reader", () => {
    const hand: PhhHand = {
      variant: "NT",
      anteTrimmingStatus: true,
      antes: [5, 5, 5, 5],
      blindsOrStraddles: [10, 20, 40, 0],
      minBet: 20,
      startingStacks: [200, 500, 1000, 1000],
      actions: [
        "d dh p1 AcAd",
        "d dh p2 KcKd",
        "d dh p3 QcQd",
        "d dh p4 JcJd",
        "p4 cbr 995",
        "p1 cc",
        "p2 cc",
        "p3 f",
        "p1 sm AcAd",
        "p2 sm KcKd",
        "p4 sm JcJd",
        "d db 2s3s8h",
        "d db 9d",
        "d db Tc",
      ],
      players: ["A", "B", "C", "D"],
    };
    const results = { collected: [645, 600, 0, 0], returned: [0, 0, 0, 500] };
    const { seats: _twoSeats, ...noSeats } = OPTS;
    const text = unwrap(writePokerStars(hand, { ...noSeats, tableName: "Four", results }));
    expect(text).toContain("Seat 4: D (1000 in chips)");
    expect(text).toContain("Table 'Four' 4-max Seat #4 is the button");
    expect(text).toContain("C: posts straddle 40");
    expect(text).toContain("D: raises 955 to 995 and is all-in");
    expect(text).toContain("A: calls 185 and is all-in");
    expect(text).toContain("Uncalled bet (500) returned to D");
    const back = reread(text);
    expect(back.hand.actions).toEqual(hand.actions);
    expect(back.hand.antes).toEqual(hand.antes);
    expect(back.hand.blindsOrStraddles).toEqual(hand.blindsOrStraddles);
    expect(back.hand.startingStacks).toEqual(hand.startingStacks);
    expect(back.expected).toEqual(results);
    expect(unwrap(checkConverted(back))).toEqual([645, 600, 955, 500]);
    // With the pots named, PokerStars prints the side pot first and splits the total.
    const awards = [
      { player: 0, amount: 645, pot: 0 },
      { player: 1, amount: 600, pot: 1 },
    ];
    const potted = unwrap(writePokerStars(hand, { ...noSeats, tableName: "Four", results: { ...results, awards } }));
    expect(potted).toContain("B collected 600 from side pot\nA collected 645 from main pot\n");
    expect(potted).toContain("Total pot 1245 Main pot 645. Side pot 600. | Rake 0");
    expect(reread(potted).expected).toEqual(results);
    const wrong = [{ player: 0, amount: 1245, pot: 0 }];
    expect(writePokerStars(hand, { ...noSeats, tableName: "Four", results: { ...results, awards: wrong } })).toMatchObject({ ok: false });
  });

  it("cents: amounts print as money and read back at scale 100", () => {
    const hand: PhhHand = {
      ...HU,
      blindsOrStraddles: [1, 2],
      minBet: 2,
      startingStacks: [157, 310],
      actions: ["d dh p1 AhKh", "d dh p2 7c7d", "p2 cbr 6", "p1 f"],
    };
    const text = unwrap(writePokerStars(hand, { ...OPTS, scale: 100, currency: "USD", results: { collected: [0, 8], returned: [0, 4] } }));
    expect(text.split("\n")[0]).toBe("PokerStars Hand #77: Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 10:00:00 ET");
    expect(text).toContain("Seat 2: Bob ($1.57 in chips)");
    expect(text).toContain("Alice: raises $0.04 to $0.06");
    const back = reread(text);
    expect(back.scale).toBe(100);
    expect(back.hand.startingStacks).toEqual([157, 310]);
    expect(back.hand.actions).toEqual(hand.actions);
    expect(back.expected).toEqual({ collected: [0, 8], returned: [0, 4] });
  });

  it("a tournament hand names the tournament and level and reads back in chips", () => {
    const text = unwrap(writePokerStars(HU, { ...OPTS, tournament: { id: 3300000001, buyIn: "$0.98+$0.12 USD", level: "IV" } }));
    expect(text.split("\n")[0]).toBe(
      "PokerStars Hand #77: Tournament #3300000001, $0.98+$0.12 USD Hold'em No Limit - Level IV (50/100) - 2024/01/02 10:00:00 ET",
    );
    const back = reread(text);
    expect(back.scale).toBe(1);
    expect(back.hand.extra?.["event"]).toBe("Tournament #3300000001");
    expect(back.hand.actions).toEqual(HU.actions);
  });

  it("bad input is a typed error", () => {
    expect(writePokerStars(HU, { ...OPTS, date: "today" })).toMatchObject({ ok: false, error: { code: "history/pokerstars-cannot-write" } });
    expect(writePokerStars(HU, { ...OPTS, scale: 3 })).toMatchObject({ ok: false });
    expect(writePokerStars(HU, { ...OPTS, seats: [1, 1] })).toMatchObject({ ok: false });
    expect(writePokerStars({ ...HU, actions: [...HU.actions, "p1 cbr 10"] }, OPTS)).toMatchObject({ ok: false });
    expect(writePokerStars({ ...HU, actions: ["d dh p3 AhKh"] }, OPTS)).toMatchObject({ ok: false });
  });

  it("pokerStarsResults sums the engine's award and return events per player", () => {
    const r = pokerStarsResults(
      [
        { type: "return", player: 1, amount: 400 },
        { type: "award", player: 1, amount: 500, pot: 0 },
        { type: "award", player: 1, amount: 100, pot: 1 },
        { type: "rake", amount: 3 },
      ],
      2,
    );
    expect(r).toEqual({
      collected: [0, 600],
      returned: [0, 400],
      awards: [
        { player: 1, amount: 500, pot: 0 },
        { player: 1, amount: 100, pot: 1 },
      ],
      rake: 3,
    });
  });

  // The issue asks that written histories parse with @poker-apprentice/hand-history-parser.
  // Its only published version (6.6.0) knows Bodog, Bovada and Ignition and refuses any
  // PokerStars text by its first line, ours and PokerStars' own alike. This test pins
  // that gap: when a version that reads PokerStars is installed it fails, and must then
  // become the real check (parseHand resolving to the same players and actions).
  it("GAP: hand-history-parser 6.6.0 has no PokerStars reader (it refuses real PokerStars text too)", async () => {
    const text = unwrap(writePokerStars(HU, OPTS));
    expect(() => parseSite(text)).toThrow(InvalidSiteError);
    await expect(parseHand({ hand: text, filename: "HH20240102 Duo.txt" })).rejects.toBeInstanceOf(InvalidSiteError);
    const genuine = "PokerStars Hand #208915431331: Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/01 10:00:00 ET\n";
    expect(() => parseSite(genuine)).toThrow(InvalidSiteError);
  });
});

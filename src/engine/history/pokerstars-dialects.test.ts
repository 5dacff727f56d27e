// PokerStars dialects beyond the Pluribus files: money tables with rake and side pots,
// tournaments with antes and players sitting out, hero-only hole cards, voluntary shows.
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { checkPokerStarsHand } from "./replay-converted.ts";
import { checkConverted } from "./pokerstars-check.ts";
import { parsePokerStars } from "./pokerstars-read.ts";

const CASH = `PokerStars Zoom Hand #230123456789:  Hold'em No Limit ($0.05/$0.10) - 2021/11/03 21:14:07 CET [2021/11/03 16:14:07 ET]
Table 'Aludra' 6-max Seat #1 is the button
Seat 1: fish one ($10.37 in chips)
Seat 2: Hero ($10 in chips)
Seat 3: reg.2 ($4.20 in chips)
Seat 4: Mr. X ($12.05 in chips) is sitting out
Seat 5: late ($10 in chips)
Hero: posts small blind $0.05
reg.2: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [Kd Kc]
late: folds
fish one: calls $0.10
Hero: raises $0.40 to $0.50
reg.2: raises $3.70 to $4.20 and is all-in
fish one: calls $4.10
Hero: raises $5.80 to $10 and is all-in
fish one: calls $5.80
Hero: shows [Kd Kc]
fish one: shows [Ah 2h]
reg.2: shows [Qs Qd]
*** FLOP *** [8c 5h 2d]
*** TURN *** [8c 5h 2d] [Tc]
*** RIVER *** [8c 5h 2d Tc] [6s]
*** SHOW DOWN ***
Hero collected $11.60 from side pot
Hero collected $12.11 from main pot
fish one said, "nh"
*** SUMMARY ***
Total pot $24.20 Main pot $12.11. Side pot $11.60. | Rake $0.49
Board [8c 5h 2d Tc 6s]
Seat 1: fish one (button) showed [Ah 2h] and lost with a pair of Deuces
Seat 2: Hero (small blind) showed [Kd Kc] and won ($23.71) with a pair of Kings
Seat 3: reg.2 (big blind) showed [Qs Qd] and lost with a pair of Queens
Seat 5: late folded before Flop`;

const TOURNAMENT = `PokerStars Hand #231000000001: Tournament #3300000001, $0.98+$0.12 USD Hold'em No Limit - Level IV (50/100) - 2021/11/03 21:14:07 ET
Table '3300000001 7' 9-max Seat #2 is the button
Seat 1: Anna (2385 in chips)
Seat 2: Bo (1500 in chips) is sitting out
Seat 4: Cy (95 in chips)
Seat 6: Hero (4020 in chips)
Seat 9: Dee (3000 in chips)
Anna: posts the ante 10
Bo: posts the ante 10
Cy: posts the ante 10
Hero: posts the ante 10
Dee: posts the ante 10
Cy: posts small blind 50
Hero: posts big blind 100
*** HOLE CARDS ***
Dealt to Hero [9s 9h]
Dee: raises 200 to 300
Anna: folds
Bo: folds
Cy: calls 35 and is all-in
Hero: calls 200
*** FLOP *** [Ks 7d 2c]
Hero: checks
Dee: bets 450
Hero: folds
Uncalled bet (450) returned to Dee
*** TURN *** [Ks 7d 2c] [3h]
*** RIVER *** [Ks 7d 2c 3h] [4d]
*** SHOW DOWN ***
Cy: shows [As Qd] (high card Ace)
Dee: shows [Kh Jc] (a pair of Kings)
Dee collected 430 from side pot
Dee collected 305 from main pot
Cy finished the tournament in 47th place
*** SUMMARY ***
Total pot 735 Main pot 305. Side pot 430. | Rake 0
Board [Ks 7d 2c 3h 4d]
Seat 1: Anna folded before Flop (didn't bet)
Seat 2: Bo (button) folded before Flop (didn't bet)
Seat 4: Cy (small blind) showed [As Qd] and lost with high card Ace
Seat 6: Hero (big blind) folded on the Flop
Seat 9: Dee showed [Kh Jc] and won (735) with a pair of Kings


PokerStars Hand #231000000002: Tournament #3300000001, $0.98+$0.12 USD Hold'em No Limit - Level IV (50/100) - 2021/11/03 21:15:07 ET
Table '3300000001 7' 9-max Seat #4 is the button
Seat 1: Anna (2375 in chips)
Seat 2: Bo (1490 in chips) is sitting out
Seat 6: Hero (3710 in chips)
Seat 9: Dee (3425 in chips)
Hero: posts small blind 50
Dee: posts big blind 100
*** HOLE CARDS ***
Dealt to Hero [Ac 4c]
Anna: folds
Bo: folds
Hero: raises 200 to 300
Dee: folds
Uncalled bet (200) returned to Hero
Hero collected 200 from pot
Hero: shows [Ac]
*** SUMMARY ***
Total pot 200 | Rake 0
Seat 1: Anna folded before Flop (didn't bet)
Seat 2: Bo folded before Flop (didn't bet)
Seat 6: Hero (small blind) collected (200)
Seat 9: Dee (big blind) folded before Flop`;

describe("PokerStars reader: cash and tournament dialects", () => {
  it("R-POT-1/R-POT-7: a zoom cash hand, three-way all-in, two pots, rake, hero's cards only", () => {
    const [h] = unwrap(parsePokerStars(CASH, "zoom.txt"));
    expect(h!.scale).toBe(100);
    expect(h!.hand.players).toEqual(["Hero", "reg.2", "late", "fish one"]); // Mr. X sits out
    expect(h!.hand.actions).toEqual([
      "d dh p1 KdKc",
      "d dh p2 QsQd",
      "d dh p3 ????",
      "d dh p4 Ah2h",
      "p3 f",
      "p4 cc",
      "p1 cbr 50",
      "p2 cbr 420",
      "p4 cc",
      "p1 cbr 1000",
      "p4 cc",
      "p1 sm KdKc",
      "p2 sm QsQd",
      "p4 sm Ah2h",
      "d db 8c5h2d",
      "d db Tc",
      "d db 6s",
    ]);
    expect(h!.expected).toEqual({ collected: [2371, 0, 0, 0], returned: [0, 0, 0, 0] });
    expect(h!.hand.extra).toMatchObject({ currency: "USD", rake: 49, seats: [2, 3, 5, 1], time_zone: "CET" });
    expect(unwrap(checkConverted(h!))).toEqual([2371, 0, 1000, 37]);
  });

  it("R-BLIND-2: tournament antes from everyone, a sitting-out player who is dealt in, an uncontested show", () => {
    const hands = unwrap(parsePokerStars(TOURNAMENT, "mtt.txt"));
    expect(hands).toHaveLength(2);
    const [a, b] = hands;
    expect(a!.scale).toBe(1);
    expect(a!.hand.players).toEqual(["Cy", "Hero", "Dee", "Anna", "Bo"]);
    expect(a!.hand.antes).toEqual([10, 10, 10, 10, 10]);
    expect(a!.hand.anteTrimmingStatus).toBe(true);
    expect(a!.hand.actions.slice(5)).toEqual([
      "p3 cbr 300",
      "p4 f",
      "p5 f",
      "p1 cc",
      "p2 cc",
      "d db Ks7d2c",
      "p2 cc",
      "p3 cbr 450",
      "p2 f",
      "p1 sm AsQd",
      "p3 sm KhJc",
      "d db 3h",
      "d db 4d",
    ]);
    expect(a!.expected).toEqual({ collected: [0, 0, 735, 0, 0], returned: [0, 0, 450, 0, 0] });
    const finished = unwrap(checkConverted(a!));
    expect(finished).toEqual([0, 3710, 3425, 2375, 1490]);
    // Bo sits out in the second hand and is not named: still dealt in, folds in turn.
    expect(b!.hand.players).toEqual(["Hero", "Dee", "Anna", "Bo"]);
    // Hero's single card shown after winning says nothing; his hole cards come from "Dealt to".
    expect(b!.hand.actions).toEqual(["d dh p1 Ac4c", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "p3 f", "p4 f", "p1 cbr 300", "p2 f"]);
  });

  it("both replay through the engine to every collected and returned amount", () => {
    for (const text of [TOURNAMENT]) {
      for (const h of unwrap(parsePokerStars(text, "x.txt"))) expect(checkPokerStarsHand(h)).toBeNull();
    }
  });

  it("R-BLIND-1: a big blind posted out of position (a newcomer's) is refused, not misread", () => {
    const late = CASH.replace("reg.2: posts big blind $0.10\n", "reg.2: posts big blind $0.10\nlate: posts big blind $0.10\n");
    const r = parsePokerStars(late, "late.txt");
    expect(r).toMatchObject({ ok: false, error: { code: "history/pokerstars-unsupported-post", line: 10 } });
  });
});

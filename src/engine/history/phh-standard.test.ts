// The PHH standard's constructs a real-world hold'em history uses (phh-std "required" and
// "optional" fields, the action grammar): unknown cards, unknown (`inf`) stacks, `sm -`,
// posts (pokerkit's negative blinds_or_straddles), and a `.phhs` file whose hands pass, fail
// or are skipped one by one. The expected stacks are pokerkit's for the same hands.
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { checkPhh, phhItems, readPhh, replayPhh, writePhh } from "./phh.ts";

// Four players; the fourth, just seated, posts a live big blind out of position (-2).
const posted = `variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, -2]
min_bet = 2
starting_stacks = [100, 100, 100, 100]
actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', 'd dh p4 JsJh', 'p3 cc', 'p4 cc', 'p1 cc', 'p2 cc', 'd db 2c3d4h', 'p1 cc', 'p2 cc', 'p3 cc', 'p4 cbr 10', 'p1 cc', 'p2 f', 'p3 f', 'd db 7s', 'p1 cc', 'p4 cc', 'd db 9c', 'p1 cc', 'p4 cc', 'p1 sm -', 'p4 sm -']
finishing_stacks = [116, 98, 98, 88]
`;

// The first player's stack and cards are not known to the history.
const unknownStack = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [inf, 50, 80]
actions = ['d dh p1 ????', 'd dh p2 7c7d', 'd dh p3 AcKc', 'p3 cbr 6', 'p1 f', 'p2 cc', 'd db 2c5c9h', 'p2 cc', 'p3 cbr 8', 'p2 f']
finishing_stacks = [inf, 44, 87]
`;

// Cash-game shows the history does not know (`sm ????`): such a hand is the best five of
// the cards known, here the board, as pokerkit evaluates it.
const unknownShows = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 7c7d', 'd dh p3 AcKc', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 2c5c9h', 'p1 cbr 10', 'p2 cc', 'p3 cc', 'd db Jd', 'p1 cc', 'p2 cc', 'p3 cc', 'd db Qs', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm ????', 'p2 sm 7c7d', 'p3 sm ????']
finishing_stacks = [88, 124, 88]
`;

const stud = `variant = 'F7S'
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = ['d dh p1 AcAd7h', 'd dh p2 KcKd2s', 'p2 cbr 2', 'p1 f']
`;

describe("the PHH standard for hold'em", () => {
  it("a post (a negative blinds_or_straddles entry) is a live bet that neither acts last pre-flop nor sets the big blind", () => {
    const [hand] = unwrap(readPhh(posted));
    expect(checkPhh(hand!)).toBeNull();
    // The post's chips are in the pot as a blind; the first to act was p3, after the big blind.
    const r = unwrap(replayPhh(hand!));
    expect(r.events.filter((e) => e.type === "blind").map((e) => (e as { player: number; amount: number }).amount)).toEqual([1, 2, 2]);
    // Written back as read.
    expect(unwrap(readPhh(writePhh(hand!)))).toEqual([hand]);
  });

  it("`sm -` shows the hole cards already dealt", () => {
    const r = unwrap(replayPhh(unwrap(readPhh(posted))[0]!));
    const shows = r.events.flatMap((e) => (e.type === "show" ? [e] : []));
    expect(shows.map((e) => e.player)).toEqual([0, 3]);
    expect(shows.every((e) => e.cards.length === 2 && e.cards.every((c) => c >= 0))).toBe(true);
  });

  it("an unknown stack (`inf`) and unknown hole cards replay; only the known stacks are checked", () => {
    const [hand] = unwrap(readPhh(unknownStack));
    expect(hand!.startingStacks[0]).toBe(Infinity);
    expect(checkPhh(hand!)).toBeNull();
    expect(checkPhh(unwrap(readPhh(unknownStack.replace("[inf, 44, 87]", "[inf, 44, 88]")))[0]!)).toMatch(/p3 87 \(expected 88\)/);
    expect(writePhh(hand!)).toContain("inf");
  });

  it("a show of unknown cards keeps a claim with the best five known: the board, or the board and the card shown", () => {
    expect(checkPhh(unwrap(readPhh(unknownShows))[0]!)).toBeNull();
    // Everyone plays the board's royal flush: the pot is split three ways.
    const royal = unknownShows
      .replace("'d dh p2 7c7d'", "'d dh p2 2c3d'")
      .replace("'d dh p3 AcKc'", "'d dh p3 ????'")
      .replace("'d db 2c5c9h'", "'d db AsKsQs'")
      .replace("'d db Jd'", "'d db Js'")
      .replace("'d db Qs'", "'d db Ts'")
      .replace("'p2 sm 7c7d'", "'p2 sm 2c3d'")
      .replace("[88, 124, 88]", "[100, 100, 100]");
    expect(checkPhh(unwrap(readPhh(royal))[0]!)).toBeNull();
  });

  it("a .phhs file: each hand passes, fails or is skipped on its own, with its name and line", () => {
    const broken = posted.replace("'p4 cbr 10'", "'p4 raise-ish 10'");
    const file = ["[1]", posted, "[2]", broken, "[3]", stud, "[4]", unknownStack].join("\n");
    const items = phhItems(file, "mixed.phhs");
    expect(items.map((i) => [i.name, i.kind, i.line])).toEqual([
      ["mixed.phhs[1]", "hand", 1],
      ["mixed.phhs[2]", "hand", 10],
      ["mixed.phhs[3]", "skipped", 19],
      ["mixed.phhs[4]", "hand", 28],
    ]);
    expect(items[2]).toMatchObject({ variant: "stud" });
    const results = items.map((i) => (i.kind === "hand" ? checkPhh(i.hand) : i.kind));
    expect(results[0]).toBeNull();
    expect(results[1]).toMatch(/cannot read the action 'p4 raise-ish 10'/);
    expect(results[3]).toBeNull();
    // A hand whose TOML is broken fails alone too.
    const torn = phhItems(["[1]", "variant = 'NT'\nantes = [0, 0", "[2]", posted].join("\n"), "torn.phhs");
    expect(torn.map((i) => i.kind)).toEqual(["bad", "hand"]);
  });
});

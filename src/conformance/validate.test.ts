// `felt check` cannot be fooled (docs/conformance.md, last paragraph): a case with a field the
// format does not name, an `expect` with nothing in it, or a name the situation lacks fails,
// and says so with the name as the case writes it.
import { describe, expect, it } from "vitest";
import { runCase } from "./index.ts";

const hand = {
  id: "h",
  kind: "hand",
  rules: ["R-BET-2"],
  variant: "NT",
  antes: [0, 0, 0],
  blinds: [50, 100, 0],
  stacks: [5000, 5000, 5000],
  actions: ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????"],
  expect: { next: { actor: "p3" } },
};
const blinds = {
  id: "b",
  kind: "blinds",
  rules: ["R-BTN-2"],
  buttonRule: "dead",
  tableSize: 9,
  seats: { "1": "A", "2": "B", "3": "C", "4": "D" },
  last: { button: 1, sb: [2], bb: [3] },
  busted: [],
  expect: [{ button: 2, sb: [3], bb: [4] }],
};

async function why(raw: Record<string, unknown>): Promise<string> {
  const out = await runCase(raw, "x");
  expect(out.pass).toBe(false);
  return out.why ?? "";
}

describe("felt check refuses what the format does not describe", () => {
  it("R-BET-2: the well-formed cases used below pass", async () => {
    expect((await runCase(hand, "h")).pass).toBe(true);
    expect((await runCase(blinds, "b")).pass).toBe(true);
  });

  it("a field the format does not name fails (a typo never passes as a check)", async () => {
    expect(await why({ ...hand, minBet: 100 })).toMatch(/does not name: 'minBet'/);
    expect(await why({ ...hand, expect: { nxt: { actor: "p3" } } })).toMatch(/'nxt'/);
    expect(await why({ ...hand, expect: { next: { actr: "p3" } } })).toMatch(/'actr'/);
    expect(await why({ ...blinds, last: { button: 1, sb: [2], bb: [3], straddle: [4] } })).toMatch(/'straddle'/);
  });

  it("an expect with no field, or none at all, fails", async () => {
    expect(await why({ ...hand, expect: {} })).toMatch(/names nothing/);
    expect(await why({ ...hand, expect: { next: {} } })).toMatch(/names nothing/);
    expect(await why({ ...blinds, expect: [] })).toMatch(/at least one hand/);
    const { expect: _gone, ...none } = hand;
    expect(await why(none)).toMatch(/no expect/);
  });

  it("R-BET-2: p9 in a three-handed hand is named as written", async () => {
    expect(await why({ ...hand, expect: { next: { actor: "p9" } } })).toMatch(/'p9', who is not in this 3-handed hand/);
    expect(await why({ ...hand, actions: [...hand.actions, "p9 cc"] })).toMatch(/'p9'/);
    expect(await why({ ...hand, expect: { showOrder: ["p1", "p4"] } })).toMatch(/'p4'/);
    expect(await why({ ...hand, expect: { illegal: ["p0 f"] } })).toMatch(/'p0'/);
  });

  it("R-BTN-2: a busted player who is not seated, or a blind on an empty seat, fails", async () => {
    expect(await why({ ...blinds, busted: ["Z"] })).toMatch(/'Z', who is not seated/);
    expect(await why({ ...blinds, last: { button: 1, sb: [2], bb: [7] } })).toMatch(/last.bb names seat 7, where nobody sat/);
    expect(await why({ ...blinds, seats: { "12": "A", "2": "B" } })).toMatch(/seat '12'/);
  });

  it("R-TBL-1 / R-BTN: a seating of 0 players fails", async () => {
    expect(await why({ ...blinds, seats: {} })).toMatch(/holds 0 players/);
    expect(await why({ id: "s", kind: "seating", players: 0, tableSize: 10, expect: { tables: [] } })).toMatch(/players must be/);
  });

  it("R-TBL-2: a table or player the balance case does not have fails", async () => {
    const balance = {
      id: "bal",
      kind: "balance",
      tableSize: 9,
      tables: { A: { seats: { "1": "a1", "2": "a2" }, button: 1 }, B: { seats: { "1": "b1", "2": "b2" }, button: 1 } },
      busted: { C: ["c1"] },
      expect: { moves: [] },
    };
    expect(await why(balance)).toMatch(/table 'C'/);
    expect(await why({ ...balance, busted: { A: ["b1"] } })).toMatch(/'b1', who is not seated at A/);
    expect(await why({ ...balance, busted: {}, expect: { moves: [{ player: "zz", from: "A", to: "B", seat: 3 }] } })).toMatch(/'zz'/);
  });

  it("R-PLACE-1 / R-CHIP-3: expect names a player the case does not have", async () => {
    const placements = {
      id: "p",
      kind: "placements",
      left: 3,
      prizes: { "3": 10 },
      busted: [{ id: "A", startStack: 5 }],
      expect: { B: { places: [3], prize: 10 } },
    };
    expect(await why(placements)).toMatch(/'B', who did not bust here/);
    const colorup = {
      id: "c",
      kind: "colorup",
      method: "up",
      remove: 25,
      next: 100,
      button: 1,
      players: [{ id: "A", seat: 1, stack: 125, small: 1 }],
      expect: { stacks: { Q: 200 } },
    };
    expect(await why(colorup)).toMatch(/'Q', who is not a player here/);
  });
});

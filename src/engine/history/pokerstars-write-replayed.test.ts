import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import type { PhhHand } from "./phh-types.ts";
import { parsePokerStars } from "./pokerstars-read.ts";
import { writePokerStarsReplayed } from "./pokerstars-write-replayed.ts";
import { writePokerStars } from "./pokerstars-write.ts";

const HU: PhhHand = {
  variant: "NT",
  anteTrimmingStatus: true,
  antes: [0, 0],
  blindsOrStraddles: [50, 100],
  minBet: 100,
  startingStacks: [3000, 5000],
  actions: [],
  players: ["Bob", "Alice"],
};
const opts = { handId: 77, date: "2024/01/02 10:00:00", tableName: "Duo", seats: [2, 1], knownCards: "all" as const };
const reread = (text: string) => unwrap(parsePokerStars(text, "w.txt"))[0]!;

describe("PokerStars writer with the engine's results", () => {
  it("R-POT-5: with the engine's results, a showdown the actions leave out is printed as the engine dealt it", () => {
    const hand: PhhHand = {
      ...HU,
      actions: ["d dh p1 AhKh", "d dh p2 7c7d", "p2 cc", "p1 cc", "d db 2c7h9s", "p1 cc", "p2 cc", "d db Qd", "p1 cc", "p2 cc", "d db 3s", "p1 cc", "p2 cc"],
    };
    const text = unwrap(writePokerStarsReplayed(hand, opts));
    // No river bet: the first player left of the button (p1, Bob) shows first and may not
    // muck; Alice's set wins and is shown.
    expect(text).toContain("*** SHOW DOWN ***\nBob: shows [Ah Kh]\nAlice: shows [7c 7d]\nAlice collected 200 from pot");
    const back = reread(text);
    expect(back.expected).toEqual({ collected: [0, 200], returned: [0, 0] });
    expect(back.hand.actions.slice(-2)).toEqual(["p1 sm AhKh", "p2 sm 7c7d"]);
    expect(writePokerStarsReplayed({ ...hand, actions: hand.actions.slice(0, 5) }, opts)).toMatchObject({ ok: false });
  });

  const DIR = `${process.env["FELT_SHARED"] ?? fileURLToPath(new URL("../../../../shared", import.meta.url))}/handhistories/pluribus`;
  it.skipIf(!existsSync(DIR))("R-POT: on the Pluribus hands the engine's results print the file's amounts", () => {
    let compared = 0;
    const problems: string[] = [];
    for (const file of readdirSync(DIR)
      .filter((f) => f.endsWith(".txt"))
      .sort()) {
      const hands = unwrap(parsePokerStars(readFileSync(`${DIR}/${file}`, "utf8"), file));
      // Every seventh hand keeps this quick; the replay command checks them all.
      for (const h of hands.filter((x, k) => k % 7 === 0 && x.scale === 1)) {
        compared += 1;
        const base = { handId: String(h.hand.extra?.["hand"]), date: "2019/07/12 03:46:40", tableName: "P", knownCards: "all" as const };
        const fromEngine = writePokerStarsReplayed(h.hand, base);
        const fromFile = writePokerStars(h.hand, { ...base, results: h.expected });
        if (!fromEngine.ok || !fromFile.ok || fromEngine.value !== fromFile.value) problems.push(h.name);
      }
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThan(700);
  });
});

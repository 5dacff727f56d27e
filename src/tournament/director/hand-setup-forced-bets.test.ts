// A tournament hand posts its forced bets by the rulebook (docs/rules.md R-BLIND-2/4, R-BET-4),
// as any hand the engine deals: the director's configuration leaves the convention and the
// minimum bet to the engine, so there is one rule in one place.
import { describe, expect, it } from "vitest";
import { openHand } from "../../engine/index.ts";
import { unwrap } from "../../lib/result.ts";
import { firstHand } from "../blinds.ts";
import type { Level } from "../structure/index.ts";
import { handConfigFor } from "./hand-setup.ts";

const seated = [1, 2, 3, 4].map((seat) => ({ seat, player: `p${seat}` }));
const hand = unwrap(firstHand(seated, 1, "dead", 9)); // button 1: SB 2, BB 3, then 4

describe("tournament forced bets (R-BLIND-2, R-BLIND-4, R-BET-4)", () => {
  it("R-BLIND-2: a big blind short of blind and ante posts the blind first", () => {
    const level: Level = { kind: "level", minutes: 20, sb: 50, bb: 100, ante: 100, bigBlindAnte: true };
    const config = handConfigFor(hand, level, [5000, 150, 5000, 5000], 25);
    expect(config.minBet).toBeUndefined();
    const opened = unwrap(openHand({ ...config, deck: Array.from({ length: 52 }, (_, i) => i) }));
    expect(opened.state.bets).toEqual([50, 100, 0, 0]);
    expect(opened.events.filter((e) => e.type === "ante")).toEqual([{ type: "ante", player: 1, amount: 50, allIn: true }]);
    expect(opened.state.cfg.minBet).toBe(100);
  });

  it("R-BLIND-4: a short all-in big blind does not lower the call", () => {
    const level: Level = { kind: "level", minutes: 20, sb: 50, bb: 100, ante: 0 };
    const config = handConfigFor(hand, level, [5000, 60, 5000, 5000], 25);
    const opened = unwrap(openHand({ ...config, deck: Array.from({ length: 52 }, (_, i) => i) }));
    expect(opened.state.currentBet).toBe(100);
    expect(opened.state.actor).toBe(2);
  });
});

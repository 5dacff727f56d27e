// An online stack can hold a fraction of the smallest chip only if a tie was split in units
// of 1 (as online tables did before they split in the chip unit, R-POT-4): a tournament
// running across that change keeps such a stack. Its colour-up must not stop the tournament:
// the fraction goes to the nearest whole chip first, then the exchange runs as R-CHIP-1..4 say.
import { describe, expect, it } from "vitest";
import { engineHandPlayer } from "../../sim/hand-player.ts";
import { runTournament, type HandPlayer } from "./index.ts";
import { names, seedConfig } from "../../../testkit/tournament/director.ts";

/** The real engine's hands, each ending with 10 chips moved between two players (a split in units of 1). */
function oddSplits(): { hand: HandPlayer; done: () => number } {
  const real = engineHandPlayer();
  let done = 0;
  const hand: HandPlayer = (setup, rng) => {
    const end = [...real(setup, rng)];
    const a = end.findIndex((x) => x >= 100);
    const b = end.findIndex((x, j) => x >= 100 && j > a);
    if (a >= 0 && b >= 0) {
      end[a]! -= 10;
      end[b]! += 10;
      done++;
    }
    return end;
  };
  return { hand, done: () => done };
}

describe("a colour-up with a stack not in whole small chips", () => {
  it("R-CHIP-1..4: the tournament plays on to one winner, every place given, chips conserved", () => {
    const play = oddSplits();
    const r = runTournament({ config: seedConfig(), players: names(20), playHand: play.hand, seed: 5, keepEvents: true });
    expect(play.done()).toBeGreaterThan(0);
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    const s = r.value.state;
    expect(s.status).toBe("finished");
    expect(s.placements!.length).toBe(20);
    expect(s.conservation.failures).toBe(0);
    const ups = r.value.events.filter((e) => e.type === "coloured-up");
    expect(ups.length).toBeGreaterThan(0);
    // Every stack the exchange left is in whole chips of the next denomination.
    for (const e of ups) if (e.type === "coloured-up") for (const [, stack] of e.stacks) expect(stack % e.next).toBe(0);
  });
});

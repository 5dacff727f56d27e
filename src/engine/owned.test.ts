// The owned path (openOwnedHand / applyOwned, the simulator's bots) against the one every
// other caller takes (openHand / apply): the same states after the same actions, the same
// refusals, and a shared state never changed by it.
import { describe, expect, it } from "vitest";
import { simulationRandomSource, uniformFloats } from "../cards/index.ts";
import { unwrap } from "../lib/result.ts";
import { apply, applyOwned, autoShowdownAction, legalActions, openHand, openOwnedHand, type Action, type HandConfig, type HandState } from "./index.ts";

const plain = (s: HandState): unknown => JSON.parse(JSON.stringify({ ...s, owned: undefined }));

function config(seed: number): HandConfig {
  const r = uniformFloats(simulationRandomSource(seed));
  const n = 2 + Math.floor(r() * 8);
  const stacks = Array.from({ length: n }, () => (r() < 0.25 ? 1 + Math.floor(r() * 60) : 20 + Math.floor(r() * 4000)));
  const blinds = Array.from({ length: n }, (_, i) => (n === 2 ? [20, 10][i]! : i === 0 ? 10 : i === 1 ? 20 : 0));
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const variant = r() < 0.8 ? ("NT" as const) : ("FT" as const);
  return { variant, stacks, blinds, antes: stacks.map(() => (r() < 0.5 ? 0 : 2)), deck, autoShowdown: r() < 0.7 };
}

function randomAction(s: HandState, r: () => number): Action {
  if (s.phase === "showdown") return r() < 0.3 ? { type: "muck", player: s.showQueue[0]! } : autoShowdownAction(s);
  const legal = legalActions(s)!;
  const p = legal.actor;
  const x = r();
  if (x < 0.1) return { type: "raise", player: p, to: -5 }; // refused by both
  if (x < 0.25) return { type: "fold", player: p };
  if (x < 0.7 || !legal.canRaise) return legal.canCheck ? { type: "check", player: p } : { type: "call", player: p };
  const lo = legal.minRaiseTo!;
  const hi = legal.maxRaiseTo!;
  return { type: "raise", player: p, to: r() < 0.5 ? lo : lo + Math.floor(r() * (hi - lo + 1)) };
}

describe("the owned hand path", () => {
  it("makes the same states and refusals as apply", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const c = config(seed);
      let s = unwrap(openHand(c)).state;
      const owned = unwrap(openOwnedHand(c));
      expect(plain(owned)).toEqual(plain(s));
      const r = uniformFloats(simulationRandomSource(seed * 7 + 1));
      for (let k = 0; k < 500 && s.phase !== "done"; k++) {
        const a = randomAction(s, r);
        const before = plain(s);
        const shared = apply(s, a);
        const refusal = applyOwned(owned, a);
        expect(refusal?.code).toBe(shared.ok ? undefined : shared.error.code);
        // apply leaves the state it was given as it was.
        expect(plain(s)).toEqual(before);
        if (shared.ok) s = shared.value.state;
        expect(plain(owned)).toEqual(plain(s));
      }
    }
  });

  it("refuses a state it does not own, and leaves it alone", () => {
    const s = unwrap(openHand(config(3))).state;
    const before = plain(s);
    const legal = legalActions(s)!;
    const refusal = applyOwned(s as never, { type: "fold", player: legal.actor });
    expect(refusal?.code).toBe("engine/not-owned");
    expect(plain(s)).toEqual(before);
  });
});

// Shared by the director's tests: a fast fake hand (conserves chips, sometimes busts a
// player) and small configs.
import { randomInt, type RandomSource } from "../index.ts";
import type { HandSetup } from "./hand-setup.ts";
import type { HandPlayer } from "./run.ts";
import type { TournamentConfig } from "./types.ts";
import { STRUCTURE_PRESETS } from "../structure/index.ts";

/** Two random players: 1 time in 4 one takes the other's whole stack, else the big blind changes hands. */
export const fakeHand: HandPlayer = (setup: HandSetup, rng: RandomSource) => {
  const stacks = [...setup.config.stacks];
  const n = stacks.length;
  const a = randomInt(rng, n);
  const b = (a + 1 + randomInt(rng, n - 1)) % n;
  const amount = randomInt(rng, 4) === 0 ? stacks[b]! : Math.min(stacks[b]!, Math.max(...setup.config.blinds));
  stacks[b]! -= amount;
  stacks[a]! += amount;
  return stacks;
};

export const seedConfig = (over: Partial<TournamentConfig> = {}): TournamentConfig => ({
  id: "t1",
  name: "test",
  format: { kind: "freezeout" },
  structure: STRUCTURE_PRESETS["seed"]!,
  money: { buyIn: 100, fee: 10 },
  ...over,
});

export const names = (n: number, prefix = "p"): string[] => Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(3, "0")}`);

// The simulator's hands: the real engine at every table, bots choosing among its legal
// actions. Each entry keeps one bot style for the whole tournament (a field of mixed styles).
import { BOTS, playBotHand, type Bot, type BotStyle } from "../bots/index.ts";
import { shuffledDeck, type RandomSource } from "../tournament/index.ts";
import type { HandPlayer } from "../tournament/director/index.ts";

export interface FieldMix {
  readonly random: number;
  readonly "tight-aggressive": number;
  readonly "calling-station": number;
}

export const DEFAULT_MIX: FieldMix = { random: 0.15, "tight-aggressive": 0.6, "calling-station": 0.25 };

/** A stable style per player name (FNV-1a hash), so re-entries keep their style. */
export function styleOf(name: string, mix: FieldMix = DEFAULT_MIX): BotStyle {
  return styleFromHash(nameHash(name), thresholdsOf(mix));
}

/** The mix's two cut points on [0, 1): worked out once per field, not per seat of every hand. */
function thresholdsOf(mix: FieldMix): readonly [number, number] {
  const total = mix.random + mix["tight-aggressive"] + mix["calling-station"];
  return [mix.random / total, (mix.random + mix["tight-aggressive"]) / total];
}

function styleFromHash(x: number, cuts: readonly [number, number]): BotStyle {
  if (x < cuts[0]) return "random";
  if (x < cuts[1]) return "tight-aggressive";
  return "calling-station";
}

/** The name's hash on [0, 1). */
function nameHash(name: string): number {
  // The name up to its first "#", read in place: this runs for every seat of every hand.
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 35) break;
    h = Math.imul(h ^ c, 0x01000193) >>> 0;
  }
  // FNV-1a leaves names that differ in their last character close together in the high bits
  // (p01..p60 came out 95% tight-aggressive); a final avalanche (murmur3's fmix32) spreads them.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h / 0x1_0000_0000;
}

export interface HandStats {
  hands: number;
  /** Highest level number any hand was played at (heads-up matches keep their own clocks). */
  maxLevel?: number;
  actions: number;
  timeouts: number;
  refused: number;
}

export function engineHandPlayer(options: { mix?: FieldMix; timeoutRate?: number; stats?: HandStats } = {}): HandPlayer {
  // Each seat's bot is worked out from its name once per hand: hashing a short name costs
  // less than a lookup in a map of a whole field's entries, which misses the CPU caches.
  const cuts = thresholdsOf(options.mix ?? DEFAULT_MIX);
  const handOptions = options.timeoutRate !== undefined ? { timeoutRate: options.timeoutRate } : {};
  return (setup, rng: RandomSource) => {
    const n = setup.entries.length;
    const bots: Bot[] = new Array(n);
    for (let i = 0; i < n; i++) bots[i] = BOTS[styleFromHash(nameHash(setup.entries[i]!), cuts)];
    const r = playBotHand(setup.config, shuffledDeck(rng), (i) => bots[i]!, rng, handOptions);
    if (options.stats !== undefined) {
      options.stats.hands++;
      if (setup.levelNumber > (options.stats.maxLevel ?? 0)) options.stats.maxLevel = setup.levelNumber;
      options.stats.actions += r.actions;
      options.stats.timeouts += r.timeouts;
      options.stats.refused += r.refused;
    }
    return r.stacks;
  };
}

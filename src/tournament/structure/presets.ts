// Structures a room would use (R-TRN-1). Each is valid (tested) and, except where its
// nature says otherwise (deep stacks, speed), follows the 1:50 start guidance.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { Break, Level, Structure } from "./types.ts";
import { STRUCTURE_ERRORS } from "../error-catalogue.ts";

const L = (sb: number, bb: number, minutes: number, ante = 0, bigBlindAnte = false): Level =>
  bigBlindAnte ? { kind: "level", sb, bb, ante, minutes, bigBlindAnte: true } : { kind: "level", sb, bb, ante, minutes };
const B = (minutes: number, note?: string): Break => (note === undefined ? { kind: "break", minutes } : { kind: "break", minutes, note });

function ladder(pairs: readonly (readonly [number, number])[], minutes: number, bbaFrom = Infinity): Level[] {
  return pairs.map(([sb, bb], i) => L(sb, bb, minutes, i + 1 >= bbaFrom ? bb : 0, i + 1 >= bbaFrom));
}

/** Inserts a break of `minutes` after every `every` levels. */
function withBreaks(levels: readonly Level[], every: number, minutes: number): (Level | Break)[] {
  const out: (Level | Break)[] = [];
  levels.forEach((lv, i) => {
    out.push(lv);
    if ((i + 1) % every === 0 && i + 1 < levels.length) out.push(B(minutes));
  });
  return out;
}

// The seeds' example (seed 003): 1,000 chips, first big blind 20 (1:50), 20-minute levels;
// the big blind reaches 1,000 after about six hours.
const seed: Structure = {
  name: "seed",
  startingStack: 1000,
  chips: [5, 25, 100, 500],
  items: withBreaks(
    ladder(
      [
        [10, 20],
        [15, 30],
        [20, 40],
        [25, 50],
        [30, 60],
        [40, 80],
        [50, 100],
        [60, 120],
        [80, 160],
        [100, 200],
        [125, 250],
        [150, 300],
        [200, 400],
        [250, 500],
        [300, 600],
        [400, 800],
        [500, 1000],
        [600, 1200],
        [800, 1600],
        [1000, 2000],
        [1500, 3000],
        [2000, 4000],
        [3000, 6000],
        [4000, 8000],
        [5000, 10000],
        [6000, 12000],
        [8000, 16000],
        [10000, 20000],
        [15000, 30000],
        [20000, 40000],
        [25000, 50000],
      ],
      20,
    ),
    6,
    10,
  ),
};

const casinoPairs: [number, number][] = [
  [200, 400],
  [300, 600],
  [400, 800],
  [500, 1000],
  [600, 1200],
  [800, 1600],
  [1000, 2000],
  [1200, 2400],
  [1500, 3000],
  [2000, 4000],
  [2500, 5000],
  [3000, 6000],
  [4000, 8000],
  [5000, 10000],
  [6000, 12000],
  [8000, 16000],
  [10000, 20000],
  [15000, 30000],
  [20000, 40000],
  [25000, 50000],
  [30000, 60000],
  [40000, 80000],
  [50000, 100000],
  [60000, 120000],
  [80000, 160000],
  [100000, 200000],
];

// A 19:00 casino freezeout (R-TRN-6 schedule): 20,000 chips at 200/400, 30-minute levels,
// big-blind ante from level 4, a 15-minute break every four levels. Re-entry until the end
// of the 2nd break (R-TRN-3) is the money side's default.
const casino1900: Structure = {
  name: "casino-1900",
  startingStack: 20000,
  chips: [100, 500, 1000, 5000, 25000],
  items: withBreaks(ladder(casinoPairs, 30, 4), 4, 15),
};

const turbo: Structure = {
  name: "turbo",
  startingStack: 5000,
  chips: [25, 100, 500, 1000, 5000],
  items: withBreaks(
    ladder(
      [
        [25, 50],
        [50, 100],
        [75, 150],
        [100, 200],
        [150, 300],
        [200, 400],
        [300, 600],
        [400, 800],
        [500, 1000],
        [600, 1200],
        [800, 1600],
        [1000, 2000],
        [1500, 3000],
        [2000, 4000],
        [3000, 6000],
        [4000, 8000],
        [5000, 10000],
        [7500, 15000],
        [10000, 20000],
        [15000, 30000],
        [20000, 40000],
      ],
      10,
      5,
    ),
    6,
    5,
  ),
};

// Deep stack: 200 big blinds and 40-minute levels, deliberately off the 1:50 guidance.
const deep: Structure = {
  name: "deep",
  startingStack: 40000,
  chips: [100, 500, 1000, 5000, 25000],
  items: withBreaks(
    ladder(
      [
        [100, 200],
        [100, 300],
        [200, 400],
        [300, 600],
        [400, 800],
        [500, 1000],
        [600, 1200],
        [800, 1600],
        [1000, 2000],
        [1200, 2400],
        [1500, 3000],
        [2000, 4000],
        [2500, 5000],
        [3000, 6000],
        [4000, 8000],
        [5000, 10000],
        [6000, 12000],
        [8000, 16000],
        [10000, 20000],
        [15000, 30000],
        [20000, 40000],
        [25000, 50000],
        [30000, 60000],
        [40000, 80000],
        [50000, 100000],
      ],
      40,
      4,
    ),
    3,
    15,
  ),
};

const satellite: Structure = {
  name: "satellite",
  startingStack: 2500,
  chips: [25, 100, 500, 1000],
  items: withBreaks(
    ladder(
      [
        [25, 50],
        [50, 100],
        [75, 150],
        [100, 200],
        [150, 300],
        [200, 400],
        [300, 600],
        [400, 800],
        [500, 1000],
        [700, 1400],
        [1000, 2000],
        [1500, 3000],
        [2000, 4000],
        [3000, 6000],
        [4000, 8000],
        [5000, 10000],
      ],
      15,
    ),
    6,
    5,
  ),
};

// Mixed hold'em (R-BET-9): levels alternate no-limit and fixed limit; every level names
// both blind sets, the limit set doubled so the average pot stays about the same.
const mixedPairs: [number, number][] = [
  [10, 20],
  [15, 30],
  [20, 40],
  [25, 50],
  [30, 60],
  [40, 80],
  [50, 100],
  [60, 120],
  [80, 160],
  [100, 200],
  [125, 250],
  [150, 300],
  [200, 400],
  [250, 500],
  [300, 600],
  [400, 800],
  [500, 1000],
  [600, 1200],
  [800, 1600],
  [1000, 2000],
];
const mixed: Structure = {
  name: "mixed",
  startingStack: 1000,
  chips: [5, 25, 100, 500],
  mixedBy: "level",
  items: withBreaks(
    mixedPairs.map(
      ([sb, bb], i): Level => ({
        kind: "level",
        sb,
        bb,
        ante: 0,
        minutes: 20,
        game: i % 2 === 0 ? "no-limit" : "limit",
        limit: { sb: sb * 2, bb: bb * 2, ante: 0 },
      }),
    ),
    6,
    10,
  ),
};

// Speed poker (R-TRN-9): 5-minute levels; the 15-second action clock is a format setting.
const speed: Structure = {
  name: "speed",
  startingStack: 1000,
  chips: [5, 25, 100, 500],
  items: ladder(
    [
      [10, 20],
      [15, 30],
      [20, 40],
      [25, 50],
      [30, 60],
      [40, 80],
      [50, 100],
      [75, 150],
      [100, 200],
      [150, 300],
      [200, 400],
      [300, 600],
      [400, 800],
      [500, 1000],
      [700, 1400],
      [1000, 2000],
      [1500, 3000],
      [2000, 4000],
    ],
    5,
  ),
};

// Heads-up matches (R-TRN-10): each match is its own table with this structure.
const headsUp: Structure = {
  name: "heads-up",
  startingStack: 1500,
  chips: [5, 25, 100, 500],
  items: ladder(
    [
      [15, 30],
      [20, 40],
      [25, 50],
      [30, 60],
      [40, 80],
      [50, 100],
      [60, 120],
      [80, 160],
      [100, 200],
      [150, 300],
      [200, 400],
      [300, 600],
      [400, 800],
      [500, 1000],
      [700, 1400],
      [1000, 2000],
    ],
    10,
  ),
};

export const STRUCTURE_PRESETS: Readonly<Record<string, Structure>> = {
  seed,
  "casino-1900": casino1900,
  turbo,
  deep,
  satellite,
  mixed,
  speed,
  "heads-up": headsUp,
  // R-TRN-11: a shootout plays the seeds' structure; the format is how the room runs it.
  shootout: { ...seed, name: "shootout" },
};

export const structurePresetNames = (): string[] => Object.keys(STRUCTURE_PRESETS);

export function structurePreset(name: string): Result<Structure> {
  const s = STRUCTURE_PRESETS[name];
  if (s === undefined) {
    return fail(STRUCTURE_ERRORS.unknownPreset, `no structure preset '${name}'; known: ${structurePresetNames().join(", ")}`, {
      name,
    });
  }
  return ok(s);
}

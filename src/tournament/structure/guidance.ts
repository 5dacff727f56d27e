// The structure designer's advice (R-TRN-1, seed 003): the starting stack is about 50 big
// blinds of the first level, and the big blind reaches about the starting stack when the
// tournament is planned to end. Warnings, not errors: deep and turbo structures deviate on
// purpose, and the designer should see by how much.
import { clockAt } from "./clock.ts";
import type { Structure } from "./types.ts";

export interface StructureWarning {
  readonly code: "structure/start-ratio" | "structure/end-blind";
  readonly message: string;
  readonly [detail: string]: unknown;
}

export interface GuidanceOptions {
  /** Planned length of play in minutes (breaks included); when absent only the start ratio is checked. */
  readonly plannedMinutes?: number;
  /** Acceptable ratio of starting stack to first BB (default 40..62.5, i.e. 50 ± 25%). */
  readonly startRatio?: readonly [number, number];
  /** Acceptable ratio of BB at the planned end to the starting stack (default 0.5..2). */
  readonly endRatio?: readonly [number, number];
}

export interface Guidance {
  readonly warnings: readonly StructureWarning[];
  readonly firstBigBlind: number;
  /** Starting stack ÷ first big blind. */
  readonly startingBigBlinds: number;
  /** The start ratio against the advised range: below it, within it, above it. */
  readonly verdict: "short" | "good" | "deep";
  /** Minutes from the start at which the big blind first reaches the starting stack; null if never. */
  readonly minutesToStackBlind: number | null;
  /** The number of that level (1 = the first level; breaks not counted); null if never: the planned end. */
  readonly endLevel: number | null;
  /** The whole structure's length in minutes, breaks included. */
  readonly totalMinutes: number;
}

export function structureGuidance(structure: Structure, options: GuidanceOptions = {}): Guidance {
  const warnings: StructureWarning[] = [];
  const [lo, hi] = options.startRatio ?? [40, 62.5];
  const first = structure.items.find((it) => it.kind === "level");
  const startingBigBlinds = first !== undefined && first.kind === "level" ? structure.startingStack / first.bb : 0;
  if (startingBigBlinds < lo || startingBigBlinds > hi) {
    warnings.push({
      code: "structure/start-ratio",
      message: `starting stack is ${round1(startingBigBlinds)} big blinds; about 50 is advised`,
      startingBigBlinds,
    });
  }
  let minutesToStackBlind: number | null = null;
  let endLevel: number | null = null;
  let t = 0;
  let level = 0;
  for (const item of structure.items) {
    if (item.kind === "level") level += 1;
    if (item.kind === "level" && item.bb >= structure.startingStack && endLevel === null) {
      minutesToStackBlind = t;
      endLevel = level;
    }
    t += item.minutes;
  }
  if (options.plannedMinutes !== undefined) {
    const [elo, ehi] = options.endRatio ?? [0.5, 2];
    const at = clockAt(structure, options.plannedMinutes * 60_000);
    const ratio = at.level.bb / structure.startingStack;
    if (ratio < elo || ratio > ehi) {
      warnings.push({
        code: "structure/end-blind",
        message: `big blind at the planned end is ${at.level.bb}, ${round1(ratio)}× the starting stack; about 1× is advised`,
        endBigBlind: at.level.bb,
        ratio,
      });
    }
  }
  const verdict = startingBigBlinds < lo ? "short" : startingBigBlinds > hi ? "deep" : "good";
  const firstBigBlind = first !== undefined && first.kind === "level" ? first.bb : 0;
  return { warnings, firstBigBlind, startingBigBlinds, verdict, minutesToStackBlind, endLevel, totalMinutes: t };
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

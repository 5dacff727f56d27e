import type { Structure } from "../../../src/protocol/index.ts";

export interface Guidance {
  readonly firstBigBlind: number;
  /** Starting stack in first big blinds; R-TRN-1 suggests about 50. */
  readonly startingBigBlinds: number;
  readonly verdict: "short" | "good" | "deep";
  /** First level whose BB reaches the starting stack: the planned end (R-TRN-1). */
  readonly endLevel: number | null;
  /** Minutes from the start to the beginning of that level (breaks included). */
  readonly endMinute: number | null;
  readonly totalMinutes: number;
}

/** R-TRN-1 guidance: starting stack ≈ 50 × first BB, and BB ≈ starting stack at the end. */
export function structureGuidance(s: Structure): Guidance {
  const levels = s.levels.filter((l) => l.kind === "level");
  const firstBigBlind = levels[0]?.bb ?? 0;
  const ratio = firstBigBlind > 0 ? s.startingStack / firstBigBlind : 0;
  let minute = 0;
  let levelNo = 0;
  let endLevel: number | null = null;
  let endMinute: number | null = null;
  for (const l of s.levels) {
    if (l.kind === "level") {
      levelNo += 1;
      if (endLevel === null && l.bb >= s.startingStack) {
        endLevel = levelNo;
        endMinute = minute;
      }
    }
    minute += l.minutes;
  }
  return {
    firstBigBlind,
    startingBigBlinds: ratio,
    verdict: ratio < 40 ? "short" : ratio <= 60 ? "good" : "deep",
    endLevel,
    endMinute,
    totalMinutes: minute,
  };
}

// Where the tournament clock stands (R-TRN-1). Time is an input: milliseconds of play
// since the start (the clock's pauses are the caller's business). The last level lasts
// until the tournament ends, so past the schedule the clock stays on it.
import type { Break, Level, Structure } from "./types.ts";

const MINUTE = 60_000;

export interface ClockPosition {
  /** Index into `structure.items`. */
  readonly itemIndex: number;
  readonly item: Level | Break;
  /** 1-based number of the current level; on a break, the number of the level just played. */
  readonly levelNumber: number;
  /** The level in force: the current one, or on a break the level just played. */
  readonly level: Level;
  readonly onBreak: boolean;
  readonly elapsedInItemMs: number;
  /** Null on the last item, which never ends. */
  readonly remainingMs: number | null;
  /** Milliseconds until the next break starts (0 while on a break); null when no break is left. */
  readonly nextBreakInMs: number | null;
  /** The level that follows, if any. */
  readonly nextLevel: Level | null;
}

/** Milliseconds from the start at which item `index` begins. */
export function itemStartMs(structure: Structure, index: number): number {
  let t = 0;
  for (let i = 0; i < index && i < structure.items.length; i++) t += structure.items[i]!.minutes * MINUTE;
  return t;
}

/** Milliseconds from the start at which the `n`-th break (1-based) ends; null if there is no such break. */
export function endOfBreakMs(structure: Structure, n: number): number | null {
  let seen = 0;
  let t = 0;
  for (const item of structure.items) {
    t += item.minutes * MINUTE;
    if (item.kind === "break" && ++seen === n) return t;
  }
  return null;
}

/** Milliseconds from the start at which the `n`-th break (1-based) starts; null if there is no such break. */
export function startOfBreakMs(structure: Structure, n: number): number | null {
  let seen = 0;
  let t = 0;
  for (const item of structure.items) {
    if (item.kind === "break" && ++seen === n) return t;
    t += item.minutes * MINUTE;
  }
  return null;
}

/** Milliseconds from the start at which level `n` (1-based) ends; null if there is no such level or it is the last item. */
export function endOfLevelMs(structure: Structure, n: number): number | null {
  let seen = 0;
  let t = 0;
  for (let i = 0; i < structure.items.length; i++) {
    const item = structure.items[i]!;
    t += item.minutes * MINUTE;
    if (item.kind === "level" && ++seen === n) return i === structure.items.length - 1 ? null : t;
  }
  return null;
}

/** Item index of level `n` (1-based), or -1. */
export function levelItemIndex(structure: Structure, n: number): number {
  let seen = 0;
  for (let i = 0; i < structure.items.length; i++) {
    if (structure.items[i]!.kind === "level" && ++seen === n) return i;
  }
  return -1;
}

/** The clock at `elapsedMs` of play (negative counts as 0). The structure must have a level first (validateStructure). */
export function clockAt(structure: Structure, elapsedMs: number): ClockPosition {
  const items = structure.items;
  const elapsed = Math.max(0, elapsedMs);
  let start = 0;
  let levelNumber = 0;
  let level: Level | undefined;
  let index = 0;
  for (; index < items.length; index++) {
    const item = items[index]!;
    if (item.kind === "level") {
      levelNumber++;
      level = item;
    }
    const end = start + item.minutes * MINUTE;
    if (elapsed < end || index === items.length - 1) break;
    start = end;
  }
  if (index >= items.length) index = items.length - 1;
  const item = items[index]!;
  if (level === undefined) throw new Error("clockAt: structure has no level before its first break");
  const isLast = index === items.length - 1;
  const elapsedInItemMs = elapsed - start;
  const remainingMs = isLast ? null : item.minutes * MINUTE - elapsedInItemMs;
  let nextBreakInMs: number | null = null;
  if (item.kind === "break") nextBreakInMs = 0;
  else {
    let t = start + item.minutes * MINUTE;
    for (let j = index + 1; j < items.length; j++) {
      if (items[j]!.kind === "break") {
        nextBreakInMs = t - elapsed;
        break;
      }
      t += items[j]!.minutes * MINUTE;
    }
  }
  let nextLevel: Level | null = null;
  for (let j = index + 1; j < items.length; j++) {
    const it = items[j]!;
    if (it.kind === "level") {
      nextLevel = it;
      break;
    }
  }
  return { itemIndex: index, item, levelNumber, level, onBreak: item.kind === "break", elapsedInItemMs, remainingMs, nextBreakInMs, nextLevel };
}

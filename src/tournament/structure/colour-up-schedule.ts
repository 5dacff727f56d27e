// When colour-ups happen (R-CHIP-1): the smallest denomination leaves as soon as no blind or
// ante of any coming level needs it, i.e. every coming amount is a multiple of the next
// denomination. The race or chip-up itself (R-CHIP-2/3/4) is done by the tournament rules;
// this only says when, and which chip.
import type { Level, Structure } from "./types.ts";

export interface ColourUp {
  /** Index into `structure.items` of the level (or break) before which the exchange happens. */
  readonly itemIndex: number;
  /** 1-based number of the first level played without the removed chip. */
  readonly levelNumber: number;
  readonly remove: number;
  readonly next: number;
}

export interface ColourUpOptions {
  /** Only exchange during breaks (a room's habit): a chip leaves at the first break after
   * which no level needs it. Default false: at the first level change (or break) where it
   * is no longer needed. */
  readonly atBreaksOnly?: boolean;
}

function amounts(level: Level): number[] {
  const out = [level.sb, level.bb, level.ante];
  if (level.limit !== undefined) out.push(level.limit.sb, level.limit.bb, level.limit.ante);
  return out;
}

/** The chip-up points a structure names: chip → the break's item index. */
export function namedColourUps(structure: Structure): Map<number, number> {
  const named = new Map<number, number>();
  structure.items.forEach((it, i) => {
    if (it.kind === "break" && it.colourUp !== undefined && !named.has(it.colourUp)) named.set(it.colourUp, i);
  });
  return named;
}

/**
 * The colour-ups of a validated structure, in order. A chip a break names (a chip-up point)
 * leaves at that break; the others as soon as no coming level needs them, never
 * before a smaller chip (chips leave smallest first).
 */
export function colourUpSchedule(structure: Structure, options: ColourUpOptions = {}): ColourUp[] {
  const items = structure.items;
  const named = namedColourUps(structure);
  // needFrom[i] = every amount of the levels at item i and later.
  const suffix: number[][] = new Array(items.length + 1);
  suffix[items.length] = [];
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i]!;
    suffix[i] = it.kind === "level" ? suffix[i + 1]!.concat(amounts(it)) : suffix[i + 1]!;
  }
  const levelNumberAt: number[] = [];
  let n = 0;
  for (const it of items) {
    if (it.kind === "level") n++;
    levelNumberAt.push(it.kind === "level" ? n : n + 1);
  }
  const chips = [...structure.chips];
  const out: ColourUp[] = [];
  // The first level is played with the full set; exchanges happen at later changes.
  for (let i = 1; i < items.length && chips.length > 1; i++) {
    if (options.atBreaksOnly && items[i]!.kind !== "break") continue;
    const from = options.atBreaksOnly ? i + 1 : i;
    const coming = suffix[Math.min(from, items.length)]!;
    while (chips.length > 1) {
      const next = chips[1]!;
      const point = named.get(chips[0]!);
      // A named chip stays until its break, and every larger chip with it (smallest first).
      if (point !== undefined && point !== i) break;
      if (!coming.every((a) => a % next === 0)) break;
      out.push({ itemIndex: i, levelNumber: levelNumberAt[i]!, remove: chips[0]!, next });
      chips.shift();
    }
  }
  return out;
}

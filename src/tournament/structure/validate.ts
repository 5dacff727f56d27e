// Structure validation (R-TRN-1). Hard errors make a structure unusable and come back as a
// typed error; design advice (the 1:50 start, BB ≈ starting stack at the planned end) comes
// back as warnings from `structureGuidance` in guidance.ts, because a room may choose to
// deviate (a deep stack, a turbo).
import { fail, ok, type Result } from "../../lib/result.ts";
import type { BlindSet, Level, Structure } from "./types.ts";
import { STRUCTURE_ERRORS } from "../error-catalogue.ts";

const isPosInt = (n: number): boolean => Number.isInteger(n) && n > 0;
const isNonNegInt = (n: number): boolean => Number.isInteger(n) && n >= 0;

function checkBlinds(set: BlindSet, index: number, smallest: number, what: string): Result<true> {
  if (!isPosInt(set.bb) || !isNonNegInt(set.sb) || !isNonNegInt(set.ante)) {
    return fail(STRUCTURE_ERRORS.badLevel, `item ${index + 1}: ${what} blinds and ante must be whole chips, BB > 0`, {
      index,
    });
  }
  if (set.sb > set.bb) {
    return fail(STRUCTURE_ERRORS.badLevel, `item ${index + 1}: ${what} small blind ${set.sb} exceeds big blind ${set.bb}`, {
      index,
    });
  }
  for (const amount of [set.sb, set.bb, set.ante]) {
    if (amount % smallest !== 0) {
      return fail(STRUCTURE_ERRORS.notPayable, `item ${index + 1}: ${what} amount ${amount} cannot be paid with the smallest chip ${smallest}`, {
        index,
        amount,
        smallest,
      });
    }
  }
  return ok(true);
}

/** Checks a structure; the value is the same structure when it is usable. */
export function validateStructure(structure: Structure): Result<Structure> {
  const { chips, items, startingStack } = structure;
  if (chips.length === 0 || !chips.every(isPosInt)) {
    return fail(STRUCTURE_ERRORS.badChips, "the chip set needs at least one positive whole denomination");
  }
  for (let i = 1; i < chips.length; i++) {
    const prev = chips[i - 1]!;
    const cur = chips[i]!;
    if (cur <= prev) return fail(STRUCTURE_ERRORS.badChips, "chip denominations must be strictly ascending", { chips });
    if (cur % prev !== 0) {
      // A colour-up exchanges small chips for the next denomination (R-CHIP-1); that only
      // works when each denomination is a whole number of the one below.
      return fail(STRUCTURE_ERRORS.badChips, `denomination ${cur} is not a multiple of ${prev}`, { chips });
    }
  }
  const smallest = chips[0]!;
  if (!isPosInt(startingStack) || startingStack % smallest !== 0) {
    return fail(STRUCTURE_ERRORS.badStartingStack, `starting stack ${startingStack} must be a positive multiple of ${smallest}`);
  }
  const levels = items.filter((it): it is Level => it.kind === "level");
  if (levels.length === 0) return fail(STRUCTURE_ERRORS.noLevels, "a structure needs at least one level");
  if (items[0]?.kind !== "level") return fail(STRUCTURE_ERRORS.startsWithBreak, "a structure starts with a level, not a break");
  let prevBB = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (!isPosInt(item.minutes)) {
      return fail(STRUCTURE_ERRORS.badDuration, `item ${i + 1}: minutes must be a positive whole number`, { index: i });
    }
    if (item.kind === "break") continue;
    const checked = checkBlinds(item, i, smallest, "no-limit");
    if (!checked.ok) return checked;
    if (item.limit !== undefined) {
      const lim = checkBlinds(item.limit, i, smallest, "limit");
      if (!lim.ok) return lim;
    } else if (item.game === "limit") {
      return fail(STRUCTURE_ERRORS.missingLimitBlinds, `item ${i + 1}: a limit level must name its limit blinds (R-BET-9)`, {
        index: i,
      });
    }
    if (item.bb < prevBB) {
      return fail(STRUCTURE_ERRORS.blindsDecrease, `item ${i + 1}: big blind ${item.bb} is lower than the level before (${prevBB})`, {
        index: i,
      });
    }
    prevBB = item.bb;
  }
  return checkColourUps(structure);
}

/**
 * A break may name a chip to colour up there; it must be
 * in the set and not its largest, named once, after any smaller named chip, and no level
 * from that break on may need it (every amount a multiple of the next denomination).
 */
function checkColourUps(structure: Structure): Result<Structure> {
  const { chips, items } = structure;
  const seen = new Map<number, number>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind !== "break" || item.colourUp === undefined) continue;
    const chip = item.colourUp;
    const at = chips.indexOf(chip);
    if (at < 0 || at === chips.length - 1) {
      return fail(STRUCTURE_ERRORS.badColourUp, `item ${i + 1}: ${chip} ${at < 0 ? "is not in the chip set" : "is the largest chip; it cannot colour up"}`, {
        index: i,
        chip,
      });
    }
    if (seen.has(chip))
      return fail(STRUCTURE_ERRORS.badColourUp, `item ${i + 1}: the ${chip}s already colour up at item ${seen.get(chip)! + 1}`, { index: i, chip });
    for (const [other, j] of seen) {
      if (other > chip)
        return fail(STRUCTURE_ERRORS.colourUpOrder, `item ${i + 1}: the ${chip}s must colour up before the larger ${other}s (item ${j + 1})`, {
          index: i,
          chip,
          other,
        });
    }
    seen.set(chip, i);
    const next = chips[at + 1]!;
    for (let k = i + 1; k < items.length; k++) {
      const later = items[k]!;
      if (later.kind !== "level") continue;
      const amount = [later.sb, later.bb, later.ante, ...(later.limit ? [later.limit.sb, later.limit.bb, later.limit.ante] : [])].find((a) => a % next !== 0);
      if (amount !== undefined) {
        return fail(STRUCTURE_ERRORS.colourUpTooEarly, `item ${i + 1}: the ${chip}s are still needed at item ${k + 1} (${amount})`, {
          index: i,
          chip,
          amount,
          neededAt: k,
        });
      }
    }
  }
  return ok(structure);
}

/** The blinds a level actually plays with (R-BET-9: the limit set on a limit level). */
export function playedBlinds(level: Level): BlindSet {
  return level.game === "limit" && level.limit !== undefined ? level.limit : level;
}

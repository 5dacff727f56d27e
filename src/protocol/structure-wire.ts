// The core's structure (src/tournament/structure) in the protocol's shape and back: what
// the console edits, the server runs and the browser checks are one structure.
import type { Structure, StructureItem } from "../tournament/structure/index.ts";
import type { Structure as WireStructure, StructureLevel as WireLevel } from "./director.ts";

/** A wire level's blinds; the break rows carry zeros (the wire has one row shape). */
function toWireItem(i: StructureItem): WireLevel {
  if (i.kind === "break") {
    return { kind: "break", sb: 0, bb: 0, ante: 0, minutes: i.minutes, colourUp: i.colourUp ?? null, ...(i.note === undefined ? {} : { note: i.note }) };
  }
  return {
    kind: "level",
    sb: i.sb,
    bb: i.bb,
    ante: i.ante,
    minutes: i.minutes,
    colourUp: null,
    ...(i.bigBlindAnte === undefined ? {} : { bigBlindAnte: i.bigBlindAnte }),
    ...(i.game === undefined ? {} : { game: i.game }),
    ...(i.limit === undefined ? {} : { limit: { sb: i.limit.sb, bb: i.limit.bb, ante: i.limit.ante } }),
  };
}

export function fromWireItem(l: WireLevel): StructureItem {
  // A break's chip-up point (R-CHIP-1).
  if (l.kind === "break")
    return { kind: "break", minutes: l.minutes, ...(l.note === undefined ? {} : { note: l.note }), ...(l.colourUp === null ? {} : { colourUp: l.colourUp }) };
  return {
    kind: "level",
    sb: l.sb,
    bb: l.bb,
    ante: l.ante,
    minutes: l.minutes,
    // R-BLIND-2: a big-blind ante stays one (was dropped: every player anted a big blind).
    ...(l.bigBlindAnte === undefined ? {} : { bigBlindAnte: l.bigBlindAnte }),
    // R-BET-9: the level's game and its limit blinds.
    ...(l.game === undefined ? {} : { game: l.game }),
    ...(l.limit === undefined ? {} : { limit: { sb: l.limit.sb, bb: l.limit.bb, ante: l.limit.ante } }),
  };
}

/** The core structure in the protocol's shape, everything included (chip set, antes, games). */
export function toWireStructure(s: Structure): WireStructure {
  return {
    startingStack: s.startingStack,
    levels: s.items.slice(0, 100).map(toWireItem),
    chips: [...s.chips],
    ...(s.mixedBy === undefined ? {} : { mixedBy: s.mixedBy }),
  };
}

/**
 * A wire structure as the core's, named after `base` (the preset it was edited from).
 * Lossless: fromWireStructure(s, toWireStructure(s)) is s. A wire structure without a chip
 * set (an older client) keeps the preset's chips and mixed-game unit (R-CHIP-1); one with a
 * chip set is complete. Not validated here: validateStructure (the director's config check,
 * predict) gives the typed error (structure/not-payable, structure/bad-chips, ...).
 */
export function fromWireStructure(base: Structure, w: WireStructure): Structure {
  const items = w.levels.map(fromWireItem);
  const mixedBy = w.chips === undefined ? base.mixedBy : w.mixedBy;
  return {
    name: base.name,
    startingStack: w.startingStack,
    chips: w.chips === undefined ? base.chips : [...w.chips],
    items,
    ...(mixedBy === undefined ? {} : { mixedBy }),
  };
}

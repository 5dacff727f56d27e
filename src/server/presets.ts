// Tournament presets for the director's console: the structure presets of
// src/tournament/structure with a default buy-in, in the protocol's shape, and back.
import type { Preset, Structure as WireStructure } from "../protocol/index.ts";
import { STRUCTURE_PRESETS, type Structure, type StructureItem } from "../tournament/structure/index.ts";

const DEFAULT_BUY_IN = 1000;
const DEFAULT_FEE = 100;

export function toWireStructure(s: Structure): WireStructure {
  return {
    startingStack: s.startingStack,
    levels: s.items.slice(0, 100).map((i) =>
      i.kind === "level"
        ? { kind: "level" as const, sb: i.sb, bb: i.bb, ante: i.ante, minutes: i.minutes, colourUp: null }
        : { kind: "break" as const, sb: 0, bb: 0, ante: 0, minutes: i.minutes, colourUp: null },
    ),
  };
}

export function fromWireStructure(base: Structure, w: WireStructure): Structure {
  const items: StructureItem[] = w.levels.map((l) =>
    l.kind === "level" ? { kind: "level", sb: l.sb, bb: l.bb, ante: l.ante, minutes: l.minutes } : { kind: "break", minutes: l.minutes },
  );
  return { ...base, startingStack: w.startingStack, items };
}

export function presets(): Preset[] {
  return Object.entries(STRUCTURE_PRESETS).map(([id, s]) => ({
    id,
    name: id,
    description: `${s.startingStack} chips, ${s.items.filter((i) => i.kind === "level").length} levels`,
    variant: "no-limit" as const,
    buyIn: DEFAULT_BUY_IN,
    fee: DEFAULT_FEE,
    structure: toWireStructure(s),
    reEntry: false,
    rebuy: false,
    addOn: false,
  }));
}

// R-BET-9 mixed hold'em switched by orbit: each table changes game after every full orbit of
// its own button, whatever level is in force; by level (the default) the level names it.
import { describe, expect, it } from "vitest";
import { STRUCTURE_PRESETS, type Structure } from "../structure/index.ts";
import { buttonPasses } from "./mixed-orbit.ts";
import { handSetup, type Director } from "./index.ts";
import { startedDirector } from "../../../testkit/tournament/director.ts";

const mixed = STRUCTURE_PRESETS["mixed"]!;
const byOrbit: Structure = { ...mixed, mixedBy: "orbit" };

/** Plays `hands` hands at table 1 at time 0 (nobody wins or loses), the variant of each. */
function variants(d: Director, hands: number): { variant: string; button: number; bb: number }[] {
  const out = [];
  for (let i = 0; i < hands; i++) {
    const t = d.state.tables.get(1)!;
    const setup = handSetup(d.state, t, 0)!;
    out.push({ variant: setup.config.variant, button: setup.hand.button, bb: Math.max(...setup.config.blinds) });
    const stacks = [...setup.config.stacks];
    const r = d.run({ type: "hand", at: 0, outcome: { table: 1, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks } });
    if (!r.ok) throw new Error(r.error.message);
    d.run({ type: "settle", at: 0 });
  }
  return out;
}

describe("R-BET-9 mixed hold'em by orbit", () => {
  it("a button moving clockwise completes an orbit when it reaches or passes its first seat", () => {
    expect(buttonPasses(5, 6, 1, 6)).toBe(false);
    expect(buttonPasses(6, 1, 1, 6)).toBe(true);
    expect(buttonPasses(5, 2, 1, 6)).toBe(true); // seat 6 and 1 emptied: passed all the same
    expect(buttonPasses(3, 3, 3, 6)).toBe(false); // a dead button standing still
    expect(buttonPasses(1, 2, 1, 6)).toBe(false); // leaving the first seat is no orbit
  });

  it("R-BET-9: six players switch from no-limit to fixed limit after six hands and back after twelve, within one level", () => {
    const d = startedDirector({ structure: byOrbit }, 6, 3);
    const played = variants(d, 19);
    expect(played.map((h) => h.variant).join("")).toBe(["NT".repeat(6), "FT".repeat(6), "NT".repeat(6), "FT"].join(""));
    // The limit orbits play the level's limit blinds (R-BET-9: the structure names both sets).
    expect(played[0]!.bb).toBe(20);
    expect(played[6]!.bb).toBe(40);
    // Each switch comes when the button is back on the seat it started from.
    expect(played[6]!.button).toBe(played[0]!.button);
  });

  it("R-BET-9 by level (the default): the whole first level plays no-limit, whatever the orbits", () => {
    const d = startedDirector({ structure: mixed }, 6, 3);
    expect(new Set(variants(d, 19).map((h) => h.variant))).toEqual(new Set(["NT"]));
  });

  it("R-BET-9 by orbit: the game does not follow the level; a limit level's first orbit is still no-limit", () => {
    const d = startedDirector({ structure: byOrbit }, 4, 3);
    const t = d.state.tables.get(1)!;
    const MIN = 60_000;
    for (let at = 0; at <= 20 * MIN; at += MIN) d.run({ type: "tick", at });
    const setup = handSetup(d.state, t, 20 * MIN)!;
    expect(setup.level.game).toBe("no-limit");
    expect([setup.config.variant, Math.max(...setup.config.blinds)]).toEqual(["NT", 30]);
  });
});

// Tournament presets for the director's console: the structure presets of
// src/tournament/structure with a default buy-in and the format a card room runs them as,
// in the protocol's shape, and back.
import { toWireStructure, type EventSettings, type Preset, type TournamentSettingsInput, type WindowEnd as WireWindowEnd } from "../../protocol/index.ts";

export { fromWireStructure, toWireStructure } from "../../protocol/index.ts";
import type { Format, TournamentConfig } from "../../tournament/director/index.ts";
import type { MoneyConfig, WindowEnd } from "../../tournament/money/index.ts";
import { STRUCTURE_PRESETS, type Structure } from "../../tournament/structure/index.ts";

export const DEFAULT_BUY_IN = 1000;
export const DEFAULT_FEE = 100;

/** How each preset is run. Presets not listed (none today) run as late-registration freezeouts. */
type Plan = {
  readonly kind: "freezeout" | "re-entry" | "rebuy" | "speed" | "shootout" | "heads-up";
  readonly late: boolean;
  readonly description: string;
  /** The house rules it sets (the create form starts from them; a request may say otherwise). */
  readonly house?: TournamentSettingsInput;
};
const PLANS: Readonly<Record<string, Plan>> = {
  // The rulebook's own example (seed 003): a plain freezeout, everyone starts together.
  seed: { kind: "freezeout", late: false, description: "freezeout" },
  // The seeds' evening (seed 001): it runs when 5 have paid and are here by 19:15 (R-TRN-6).
  "casino-1900": {
    kind: "re-entry",
    late: true,
    description: "re-entry and late registration until the end of the 2nd break (R-TRN-3); runs with 5 players by 15 minutes after the start (R-TRN-6)",
    house: { startRule: { minPlayers: 5, deadlineMinutes: 15 } },
  },
  turbo: { kind: "rebuy", late: true, description: "rebuys for the first half of play, add-on at the first break (R-TRN-4/5)" },
  deep: { kind: "re-entry", late: true, description: "re-entry and late registration until the end of the 2nd break (R-TRN-3)" },
  satellite: { kind: "freezeout", late: true, description: "freezeout, late registration for the first third of play" },
  mixed: { kind: "freezeout", late: true, description: "freezeout, late registration for the first third of play" },
  speed: { kind: "speed", late: true, description: "15-second action clock (R-TRN-9), late registration for the first third of play" },
  // R-TRN-10: a knockout bracket of one-on-one matches, each on the heads-up structure.
  "heads-up": { kind: "heads-up", late: false, description: "heads-up knockout bracket (R-TRN-10), byes when the field is not a power of two" },
  // R-TRN-11: the seed's structure played as a shootout down to a table's worth.
  shootout: { kind: "shootout", late: false, description: "shootout: the lowest stack at each table goes at every level change (R-TRN-11)" },
};

export const planOf = (presetId: string): Plan => PLANS[presetId] ?? { kind: "freezeout", late: true, description: "freezeout" };

export function presets(): Preset[] {
  return Object.entries(STRUCTURE_PRESETS).map(([id, s]) => {
    const f = presetFormat(id, s, DEFAULT_BUY_IN, DEFAULT_FEE);
    return {
      settings: settingsOf(f),
      id,
      name: id,
      description: `${s.startingStack} chips, ${s.items.filter((i) => i.kind === "level").length} levels; ${planOf(id).description}`,
      variant: "no-limit" as const,
      buyIn: DEFAULT_BUY_IN,
      fee: DEFAULT_FEE,
      structure: toWireStructure(s),
      reEntry: f.money.reEntry !== undefined,
      rebuy: f.money.rebuy !== undefined,
      addOn: f.money.addOn !== undefined,
      format: wireFormat(f.format),
      ...(planOf(id).house === undefined ? {} : { house: planOf(id).house }),
    };
  });
}

/** The core's format as a preset offers it (satellites and freerolls are made by their own fields: none here). */
function wireFormat(f: Format): NonNullable<Preset["format"]> {
  switch (f.kind) {
    case "speed":
      return f.actionSeconds === undefined ? { kind: "speed" } : { kind: "speed", actionSeconds: f.actionSeconds };
    case "shootout":
      return f.finalTable === undefined ? { kind: "shootout" } : { kind: "shootout", finalTable: f.finalTable };
    case "re-entry":
    case "rebuy":
    case "heads-up":
      return { kind: f.kind };
    default:
      return { kind: "freezeout" };
  }
}

/**
 * R-TRN-1: the planned end is where the big blind reaches the starting stack; the level
 * count up to there measures "the first third" or "the first half" of play (a structure
 * always runs longer than planned, so its own length would stretch every window).
 */
export function plannedLevels(s: Structure): number {
  const levels = s.items.filter((i) => i.kind === "level");
  const end = levels.findIndex((l) => l.bb >= s.startingStack);
  return end < 0 ? Math.max(1, levels.length) : end + 1;
}

const breaksIn = (s: Structure) => s.items.filter((i) => i.kind === "break").length;

/** Half the starting stack, in the smallest chip in play (at least one chip). */
function halfStack(s: Structure): number {
  const unit = s.chips[0] ?? 1;
  return Math.max(unit, Math.round(s.startingStack / 2 / unit) * unit);
}

export interface PresetFormat {
  readonly format: Format;
  readonly money: MoneyConfig;
  readonly lateRegistration?: { readonly until: WindowEnd };
}

/**
 * The format and money a card room runs a preset as, with windows fitted to the structure
 * actually used (the designer may have edited it):
 * - re-entry (R-TRN-3): unlimited re-entries until the end of the 2nd break, or of level 6
 *   when the structure has fewer than two breaks; late registration closes with it.
 * - rebuy (R-TRN-4, seed 003: "a limited number of times, the earlier 1/2–2/3"): up to 3
 *   rebuys at the buy-in's price for a starting stack, while the stack is at most the
 *   starting stack, until the end of level ⌈P/2⌉ (P = planned levels); never at the final
 *   table (the director's rule). Add-on (R-TRN-5: cheaper, half the chips, once, early):
 *   half the buy-in and fee for half a starting stack during the first break (none when
 *   the structure has no break). Late registration closes with the rebuys.
 * - freezeout and speed: late registration until the end of level ⌈P/3⌉.
 */
export function presetFormat(presetId: string, s: Structure, buyIn: number, fee: number): PresetFormat {
  const plan = planOf(presetId);
  const p = plannedLevels(s);
  const levels = s.items.filter((i) => i.kind === "level").length;
  const endOfLevel = (n: number): WindowEnd => ({ endOfLevel: Math.max(1, Math.min(levels, n)) });
  const base = { buyIn, fee };
  const late = (until: WindowEnd) => (plan.late ? { lateRegistration: { until } } : {});
  switch (plan.kind) {
    case "re-entry": {
      const until: WindowEnd = breaksIn(s) >= 2 ? { endOfBreak: 2 } : endOfLevel(6);
      return { format: { kind: "re-entry" }, money: { ...base, reEntry: { until } }, ...late(until) };
    }
    case "rebuy": {
      const until = endOfLevel(Math.ceil(p / 2));
      const rebuy = { cost: buyIn, fee, chips: s.startingStack, max: 3, until, stackAtMost: s.startingStack };
      const addOn = breaksIn(s) >= 1 ? { addOn: { atBreak: 1, cost: Math.round(buyIn / 2), fee: Math.round(fee / 2), chips: halfStack(s) } } : {};
      return { format: { kind: "rebuy" }, money: { ...base, rebuy, ...addOn }, ...late(until) };
    }
    // R-TRN-10/11: the tables are drawn once, at the start: no late registration, no re-entries, rebuys or add-on.
    case "heads-up":
      return { format: { kind: "heads-up" }, money: base };
    case "shootout":
      return { format: { kind: "shootout" }, money: base };
    case "speed":
    case "freezeout":
      return {
        format: plan.kind === "speed" ? { kind: "speed" } : { kind: "freezeout" },
        money: base,
        ...late(endOfLevel(Math.ceil(p / 3))),
      };
  }
}

/** A core window end on the wire (the presets' windows are levels or breaks, never minutes). */
export function toWireWindow(w: WindowEnd): WireWindowEnd {
  return "endOfBreak" in w ? { endOfBreak: w.endOfBreak } : "endOfLevel" in w ? { endOfLevel: w.endOfLevel } : { endOfLevel: 1 };
}

/** A preset's format as the create form's starting point. */
export function settingsOf(f: PresetFormat): EventSettings {
  const { reEntry, rebuy, addOn } = f.money;
  return {
    buyIn: f.money.buyIn,
    fee: f.money.fee,
    guarantee: f.money.guarantee ?? 0,
    reEntry: reEntry === undefined ? null : { until: toWireWindow(reEntry.until), ...(reEntry.max === undefined ? {} : { max: reEntry.max }) },
    rebuy:
      rebuy === undefined
        ? null
        : {
            cost: rebuy.cost,
            fee: rebuy.fee,
            chips: rebuy.chips,
            until: toWireWindow(rebuy.until),
            ...(rebuy.max === undefined ? {} : { max: rebuy.max }),
            ...(rebuy.stackAtMost === undefined ? {} : { stackAtMost: rebuy.stackAtMost }),
          },
    addOn: addOn === undefined ? null : { atBreak: addOn.atBreak, cost: addOn.cost, fee: addOn.fee, chips: addOn.chips },
    lateRegistration: f.lateRegistration === undefined ? null : { until: toWireWindow(f.lateRegistration.until) },
    payout: null,
  };
}

/** The parts of a TournamentConfig a preset decides. */
export function presetConfig(
  presetId: string,
  s: Structure,
  buyIn: number,
  fee: number,
  actionSeconds: number,
): Pick<TournamentConfig, "format" | "money"> & Partial<Pick<TournamentConfig, "lateRegistration">> {
  const f = presetFormat(presetId, s, buyIn, fee);
  const format: Format = f.format.kind === "speed" ? { kind: "speed", actionSeconds } : f.format;
  return { format, money: f.money, ...(f.lateRegistration === undefined ? {} : { lateRegistration: f.lateRegistration }) };
}

/** What makes a tournament a freeroll (R-TRN-7) or a satellite (R-TRN-8) instead of the preset's own format. */
export type SpecialFormat =
  | { readonly kind: "freeroll"; readonly prizeFund: number }
  | { readonly kind: "satellite"; readonly target: string; readonly seatValue: number };

/**
 * A freeroll or a satellite replaces the preset's format and money: one entry each, no
 * re-entry, rebuy or add-on (a room's satellites and freerolls are freezeouts); the
 * preset's late registration stays. A freeroll (R-TRN-7) costs nothing and its pool is
 * the organiser's `prizeFund`; a satellite (R-TRN-8) keeps the buy-in and fee asked and
 * pays seats worth `seatValue` (the target's buy-in + fee) in `target`.
 */
export function specialConfig(c: ReturnType<typeof presetConfig>, special: SpecialFormat): ReturnType<typeof presetConfig> {
  const late = c.lateRegistration === undefined ? {} : { lateRegistration: c.lateRegistration };
  if (special.kind === "freeroll") return { format: { kind: "freeroll" }, money: { buyIn: 0, fee: 0, organiserPrizes: special.prizeFund }, ...late };
  return { format: { kind: "satellite", seatValue: special.seatValue, target: special.target }, money: { buyIn: c.money.buyIn, fee: c.money.fee }, ...late };
}

// The simulator's tournament configurations: one per format, with money rules a room
// would use and the bots' habits for re-entries, rebuys and add-ons.
import { fail, ok, type Result } from "../lib/result.ts";
import type { EntryPolicy, FormatKind, TournamentConfig } from "../tournament/director/index.ts";
import { randomInt } from "../tournament/index.ts";
import type { MoneyConfig } from "../tournament/money/index.ts";
import { structurePreset, type Structure } from "../tournament/structure/index.ts";
import { SIM_ERRORS } from "./error-catalogue.ts";

export const FORMATS: readonly FormatKind[] = ["freezeout", "re-entry", "rebuy", "shootout", "heads-up", "satellite", "freeroll", "speed"];

/** The structure a format uses when none is named. */
export const DEFAULT_PRESET: Readonly<Record<FormatKind, string>> = {
  freezeout: "seed",
  "re-entry": "casino-1900",
  rebuy: "seed",
  shootout: "seed",
  "heads-up": "heads-up",
  satellite: "satellite",
  freeroll: "seed",
  speed: "speed",
};

/** Hands per hour at each table: a live dealer deals about 30; speed poker (R-TRN-9, 15 s clock) about 60. */
export const HANDS_PER_HOUR: Readonly<Record<FormatKind, number>> = {
  freezeout: 30,
  "re-entry": 30,
  rebuy: 30,
  shootout: 30,
  "heads-up": 60,
  satellite: 30,
  freeroll: 30,
  speed: 60,
};

export interface SimConfig {
  readonly config: TournamentConfig;
  readonly policy: EntryPolicy;
  readonly timeoutRate: number;
}

const BUY_IN = 100;
const FEE = 10;
const pct = (p: number) => (_: string, rng: { nextUint32(): number }) => randomInt(rng, 1000) < p * 1000;

export function simConfig(format: string, players: number, structure?: Structure, presetName?: string): Result<SimConfig> {
  if (!(FORMATS as readonly string[]).includes(format)) return fail(SIM_ERRORS.unknownFormat, `unknown format '${format}'; known: ${FORMATS.join(", ")}`);
  const kind = format as FormatKind;
  let st = structure;
  if (st === undefined) {
    const p = structurePreset(presetName ?? DEFAULT_PRESET[kind]);
    if (!p.ok) return p;
    st = p.value;
  }
  let money: MoneyConfig = { buyIn: BUY_IN, fee: FEE };
  let policy: EntryPolicy = {};
  let timeoutRate = 0;
  const base = { id: `sim-${kind}`, name: `${st.name} ${kind}`, structure: st };
  let config: TournamentConfig;
  switch (kind) {
    case "re-entry":
      // R-TRN-3: until the end of the 2nd break, two re-entries at most; half the busted come back.
      money = { ...money, reEntry: { until: { endOfBreak: 2 }, max: 2 } };
      policy = { reEnter: pct(0.5) };
      config = { ...base, format: { kind }, money };
      break;
    case "rebuy":
      // R-TRN-4/5: rebuys when busted until the end of the first break, three at most; the add-on in that break.
      money = {
        ...money,
        rebuy: { cost: BUY_IN, fee: 0, chips: st.startingStack, max: 3, until: { endOfBreak: 1 } },
        addOn: { atBreak: 1, cost: BUY_IN / 2, fee: 0, chips: st.startingStack / 2 },
      };
      policy = { rebuy: pct(0.6), addOn: pct(0.7) };
      config = { ...base, format: { kind }, money };
      break;
    case "satellite":
      // R-TRN-8: seats worth ten buy-ins (plus fee) in the target.
      config = { ...base, format: { kind, seatValue: 10 * (BUY_IN + FEE), target: "main-event" }, money };
      break;
    case "freeroll":
      // R-TRN-7: no buy-in; the organiser puts up 10 per player.
      config = { ...base, format: { kind }, money: { buyIn: 0, fee: 0, organiserPrizes: 10 * players } };
      break;
    case "speed":
      timeoutRate = 0.02;
      config = { ...base, format: { kind, actionSeconds: 15 }, money };
      break;
    case "shootout":
      config = { ...base, format: { kind, finalTable: 10 }, money };
      break;
    default:
      config = { ...base, format: { kind } as TournamentConfig["format"], money };
  }
  return ok({ config, policy, timeoutRate });
}

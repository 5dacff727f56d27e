// The create form's money and windows → the tournament's format, money, late
// registration and payout table. Each part the request leaves out is the preset's; every
// refusal is a typed cause with its figures (the console says it in the user's language)
// and nothing is created.
import { fail, ok, type Result } from "../../lib/result.ts";
import { FORMAT_TAKES, WINDOW_FIELDS, type CreateTournamentRequest, type EventSettings, type TournamentFormat, type WindowEnd } from "../../protocol/index.ts";
import type { Format, TournamentConfig } from "../../tournament/director/index.ts";
import type { MoneyConfig, PayoutOptions } from "../../tournament/money/index.ts";
import type { Structure } from "../../tournament/structure/index.ts";
import { planOf } from "./presets.ts";
import { DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";

export type SettingsRequest = Pick<CreateTournamentRequest, "buyIn" | "fee" | "guarantee" | "reEntry" | "rebuy" | "addOn" | "lateRegistration" | "payout">;

/** The preset's settings with the request's parts put in (absent: the preset's; null: none). */
export function mergeSettings(defaults: EventSettings, r: SettingsRequest): EventSettings {
  const pick = <K extends keyof EventSettings>(k: K): EventSettings[K] =>
    (r as Partial<EventSettings>)[k] === undefined ? defaults[k] : (r as EventSettings)[k];
  return {
    buyIn: pick("buyIn"),
    fee: pick("fee"),
    guarantee: pick("guarantee"),
    reEntry: pick("reEntry"),
    rebuy: pick("rebuy"),
    addOn: pick("addOn"),
    lateRegistration: pick("lateRegistration"),
    payout: pick("payout"),
  };
}

/** A window must close at a level or break the structure has (else it would never close). */
function checkWindow(s: Structure, field: string, w: WindowEnd): Result<true> {
  const levels = s.items.filter((i) => i.kind === "level").length;
  const breaks = s.items.length - levels;
  if ("endOfLevel" in w && w.endOfLevel > levels)
    return fail(DIRECTOR_ERRORS.invalid, `${field}: the structure has ${levels} levels, not ${w.endOfLevel}`, {
      cause: "create/window-past-end",
      field,
      level: w.endOfLevel,
      levels,
    });
  if ("endOfBreak" in w && w.endOfBreak > breaks)
    return fail(DIRECTOR_ERRORS.invalid, `${field}: the structure has ${breaks} breaks, not ${w.endOfBreak}`, {
      cause: "create/window-past-end",
      field,
      break: w.endOfBreak,
      breaks,
    });
  return ok(true);
}

/** Percents with at most two decimals → basis points of the pool (the core's unit). */
function basisPoints(percents: readonly number[]): Result<number[]> {
  const out: number[] = [];
  for (let i = 0; i < percents.length; i++) {
    const bp = Math.round(percents[i]! * 100);
    if (Math.abs(bp - percents[i]! * 100) > 1e-6)
      return fail(DIRECTOR_ERRORS.invalid, `place ${i + 1}: a percentage has at most two decimals`, { cause: "create/payout-precision", place: i + 1 });
    out.push(bp);
  }
  return ok(out);
}

function rebuyRule(r: NonNullable<EventSettings["rebuy"]>): NonNullable<MoneyConfig["rebuy"]> {
  return {
    cost: r.cost,
    fee: r.fee,
    chips: r.chips,
    until: r.until,
    ...(r.max === undefined ? {} : { max: r.max }),
    ...(r.stackAtMost === undefined ? {} : { stackAtMost: r.stackAtMost }),
  };
}

export interface EventConfig {
  readonly format: Format;
  readonly money: MoneyConfig;
  readonly lateRegistration?: { readonly until: WindowEnd };
  readonly payout?: PayoutOptions;
  /** The guarantee in force: the one asked, or the fixed prizes' sum when that is more. */
  readonly guarantee: number;
}

/** A format and a part of the request that cannot go together, naming the part. */
export const formatConflict = (kind: string, field: string, why: string, figures: Record<string, unknown> = {}) =>
  fail(DIRECTOR_ERRORS.invalid, `a ${kind} tournament ${why}`, { cause: "create/format-conflict", format: kind, field, ...figures });

/** The format asked for against the windows: each window it cannot take, or the one it needs and lacks, is refused naming the field. */
function askedFormat(asked: TournamentFormat, x: EventSettings): Result<true> {
  for (const f of WINDOW_FIELDS)
    if (x[f] !== null && !FORMAT_TAKES[asked.kind].includes(f))
      return formatConflict(asked.kind, f, asked.kind === "heads-up" || asked.kind === "shootout" ? `draws its tables once: no ${f}` : `takes no ${f}`);
  if (asked.kind === "re-entry" && x.reEntry === null)
    return fail(DIRECTOR_ERRORS.invalid, "a re-entry tournament needs its re-entry window", {
      cause: "create/format-needs",
      format: asked.kind,
      field: "reEntry",
    });
  if (asked.kind === "rebuy" && x.rebuy === null && x.addOn === null)
    return fail(DIRECTOR_ERRORS.invalid, "a rebuy tournament needs rebuys or an add-on", { cause: "create/format-needs", format: asked.kind, field: "rebuy" });
  return ok(true);
}

/**
 * The format asked for (checked against the windows), else the preset's: a heads-up bracket
 * or a shootout as the preset runs, or as the windows say: re-entries make a re-entry
 * tournament (R-TRN-3), rebuys or an add-on a rebuy tournament (R-TRN-4/5), neither the
 * preset's freezeout (or speed). The payout
 * table and the core's own checks (checkConfig) are applied when it is announced.
 */
export function eventConfig(presetId: string, s: Structure, x: EventSettings, actionSeconds: number, asked?: TournamentFormat): Result<EventConfig> {
  const planKind = planOf(presetId).kind;
  const chosen: TournamentFormat | undefined = asked ?? (planKind === "heads-up" || planKind === "shootout" ? { kind: planKind } : undefined);
  // Both windows asked for says the plainer thing first: either one, not both (a format's own refusal would name only one).
  if (x.reEntry !== null && x.rebuy !== null)
    return fail(DIRECTOR_ERRORS.invalid, "a tournament offers re-entries or rebuys, not both", { cause: "create/re-entry-and-rebuy" });
  if (chosen !== undefined) {
    const c = askedFormat(chosen, x);
    if (!c.ok) return c;
  }
  const windows: [string, WindowEnd | undefined][] = [
    ["reEntry", x.reEntry?.until],
    ["rebuy", x.rebuy?.until],
    ["lateRegistration", x.lateRegistration?.until],
    ["addOn", x.addOn === null ? undefined : { endOfBreak: x.addOn.atBreak }],
  ];
  for (const [field, w] of windows) {
    if (w === undefined) continue;
    const c = checkWindow(s, field, w);
    if (!c.ok) return c;
  }
  let payout: PayoutOptions | undefined;
  let fixedSum = 0;
  if (x.payout?.kind === "percent") {
    const bp = basisPoints(x.payout.percents);
    if (!bp.ok) return bp;
    payout = { percents: bp.value };
  } else if (x.payout?.kind === "fixed") {
    payout = { fixed: [...x.payout.amounts] };
    fixedSum = x.payout.amounts.reduce((a, b) => a + b, 0);
  }
  // Fixed prizes are guaranteed: the guarantee is at least their sum.
  const guarantee = Math.max(x.guarantee, fixedSum);
  const format: Format =
    chosen?.kind === "shootout"
      ? { kind: "shootout", ...(chosen.finalTable === undefined ? {} : { finalTable: chosen.finalTable }) }
      : chosen?.kind === "heads-up"
        ? { kind: "heads-up" }
        : x.reEntry !== null
          ? { kind: "re-entry" }
          : x.rebuy !== null || x.addOn !== null
            ? { kind: "rebuy" }
            : (chosen?.kind ?? planKind) === "speed"
              ? { kind: "speed", actionSeconds }
              : { kind: "freezeout" };
  const money: MoneyConfig = {
    buyIn: x.buyIn,
    fee: x.fee,
    ...(x.reEntry === null ? {} : { reEntry: { until: x.reEntry.until, ...(x.reEntry.max === undefined ? {} : { max: x.reEntry.max }) } }),
    ...(x.rebuy === null ? {} : { rebuy: rebuyRule(x.rebuy) }),
    ...(x.addOn === null ? {} : { addOn: x.addOn }),
    ...(guarantee > 0 ? { guarantee } : {}),
  };
  return ok({
    format,
    money,
    ...(x.lateRegistration === null ? {} : { lateRegistration: x.lateRegistration }),
    ...(payout === undefined ? {} : { payout }),
    guarantee,
  });
}

/** The config's parts for TournamentConfig (the guarantee is in `money`). */
export const configParts = (e: EventConfig): Pick<TournamentConfig, "format" | "money"> & Partial<Pick<TournamentConfig, "lateRegistration" | "payout">> => ({
  format: e.format,
  money: e.money,
  ...(e.lateRegistration === undefined ? {} : { lateRegistration: e.lateRegistration }),
  ...(e.payout === undefined ? {} : { payout: e.payout }),
});

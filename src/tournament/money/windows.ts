// Entries after the start (R-TRN-3 re-entry, R-TRN-4 rebuy, R-TRN-5 add-on): each is one
// verb with a check that explains (`checkX` → the typed error) and a yes/no (`canX`).
import { fail, ok, type Result } from "../../lib/result.ts";
import { endOfBreakMs, endOfLevelMs, itemStartMs, startOfBreakMs, type Structure } from "../structure/index.ts";
import type { MoneyConfig, Payment, ReEntryCloses, ReEntryRule, WindowEnd } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

/** Milliseconds of play at which a window closes; Infinity when the point is past the schedule's end. */
export function windowEndMs(structure: Structure, end: WindowEnd): number {
  if ("minutes" in end) return end.minutes * 60_000;
  const t = "endOfBreak" in end ? endOfBreakMs(structure, end.endOfBreak) : endOfLevelMs(structure, end.endOfLevel);
  return t ?? Infinity;
}

/** R-TRN-3: milliseconds of play at which re-entry closes; a window to a break's end closes at that break's start when the room says so. */
export function reEntryEndMs(structure: Structure, rule: ReEntryRule, closes: ReEntryCloses = "break-end"): number {
  if (closes === "break-start" && "endOfBreak" in rule.until) return startOfBreakMs(structure, rule.until.endOfBreak) ?? Infinity;
  return windowEndMs(structure, rule.until);
}

/** R-TRN-3 default: re-entry until the end of the 2nd break. */
export const DEFAULT_RE_ENTRY_UNTIL: WindowEnd = { endOfBreak: 2 };

export interface EntryContext {
  readonly structure: Structure;
  /** Milliseconds of play so far (the tournament clock). */
  readonly elapsedMs: number;
  /** The player's chips now (0 when busted). */
  readonly stack: number;
  /** Still in the tournament (a busted player without a live entry is not). */
  readonly alive: boolean;
  /** Re-entries / rebuys / add-ons this player has already made. */
  readonly reEntries: number;
  readonly rebuys: number;
  readonly addOns: number;
  /** R-TRN-4: rebuys are never allowed at the final table. */
  readonly atFinalTable: boolean;
  /** R-TRN-3: a window to a break's end closes at its end (default) or its start. */
  readonly reEntryCloses?: ReEntryCloses;
  /**
   * R-TRN-5 by players left: the played ms the add-on is open, null while the players left
   * have not come down to the number; absent: the add-on is offered during its break.
   */
  readonly addOnWindow?: { readonly opens: number; readonly closes: number; readonly playersLeft: number } | null;
}

export function checkReEntry(config: MoneyConfig, ctx: EntryContext, player: string): Result<Payment> {
  const rule = config.reEntry;
  if (rule === undefined) return fail(TOURNAMENT_ERRORS.reEntryNotOffered, "this tournament has no re-entry");
  if (ctx.alive) return fail(TOURNAMENT_ERRORS.reEntryNotBusted, "only a busted player may re-enter", { player });
  const closesAt = reEntryEndMs(ctx.structure, rule, ctx.reEntryCloses);
  if (ctx.elapsedMs >= closesAt) {
    return fail(TOURNAMENT_ERRORS.reEntryClosed, "the re-entry window has closed", { player, closesAtMs: closesAt });
  }
  if (rule.max !== undefined && ctx.reEntries >= rule.max) {
    return fail(TOURNAMENT_ERRORS.reEntryLimit, `at most ${rule.max} re-entries per player`, { player, max: rule.max });
  }
  return ok({ player, kind: "re-entry", toPool: config.buyIn, fee: config.fee, chips: ctx.structure.startingStack });
}

export function checkRebuy(config: MoneyConfig, ctx: EntryContext, player: string): Result<Payment> {
  const rule = config.rebuy;
  if (rule === undefined) return fail(TOURNAMENT_ERRORS.rebuyNotOffered, "this tournament has no rebuys");
  if (ctx.atFinalTable) return fail(TOURNAMENT_ERRORS.rebuyAtFinalTable, "no rebuys at the final table (R-TRN-4)", { player });
  const closesAt = windowEndMs(ctx.structure, rule.until);
  if (ctx.elapsedMs >= closesAt) return fail(TOURNAMENT_ERRORS.rebuyClosed, "the rebuy period is over", { player, closesAtMs: closesAt });
  if (rule.max !== undefined && ctx.rebuys >= rule.max) {
    return fail(TOURNAMENT_ERRORS.rebuyLimit, `at most ${rule.max} rebuys per player`, { player, max: rule.max });
  }
  const limit = rule.stackAtMost ?? 0;
  if (ctx.stack > limit) {
    return fail(TOURNAMENT_ERRORS.rebuyStackTooBig, `a rebuy needs a stack of at most ${limit}`, { player, stack: ctx.stack, limit });
  }
  return ok({ player, kind: "rebuy", toPool: rule.cost, fee: rule.fee, chips: rule.chips });
}

export function checkAddOn(config: MoneyConfig, ctx: EntryContext, player: string): Result<Payment> {
  const rule = config.addOn;
  if (rule === undefined) return fail(TOURNAMENT_ERRORS.addOnNotOffered, "this tournament has no add-on");
  if (!ctx.alive) return fail(TOURNAMENT_ERRORS.addOnEliminated, "only a remaining player may take the add-on", { player });
  const byPlayers = ctx.addOnWindow;
  if (byPlayers === null) return fail(TOURNAMENT_ERRORS.addOnClosed, "the add-on is offered once the players left come down to its number", { player });
  if (byPlayers !== undefined) {
    if (ctx.elapsedMs < byPlayers.opens || ctx.elapsedMs >= byPlayers.closes) {
      return fail(TOURNAMENT_ERRORS.addOnClosed, `the add-on was offered at ${byPlayers.playersLeft} players left, until the end of that level`, {
        player,
        closesAtMs: byPlayers.closes,
      });
    }
    if (ctx.addOns >= 1) return fail(TOURNAMENT_ERRORS.addOnTaken, "the add-on can be taken once", { player });
    return ok({ player, kind: "add-on", toPool: rule.cost, fee: rule.fee, chips: rule.chips });
  }
  const ends = endOfBreakMs(ctx.structure, rule.atBreak);
  let opens = Infinity;
  if (ends !== null) {
    let seen = 0;
    ctx.structure.items.forEach((it, i) => {
      if (it.kind === "break" && ++seen === rule.atBreak) opens = itemStartMs(ctx.structure, i);
    });
  }
  if (ends === null || ctx.elapsedMs < opens || ctx.elapsedMs >= ends) {
    return fail(TOURNAMENT_ERRORS.addOnClosed, `the add-on is offered during break ${rule.atBreak} only`, { player });
  }
  if (ctx.addOns >= 1) return fail(TOURNAMENT_ERRORS.addOnTaken, "the add-on can be taken once", { player });
  return ok({ player, kind: "add-on", toPool: rule.cost, fee: rule.fee, chips: rule.chips });
}

export const canReEntry = (c: MoneyConfig, x: EntryContext, p: string): boolean => checkReEntry(c, x, p).ok;
export const canRebuy = (c: MoneyConfig, x: EntryContext, p: string): boolean => checkRebuy(c, x, p).ok;
export const canAddOn = (c: MoneyConfig, x: EntryContext, p: string): boolean => checkAddOn(c, x, p).ok;

/** The first entry (R-TRN-2). A freeroll (R-TRN-7) costs nothing, so a zero balance may enter. */
export function buyInPayment(config: MoneyConfig, structure: Structure, player: string): Payment {
  return { player, kind: "buy-in", toPool: config.buyIn, fee: config.fee, chips: structure.startingStack };
}

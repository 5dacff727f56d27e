// Announce, register, start or cancel (R-TRN-2, R-TRN-6, R-DEAL-6/7, R-TRN-10).
import { fail, ok, type Result } from "../../lib/result.ts";
import { drawSeating, shuffled, type RandomSource } from "../index.ts";
import { BUTTON_DRAWS, buttonDrawOf, drawTableButton } from "./button-draw.ts";
import { buyInPayment, checkPayoutOptions, decideStart, fixedTotal, refunds } from "../money/index.ts";
import { validateStructure } from "../structure/index.ts";
import { drawMatches } from "./bracket.ts";
import { fieldClosed } from "./entries-closed.ts";
import { prizesFixedEvent } from "./prizes.ts";
import { MAX_REBUY_GRACE_MS } from "./rebuy-grace.ts";
import { finalTableSizeOf, tableSizeOf, type TournamentState } from "./state.ts";
import type { TableDraw, TournamentConfig, TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

type Events = Result<TournamentEvent[]>;

export function checkConfig(c: TournamentConfig): Result<TournamentConfig> {
  const st = validateStructure(c.structure);
  if (!st.ok) return st;
  const f = c.format;
  if (f.kind === "re-entry" && c.money.reEntry === undefined) return fail(TOURNAMENT_ERRORS.badConfig, "a re-entry tournament needs money.reEntry (R-TRN-3)");
  if (f.kind === "rebuy" && c.money.rebuy === undefined && c.money.addOn === undefined)
    return fail(TOURNAMENT_ERRORS.badConfig, "a rebuy tournament needs money.rebuy or money.addOn (R-TRN-4/5)");
  if (f.kind !== "re-entry" && c.money.reEntry !== undefined) return fail(TOURNAMENT_ERRORS.badConfig, "only the re-entry format takes re-entries");
  if (f.kind === "satellite" && !(Number.isInteger(f.seatValue) && f.seatValue > 0))
    return fail(TOURNAMENT_ERRORS.badConfig, "a satellite needs a positive seat value (R-TRN-8)");
  if (f.kind === "freeroll" && (c.money.buyIn !== 0 || c.money.fee !== 0)) return fail(TOURNAMENT_ERRORS.badConfig, "a freeroll has no buy-in (R-TRN-7)");
  if (c.lateRegistration !== undefined && (f.kind === "heads-up" || f.kind === "shootout"))
    return fail(TOURNAMENT_ERRORS.badConfig, `a ${f.kind} draws its tables once: no late registration`);
  const down = c.playDownTo;
  if (down !== undefined && down !== 0) {
    if (!(Number.isInteger(down) && down >= 1 && 2 * down <= finalTableSizeOf(c)))
      return fail(
        TOURNAMENT_ERRORS.badConfig,
        `tables play down to 1 to ${Math.floor(finalTableSizeOf(c) / 2)} players (two tables' worth fit the final table), not ${down}`,
        {
          field: "playDownTo",
        },
      );
    if (f.kind === "heads-up" || f.kind === "shootout")
      return fail(TOURNAMENT_ERRORS.badConfig, `a ${f.kind} forms its final table its own way: no play-down`, { field: "playDownTo" });
  }
  if (c.tableMerge !== undefined && c.tableMerge !== "fill" && c.tableMerge !== "redraw")
    return fail(TOURNAMENT_ERRORS.badConfig, `tables merge by filling empty seats or by a full redraw, not ${String(c.tableMerge)}`, { field: "tableMerge" });
  if (c.buttonDraw !== undefined && !BUTTON_DRAWS.includes(c.buttonDraw))
    return fail(TOURNAMENT_ERRORS.badConfig, `the first button is drawn by ${BUTTON_DRAWS.join(", ")}, not ${String(c.buttonDraw)} (R-DEAL-6)`, {
      field: "buttonDraw",
    });
  if (c.balancing !== undefined && c.balancing !== "seed" && c.balancing !== "tda")
    return fail(TOURNAMENT_ERRORS.badConfig, `balancing follows the seed's rule or TDA's, not ${String(c.balancing)}`, { field: "balancing" });
  const addOnAt = c.addOnAt;
  if (addOnAt !== undefined && addOnAt !== "break") {
    const n = typeof addOnAt === "object" && addOnAt !== null ? addOnAt.playersLeft : undefined;
    if (!(Number.isInteger(n) && n! >= 2))
      return fail(TOURNAMENT_ERRORS.badConfig, "the add-on is offered at its break or when 2 or more players are left (R-TRN-5)", { field: "addOnAt" });
    if (c.money.addOn === undefined) return fail(TOURNAMENT_ERRORS.badConfig, "an add-on by players left needs an add-on (R-TRN-5)", { field: "addOnAt" });
  }
  const closes = c.reEntryCloses;
  if (closes !== undefined && closes !== "break-start" && closes !== "break-end")
    return fail(TOURNAMENT_ERRORS.badConfig, `re-entry closes at a break's start or end, not ${String(closes)}`, { field: "reEntryCloses" });
  if (closes === "break-start" && c.money.reEntry !== undefined && !("endOfBreak" in c.money.reEntry.until))
    return fail(TOURNAMENT_ERRORS.badConfig, "re-entry can close at a break's start only when its window ends at a break (R-TRN-3)", {
      field: "reEntryCloses",
    });
  const grace = c.rebuyGraceMs;
  if (grace !== undefined && !(Number.isInteger(grace) && grace >= 0 && grace <= MAX_REBUY_GRACE_MS))
    return fail(TOURNAMENT_ERRORS.badConfig, `the rebuy grace is 0 to ${MAX_REBUY_GRACE_MS} ms of play (R-TRN-4)`);
  const size = tableSizeOf(c);
  if (!(Number.isInteger(size) && size >= 2 && size <= 23)) return fail(TOURNAMENT_ERRORS.badTableSize, `a table seats 2 to 23 players, not ${size}`);
  const spare = c.spareSeats;
  if (spare !== undefined && !(Number.isInteger(spare) && spare >= 0 && spare < size))
    return fail(TOURNAMENT_ERRORS.badTableSize, `the seats kept free at a table are 0 to ${size - 1}, not ${spare}`, { field: "spareSeats" });
  const finalSize = c.finalTableSize;
  if (finalSize !== undefined && !(Number.isInteger(finalSize) && finalSize >= 2 && finalSize <= size))
    return fail(TOURNAMENT_ERRORS.badTableSize, `the final table seats 2 to ${size} players (the table size), not ${finalSize}`, { field: "finalTableSize" });
  if (!(Number.isInteger(c.money.buyIn) && c.money.buyIn >= 0 && Number.isInteger(c.money.fee) && c.money.fee >= 0)) {
    return fail(TOURNAMENT_ERRORS.badConfig, "buy-in and fee are whole non-negative amounts");
  }
  // The room's own payout table; fixed prizes are guaranteed, so the guarantee covers them.
  const payout = checkPayoutOptions(c.payout ?? {});
  if (!payout.ok) return payout;
  const fixed = fixedTotal(c.payout);
  if (fixed > (c.money.guarantee ?? 0) + (c.money.organiserPrizes ?? 0)) {
    return fail(TOURNAMENT_ERRORS.badPayout, `the fixed prizes add up to ${fixed}, more than the guarantee`, {
      reason: "over-guarantee",
      total: fixed,
      guarantee: c.money.guarantee ?? 0,
    });
  }
  return ok(c);
}

export function decideAnnounce(s: TournamentState, at: number, config: TournamentConfig): Events {
  if (s.config !== null) return fail(TOURNAMENT_ERRORS.alreadyAnnounced, "this tournament is already announced");
  const c = checkConfig(config);
  if (!c.ok) return c;
  return ok([{ type: "announced", at, config }]);
}

export function decideOpen(s: TournamentState, at: number): Events {
  if (s.config === null || s.status !== "announced") return fail(TOURNAMENT_ERRORS.badStatus, `registration cannot open when ${s.status}`);
  return ok([{ type: "registration-opened", at }]);
}

export function decideRegister(s: TournamentState, at: number, player: string): Events {
  if (s.status !== "registering") return fail(TOURNAMENT_ERRORS.notRegistering, `registration is not open (${s.status})`, { player });
  if (typeof player !== "string" || player.length === 0 || player.includes("#"))
    return fail(TOURNAMENT_ERRORS.badPlayer, "a player name is a non-empty string without '#'");
  if (s.players.has(player)) return fail(TOURNAMENT_ERRORS.alreadyRegistered, `${player} is already registered`, { player });
  const c = s.config!;
  return ok([{ type: "registered", at, payment: buyInPayment(c.money, c.structure, player) }]);
}

export function decideCancel(s: TournamentState, at: number, reason: string): Events {
  if (s.status !== "announced" && s.status !== "registering") return fail(TOURNAMENT_ERRORS.badStatus, `a ${s.status} tournament cannot be cancelled`);
  const back = [...refunds(s.payments)].map(([player, amount]) => ({ player, amount }));
  return ok([{ type: "cancelled", at, reason, refunds: back }]);
}

/** R-TRN-6: the floor moves a start rule's start before it; the deadline stays as far after it as the rule says. */
export function decideMoveStart(s: TournamentState, at: number, scheduledAt: number): Events {
  if (s.status !== "announced" && s.status !== "registering") return fail(TOURNAMENT_ERRORS.badStatus, `cannot move the start when ${s.status}`);
  const rule = s.config?.start;
  if (rule === undefined) return ok([]);
  if (!Number.isSafeInteger(scheduledAt) || scheduledAt < 0) return fail(TOURNAMENT_ERRORS.badConfig, "the start is not a time", { field: "startsAt" });
  return ok([{ type: "start-moved", at, scheduledAt, deadline: scheduledAt + (rule.deadline - rule.scheduledAt) }]);
}

export function decideStartCmd(s: TournamentState, at: number, present: readonly string[] | undefined, rng: RandomSource, early = false): Events {
  if (s.status !== "registering") return fail(TOURNAMENT_ERRORS.badStatus, `cannot start when ${s.status}`);
  const c = s.config!;
  const here = (present ?? [...s.players.keys()]).filter((p) => s.players.has(p));
  if (c.start !== undefined) {
    // An early start by the floor is judged as if it were the scheduled time: the minimum must be there.
    const d = decideStart(c.start, early ? Math.max(at, c.start.scheduledAt) : at, here.length);
    if (d.kind === "wait")
      return fail(
        TOURNAMENT_ERRORS.notYet,
        d.reason === "before-schedule" ? "it is not the scheduled start yet" : `waiting for ${c.start.minPlayers} players until the deadline`,
        { present: here.length },
      );
    // R-TRN-6: cancelled, everyone refunded, the guarantee void.
    if (d.kind === "cancel") return decideCancel(s, at, `only ${d.present} of ${d.needed} players paid and present by the deadline`);
  } else if (here.length < 2) {
    return fail(TOURNAMENT_ERRORS.tooFewPlayers, "a tournament needs at least two players");
  }
  const ids = [...s.entries.keys()];
  const events: TournamentEvent[] = [];
  if (c.format.kind === "heads-up") {
    events.push({ type: "started", at, tables: [] });
    events.push(drawMatches(1, shuffled(ids, rng), 1, at, rng, buttonDrawOf(c)));
  } else {
    const seating = drawSeating(ids, rng, tableSizeOf(c));
    if (!seating.ok) return seating;
    const tables: TableDraw[] = [];
    for (const t of seating.value.tables) {
      const seats = t.seats.map((a) => ({ seat: a.seat, entry: a.player }));
      const btn = drawTableButton(
        c,
        seats.map((x) => x.seat),
        rng,
      );
      tables.push({ table: t.table, seats, button: btn?.button ?? seats[0]?.seat ?? 1, ...(btn !== null ? { draw: btn.draw } : {}) });
    }
    events.push({ type: "started", at, tables });
  }
  events.push({ type: "level-started", at, itemIndex: 0, levelNumber: 1 });
  // Fixed at once when nothing more can be paid in (freezeout and the like).
  const probe = { ...s, startedAt: at, alive: s.entries.size } as TournamentState;
  if (fieldClosed(probe, at)) events.push(prizesFixedEvent(s, at));
  return ok(events);
}

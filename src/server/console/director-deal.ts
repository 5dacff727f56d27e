// A deal among the finalists: the prizes still to be paid shared by ICM, by chips
// (chip-chop), or as the players agreed (custom). The figures are the director's own
// (src/tournament/director dealFigures): the floor's figures are checked against them (ICM,
// chip-chop) or checked to name every finalist and share exactly the prizes left (custom),
// and the results are answered as the deal makes them: places by stack, prizes the deal's.
// With `apply` the deal is recorded (the director's "deal" command): the tournament
// finishes with those prizes and they are paid to the players' accounts.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { DealRequest, ResultRow, ResultsMoney, ResultsResponse } from "../../protocol/index.ts";
import {
  chipsIssuedInPlay,
  dealFigures,
  finalPlacements,
  lastEntryMs,
  type Placement,
  type TournamentCommand,
  type TournamentState,
} from "../../tournament/director/index.ts";
import { dryRun, levelAt, payoutsOf, played } from "../gateway/lobby-views.ts";
import { stacksOf } from "../tournaments/tournament-live.ts";
import { playerNumberOf, type TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

/** The director's deal command for a request: ICM and chip-chop are computed by the director, a custom deal carries its amounts. */
function dealCommand(b: DealRequest, at: number): TournamentCommand {
  return b.method === "custom"
    ? { type: "deal", at, method: "custom", amounts: b.payouts.map((p) => [p.entryId, p.amount] as const) }
    : { type: "deal", at, method: b.method };
}

/** When no more entries can come: the level and instant, or (a window past the schedule) the players left then. */
function entriesClose(t: TournamentRuntime, now: number): Record<string, number> {
  const c = t.dir.config!;
  const ms = lastEntryMs(t.dir);
  if (ms === Infinity) return { closesWithPlayers: c.tableSize ?? 10 };
  return { closesLevel: levelAt(c.structure, ms), closesAt: Math.round(now + Math.max(0, ms - played(t, now))) };
}

/**
 * A live deal's counted chips: one per finalist, adding up to the chips in play unless the
 * floor confirmed the difference (a chip found or lost).
 */
function checkChips(t: TournamentRuntime, b: DealRequest): Result<void> {
  if (b.stacks === undefined) return ok(undefined);
  if (!t.isLive) return fail(DIRECTOR_ERRORS.invalid, "counted chips go with a live room's deal; online stacks are the tables'");
  const alive = [...t.dir.entries.values()].filter((e) => e.alive).map((e) => e.id);
  const named = new Set(b.stacks.map((x) => x.entryId));
  if (named.size !== b.stacks.length || named.size !== alive.length || alive.some((id) => !named.has(id)))
    return fail(DIRECTOR_ERRORS.invalid, "the counted chips name every finalist once", { reason: "chips-finalists" });
  const counted = b.stacks.reduce((a, x) => a + x.stack, 0);
  const inPlay = chipsIssuedInPlay(t.dir);
  if (counted !== inPlay && b.differenceConfirmed !== true)
    return fail(DIRECTOR_ERRORS.invalid, `the chips counted (${counted}) are not the chips in play (${inPlay}): count again or confirm the difference`, {
      reason: "chips-off",
      counted,
      inPlay,
    });
  return ok(undefined);
}

export function dealResults(t: TournamentRuntime, b: DealRequest, now: number): Result<ResultsResponse> {
  const c = t.dir.config;
  if (c === null || t.dir.status !== "running") return fail(DIRECTOR_ERRORS.invalid, "a deal is made while the tournament runs");
  const chips = checkChips(t, b);
  if (!chips.ok) return chips;
  // The figures are those of the chips counted for the deal, when the floor sends them.
  const counted = new Map((b.stacks ?? []).map((x) => [x.entryId, x.stack]));
  const s: TournamentState =
    counted.size === 0 ? t.dir : { ...t.dir, entries: new Map([...t.dir.entries].map(([k, e]) => [k, counted.has(k) ? { ...e, stack: counted.get(k)! } : e])) };
  const asked = new Map(b.payouts.map((p) => [p.entryId, p.amount]));
  const f = dealFigures(s, b.method, b.method === "custom" ? b.payouts.map((p) => [p.entryId, p.amount] as const) : undefined);
  if (!f.ok) {
    const { code, message, ...details } = f.error;
    return fail(DIRECTOR_ERRORS.invalid, message, { ...details, ...(details["reason"] === "prizes-not-fixed" ? entriesClose(t, now) : {}), cause: code });
  }
  const left = f.value.finalists;
  const amounts = f.value.amounts;
  if (asked.size !== b.payouts.length || left.length !== asked.size || left.some((e) => !asked.has(e.id))) {
    return fail(DIRECTOR_ERRORS.invalid, "the deal must name every finalist once", { finalists: left.map((e) => e.id) });
  }
  if (b.method !== "custom" && left.some((e, i) => asked.get(e.id) !== amounts[i])) {
    // Wire error details are flat, so the figures ride as entry id → amount.
    const expected = Object.fromEntries(left.map((e, i) => [e.id, amounts[i]!]));
    return fail(DIRECTOR_ERRORS.invalid, `the ${b.method} figures are different`, expected);
  }
  const paid = placedSoFar(t).map((p) => resultRow(t, p, now));
  // Places follow the stacks; equal stacks share the better place.
  const finalists = left.map((e, i) =>
    resultRow(t, { entry: e.id, player: e.player, places: [left.findIndex((x) => x.stack === e.stack) + 1], prize: amounts[i]! }, now),
  );
  return ok({
    tournamentId: t.id,
    name: t.meta.name,
    payouts: s.prizes!.prizes.map((amount, i) => ({ place: i + 1, amount })),
    payoutsFixed: true,
    results: [...finalists, ...paid].sort((a, b) => a.place - b.place),
    stillIn: [],
    durationMs: s.startedAt === null ? 0 : Math.max(0, now - s.startedAt),
  });
}

/**
 * The places given so far: the final ones once the tournament is over; while it runs, every
 * entry out so far counted from the field so far (R-PLACE-1: provisional while entries can
 * still come) with the prize that place pays on the payouts as they stand.
 */
export function placedSoFar(t: TournamentRuntime): readonly Placement[] {
  const d = t.dir;
  if (d.placements !== null) return d.placements;
  if (d.config === null || d.status !== "running") return [];
  const p = payoutsOf(t);
  const state = d.prizes !== null ? d : ({ ...d, prizes: { pool: p.pool, overlay: 0, entries: d.entries.size, prizes: p.prizes } } as TournamentState);
  return finalPlacements(state, [], []);
}

/** The player's entry number of an entry: 1 the first, 2 their first re-entry, ... */
function entryNumber(t: TournamentRuntime, entry: string, player: string): number {
  return Math.max(1, (t.dir.players.get(player)?.entries.indexOf(entry) ?? 0) + 1);
}

/** Whether the rules take a re-entry of `player` now (a dry run of the director: nothing changes, no draw is used). */
function mayReEnter(t: TournamentRuntime, player: string, entry: string, now: number): boolean {
  const d = t.dir;
  if (d.status !== "running" || d.config?.money.reEntry === undefined) return false;
  if (d.players.get(player)?.entries.at(-1) !== entry) return false;
  return "events" in dryRun(t, { type: "re-enter", at: now, player }, "re-entry-closed");
}

function resultRow(t: TournamentRuntime, p: Pick<Placement, "entry" | "player" | "places" | "prize">, now: number): ResultRow {
  const e = t.dir.entries.get(p.entry);
  return {
    place: p.places[0]!,
    entryId: p.entry,
    name: t.names.get(p.player) ?? "player",
    ...playerNumberOf(t, p.player),
    entryNumber: entryNumber(t, p.entry, p.player),
    prize: p.prize,
    rebuys: e?.rebuys ?? 0,
    addOn: (e?.addOns ?? 0) > 0,
    bustedAt: t.bustedAt.get(p.entry) ?? null,
    canReEnter: mayReEnter(t, p.player, p.entry, now),
    playerId: p.player,
  };
}

/** The results so far: every entry out (re-entries separately) with place, bust time and prize; the entries still in with their stacks. */
/** What entries paid in (pool and fees), the overlay and the deal, from the director's payments. */
function moneyOf(t: TournamentRuntime, prizePool: number): ResultsMoney {
  const sum = { "buy-in": 0, "re-entry": 0, rebuy: 0, "add-on": 0 };
  let fees = 0;
  for (const p of t.dir.payments) {
    sum[p.kind] += p.toPool;
    fees += p.fee;
  }
  const paidIn = sum["buy-in"] + sum["re-entry"] + sum.rebuy + sum["add-on"];
  return {
    buyIns: sum["buy-in"],
    reEntries: sum["re-entry"],
    rebuys: sum.rebuy,
    addOns: sum["add-on"],
    fees,
    overlay: Math.max(0, prizePool - paidIn),
    prizePool,
    deal: t.dir.deal ?? null,
  };
}

export function resultsOf(t: TournamentRuntime, now: number): ResultsResponse {
  const d = t.dir;
  const placements = placedSoFar(t);
  const placed = new Set(placements.map((p) => p.entry));
  const results = placements.map((p) => resultRow(t, p, now));
  const stacks = stacksOf(t);
  const stillIn = [...d.entries.values()]
    .filter((e) => e.alive && !placed.has(e.id))
    .map((e) => ({
      entryId: e.id,
      name: t.names.get(e.player) ?? "player",
      ...playerNumberOf(t, e.player),
      entryNumber: entryNumber(t, e.id, e.player),
      stack: stacks.get(e.id)?.stack ?? e.stack,
      countedAt: stacks.get(e.id)?.countedAt ?? null,
    }))
    .sort((a, b) => b.stack - a.stack);
  const payouts = payoutsOf(t);
  return {
    tournamentId: t.id,
    name: t.meta.name,
    money: moneyOf(t, payouts.pool),
    payouts: payouts.prizes.map((amount, i) => ({ place: i + 1, amount })),
    payoutsFixed: payouts.fixed,
    results: results.sort((a, b) => a.place - b.place),
    stillIn,
    durationMs: d.startedAt === null ? 0 : Math.max(0, now - d.startedAt),
  };
}

/**
 * A deal recorded (ICM, chip-chop or custom): a live floor's counted chips are checked and
 * recorded as the count, the floor's figures are checked as above, then
 * the director's deal finishes the tournament and the prizes are paid. Online the tables
 * must be between hands.
 */
export async function applyDeal(t: TournamentRuntime, b: DealRequest): Promise<Result<ResultsResponse>> {
  if (t.hasCommand(b.commandId)) return ok(resultsOf(t, t.now()));
  if (b.stacks !== undefined) {
    // The counted chips are checked, then recorded as the floor's count: the deal is made on them.
    if (t.dir.status !== "running") return fail(DIRECTOR_ERRORS.invalid, "a deal is made while the tournament runs");
    const chips = checkChips(t, b);
    if (!chips.ok) return chips;
    const stacks = b.stacks.map((x) => [x.entryId, x.stack] as const);
    const counted = await t.command((at) => ({ type: "chip-count", at, stacks }), `${b.commandId}.count`);
    if (!counted.ok) return counted;
  }
  const checked = dealResults(t, { ...b, differenceConfirmed: true }, t.now());
  if (!checked.ok) return checked;
  const r = await t.command((at) => dealCommand(b, at), b.commandId, {
    pay: async () => {
      const busy = t.tableInHand([...t.dir.tables.keys()]);
      return busy === undefined ? ok(undefined) : fail(TOURNAMENT_ERRORS.badState, `table ${busy} is playing a hand; pause and let it finish first`);
    },
  });
  return r.ok ? ok(resultsOf(t, t.now())) : r;
}

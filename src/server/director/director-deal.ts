// A deal among the finalists: the prizes still to be paid shared by ICM, by chips
// (chip-chop), or as the players agreed (custom). The figures are the director's own
// (src/tournament/director dealFigures): the floor's figures are checked against them (ICM,
// chip-chop) or checked to name every finalist and share exactly the prizes left (custom),
// and the results are answered as the deal makes them: places by stack, prizes the deal's.
// With `apply` the deal is recorded (the director's "deal" command): the tournament
// finishes with those prizes and they are paid to the players' accounts.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { DealRequest, ResultsResponse } from "../../protocol/index.ts";
import { dealFigures, type TournamentCommand } from "../../tournament/director/index.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";

/** The director's deal command for a request: ICM and chip-chop are computed by the director, a custom deal carries its amounts. */
function dealCommand(b: DealRequest, at: number): TournamentCommand {
  return b.method === "custom" ? { type: "deal", at, method: "custom", amounts: b.payouts.map((p) => [p.entryId, p.amount] as const) } : { type: "deal", at, method: b.method };
}

export function dealResults(t: TournamentRuntime, b: DealRequest, now: number): Result<ResultsResponse> {
  const s = t.dir;
  const c = s.config;
  if (c === null || s.status !== "running") return fail("director/invalid", "a deal is made while the tournament runs");
  const asked = new Map(b.payouts.map((p) => [p.entryId, p.amount]));
  const f = dealFigures(s, b.method, b.method === "custom" ? b.payouts.map((p) => [p.entryId, p.amount] as const) : undefined);
  if (!f.ok) {
    const { code, message, ...details } = f.error;
    return fail("director/invalid", message, { ...details, cause: code });
  }
  const left = f.value.finalists;
  const amounts = f.value.amounts;
  if (asked.size !== b.payouts.length || left.length !== asked.size || left.some((e) => !asked.has(e.id))) {
    return fail("director/invalid", "the deal must name every finalist once", { finalists: left.map((e) => e.id) });
  }
  if (b.method !== "custom" && left.some((e, i) => asked.get(e.id) !== amounts[i])) {
    // Wire error details are flat, so the figures ride as entry id → amount.
    const expected = Object.fromEntries(left.map((e, i) => [e.id, amounts[i]!]));
    return fail("director/invalid", `the ${b.method} figures are different`, expected);
  }
  const name = (player: string) => t.names.get(player) ?? "player";
  const paid = (s.placements ?? []).map((p) => {
    const e = s.entries.get(p.entry);
    return { place: p.places[0]!, entryId: p.entry, name: name(p.player), prize: p.prize, rebuys: e?.rebuys ?? 0, addOn: (e?.addOns ?? 0) > 0, bustedAt: null };
  });
  // Places follow the stacks; equal stacks share the better place.
  const finalists = left.map((e, i) => ({
    place: left.findIndex((x) => x.stack === e.stack) + 1,
    entryId: e.id,
    name: name(e.player),
    prize: amounts[i]!,
    rebuys: e.rebuys,
    addOn: e.addOns > 0,
    bustedAt: null,
  }));
  return ok({
    tournamentId: t.id,
    name: t.meta.name,
    payouts: s.prizes!.prizes.map((amount, i) => ({ place: i + 1, amount })),
    results: [...finalists, ...paid].sort((a, b) => a.place - b.place),
    stillIn: [],
    durationMs: s.startedAt === null ? 0 : Math.max(0, now - s.startedAt),
  });
}

/** The results so far: places and prizes given, the players still in with their stacks. */
export function resultsOf(t: TournamentRuntime, now: number): ResultsResponse {
  const d = t.dir;
  const placed = new Set<string>();
  const results = (d.placements ?? []).map((p) => {
    placed.add(p.entry);
    const e = d.entries.get(p.entry);
    return { place: p.places[0]!, entryId: p.entry, name: t.names.get(p.player) ?? "player", prize: p.prize, rebuys: e?.rebuys ?? 0, addOn: (e?.addOns ?? 0) > 0, bustedAt: t.bustedAt.get(p.entry) ?? null };
  });
  const stillIn = [...d.entries.values()].filter((e) => e.alive && !placed.has(e.id)).map((e) => ({ entryId: e.id, name: t.names.get(e.player) ?? "player", stack: e.stack }));
  return {
    tournamentId: t.id,
    name: t.meta.name,
    payouts: (d.prizes?.prizes ?? []).map((amount, i) => ({ place: i + 1, amount })),
    results: results.sort((a, b) => a.place - b.place),
    stillIn,
    durationMs: d.startedAt === null ? 0 : Math.max(0, now - d.startedAt),
  };
}

/**
 * A deal recorded (ICM, chip-chop or custom): the floor's figures are checked as above, then
 * the director's deal finishes the tournament and the prizes are paid. Online the tables
 * must be between hands.
 */
export async function applyDeal(t: TournamentRuntime, b: DealRequest): Promise<Result<ResultsResponse>> {
  if (t.hasCommand(b.commandId)) return ok(resultsOf(t, t.now()));
  const checked = dealResults(t, b, t.now());
  if (!checked.ok) return checked;
  const r = await t.command((at) => dealCommand(b, at), b.commandId, {
    pay: async () => {
      const busy = [...t.tables.values()].find((s) => s.state.hand !== null);
      return busy === undefined ? ok(undefined) : fail("tournament/bad-state", `table ${busy.state.config.tableNumber} is playing a hand; pause and let it finish first`);
    },
  });
  return r.ok ? ok(resultsOf(t, t.now())) : r;
}

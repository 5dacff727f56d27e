// A deal among the finalists (R-TRN deals): the prizes still to be paid shared by ICM
// (src/tournament/money icmDeal), by chips (chip-chop), or as the players agreed (custom).
// The server checks the floor's figures against the method and answers the results as the
// deal makes them: places by stack, prizes the agreed amounts. With `apply` an ICM deal is
// recorded (the director's "deal" command): the tournament finishes with those prizes and
// they are paid to the players' accounts. The director's deal is ICM only, so chip-chop and
// custom deals are checked and shown, not recorded.
import { fail, ok, type Result } from "../lib/result.ts";
import type { DealRequest, ResultsResponse } from "../protocol/index.ts";
import { icmDeal } from "../tournament/money/index.ts";
import type { TournamentRuntime } from "./tournament-runtime.ts";

/** Chip-chop: each finalist's share of the prizes left is their share of the chips. */
function chipChop(stacks: readonly number[], total: number, unit: number): number[] {
  const chips = stacks.reduce((a, b) => a + b, 0);
  const shares = stacks.map((s) => (total * s) / chips);
  const out = shares.map((s) => Math.floor(s / unit + 1e-9) * unit);
  // Whole units left over go to the biggest fractions first, then any odd remainder to the chip leader.
  const order = shares.map((_, i) => i).sort((a, b) => shares[b]! / unit - out[b]! / unit - (shares[a]! / unit - out[a]! / unit) || a - b);
  let left = total - out.reduce((a, b) => a + b, 0);
  for (let k = 0; left >= unit; k = (k + 1) % order.length, left -= unit) out[order[k]!]! += unit;
  out[0]! += left;
  return out;
}

export function dealResults(t: TournamentRuntime, b: DealRequest, now: number): Result<ResultsResponse> {
  const s = t.dir;
  const c = s.config;
  if (c === null || s.status !== "running") return fail("director/invalid", "a deal is made while the tournament runs");
  if (c.format.kind === "satellite" || c.format.kind === "heads-up") return fail("director/invalid", `no deal in a ${c.format.kind} tournament`);
  if (s.prizes === null) return fail("director/invalid", "the prizes are not fixed yet");
  if (s.busted.length > 0) return fail("director/invalid", "settle the last hand first");
  const left = [...s.entries.values()].filter((e) => e.alive).sort((a, b) => b.stack - a.stack || (a.id < b.id ? -1 : 1));
  // As the director's decideDeal: among one final table (its default size is 10).
  if (left.length < 2 || left.length > (c.tableSize ?? 10)) return fail("director/invalid", "a deal is made among the players of the final table");
  const asked = new Map(b.payouts.map((p) => [p.entryId, p.amount]));
  if (asked.size !== b.payouts.length || left.length !== asked.size || left.some((e) => !asked.has(e.id))) {
    return fail("director/invalid", "the deal must name every finalist once", { finalists: left.map((e) => e.id) });
  }
  const prizes = left.map((_, i) => s.prizes!.prizes[i] ?? 0);
  const total = prizes.reduce((a, x) => a + x, 0);
  const unit = c.money.unit ?? 1;
  const stacks = left.map((e) => e.stack);
  let amounts: number[];
  if (b.method === "custom") {
    amounts = left.map((e) => asked.get(e.id)!);
    const sum = amounts.reduce((a, x) => a + x, 0);
    if (sum !== total) return fail("director/invalid", `the deal shares ${sum}, the prizes left are ${total}`, { total });
  } else {
    const r = b.method === "icm" ? icmDeal(stacks, prizes, unit) : ok(chipChop(stacks, total, unit));
    if (!r.ok) return fail("director/invalid", r.error.message, { cause: r.error.code });
    amounts = r.value;
    // Wire error details are flat, so the figures ride as entry id → amount.
    const expected = Object.fromEntries(left.map((e, i) => [e.id, amounts[i]!]));
    if (left.some((e, i) => asked.get(e.id) !== amounts[i])) return fail("director/invalid", `the ${b.method} figures are different`, expected);
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
    payouts: s.prizes.prizes.map((amount, i) => ({ place: i + 1, amount })),
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
 * An ICM deal recorded: the floor's figures are checked as above, then the director's deal
 * finishes the tournament and the prizes are paid. Online the tables must be between hands.
 */
export async function applyDeal(t: TournamentRuntime, b: DealRequest): Promise<Result<ResultsResponse>> {
  if (t.hasCommand(b.commandId)) return ok(resultsOf(t, t.now()));
  if (b.method !== "icm") return fail("director/invalid", "only an ICM deal is recorded; chip-chop and custom deals are checked and shown");
  const checked = dealResults(t, b, t.now());
  if (!checked.ok) return checked;
  const r = await t.command((at) => ({ type: "deal", at }), b.commandId, {
    pay: async () => {
      const busy = [...t.tables.values()].find((s) => s.state.hand !== null);
      return busy === undefined ? ok(undefined) : fail("tournament/bad-state", `table ${busy.state.config.tableNumber} is playing a hand; pause and let it finish first`);
    },
  });
  return r.ok ? ok(resultsOf(t, t.now())) : r;
}

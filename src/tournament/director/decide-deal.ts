// A deal among the finalists: they stop playing and share the prizes still to be paid by
// ICM (Malmuth–Harville, src/tournament/money icmDeal). Places follow the stacks; prizes
// are the ICM amounts, which sum exactly to the prizes of the places left.
import { fail, ok, type Result } from "../../lib/result.ts";
import { icmDeal } from "../money/index.ts";
import { finalPlacements } from "./placements.ts";
import { tableSizeOf, type TournamentState } from "./state.ts";
import type { Placement, TournamentEvent } from "./types.ts";

export function decideDeal(s: TournamentState, at: number): Result<TournamentEvent[]> {
  if (s.status !== "running") return fail("tournament/not-running", `the tournament is ${s.status}`);
  const c = s.config!;
  if (c.format.kind === "satellite" || c.format.kind === "heads-up") return fail("tournament/no-deal", `no ICM deal in a ${c.format.kind} tournament`);
  if (s.prizes === null) return fail("tournament/no-deal", "the prizes are not fixed yet");
  if (s.busted.length > 0) return fail("tournament/no-deal", "settle the last hand first");
  const left = [...s.entries.values()].filter((e) => e.alive);
  if (left.length < 2 || left.length > tableSizeOf(c)) return fail("tournament/no-deal", "a deal is made among the players of the final table");
  left.sort((a, b) => b.stack - a.stack || (a.id < b.id ? -1 : 1));
  const prizes = left.map((_, i) => s.prizes!.prizes[i] ?? 0);
  const deal = icmDeal(left.map((e) => e.stack), prizes, c.money.unit ?? 1);
  if (!deal.ok) return deal;
  const amounts = new Map(left.map((e, i) => [e.id, deal.value[i]!]));
  // Places by stack (equal stacks share); the money is the deal's.
  const stacks = [...new Set(left.map((e) => e.stack))];
  const ranked = stacks.map((st) => left.filter((e) => e.stack === st).map((e) => e.id));
  const placements: Placement[] = finalPlacements(s, [], ranked).map((p) => (amounts.has(p.entry) ? { ...p, prize: amounts.get(p.entry)! } : p));
  return ok([{ type: "finished", at, placements }]);
}

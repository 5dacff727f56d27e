// Per-table pace, as a property: over random busts at random tables, finished in
// random orders (each hand takes a random time), after every settle the tables are
// balanced as R-TBL-2/3 say once the owed moves are made, every entrant has exactly one
// seat or one place, chips are conserved, and the indexes match the tables.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomInt, type RandomSource } from "../index.ts";
import { dueCount } from "./pace-index.ts";
import { replay, runPacedTournament, snapshot, type TournamentState } from "./index.ts";
import { tableSizeOf } from "./state.ts";
import type { HandSetup } from "./hand-setup.ts";
import { names, seedConfig } from "../../../testkit/tournament/director.ts";

/** A hand that busts 0..3 random players (their chips go to random survivors). */
function bustyHand(setup: HandSetup, rng: RandomSource): number[] {
  const stacks = [...setup.config.stacks];
  const n = stacks.length;
  const busts = Math.min(n - 1, randomInt(rng, 6) < 4 ? 0 : 1 + randomInt(rng, 3));
  const order = Array.from({ length: n }, (_, i) => i).sort(() => 0);
  for (let k = 0; k < busts; k++) {
    const alive = order.filter((i) => stacks[i]! > 0);
    if (alive.length < 2) break;
    const loser = alive[randomInt(rng, alive.length)]!;
    const others = alive.filter((i) => i !== loser);
    const winner = others[randomInt(rng, others.length)]!;
    stacks[winner]! += stacks[loser]!;
    stacks[loser] = 0;
  }
  if (busts === 0) {
    const a = randomInt(rng, n);
    const b = (a + 1 + randomInt(rng, n - 1)) % n;
    const amount = Math.min(stacks[b]!, Math.max(...setup.config.blinds));
    stacks[b]! -= amount;
    stacks[a]! += amount;
  }
  return stacks;
}

export function checkPaceInvariants(s: TournamentState): void {
  if (s.status !== "running") return;
  const size = tableSizeOf(s.config!);
  // Every entrant: one seat (alive) or one place (out).
  const seatedAt = new Map<string, number>();
  let inHand = 0;
  for (const t of s.tables.values()) {
    let count = 0;
    t.seats.forEach((id, i) => {
      if (id === null) return;
      count++;
      expect(seatedAt.has(id), `${id} seated twice`).toBe(false);
      seatedAt.set(id, t.id);
      const e = s.entries.get(id)!;
      expect(e.alive && e.table === t.id && e.seat === i + 1, `${id} at ${t.id}:${i + 1}`).toBe(true);
    });
    expect(t.count).toBe(count);
    expect(t.indexed).toBe(dueCount(t));
    expect(s.byDue[t.indexed]!.has(t.id)).toBe(true);
    expect(s.freeByDue[t.indexed]?.has(t.id) ?? false).toBe(!t.inHand);
    if (t.inHand) inHand++;
    for (const r of t.owes) expect(s.tables.get(r)!.from.filter((g) => g === t.id).length).toBe(t.owes.filter((x) => x === r).length);
  }
  expect(s.inHand).toBe(inHand);
  const out = new Map<string, number>();
  for (const ev of s.eliminations) for (const g of ev) for (const id of g) out.set(id, (out.get(id) ?? 0) + 1);
  for (const e of s.entries.values()) {
    if (e.alive) expect(seatedAt.get(e.id), `${e.id} has no seat`).toBe(e.table);
    else expect(out.get(e.id), `${e.id} placed once`).toBe(1);
  }
  // Chips conserved.
  let chips = 0;
  for (const e of s.entries.values()) if (e.alive) chips += e.stack;
  expect(chips + s.chipsRetired).toBe(s.chipsIssued + s.colourUpDelta);
  // R-TBL-2/3: once the owed moves are made no two tables differ by two; the players need
  // no fewer tables (the final table is drawn once every table has finished its hand).
  const counts = [...s.tables.values()].map(dueCount);
  const live = s.alive - s.busted.length;
  const needed = Math.max(1, Math.ceil(s.alive / size));
  if (needed > 1) {
    expect(Math.max(...counts) - Math.min(...counts), `counts ${counts.join(",")}`).toBeLessThan(2);
    // Tables break as soon as the players (counting busts still to be settled at tables in a hand) fit.
    expect(s.tables.size, `${s.tables.size} tables for ${live}`).toBeLessThanOrEqual(Math.max(needed, Math.ceil(live / size)) + (s.busted.length > 0 ? 1 : 0));
  }
}

describe("per-table pace: property (R-TBL-2, R-TBL-3, R-PLACE-1/2)", () => {
  it("after every settle: balanced once owed moves are made, one seat or one place each, chips conserved; replay reproduces it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 120 }), fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(6, 9, 10), (players, seed, tableSize) => {
        let settles = 0;
        const r = runPacedTournament({
          config: seedConfig({ tableSize }),
          players: names(players),
          playHand: bustyHand,
          seed,
          keepEvents: true,
          handMs: (_, rng) => 1 + randomInt(rng, 300_000),
          onSettle: (s) => {
            settles++;
            checkPaceInvariants(s);
          },
        });
        if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
        expect(r.value.state.status).toBe("finished");
        expect(r.value.state.placements!.length).toBe(players);
        expect(snapshot(replay(r.value.events))).toEqual(snapshot(r.value.state));
        return settles >= 0;
      }),
      { numRuns: 25 },
    );
  });
});

import { describe, expect, it } from "vitest";
import { seededRandom } from "../index.ts";
import { Director } from "./index.ts";
import { fakeHand, names, seedConfig } from "./test-helpers.ts";
import { handSetup } from "./hand-setup.ts";

function playDownTo(d: Director, left: number): void {
  const rng = seededRandom(9);
  for (let at = 0; d.state.status === "running" && d.state.alive > left; at += 120_000) {
    d.run({ type: "tick", at });
    for (const t of [...d.state.tables.values()]) {
      const setup = handSetup(d.state, t, at);
      if (setup === null) continue;
      d.run({ type: "hand", at, outcome: { table: t.id, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks: fakeHand(setup, rng) } });
    }
    d.run({ type: "settle", at });
  }
}

describe("ICM deal among the finalists", () => {
  it("the finalists share the remaining prizes by ICM; everything sums to the pool", () => {
    const d = new Director(seededRandom(5), true);
    d.run({ type: "announce", at: 0, config: seedConfig({ money: { buyIn: 100, fee: 10, paidFraction: 0.3 } }) });
    d.run({ type: "open-registration", at: 0 });
    for (const p of names(20)) d.run({ type: "register", at: 0, player: p });
    d.run({ type: "start", at: 0 });
    expect(d.run({ type: "deal", at: 0 }).ok).toBe(false); // 20 players: not the final table
    playDownTo(d, 3);
    const left = [...d.state.entries.values()].filter((e) => e.alive);
    expect(left.length).toBeGreaterThanOrEqual(2);
    const r = d.run({ type: "deal", at: 999_999_999 });
    expect(r.ok).toBe(true);
    expect(d.state.status).toBe("finished");
    const pl = d.state.placements!;
    expect(pl.reduce((a, p) => a + p.prize, 0)).toBe(2000);
    // The chip leader gets the most, but less than first prize (ICM).
    const leader = left.reduce((a, b) => (b.stack > a.stack ? b : a));
    const lp = pl.find((p) => p.entry === leader.id)!;
    expect(lp.places).toEqual([1]);
    if (left.length > 1 && new Set(left.map((e) => e.stack)).size === left.length) expect(lp.prize).toBeLessThan(d.state.prizes!.prizes[0]!);
  });
});

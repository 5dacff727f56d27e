import { describe, expect, it } from "vitest";
import { seededRandom } from "../index.ts";
import { Director, replay, snapshot } from "./index.ts";
import { fakeHand, names, refused, seedConfig } from "../../../testkit/tournament/director.ts";
import { handSetup } from "./hand-setup.ts";

function playDownTo(d: Director, left: number): void {
  const rng = seededRandom(9);
  for (let at = 0; d.state.status === "running" && d.state.alive > left; at += 120_000) {
    d.run({ type: "tick", at });
    for (const t of [...d.state.tables.values()]) {
      const setup = handSetup(d.state, t, at);
      if (setup === null) continue;
      d.run({
        type: "hand",
        at,
        outcome: { table: t.id, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks: fakeHand(setup, rng) },
      });
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

describe("deals other than ICM: chip-chop and custom amounts", () => {
  const finalTable = () => {
    const d = new Director(seededRandom(5), true);
    d.run({ type: "announce", at: 0, config: seedConfig({ money: { buyIn: 100, fee: 10, paidFraction: 0.3 } }) });
    d.run({ type: "open-registration", at: 0 });
    for (const p of names(20)) d.run({ type: "register", at: 0, player: p });
    d.run({ type: "start", at: 0 });
    playDownTo(d, 4);
    const left = [...d.state.entries.values()].filter((e) => e.alive).sort((a, b) => b.stack - a.stack || (a.id < b.id ? -1 : 1));
    const total = d.state.prizes!.prizes.slice(0, left.length).reduce((a, b) => a + b, 0);
    return { d, left, total };
  };

  it("chip-chop: each finalist's share of the prizes left is their share of the chips, summing exactly; places by stack", () => {
    const { d, left, total } = finalTable();
    expect(left.length).toBeGreaterThanOrEqual(2);
    const chips = left.reduce((a, e) => a + e.stack, 0);
    const r = d.run({ type: "deal", at: 999_999_999, method: "chip-chop" });
    expect(r.ok).toBe(true);
    const fin = d.events.at(-1)!;
    expect(fin).toMatchObject({ type: "finished", deal: "chip-chop" });
    const pl = d.state.placements!;
    expect(pl.reduce((a, p) => a + p.prize, 0)).toBe(2000);
    const mine = left.map((e) => pl.find((p) => p.entry === e.id)!);
    expect(mine.reduce((a, p) => a + p.prize, 0)).toBe(total);
    mine.forEach((p, i) => expect(Math.abs(p.prize - (total * left[i]!.stack) / chips)).toBeLessThanOrEqual(1));
    expect(mine[0]!.places).toEqual([1]);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });

  it("custom: amounts agreed at the table are recorded when every finalist is named once and they add up to the prizes left", () => {
    const { d, left, total } = finalTable();
    const agreed = left.map(
      (e, i) => [e.id, i === left.length - 1 ? total - Math.floor(total / left.length) * (left.length - 1) : Math.floor(total / left.length)] as const,
    );
    const bad: [string, readonly (readonly [string, number])[]][] = [
      ["one short", agreed.slice(1)],
      ["someone else", [...agreed.slice(1), ["nobody", agreed[0]![1]] as const]],
      ["twice", [...agreed.slice(1), agreed[1]!]],
      ["too much", agreed.map(([id, a], i) => [id, i === 0 ? a + 1 : a] as const)],
      ["too little", agreed.map(([id, a], i) => [id, i === 0 ? a - 1 : a] as const)],
      ["negative", agreed.map(([id, a], i) => [id, i === 0 ? -1 : i === 1 ? a + agreed[0]![1] + 1 : a] as const)],
      ["fractions", agreed.map(([id, a], i) => [id, i === 0 ? a + 0.5 : i === 1 ? a - 0.5 : a] as const)],
    ];
    for (const [why, amounts] of bad) expect(refused(d, { type: "deal", at: 999_999_999, method: "custom", amounts }), why).toBe("tournament/bad-deal");
    expect(refused(d, { type: "deal", at: 999_999_999, method: "custom" })).toBe("tournament/bad-deal");
    // Agreed amounts need not follow the stacks: the shortest stack may take the most.
    const generous = agreed.map(([id], i) => [id, i === left.length - 1 ? total : 0] as const);
    expect(d.run({ type: "deal", at: 999_999_999, method: "custom", amounts: generous }).ok).toBe(true);
    expect(d.events.at(-1)).toMatchObject({ type: "finished", deal: "custom" });
    const pl = d.state.placements!;
    expect(pl.find((p) => p.entry === left.at(-1)!.id)!.prize).toBe(total);
    expect(pl.find((p) => p.entry === left[0]!.id)).toMatchObject({ places: [1], prize: 0 });
    expect(pl.reduce((a, p) => a + p.prize, 0)).toBe(2000);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });
});

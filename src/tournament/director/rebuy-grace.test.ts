// R-TRN-4 online: a busted player who may rebuy keeps the seat for a grace of played time;
// R-PLACE-1/2 stay exact meanwhile; "never at the final table" means the final table a
// multi-table event comes down to (R-TBL-3), not "everyone fits at one table".
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomInt, seededRandom } from "../index.ts";
import { checkConfig } from "./decide-lifecycle.ts";
import { handSetup, seatedLive } from "./hand-setup.ts";
import { Director, replay, snapshot, type TournamentConfig } from "./index.ts";
import { awaitingRebuy } from "./rebuy-grace.ts";
import { fakeHand, names, refused, seedConfig, tickAll } from "../../../testkit/tournament/director.ts";

const cfg = (over: Partial<TournamentConfig> = {}) =>
  seedConfig({
    format: { kind: "rebuy" },
    money: { buyIn: 100, fee: 10, rebuy: { cost: 100, fee: 0, chips: 1000, max: 2, until: { endOfBreak: 1 } } },
    ...over,
  });

function start(n: number, over: Partial<TournamentConfig> = {}): Director {
  const d = new Director(seededRandom(4), true);
  const must = (r: { ok: boolean }) => expect(r.ok).toBe(true);
  must(d.run({ type: "announce", at: 0, config: cfg(over) }));
  must(d.run({ type: "open-registration", at: 0 }));
  for (const p of names(n)) must(d.run({ type: "register", at: 0, player: p }));
  must(d.run({ type: "start", at: 0 }));
  return d;
}

/** At `table`, the first seated player with chips loses them all to the next one; returns who busted. */
function bustAt(d: Director, table: number, at: number): string {
  const t = d.state.tables.get(table)!;
  const ids = t.seats.filter((x): x is string => x !== null && d.state.entries.get(x)!.stack > 0);
  const [a, b] = [ids[0]!, ids[1]!];
  const st = (id: string) => d.state.entries.get(id)!.stack;
  const hand = { button: 1, sb: [], bb: [], rule: "dead" as const, tableSize: 10, sbSeat: 1, order: [] };
  const r = d.run({ type: "hand", at, outcome: { table, hand, entries: [a, b], startStacks: [st(a), st(b)], stacks: [0, st(a) + st(b)] } });
  expect(r.ok).toBe(true);
  return a;
}

const eliminatedIn = (d: Director, from: number) => d.events.slice(from).flatMap((e) => (e.type === "eliminated" ? [e.groups.map((g) => [...g])] : []));

describe("R-TRN-4: the rebuy grace after a bust (online)", () => {
  it("a busted player who may rebuy keeps the seat, is not dealt in, and rebuys within the grace (30 s of play by default)", () => {
    const d = start(30);
    const gone = bustAt(d, 1, 60_000);
    const seat = d.state.entries.get(gone)!.seat;
    d.run({ type: "settle", at: 60_000 });
    d.run({ type: "settle", at: 89_999 });
    expect(d.state.entries.get(gone)).toMatchObject({ alive: true, stack: 0, table: 1, seat });
    expect(awaitingRebuy(d.state, gone, 89_999)).toBe(true);
    // The table deals around the empty stack.
    const live = seatedLive(d.state, d.state.tables.get(1)!).map((x) => x.player);
    expect(live).not.toContain(gone);
    expect(live.length).toBe(9);
    expect(d.run({ type: "rebuy", at: 89_999, entry: gone }).ok).toBe(true);
    d.run({ type: "settle", at: 120_000 });
    expect(d.state.entries.get(gone)).toMatchObject({ alive: true, stack: 1000, rebuys: 1, table: 1, seat });
    expect(d.state.eliminated).toBe(0);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });

  it("after the grace the next settle eliminates the entry, and a rebuy is refused from then on", () => {
    const d = start(30);
    const gone = bustAt(d, 1, 60_000);
    expect(refused(d, { type: "rebuy", at: 90_000, entry: gone })).toBe("tournament/rebuy-grace-over");
    const from = d.events.length;
    d.run({ type: "settle", at: 90_000 });
    expect(eliminatedIn(d, from)).toEqual([[[gone]]]);
    expect(d.state.entries.get(gone)).toMatchObject({ alive: false, table: 0 });
    expect(refused(d, { type: "rebuy", at: 90_000, entry: gone })).toBe("tournament/no-entry");
  });

  it("declining ends the grace: the next settle eliminates; only a player waiting to rebuy can decline", () => {
    const d = start(30);
    const gone = bustAt(d, 1, 60_000);
    const other = d.state.tables.get(2)!.seats.find((x) => x !== null)!;
    expect(refused(d, { type: "decline-rebuy", at: 61_000, entry: other })).toBe("tournament/not-awaiting-rebuy");
    expect(refused(d, { type: "decline-rebuy", at: 61_000, entry: "nobody" })).toBe("tournament/no-entry");
    expect(d.run({ type: "decline-rebuy", at: 61_000, entry: gone }).ok).toBe(true);
    expect(refused(d, { type: "rebuy", at: 62_000, entry: gone })).toBe("tournament/rebuy-grace-over");
    expect(refused(d, { type: "decline-rebuy", at: 62_000, entry: gone })).toBe("tournament/not-awaiting-rebuy");
    const from = d.events.length;
    d.run({ type: "settle", at: 62_000 });
    expect(eliminatedIn(d, from)).toEqual([[[gone]]]);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });

  it("the grace is played time: a pause stops it", () => {
    const d = start(30);
    const gone = bustAt(d, 1, 60_000);
    d.run({ type: "pause", at: 70_000 });
    d.run({ type: "resume", at: 570_000 });
    d.run({ type: "settle", at: 585_000 }); // 25 s of play since the bust
    expect(d.state.entries.get(gone)!.alive).toBe(true);
    expect(d.run({ type: "rebuy", at: 585_000, entry: gone }).ok).toBe(true);
  });

  it("no grace for a player who cannot rebuy (rebuys used up, the window closed): out at the next settle", () => {
    const d = start(30, { money: { buyIn: 100, fee: 10, rebuy: { cost: 100, fee: 0, chips: 1000, max: 1, until: { endOfLevel: 1 } } } });
    const a = bustAt(d, 1, 60_000);
    expect(d.run({ type: "rebuy", at: 60_000, entry: a }).ok).toBe(true);
    d.run({ type: "settle", at: 60_000 });
    // Table 1's first player with chips is `a` again (seat order): no rebuy left.
    expect(bustAt(d, 1, 61_000)).toBe(a);
    let from = d.events.length;
    d.run({ type: "settle", at: 61_000 });
    expect(eliminatedIn(d, from)).toEqual([[[a]]]);
    // Level 1 (20 minutes) over: the window is closed, so a bust is out at once.
    const b = bustAt(d, 2, 20 * 60_000);
    from = d.events.length;
    d.run({ type: "settle", at: 20 * 60_000 });
    expect(eliminatedIn(d, from)).toEqual([[[b]]]);
  });

  it("R-PLACE-1: a later hand's bust waits while an earlier hand's player may still rebuy, then both go out in hand order", () => {
    const d = start(30, { money: { buyIn: 100, fee: 10, rebuy: { cost: 100, fee: 0, chips: 1000, max: 1, until: { endOfBreak: 1 } } } });
    const a = bustAt(d, 1, 60_000); // may rebuy
    const b = bustAt(d, 2, 61_000);
    expect(d.run({ type: "rebuy", at: 61_000, entry: b }).ok).toBe(true);
    d.run({ type: "settle", at: 61_000 });
    expect(bustAt(d, 2, 70_000)).toBe(b); // a later hand; b has no rebuy left
    let from = d.events.length;
    d.run({ type: "settle", at: 70_000 });
    expect(eliminatedIn(d, from)).toEqual([]); // b waits behind a
    expect(d.state.entries.get(b)).toMatchObject({ alive: true, stack: 0 });
    // a's grace ends: a goes out first (the worse place), then b.
    from = d.events.length;
    d.run({ type: "settle", at: 90_000 });
    expect(eliminatedIn(d, from)).toEqual([[[a]], [[b]]]);
    expect(d.state.eliminations.slice(-2)).toEqual([[[a]], [[b]]]);
  });

  it("if the earlier player rebuys, the later bust goes out alone", () => {
    const d = start(30, { money: { buyIn: 100, fee: 10, rebuy: { cost: 100, fee: 0, chips: 1000, max: 1, until: { endOfBreak: 1 } } } });
    const a = bustAt(d, 1, 60_000);
    const b = bustAt(d, 2, 61_000);
    d.run({ type: "rebuy", at: 61_000, entry: b });
    d.run({ type: "settle", at: 61_000 });
    bustAt(d, 2, 70_000);
    d.run({ type: "settle", at: 70_000 });
    expect(d.run({ type: "rebuy", at: 75_000, entry: a }).ok).toBe(true);
    const from = d.events.length;
    d.run({ type: "settle", at: 75_000 });
    expect(eliminatedIn(d, from)).toEqual([[[b]]]);
  });

  it("a live room has no grace by default: the floor's bust is final at the next settle", () => {
    const d = start(30, { live: true });
    const from = d.events.length;
    d.run({ type: "bust", at: 60_000, entries: [d.state.tables.get(1)!.seats.find((x) => x !== null)!] });
    d.run({ type: "settle", at: 60_000 });
    expect(eliminatedIn(d, from).length).toBe(1);
  });

  it("the grace is configurable (rebuyGraceMs, 0 to 10 minutes of play)", () => {
    expect(checkConfig(cfg({ rebuyGraceMs: -1 })).ok).toBe(false);
    expect(checkConfig(cfg({ rebuyGraceMs: 600_001 })).ok).toBe(false);
    expect(checkConfig(cfg({ rebuyGraceMs: 1.5 })).ok).toBe(false);
    const d = start(30, { rebuyGraceMs: 5_000 });
    const gone = bustAt(d, 1, 60_000);
    d.run({ type: "settle", at: 64_999 });
    expect(d.state.entries.get(gone)!.alive).toBe(true);
    d.run({ type: "settle", at: 65_000 });
    expect(d.state.entries.get(gone)!.alive).toBe(false);
  });
});

describe("R-TRN-4: never at the final table", () => {
  it("a single-table event has no final table to protect: its busted players rebuy while the window is open", () => {
    const d = start(9);
    const gone = bustAt(d, 1, 60_000);
    expect(d.state.finalTable).toBeNull();
    expect(d.run({ type: "rebuy", at: 60_000, entry: gone }).ok).toBe(true);
  });

  it("once a multi-table event is down to its final table (R-TBL-3), nobody rebuys, so a bust is out at once", () => {
    const d = start(12); // two tables of 6
    let at = 60_000;
    while (d.state.finalTable === null) {
      const t = [...d.state.tables.keys()][0]!;
      const gone = bustAt(d, t, at);
      d.run({ type: "decline-rebuy", at, entry: gone });
      d.run({ type: "settle", at });
      at += 1000;
    }
    expect(d.state.tables.size).toBe(1);
    expect(d.state.alive).toBe(10);
    const t = d.state.finalTable!;
    const gone = bustAt(d, t, at);
    expect(refused(d, { type: "rebuy", at, entry: gone })).toBe("tournament/rebuy-at-final-table");
    const from = d.events.length;
    d.run({ type: "settle", at });
    expect(eliminatedIn(d, from)).toEqual([[[gone]]]);
  });
});

describe("R-TRN-4 with R-PLACE-1/2: property", () => {
  it("whatever busted players do in their grace (rebuy, decline, wait it out), every place is given once, busts go out in hand order, chips and money add up, and the events replay", () => {
    let held = 0;
    let rebought = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 8, max: 26 }), (seed, n) => {
        const rng = seededRandom(seed);
        const choice = seededRandom(seed + 1);
        const d = new Director(seededRandom(seed + 2), true);
        const config = cfg({ handForHand: false, money: { buyIn: 100, fee: 10, rebuy: { cost: 100, fee: 0, chips: 1000, max: 2, until: { endOfLevel: 3 } } } });
        d.run({ type: "announce", at: 0, config });
        d.run({ type: "open-registration", at: 0 });
        for (const p of names(n)) d.run({ type: "register", at: 0, player: p });
        d.run({ type: "start", at: 0 });
        const lastBust = new Map<string, number>();
        for (let at = 0, round = 0; d.state.status === "running"; at += 10_000, round++) {
          if (round > 20_000) throw new Error("no end");
          tickAll(d, at);
          for (const t of [...d.state.tables.values()]) {
            const setup = handSetup(d.state, t, at);
            if (setup === null) continue;
            const r = d.run({
              type: "hand",
              at,
              outcome: { table: t.id, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks: fakeHand(setup, rng) },
            });
            if (!r.ok) throw new Error(r.error.message);
          }
          for (const id of d.state.busted)
            if (!lastBust.has(id) || d.state.bustInfo.get(id)!.hand !== lastBust.get(id)) lastBust.set(id, d.state.bustInfo.get(id)!.hand);
          for (const id of [...d.state.busted]) {
            if (!awaitingRebuy(d.state, id, at)) continue;
            const k = randomInt(choice, 3);
            if (k === 0) {
              expect(d.run({ type: "rebuy", at, entry: id }).ok).toBe(true);
              rebought++;
            } else if (k === 1) expect(d.run({ type: "decline-rebuy", at, entry: id }).ok).toBe(true);
          }
          expect(d.run({ type: "settle", at }).ok).toBe(true);
          held += d.state.busted.length;
        }
        const s = d.state;
        expect(s.status).toBe("finished");
        const seen = new Map<number, number>();
        for (const p of s.placements!) for (const x of p.places) seen.set(x, (seen.get(x) ?? 0) + 1);
        for (let i = 1; i <= n; i++) expect(seen.get(i), `place ${i}`).toBe(1);
        expect(s.placements!.reduce((a, p) => a + p.prize, 0)).toBe(s.payments.reduce((a, p) => a + p.toPool, 0));
        expect(s.conservation.failures).toBe(0);
        // R-PLACE-1: eliminated in the order of the hands they busted in.
        const order = s.eliminations.map((ev) => Math.max(...ev.flat().map((id) => lastBust.get(id) ?? 0)));
        for (let i = 1; i < order.length; i++) expect(order[i]!).toBeGreaterThanOrEqual(order[i - 1]!);
        expect(snapshot(replay(d.events))).toEqual(snapshot(s));
      }),
      { numRuns: 15 },
    );
    // The runs did exercise the grace: players waited across settles, and some rebought.
    expect(held).toBeGreaterThan(0);
    expect(rebought).toBeGreaterThan(0);
  });
});

describe("nothing is paid in once the prizes are fixed", () => {
  it("a single-table rebuy event whose rebuys run past the schedule fixes its prizes at the end, with every rebuy in them", () => {
    const d = start(6, { money: { buyIn: 100, fee: 10, rebuy: { cost: 100, fee: 0, chips: 1000, until: { endOfLevel: 999 } } } });
    expect(d.state.prizes).toBeNull();
    const gone = bustAt(d, 1, 60_000);
    expect(d.run({ type: "rebuy", at: 60_000, entry: gone }).ok).toBe(true);
    d.run({ type: "settle", at: 60_000 });
    expect(d.state.prizes).toBeNull();
    let at = 61_000;
    while (d.state.status === "running") {
      const t = [...d.state.tables.keys()][0]!;
      const id = bustAt(d, t, at);
      d.run({ type: "decline-rebuy", at, entry: id });
      d.run({ type: "settle", at });
      at += 1000;
    }
    expect(d.state.prizes!.pool).toBe(700);
    expect(d.state.placements!.reduce((a, p) => a + p.prize, 0)).toBe(700);
  });

  it("a re-entry window past the schedule closes with the field: once the prizes are fixed, a re-entry is refused", () => {
    const d = new Director(seededRandom(4), true);
    d.run({
      type: "announce",
      at: 0,
      config: seedConfig({ format: { kind: "re-entry" }, money: { buyIn: 100, fee: 10, reEntry: { until: { endOfLevel: 999 } } } }),
    });
    d.run({ type: "open-registration", at: 0 });
    for (const p of names(6)) d.run({ type: "register", at: 0, player: p });
    d.run({ type: "start", at: 0 });
    expect(d.state.prizes).not.toBeNull(); // everyone fits at one table: the field is closed
    const gone = bustAt(d, 1, 60_000);
    d.run({ type: "settle", at: 60_000 });
    expect(refused(d, { type: "re-enter", at: 60_000, player: gone })).toBe("tournament/re-entry-closed");
  });
});

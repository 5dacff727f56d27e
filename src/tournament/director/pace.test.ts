// Per-table pace: the director settles one table at a time as its hand ends.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../index.ts";
import { STRUCTURE_PRESETS } from "../structure/index.ts";
import { handSetup } from "./hand-setup.ts";
import { evolve, initialState, runPacedTournament, snapshot, type TournamentEvent } from "./index.ts";
import { stateFromPlain, stateToPlain } from "./state-snapshot.ts";
import { paceBalance } from "./pace-balance.ts";
import { dueCount } from "./pace-index.ts";
import type { Director } from "./run.ts";
import { startedDirector } from "../../../testkit/tournament/director.ts";
import type { TournamentCommand } from "./types.ts";

function must(d: Director, cmd: TournamentCommand): readonly TournamentEvent[] {
  const r = d.run(cmd);
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Starts `n` players and lets every table deal its first hand. */
function paced(n: number, tableSize = 10, seed = 1): Director {
  const d = startedDirector({ tableSize }, n, seed);
  const ev = must(d, { type: "table-settle", at: 0, table: null });
  expect(ev.some((e) => e.type === "dealing")).toBe(true);
  return d;
}

/** Table `table` finishes a hand in which `bust` lose everything (to the first other player); then it is settled. */
function finish(
  d: Director,
  table: number,
  bust: readonly string[] = [],
  at = 1000,
  extra: Partial<Record<string, number>> = {},
  protect: readonly string[] = [],
): readonly TournamentEvent[] {
  const s = d.state;
  const setup = handSetup(s, s.tables.get(table)!, at)!;
  const stacks = [...setup.config.stacks];
  const w = setup.entries.findIndex((e) => !bust.includes(e) && !(e in extra) && !protect.includes(e));
  setup.entries.forEach((e, i) => {
    if (bust.includes(e)) {
      stacks[w]! += stacks[i]!;
      stacks[i] = 0;
    }
  });
  for (const [id, delta] of Object.entries(extra)) {
    const i = setup.entries.indexOf(id);
    stacks[i]! += delta!;
    stacks[w]! -= delta!;
  }
  must(d, { type: "hand", at, outcome: { table, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks } });
  return must(d, { type: "table-settle", at, table });
}

const seated = (d: Director, table: number): string[] => d.state.tables.get(table)!.seats.filter((x): x is string => x !== null);
const dealing = (ev: readonly TournamentEvent[]): readonly number[] | "all" => ev.flatMap((e) => (e.type === "dealing" ? [e.tables] : []))[0] ?? [];
const moved = (ev: readonly TournamentEvent[]) => ev.flatMap((e) => (e.type === "moved" ? e.moves : []));

describe("per-table pace: balancing (R-TBL-2)", () => {
  it("R-TBL-2: a table two short waits for the larger table's current hand only; that table gives when its hand is over", () => {
    const d = paced(30); // 3 tables of 10
    const a = seated(d, 1);
    const ev = finish(d, 1, a.slice(0, 2));
    expect(dealing(ev)).toEqual([]); // table 1 waits
    expect(moved(ev)).toEqual([]);
    const t1 = d.state.tables.get(1)!;
    expect(t1.from.length).toBe(1);
    const giver = t1.from[0]!;
    expect(d.state.tables.get(giver)!.owes).toEqual([1]);
    const other = giver === 2 ? 3 : 2;
    // The other table's hand changes nothing for table 1.
    expect(dealing(finish(d, other))).toEqual([other]);
    expect(d.state.tables.get(1)!.inHand).toBe(false);
    // The giver finishes: one of its players takes a seat at table 1 and both deal.
    const g = finish(d, giver);
    expect(moved(g)).toEqual([expect.objectContaining({ from: giver, to: 1 })]);
    expect([...dealing(g)].sort()).toEqual([1, giver].sort());
    expect(d.state.tables.get(1)!.count).toBe(9);
  });

  it("R-TBL-2: the seat goes to the player in the busted player's position (a vacated seat is filled)", () => {
    const d = paced(20); // 2 tables of 10
    const bust = seated(d, 1).slice(0, 2);
    const seats = bust.map((id) => d.state.entries.get(id)!.seat);
    finish(d, 1, bust);
    const g = finish(d, 2);
    expect(seats).toContain(moved(g)[0]!.seat);
  });

  it("R-TBL-2: if players bust at the larger table meanwhile, no move happens", () => {
    const d = paced(30);
    finish(d, 1, seated(d, 1).slice(0, 2));
    const giver = d.state.tables.get(1)!.from[0]!;
    const g = finish(d, giver, seated(d, giver).slice(0, 2));
    expect(moved(g).filter((m) => m.from === giver)).toEqual([]);
  });

  it("R-TBL-2: ... or the move goes the other way", () => {
    const d = paced(18); // 2 tables of 9
    finish(d, 1, seated(d, 1).slice(0, 2)); // 7 v 9: table 1 waits for table 2
    expect(d.state.tables.get(1)!.from).toEqual([2]);
    const g = finish(d, 2, seated(d, 2).slice(0, 4)); // 7 v 5
    expect(moved(g).map((m) => [m.from, m.to])).toEqual([[1, 2]]);
    expect([d.state.tables.get(1)!.count, d.state.tables.get(2)!.count]).toEqual([6, 6]);
    expect([...dealing(g)].sort()).toEqual([1, 2]);
  });
});

describe("per-table pace: breaking and the final table (R-TBL-3)", () => {
  it("R-TBL-3: a table breaks as soon as the players fit, its players drawn to the tables with the fewest", () => {
    const d = paced(21); // 3 tables of 7
    const ev = finish(d, 1, seated(d, 1).slice(0, 1)); // 20 left: 2 tables of 10
    expect(ev.filter((e) => e.type === "table-broken").map((e) => (e.type === "table-broken" ? e.table : 0))).toEqual([1]);
    expect(moved(ev).length).toBe(6);
    expect([d.state.tables.get(2)!.count, d.state.tables.get(3)!.count]).toEqual([10, 10]);
    // Players moved into a table in a hand play from its next hand.
    expect(d.state.tables.get(2)!.inHand).toBe(true);
  });

  it("R-TBL-3: the final table is drawn once every table has finished its hand", () => {
    const d = paced(11); // 6 + 5
    const a = finish(d, 1, seated(d, 1).slice(0, 1)); // 10 left: they fit one table
    expect(dealing(a)).toEqual([]);
    expect(moved(a)).toEqual([]);
    const b = finish(d, 2);
    const final = b.find((e) => e.type === "final-table");
    expect(final).toBeDefined();
    expect(moved(b).length).toBeGreaterThanOrEqual(4);
    expect(dealing(b)).toEqual([final?.type === "final-table" ? final.table : -1]);
    expect(d.state.tables.size).toBe(1);
  });
});

describe("per-table pace: places (R-PLACE-1/2)", () => {
  it("R-PLACE-1: busts at different tables go out in the order their hands ended", () => {
    const d = paced(40);
    const x = seated(d, 1)[0]!;
    const y = seated(d, 2)[0]!;
    finish(d, 2, [y], 1000);
    finish(d, 1, [x], 2000);
    expect(d.state.eliminations.slice(-2)).toEqual([[[y]], [[x]]]);
  });

  it("R-PLACE-2: busts in one hand rank by their starting stacks; equal stacks share", () => {
    const d = paced(40);
    const [x, y, z] = seated(d, 1);
    finish(d, 1, [], 1000, { [x!]: 50 }, [y!, z!]); // x now has 50 more than y and z
    const ev = finish(d, 1, [x!, y!, z!], 2000);
    const el = ev.find((e) => e.type === "eliminated");
    expect(el?.type === "eliminated" && el.groups[0]).toEqual([x]);
    expect(el?.type === "eliminated" && [...el.groups[1]!].sort()).toEqual([y, z].sort());
  });
});

describe("per-table pace: hand-for-hand at the bubble, colour-ups, the clock", () => {
  const run = (seed: number, structure = STRUCTURE_PRESETS["seed"]!) =>
    runPacedTournament({
      config: { ...startedDirector().state.config!, structure, money: { buyIn: 100, fee: 10, paidFraction: 0.2 } },
      players: Array.from({ length: 90 }, (_, i) => `p${i}`),
      playHand: (setup, rng) => {
        const stacks = [...setup.config.stacks];
        const a = Math.floor((rng.nextUint32() / 2 ** 32) * stacks.length);
        const b = (a + 1) % stacks.length;
        const amount = rng.nextUint32() % 3 === 0 ? stacks[b]! : Math.min(stacks[b]!, Math.max(...setup.config.blinds));
        stacks[b]! -= amount;
        stacks[a]! += amount;
        return stacks;
      },
      seed,
      keepEvents: true,
    });

  it("hand-for-hand: tables deal together only when every table is between hands; a round's busts go out together, ranked by starting stack (R-PLACE-2); it ends when the bubble bursts", () => {
    for (const seed of [1, 2, 3]) {
      const r = run(seed);
      if (!r.ok) throw new Error(r.error.message);
      const s = initialState();
      let on = 0;
      let off = 0;
      let roundBusts = 0;
      for (const e of r.value.events) {
        if (s.handForHand && e.type === "dealing") expect(s.inHand, "a hand-for-hand round starts with every table between hands").toBe(0);
        if (s.handForHand && e.type === "eliminated") {
          expect(s.inHand, "hand-for-hand busts go out when the round is over").toBe(0);
          roundBusts++;
        }
        if (e.type === "hand-for-hand") e.on ? on++ : off++;
        evolve(s, e);
        if (e.type === "hand-for-hand" && !e.on) expect(s.alive).toBeLessThanOrEqual(18);
      }
      expect(on).toBeGreaterThan(0);
      expect(off).toBeGreaterThan(0);
      expect(roundBusts).toBeGreaterThan(0);
    }
  });

  it("R-CHIP-1: a colour-up made while a table is in its hand applies to that table when its hand is settled; chips conserved", () => {
    const r = run(4, STRUCTURE_PRESETS["speed"]!);
    if (!r.ok) throw new Error(r.error.message);
    const later = r.value.events.filter((e) => e.type === "coloured-up" && (e.later?.length ?? 0) > 0);
    const owed = r.value.events.filter((e) => e.type === "coloured-up" && e.table !== undefined);
    expect(later.length).toBeGreaterThan(0);
    expect(owed.length).toBeGreaterThan(0);
    expect(r.value.state.conservation.failures).toBe(0);
  });

  it("the director refuses to settle a table still in its hand", () => {
    const d = paced(20);
    const r = d.run({ type: "table-settle", at: 1, table: 1 });
    expect(r.ok ? "ok" : r.error.code).toBe("tournament/table-in-hand");
  });
});

describe("per-table pace: the work of a settle does not grow with the number of tables", () => {
  it("28,000 tables: a table's settle touches only the tables it gives to or waits for", () => {
    const d = startedDirector({ tableSize: 3, structure: STRUCTURE_PRESETS["seed"]! }, 84_000, 5);
    expect(d.state.tables.size).toBe(28_000);
    must(d, { type: "table-settle", at: 0, table: null });
    const bust = seated(d, 17).slice(0, 2);
    finish(d, 17, bust.slice(0, 1), 1000); // 2 left there: 3 v 2 is fine; nothing moves
    const s = d.state;
    const setup = handSetup(s, s.tables.get(17)!, 2000)!;
    const stacks = [...setup.config.stacks];
    stacks[1]! += stacks[0]!;
    stacks[0] = 0;
    must(d, { type: "hand", at: 2000, outcome: { table: 17, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks } });
    // Now table 17 has one player: the plan breaks it or brings it a player; it looks at a handful of tables only.
    const gone = new Set(s.busted);
    const { plan } = paceBalance(s, 2000, seededRandom(9), { gone, left: s.alive - gone.size, table: 17, allFree: false });
    expect(plan.mod.size).toBeLessThanOrEqual(4);
  });
});

describe("per-table pace: a crash between a hand's record and its settle", () => {
  it("the restart's settle with no table repairs it: one seat or one place each, chips conserved, balanced, and every free table that can deal is named", () => {
    const r = runPacedTournament({
      config: startedDirector().state.config!,
      players: Array.from({ length: 45 }, (_, i) => `p${i}`),
      playHand: (setup, rng) => {
        const stacks = [...setup.config.stacks];
        const a = rng.nextUint32() % stacks.length;
        const b = (a + 1) % stacks.length;
        const amount = rng.nextUint32() % 3 === 0 ? stacks[b]! : Math.min(stacks[b]!, Math.max(...setup.config.blinds));
        stacks[b]! -= amount;
        stacks[a]! += amount;
        return stacks;
      },
      seed: 8,
      keepEvents: true,
    });
    if (!r.ok) throw new Error(r.error.message);
    const events = r.value.events;
    let cuts = 0;
    // Every cut right after a hand whose busts or moves its settle would have handled.
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      if (e.type !== "hand-played" || !e.stacks.includes(0)) continue;
      const d = startedDirector();
      d.state.config = null;
      const s = d.state;
      Object.assign(s, initialState());
      for (const x of events.slice(0, i + 1)) evolve(s, x);
      if (s.status !== "running") continue;
      const repaired = d.run({ type: "table-settle", at: e.at, table: null });
      if (!repaired.ok) throw new Error(repaired.error.message);
      cuts++;
      // One seat or one place each; chips conserved.
      const seats = new Set<string>();
      for (const t of s.tables.values())
        for (const id of t.seats)
          if (id !== null) {
            expect(seats.has(id)).toBe(false);
            seats.add(id);
          }
      for (const en of s.entries.values()) expect(en.alive ? seats.has(en.id) : !seats.has(en.id)).toBe(true);
      let chips = 0;
      for (const en of s.entries.values()) if (en.alive) chips += en.stack;
      expect(chips).toBe(s.chipsIssued + s.colourUpDelta);
      if (Math.ceil(s.alive / 10) > 1) {
        const due = [...s.tables.values()].map(dueCount);
        expect(Math.max(...due) - Math.min(...due)).toBeLessThan(2);
      }
      // Nothing left stuck: every table between hands that can deal was told to (or waits for an owed player, the bubble, the final draw).
      for (const t of s.tables.values()) {
        if (t.inHand || t.from.length > 0 || s.handForHand || s.tables.size * 10 > s.alive + 9) continue;
        const live = t.seats.filter((id) => id !== null && s.entries.get(id)!.stack > 0).length;
        if (live >= 2) expect(t.inHand, `table ${t.id} left idle`).toBe(true);
      }
    }
    expect(cuts).toBeGreaterThan(10);
  });
});

describe("the director's state as a snapshot", () => {
  it("a snapshot taken at any point, restored, folds the remaining events to the same end as the whole fold", () => {
    const r = runPacedTournament({
      config: startedDirector().state.config!,
      players: Array.from({ length: 60 }, (_, i) => `p${i}`),
      playHand: (setup, rng) => {
        const stacks = [...setup.config.stacks];
        const a = rng.nextUint32() % stacks.length;
        const b = (a + 1) % stacks.length;
        const amount = rng.nextUint32() % 3 === 0 ? stacks[b]! : Math.min(stacks[b]!, Math.max(...setup.config.blinds));
        stacks[b]! -= amount;
        stacks[a]! += amount;
        return stacks;
      },
      seed: 12,
      keepEvents: true,
    });
    if (!r.ok) throw new Error(r.error.message);
    const events = r.value.events;
    const whole = JSON.stringify(snapshot(r.value.state));
    for (const cut of [1, 100, Math.floor(events.length / 3), Math.floor(events.length / 2), events.length - 5]) {
      const s = initialState();
      for (const e of events.slice(0, cut)) evolve(s, e);
      const restored = stateFromPlain(JSON.parse(JSON.stringify(stateToPlain(s))))!;
      expect(JSON.stringify(snapshot(restored))).toBe(JSON.stringify(snapshot(s)));
      for (const t of restored.tables.values()) expect(restored.byDue[t.indexed]!.has(t.id)).toBe(true);
      expect(restored.inHand).toBe(s.inHand);
      for (const e of events.slice(cut)) evolve(restored, e);
      expect(JSON.stringify(snapshot(restored))).toBe(whole);
    }
    expect(stateFromPlain({ format: 0 })).toBeNull();
  });
});

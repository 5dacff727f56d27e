import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomInt, seededRandom, type RandomSource } from "../index.ts";
import { replay, snapshot, type Director, type Placement, type TournamentConfig } from "./index.ts";
import { refused, startedDirector, tickAll } from "../../../testkit/tournament/director.ts";

const MIN = 60_000;
const live = (over: Partial<TournamentConfig> = {}): Partial<TournamentConfig> => ({ live: true, ...over });
const atTable = (d: Director, n: number) => d.state.tables.get(n)!.seats.filter((x): x is string => x !== null);
const ok = (d: Director, cmd: Parameters<Director["run"]>[0]) => {
  const r = d.run(cmd);
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.code} ${r.error.message}`);
  return r.value;
};

/** Places 1..n each held exactly once (shared places counted once per holder). */
function checkPlaces(placements: readonly Placement[], n: number): void {
  const seen = new Map<number, number>();
  for (const p of placements) for (const x of p.places) seen.set(x, (seen.get(x) ?? 0) + 1);
  for (let i = 1; i <= n; i++) expect(seen.has(i), `place ${i}`).toBe(true);
  for (const p of placements) for (const x of p.places) expect(seen.get(x)).toBe(p.places.length);
  expect(placements.length).toBe(n);
  expect(placements.filter((p) => p.places.includes(1)).length).toBe(1);
}

describe("live: busts reported by the floor (R-PLACE-1/2)", () => {
  it("settle eliminates a bust and places it like a hand bust", () => {
    const d = startedDirector(live());
    const [a] = atTable(d, 1);
    expect(ok(d, { type: "bust", at: MIN, entries: [a!] })).toEqual([{ type: "busted", at: MIN, entries: [a], startStacks: null }]);
    expect(d.state.entries.get(a!)!.stack).toBe(0);
    const s = ok(d, { type: "settle", at: MIN });
    expect(s.find((e) => e.type === "eliminated")).toMatchObject({ groups: [[a]], places: [[6]] });
    expect(d.state.entries.get(a!)!.alive).toBe(false);
  });
  it("R-PLACE-2: simultaneous busts rank by their stacks at the start of the hand", () => {
    const d = startedDirector(live());
    const [a, b] = atTable(d, 1);
    ok(d, { type: "bust", at: MIN, entries: [a!, b!], startStacks: [300, 800] });
    const s = ok(d, { type: "settle", at: MIN });
    expect(s.find((e) => e.type === "eliminated")).toMatchObject({ groups: [[b], [a]], places: [[5], [6]] });
  });
  it("R-PLACE-2: without start stacks they tie and share the places and prizes", () => {
    const d = startedDirector(live({ payout: { places: 6 } }));
    const [a, b, c, e, f] = atTable(d, 1);
    ok(d, { type: "bust", at: MIN, entries: [a!, b!] });
    ok(d, { type: "settle", at: MIN });
    for (const x of [c!, e!, f!]) {
      ok(d, { type: "bust", at: 2 * MIN, entries: [x] });
      ok(d, { type: "settle", at: 2 * MIN });
    }
    expect(d.state.status).toBe("finished");
    const pl = d.state.placements!;
    const shared = pl.filter((p) => p.entry === a || p.entry === b);
    expect(shared.map((p) => p.places)).toEqual([
      [5, 6],
      [5, 6],
    ]);
    expect(shared[0]!.prize).toBe(shared[1]!.prize);
    checkPlaces(pl, 6);
    expect(pl.reduce((n, p) => n + p.prize, 0)).toBe(600);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });
  it("busts before a settle stay separate hands: the later one is the better place", () => {
    const d = startedDirector(live());
    const [a, b] = atTable(d, 1);
    ok(d, { type: "bust", at: MIN, entries: [a!] });
    ok(d, { type: "bust", at: MIN, entries: [b!] });
    ok(d, { type: "settle", at: MIN });
    const places = d.events.filter((e) => e.type === "eliminated").flatMap((e) => (e.type === "eliminated" ? e.places! : []));
    expect(places).toEqual([[6], [5]]);
  });
  it("a busted entry may rebuy before the settle, as online (R-TRN-4)", () => {
    const d = startedDirector(
      live({ format: { kind: "rebuy" }, tableSize: 3, money: { buyIn: 100, fee: 10, rebuy: { cost: 100, fee: 10, chips: 1000, until: { minutes: 60 } } } }),
    );
    const [a] = atTable(d, 1);
    ok(d, { type: "bust", at: MIN, entries: [a!] });
    ok(d, { type: "rebuy", at: MIN, entry: a! });
    const s = ok(d, { type: "settle", at: MIN });
    expect(s.some((e) => e.type === "eliminated")).toBe(false);
    expect(d.state.entries.get(a!)).toMatchObject({ alive: true, stack: 1000 });
  });
  it("refusals change nothing", () => {
    const online = startedDirector();
    expect(refused(online, { type: "bust", at: 1, entries: ["p001"] })).toBe("tournament/not-live");
    const d = startedDirector(live({ tableSize: 3 }));
    const [a, b] = atTable(d, 1);
    const [c] = atTable(d, 2);
    expect(refused(d, { type: "bust", at: 1, entries: [] })).toBe("tournament/bad-bust");
    expect(refused(d, { type: "bust", at: 1, entries: ["nobody"] })).toBe("tournament/no-entry");
    expect(refused(d, { type: "bust", at: 1, entries: [a!, a!] })).toBe("tournament/duplicate-entry");
    expect(refused(d, { type: "bust", at: 1, entries: [a!, c!] })).toBe("tournament/bad-bust");
    expect(refused(d, { type: "bust", at: 1, entries: [a!, b!], startStacks: [100] })).toBe("tournament/bad-bust");
    expect(refused(d, { type: "bust", at: 1, entries: [a!], startStacks: [-1] })).toBe("tournament/bad-bust");
    ok(d, { type: "bust", at: 1, entries: [a!] });
    expect(refused(d, { type: "bust", at: 1, entries: [a!] })).toBe("tournament/entry-busted");
    const two = startedDirector(live(), 2);
    expect(refused(two, { type: "bust", at: 1, entries: ["p001", "p002"] })).toBe("tournament/bad-bust");
    ok(two, { type: "bust", at: 1, entries: ["p001"] });
    expect(refused(two, { type: "bust", at: 1, entries: ["p002"] })).toBe("tournament/bad-bust");
  });
});

describe("live: the floor's chip counts", () => {
  it("sets the counted stacks; a 0 is a bust that settle eliminates; a recount undoes a bust", () => {
    const d = startedDirector(live());
    const [a, b, c] = atTable(d, 1);
    ok(d, {
      type: "chip-count",
      at: MIN,
      stacks: [
        [a!, 1500],
        [b!, 0],
        [c!, 0],
      ],
    });
    expect(d.state.entries.get(a!)!.stack).toBe(1500);
    expect(d.state.busted).toEqual([b, c]);
    ok(d, { type: "chip-count", at: MIN, stacks: [[c!, 500]] });
    expect(d.state.busted).toEqual([b]);
    const s = ok(d, { type: "settle", at: MIN });
    expect(s.find((e) => e.type === "eliminated")).toMatchObject({ groups: [[b]], places: [[6]] });
  });
  it("the zeros of one count tie", () => {
    const d = startedDirector(live());
    const [a, b] = atTable(d, 1);
    ok(d, {
      type: "chip-count",
      at: MIN,
      stacks: [
        [a!, 0],
        [b!, 0],
      ],
    });
    const s = ok(d, { type: "settle", at: MIN });
    expect(s.find((e) => e.type === "eliminated")).toMatchObject({ groups: [[a, b]], places: [[5, 6]] });
  });
  it("no conservation check in a live room: counts change the chips in play", () => {
    const d = startedDirector(live());
    ok(d, { type: "chip-count", at: MIN, stacks: [["p001", 12_345]] });
    tickAll(d, 100 * MIN);
    expect(d.state.conservation.failures).toBe(0);
  });
  it("refusals change nothing", () => {
    expect(refused(startedDirector(), { type: "chip-count", at: 1, stacks: [["p001", 5]] })).toBe("tournament/not-live");
    const d = startedDirector(live(), 3);
    expect(refused(d, { type: "chip-count", at: 1, stacks: [] })).toBe("tournament/bad-count");
    expect(refused(d, { type: "chip-count", at: 1, stacks: [["nobody", 5]] })).toBe("tournament/no-entry");
    expect(
      refused(d, {
        type: "chip-count",
        at: 1,
        stacks: [
          ["p001", 5],
          ["p001", 6],
        ],
      }),
    ).toBe("tournament/duplicate-entry");
    expect(refused(d, { type: "chip-count", at: 1, stacks: [["p001", -5]] })).toBe("tournament/bad-stack");
    expect(refused(d, { type: "chip-count", at: 1, stacks: [["p001", 2.5]] })).toBe("tournament/bad-stack");
    expect(
      refused(d, {
        type: "chip-count",
        at: 1,
        stacks: [
          ["p001", 0],
          ["p002", 0],
          ["p003", 0],
        ],
      }),
    ).toBe("tournament/bad-count");
  });
});

describe("live: colour-up by the floor (R-CHIP-1..4)", () => {
  it("the clock never colours up by itself in a live room; online it does", () => {
    const d = startedDirector(live());
    tickAll(d, 300 * MIN);
    expect(d.events.some((e) => e.type === "coloured-up")).toBe(false);
    expect(d.state.chips).toEqual([5, 25, 100, 500]);
    const o = startedDirector();
    tickAll(o, 300 * MIN);
    expect(o.events.some((e) => e.type === "coloured-up")).toBe(true);
  });
  it("applies the stacks, records the chips added or removed, takes the chip out of play; later tables follow", () => {
    const d = startedDirector(live({ tableSize: 3 }));
    ok(d, {
      type: "chip-count",
      at: 1,
      stacks: [
        ["p001", 1005],
        ["p002", 995],
      ],
    });
    const ev = ok(d, {
      type: "colour-up",
      at: 2,
      remove: 5,
      next: 25,
      stacks: [
        ["p001", 1000],
        ["p002", 1000],
      ],
    });
    expect(ev).toEqual([
      {
        type: "coloured-up",
        at: 2,
        remove: 5,
        next: 25,
        stacks: [
          ["p001", 1000],
          ["p002", 1000],
        ],
        delta: 0,
      },
    ]);
    expect(d.state.chips).toEqual([25, 100, 500]);
    ok(d, { type: "chip-count", at: 3, stacks: [["p004", 1010]] });
    const later = ok(d, { type: "colour-up", at: 4, remove: 5, next: 25, stacks: [["p004", 1025]] });
    expect(later[0]).toMatchObject({ delta: 15 });
    expect(d.state.colourUpDelta).toBe(15);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });
  it("refusals change nothing: chip not in play, bad next chip, odd stacks, raced out (R-CHIP-4), not running", () => {
    const d = startedDirector(live());
    expect(refused(d, { type: "colour-up", at: 1, remove: 7, next: 25, stacks: [] })).toBe("tournament/chip-not-in-play");
    expect(refused(d, { type: "colour-up", at: 1, remove: 5, next: 30, stacks: [] })).toBe("tournament/bad-colour-up");
    expect(refused(d, { type: "colour-up", at: 1, remove: 25, next: 5, stacks: [] })).toBe("tournament/bad-colour-up");
    expect(refused(d, { type: "colour-up", at: 1, remove: 5, next: 25, stacks: [["p001", 1010]] })).toBe("tournament/bad-stack");
    expect(refused(d, { type: "colour-up", at: 1, remove: 5, next: 25, stacks: [["p001", 0]] })).toBe("tournament/raced-out");
    expect(refused(d, { type: "colour-up", at: 1, remove: 5, next: 25, stacks: [["ghost", 25]] })).toBe("tournament/no-entry");
    ok(d, { type: "colour-up", at: 1, remove: 5, next: 25, stacks: [] });
    expect(refused(d, { type: "colour-up", at: 1, remove: 5, next: 100, stacks: [] })).toBe("tournament/chip-not-in-play");
  });
});

/** One random floor action. */
function step(d: Director, rng: RandomSource, now: number): void {
  const s = d.state;
  const withChips = [...s.entries.values()].filter((e) => e.alive && e.stack > 0 && !s.busted.includes(e.id));
  const roll = randomInt(rng, 10);
  if (roll < 4 && withChips.length > 1) {
    // A hand at one table busts one or more of its players (never everyone with chips).
    const table = withChips[randomInt(rng, withChips.length)]!.table;
    const here = withChips.filter((e) => e.table === table);
    const k = 1 + randomInt(rng, Math.min(here.length, withChips.length - 1));
    const out = here.slice(0, k).map((e) => e.id);
    const starts = randomInt(rng, 2) === 0 ? { startStacks: out.map(() => 1 + randomInt(rng, 3) * 100) } : {};
    if (out.length < withChips.length) ok(d, { type: "bust", at: now, entries: out, ...starts });
  } else if (roll < 6 && withChips.length > 0) {
    const e = withChips[randomInt(rng, withChips.length)]!;
    const zero = randomInt(rng, 4) === 0 && withChips.length > 1;
    ok(d, { type: "chip-count", at: now, stacks: [[e.id, zero ? 0 : 25 * (1 + randomInt(rng, 200))]] });
  } else if (roll < 8) {
    for (const id of [...s.busted]) if (randomInt(rng, 2) === 0) d.run({ type: "rebuy", at: now, entry: id });
  } else tickAll(d, now);
  if (randomInt(rng, 3) > 0) ok(d, { type: "settle", at: now });
}

describe("live property", () => {
  it("random busts, counts and rebuys keep places a permutation of 1..entries and end with one winner", () => {
    const seen = { rebuys: 0, ties: 0, counts: 0 };
    const config = live({
      format: { kind: "rebuy" },
      tableSize: 4,
      money: { buyIn: 100, fee: 10, rebuy: { cost: 100, fee: 10, chips: 1000, until: { minutes: 60 } } },
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 14 }), (seed, n) => {
        const d = startedDirector(config, n, seed);
        const rng = seededRandom(seed);
        let now = 0;
        for (let i = 0; i < 400 && d.state.status === "running"; i++, now += 30_000) step(d, rng, now);
        // Then the floor busts one player at a time until someone has won.
        for (let i = 0; i < 100 && d.state.status === "running"; i++, now += 30_000) {
          const s = d.state;
          const withChips = [...s.entries.values()].filter((e) => e.alive && e.stack > 0 && !s.busted.includes(e.id));
          if (withChips.length > 1) ok(d, { type: "bust", at: now, entries: [withChips[0]!.id] });
          ok(d, { type: "settle", at: now });
        }
        expect(d.state.status).toBe("finished");
        checkPlaces(d.state.placements!, d.state.entries.size);
        expect(d.state.placements!.reduce((a, p) => a + p.prize, 0)).toBe(d.state.prizes!.pool);
        expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
        for (const e of d.events) {
          if (e.type === "rebought") seen.rebuys++;
          if (e.type === "counted") seen.counts++;
          if (e.type === "eliminated" && e.groups.some((g) => g.length > 1)) seen.ties++;
        }
      }),
      { numRuns: 40 },
    );
    // The random floor did exercise every kind of action.
    expect(seen.rebuys * seen.ties * seen.counts).toBeGreaterThan(0);
  });
});

describe("live: the room's table numbers", () => {
  it("a table opened for a re-entry takes the lowest number not in play (the broken table 3), not a new 4", () => {
    const d = startedDirector(
      live({ tableSize: 6, spareSeats: 0, format: { kind: "re-entry" }, money: { buyIn: 100, fee: 10, reEntry: { until: { endOfLevel: 4 } } } }),
      18,
    );
    expect([...d.state.tables.keys()]).toEqual([1, 2, 3]);
    const out: string[] = [];
    for (const n of [1, 2, 3]) {
      const two = atTable(d, n).slice(0, 2);
      out.push(...two);
      ok(d, { type: "bust", at: MIN, entries: two });
      ok(d, { type: "settle", at: MIN });
    }
    expect(d.state.tables.size).toBe(2);
    const broken = [1, 2, 3].find((n) => !d.state.tables.has(n))!;
    expect(d.state.maxTable).toBe(3);
    const back = ok(d, { type: "re-enter", at: MIN, player: out[0]! });
    expect(back.find((e) => e.type === "re-entered")).toMatchObject({ table: broken });
  });
});

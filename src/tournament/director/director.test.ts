import { describe, expect, it } from "vitest";
import { engineHandPlayer } from "../../sim/hand-player.ts";
import { seededRandom } from "../index.ts";
import { STRUCTURE_PRESETS } from "../structure/index.ts";
import { Director, replay, runTournament, snapshot, type Placement, type TournamentEvent } from "./index.ts";
import { fakeHand, names, seedConfig } from "../../../testkit/tournament/director.ts";

/** Places 1..n each held exactly once (shared places counted once per holder). */
function checkPlaces(placements: readonly Placement[], n: number): void {
  const seen = new Map<number, number>();
  for (const p of placements) for (const x of p.places) seen.set(x, (seen.get(x) ?? 0) + 1);
  for (let i = 1; i <= n; i++) expect(seen.has(i), `place ${i}`).toBe(true);
  for (const p of placements) for (const x of p.places) expect(seen.get(x)).toBe(p.places.length);
  expect(placements.length).toBe(n);
}

describe("director: freezeout with the real engine and bots", () => {
  const run = () => runTournament({ config: seedConfig(), players: names(30), playHand: engineHandPlayer(), seed: 11, keepEvents: true });
  it("plays to one winner; places 1..N given once; prizes sum to the pool; chips conserved at every level (R-PLACE, R-CHIP-1)", () => {
    const r = run();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.value.state;
    expect(s.status).toBe("finished");
    checkPlaces(s.placements!, 30);
    expect(s.placements!.reduce((a, p) => a + p.prize, 0)).toBe(3000);
    expect(s.conservation.failures).toBe(0);
    expect(s.conservation.checks).toBeGreaterThan(3);
    expect(r.value.events.some((e) => e.type === "coloured-up")).toBe(true);
  });
  it("replaying the events reproduces the state exactly; the same seed gives the same events", () => {
    const a = run();
    const b = run();
    if (!a.ok || !b.ok) throw new Error("run failed");
    expect(snapshot(replay(a.value.events))).toEqual(snapshot(a.value.state));
    expect(JSON.stringify(a.value.events)).toBe(JSON.stringify(b.value.events));
  });
});

describe("director: start rule and cancellation (R-TRN-6)", () => {
  const day = Date.UTC(2026, 10, 29);
  const rule = { scheduledAt: day + 19 * 3_600_000, deadline: day + 19.25 * 3_600_000, minPlayers: 5 };
  const setup = (n: number) => {
    const d = new Director(seededRandom(1), true);
    d.run({ type: "announce", at: day, config: seedConfig({ start: rule, money: { buyIn: 100, fee: 10, guarantee: 10_000 } }) });
    d.run({ type: "open-registration", at: day });
    for (const p of names(n)) d.run({ type: "register", at: day, player: p });
    return d;
  };
  it("too early is refused and changes nothing", () => {
    const d = setup(6);
    const before = JSON.stringify(snapshot(d.state));
    const r = d.run({ type: "start", at: rule.scheduledAt - 1 });
    expect(r.ok ? "ok" : r.error.code).toBe("tournament/not-yet");
    expect(JSON.stringify(snapshot(d.state))).toBe(before);
  });
  it("4 players at 19:15: cancelled, everyone refunded buy-in and fee, guarantee void", () => {
    const d = setup(4);
    expect(d.run({ type: "start", at: rule.scheduledAt }).ok).toBe(false); // waits until the deadline
    const r = d.run({ type: "start", at: rule.deadline });
    expect(r.ok).toBe(true);
    expect(d.state.status).toBe("cancelled");
    expect(d.state.refunds).toEqual(names(4).map((player) => ({ player, amount: 110 })));
    expect(d.state.prizes).toBeNull();
  });
  it("the floor starts early once the minimum is there; with fewer it waits, and the scheduled start never comes early", () => {
    const few = setup(4);
    const r = few.run({ type: "start", at: rule.scheduledAt - 10 * 60_000, early: true });
    expect(r.ok ? "ok" : r.error.code).toBe("tournament/not-yet");
    expect(few.state.status).toBe("registering");
    const enough = setup(5);
    expect(enough.run({ type: "start", at: rule.scheduledAt - 10 * 60_000 }).ok).toBe(false);
    expect(enough.run({ type: "start", at: rule.scheduledAt - 10 * 60_000, early: true }).ok).toBe(true);
    expect(enough.state.status).toBe("running");
  });
  it("moving the start moves the deadline with it (19:30 and 19:45); a running event's start no longer moves", () => {
    const d = setup(4);
    const later = rule.scheduledAt + 30 * 60_000;
    expect(d.run({ type: "move-start", at: day, scheduledAt: later }).ok).toBe(true);
    expect(d.state.config?.start).toEqual({ scheduledAt: later, deadline: later + 15 * 60_000, minPlayers: 5 });
    // At the old deadline it only waits now; at the new one it is cancelled.
    expect(d.run({ type: "start", at: rule.deadline }).ok).toBe(false);
    expect(d.state.status).toBe("registering");
    expect(d.run({ type: "start", at: later + 15 * 60_000 }).ok).toBe(true);
    expect(d.state.status).toBe("cancelled");
    const running = setup(5);
    running.run({ type: "start", at: rule.scheduledAt });
    const moved = running.run({ type: "move-start", at: rule.scheduledAt, scheduledAt: later });
    expect(moved.ok ? "ok" : moved.error.code).toBe("tournament/bad-status");
  });
  it("5 players at 19:00 start; the guarantee makes the pool, the difference is overlay", () => {
    const d = setup(5);
    expect(d.run({ type: "start", at: rule.scheduledAt }).ok).toBe(true);
    expect(d.state.status).toBe("running");
    expect(d.state.prizes).toMatchObject({ pool: 10_000, overlay: 9_500 });
  });
});

function bustFirst(d: Director, at: number): string {
  // Table 1's first two players: the second takes all of the first's chips.
  const t = d.state.tables.get(1)!;
  const ids = t.seats.filter((x): x is string => x !== null);
  const [a, b] = [ids[0]!, ids[1]!];
  const st = (id: string) => d.state.entries.get(id)!.stack;
  const hand = { button: 1, sb: [], bb: [], rule: "dead" as const, tableSize: 10, sbSeat: 1, order: [] };
  const r = d.run({ type: "hand", at, outcome: { table: 1, hand, entries: [a, b], startStacks: [st(a), st(b)], stacks: [0, st(a) + st(b)] } });
  expect(r.ok).toBe(true);
  return a;
}

describe("director: re-entry (R-TRN-3)", () => {
  const casino = STRUCTURE_PRESETS["casino-1900"]!;
  const cfg = seedConfig({ format: { kind: "re-entry" }, structure: casino, money: { buyIn: 100, fee: 10, reEntry: { until: { endOfBreak: 2 } } } });
  const start = (n: number) => {
    const d = new Director(seededRandom(3), true);
    d.run({ type: "announce", at: 0, config: cfg });
    d.run({ type: "open-registration", at: 0 });
    for (const p of names(n)) d.run({ type: "register", at: 0, player: p });
    d.run({ type: "start", at: 0 });
    return d;
  };
  it("a busted player re-enters before the window closes as a new entry with a fresh stack", () => {
    const d = start(20);
    const gone = bustFirst(d, 60_000);
    d.run({ type: "settle", at: 60_000 });
    const r = d.run({ type: "re-enter", at: 120_000, player: gone });
    expect(r.ok).toBe(true);
    const e = d.state.entries.get(`${gone}#2`)!;
    expect([e.alive, e.stack, e.table > 0]).toEqual([true, 20000, true]);
    expect(d.state.payments.filter((p) => p.player === gone).length).toBe(2);
  });
  it("a re-entry after the window is refused with a clear error", () => {
    const d = start(20);
    const closes = (8 * 30 + 2 * 15) * 60_000;
    const gone = bustFirst(d, closes);
    d.run({ type: "settle", at: closes });
    const r = d.run({ type: "re-enter", at: closes, player: gone });
    expect(r.ok ? "ok" : r.error.code).toBe("tournament/re-entry-closed");
    if (!r.ok) expect(r.error.message).toBe("the re-entry window has closed");
  });
  it("the whole re-entry tournament runs: places cover every entry", () => {
    const r = runTournament({ config: cfg, players: names(40), playHand: fakeHand, seed: 5, policy: { reEnter: () => true } });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.state;
    expect(s.entries.size).toBeGreaterThan(40);
    checkPlaces(s.placements!, s.entries.size);
    expect(s.placements!.reduce((a, p) => a + p.prize, 0)).toBe(s.entries.size * 100);
  });
});

describe("director: rebuy and add-on (R-TRN-4, R-TRN-5)", () => {
  const cfg = seedConfig({
    format: { kind: "rebuy" },
    money: {
      buyIn: 100,
      fee: 10,
      rebuy: { cost: 100, fee: 0, chips: 1000, max: 2, until: { endOfBreak: 1 } },
      addOn: { atBreak: 1, cost: 50, fee: 0, chips: 500 },
    },
  });
  const start = (n: number) => {
    const d = new Director(seededRandom(4), true);
    d.run({ type: "announce", at: 0, config: cfg });
    d.run({ type: "open-registration", at: 0 });
    for (const p of names(n)) d.run({ type: "register", at: 0, player: p });
    d.run({ type: "start", at: 0 });
    return d;
  };
  it("a single-table event is not at a final table: a busted player rebuys (R-TRN-4's final table is the one a multi-table event comes down to; rebuy-grace.test.ts)", () => {
    const d = start(9);
    const gone = bustFirst(d, 60_000);
    expect(d.run({ type: "rebuy", at: 60_000, entry: gone }).ok).toBe(true);
    d.run({ type: "settle", at: 60_000 });
    expect(d.state.entries.get(gone)).toMatchObject({ alive: true, stack: 1000, rebuys: 1 });
  });
  it("before the final table a busted player rebuys and stays in", () => {
    const d = start(30);
    const gone = bustFirst(d, 60_000);
    expect(d.run({ type: "rebuy", at: 60_000, entry: gone }).ok).toBe(true);
    d.run({ type: "settle", at: 60_000 });
    expect(d.state.entries.get(gone)).toMatchObject({ alive: true, stack: 1000, rebuys: 1 });
  });
  it("the whole rebuy tournament runs with rebuys and add-ons in the pool", () => {
    const r = runTournament({ config: cfg, players: names(40), playHand: fakeHand, seed: 6, policy: { rebuy: () => true, addOn: () => true } });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.state;
    const kinds = new Set(s.payments.map((p) => p.kind));
    expect(kinds).toEqual(new Set(["buy-in", "rebuy", "add-on"]));
    expect(s.prizes!.pool).toBe(s.payments.reduce((a, p) => a + p.toPool, 0));
    expect(s.conservation.failures).toBe(0);
    checkPlaces(s.placements!, 40);
  });
});

describe("director: shootout (R-TRN-11, R-PLACE-3)", () => {
  it("the lowest stack of every table goes at each level change until the final table", () => {
    const events: TournamentEvent[] = [];
    const r = runTournament({
      config: seedConfig({ format: { kind: "shootout", finalTable: 10 } }),
      players: names(40),
      playHand: fakeHand,
      seed: 8,
      onEvent: (e) => events.push(e),
    });
    if (!r.ok) throw new Error(r.error.message);
    // An elimination right after a level change that is not a hand's bust: the shootout's.
    const atLevel = events.filter((e, i) => e.type === "eliminated" && events[i - 1]?.type === "level-started");
    expect(atLevel.length).toBeGreaterThan(0);
    checkPlaces(r.value.state.placements!, 40);
  });
});

describe("director: heads-up knockout (R-TRN-10)", () => {
  it("6 players: 2 byes, then 4, then the final; each round's losers share their places", () => {
    const events: TournamentEvent[] = [];
    const r = runTournament({
      config: seedConfig({ format: { kind: "heads-up" }, structure: STRUCTURE_PRESETS["heads-up"]!, money: { buyIn: 100, fee: 10, paidFraction: 0.5 } }),
      players: names(6),
      playHand: engineHandPlayer(),
      seed: 9,
      onEvent: (e) => events.push(e),
    });
    if (!r.ok) throw new Error(r.error.message);
    // Round 1 is drawn whole; each later match as soon as its two players are known.
    const draws = events.filter((e) => e.type === "matches-drawn" || e.type === "match-drawn");
    expect(
      draws.map((d) =>
        d.type === "matches-drawn"
          ? `round ${d.round}: ${d.tables.length} matches, ${d.byes.length} byes`
          : d.type === "match-drawn"
            ? `round ${d.round} match ${d.match}`
            : "",
      ),
    ).toEqual(["round 1: 2 matches, 2 byes", "round 2 match 0", "round 2 match 1", "round 3 match 0"]);
    const places = r.value.state.placements!.map((p) => p.places.join("-"));
    expect(places.sort()).toEqual(["1", "2", "3-4", "3-4", "5-6", "5-6"]);
    expect(r.value.state.placements!.reduce((a, p) => a + p.prize, 0)).toBe(600);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../index.ts";
import { prizePool } from "../money/index.ts";
import { Director, fieldClosed, lastEntryMs, lateRegistrationEndsMs, replay, snapshot, type TournamentConfig } from "./index.ts";
import { fakeHand, names, refused, seedConfig, startedDirector, tickAll } from "../../../testkit/tournament/director.ts";
import { handSetup } from "./hand-setup.ts";

const MIN = 60_000;

function registering(n: number, over: Partial<TournamentConfig> = {}): Director {
  const d = new Director(seededRandom(3), true);
  d.run({ type: "announce", at: 0, config: seedConfig(over) });
  d.run({ type: "open-registration", at: 0 });
  for (const p of names(n)) d.run({ type: "register", at: 0, player: p });
  return d;
}

describe("unregister before the start", () => {
  it("refunds buy-in and fee, removes the entry and shrinks the pool", () => {
    const d = registering(4);
    const r = d.run({ type: "unregister", at: 5, player: "p002" });
    expect(r.ok && r.value).toEqual([{ type: "unregistered", at: 5, player: "p002", refund: 110 }]);
    expect(d.state.entries.has("p002")).toBe(false);
    expect(d.state.players.has("p002")).toBe(false);
    expect(d.state.alive).toBe(3);
    expect(d.state.chipsIssued).toBe(3000);
    expect(prizePool(d.state.config!.money, d.state.payments).pool).toBe(300);
    // A cancel afterwards refunds only those still registered.
    const c = d.run({ type: "cancel", at: 6, reason: "test" });
    expect(c.ok && c.value[0]!.type === "cancelled" && c.value[0]!.refunds.map((x) => x.player)).toEqual(["p001", "p003", "p004"]);
  });
  it("the player may register again; the start seats only those registered", () => {
    const d = registering(3);
    d.run({ type: "unregister", at: 1, player: "p001" });
    expect(d.run({ type: "register", at: 2, player: "p001" }).ok).toBe(true);
    d.run({ type: "unregister", at: 3, player: "p003" });
    expect(d.run({ type: "start", at: 4 }).ok).toBe(true);
    const seated = [...d.state.tables.values()].flatMap((t) => t.seats.filter((x) => x !== null));
    expect(seated.sort()).toEqual(["p001", "p002"]);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });
  it("refusals change nothing: unknown player, after the start, before registration opens", () => {
    const d = registering(3);
    expect(refused(d, { type: "unregister", at: 1, player: "nobody" })).toBe("tournament/not-registered");
    const a = new Director(seededRandom(1), true);
    a.run({ type: "announce", at: 0, config: seedConfig() });
    expect(refused(a, { type: "unregister", at: 1, player: "p001" })).toBe("tournament/not-registering");
    const s = startedDirector();
    expect(refused(s, { type: "unregister", at: 1, player: "p001" })).toBe("tournament/not-registering");
  });
});

const late = (until = { endOfLevel: 2 }, over: Partial<TournamentConfig> = {}) => ({ lateRegistration: { until }, ...over });

describe("late registration", () => {
  it("R-DEAL-7: a late player draws a seat at the shortest table with a starting stack and pays the buy-in", () => {
    const d = startedDirector(late(undefined, { tableSize: 6 }), 11);
    // 11 players at 6-max: tables of 6 and 5; the late player must go to the 5.
    const short = [...d.state.tables.values()].find((t) => t.count === 5)!;
    const r = d.run({ type: "register", at: 10 * MIN, player: "late" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const ev = r.value[0]!;
    expect(ev.type).toBe("late-registered");
    if (ev.type !== "late-registered") return;
    expect(ev).toMatchObject({ entry: "late", player: "late", table: short.id, stack: 1000, payment: { kind: "buy-in", toPool: 100, fee: 10, chips: 1000 } });
    expect(short.seats[ev.seat - 1]).toBe("late");
    expect(d.state.entries.get("late")).toMatchObject({ stack: 1000, table: short.id, seat: ev.seat, alive: true });
    expect(d.state.alive).toBe(12);
    expect(d.state.payments.length).toBe(12);
  });
  it("places stay unknown and prizes unfixed until late registration closes (end of level 2 = 40 min)", () => {
    const d = startedDirector(late());
    expect(lateRegistrationEndsMs(d.state)).toBe(40 * MIN);
    expect(lastEntryMs(d.state)).toBe(40 * MIN);
    expect(d.state.prizes).toBeNull();
    expect(fieldClosed(d.state, 39 * MIN)).toBe(false);
    tickAll(d, 39 * MIN);
    expect(d.state.prizes).toBeNull();
    expect(d.run({ type: "register", at: 39 * MIN, player: "late" }).ok).toBe(true);
    tickAll(d, 40 * MIN);
    expect(d.state.prizes?.entries).toBe(7);
    expect(d.state.prizes?.pool).toBe(700);
  });
  it("a bust inside the window gets its place only at the end (a late entrant may still come)", () => {
    const d = startedDirector(late(undefined, { live: true }));
    d.run({ type: "bust", at: MIN, entries: ["p001"] });
    const s = d.run({ type: "settle", at: MIN });
    expect(s.ok && s.value.find((e) => e.type === "eliminated")).toMatchObject({ groups: [["p001"]], places: null });
    d.run({ type: "register", at: 2 * MIN, player: "late" });
    for (const p of ["p002", "p003", "p004", "p005", "p006"]) {
      d.run({ type: "bust", at: 50 * MIN, entries: [p] });
      d.run({ type: "settle", at: 50 * MIN });
    }
    expect(d.state.status).toBe("finished");
    expect(d.state.placements!.find((p) => p.entry === "p001")!.places).toEqual([7]);
    expect(d.state.placements!.find((p) => p.entry === "late")!.places).toEqual([1]);
  });
  it("a pause keeps the window open: it closes at 40 minutes of play", () => {
    const d = startedDirector(late());
    d.run({ type: "pause", at: 30 * MIN });
    d.run({ type: "resume", at: 60 * MIN });
    expect(d.run({ type: "register", at: 69 * MIN, player: "a" }).ok).toBe(true);
    expect(refused(d, { type: "register", at: 70 * MIN, player: "b" })).toBe("tournament/registration-closed");
  });
  it("every table full: a new table opens and settle balances players onto it (R-TBL-2)", () => {
    const d = startedDirector(late(undefined, { tableSize: 6 }), 12);
    const r = d.run({ type: "register", at: MIN, player: "late" });
    expect(r.ok).toBe(true);
    expect(d.state.tables.size).toBe(3);
    const fresh = d.state.tables.get(3)!;
    expect(fresh.count).toBe(1);
    expect(handSetup(d.state, fresh, MIN)).toBeNull();
    const s = d.run({ type: "settle", at: MIN });
    expect(s.ok && s.value.some((e) => e.type === "moved")).toBe(true);
    const counts = [...d.state.tables.values()].map((t) => t.count).sort();
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });
  it("refusals change nothing: closed window, already registered, bad name, no late registration offered", () => {
    const d = startedDirector(late());
    expect(refused(d, { type: "register", at: 40 * MIN, player: "x" })).toBe("tournament/registration-closed");
    expect(refused(d, { type: "register", at: MIN, player: "p001" })).toBe("tournament/already-registered");
    expect(refused(d, { type: "register", at: MIN, player: "a#2" })).toBe("tournament/bad-player");
    expect(refused(d, { type: "register", at: MIN, player: "" })).toBe("tournament/bad-player");
    const f = startedDirector();
    expect(refused(f, { type: "register", at: MIN, player: "x" })).toBe("tournament/not-registering");
  });
  it("a heads-up bracket or a shootout offers no late registration", () => {
    for (const format of [{ kind: "heads-up" }, { kind: "shootout" }] as const) {
      const d = new Director(seededRandom(1), true);
      expect(refused(d, { type: "announce", at: 0, config: seedConfig(late(undefined, { format })) })).toBe("tournament/bad-config");
    }
  });
  it("property: late players at random times still give places 1..N once and one winner", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(fc.integer({ min: 0, max: 45 }), { maxLength: 12 }), (seed, joins) => {
        const d = startedDirector(late(undefined, { tableSize: 6 }), 7, seed);
        const rng = seededRandom(seed);
        const pending = joins.map((m, i) => ({ at: m * MIN, player: `late${i}` })).sort((a, b) => a.at - b.at);
        let now = 0;
        let joined = 0;
        for (let round = 0; d.state.status === "running" && round < 5000; round++, now += 2 * MIN) {
          while (pending.length > 0 && pending[0]!.at <= now) {
            const r = d.run({ type: "register", at: now, player: pending.shift()!.player });
            if (r.ok) joined++;
            else expect(r.error.code).toBe("tournament/registration-closed");
          }
          tickAll(d, now);
          for (const t of [...d.state.tables.values()]) {
            const setup = handSetup(d.state, t, now);
            if (setup === null) continue;
            const stacks = fakeHand(setup, rng);
            const r = d.run({
              type: "hand",
              at: now,
              outcome: { table: t.id, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks },
            });
            expect(r.ok).toBe(true);
          }
          expect(d.run({ type: "settle", at: now }).ok).toBe(true);
        }
        expect(d.state.status).toBe("finished");
        const n = 7 + joined;
        const places = d.state.placements!.flatMap((p) => p.places).sort((a, b) => a - b);
        expect(new Set(places).size).toBe(n);
        expect(places[0]).toBe(1);
        expect(places.at(-1)).toBe(n);
        expect(d.state.placements!.filter((p) => p.places.includes(1)).length).toBe(1);
        expect(d.state.prizes!.entries).toBe(n);
        expect(d.state.conservation.failures).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});

describe("re-entry into a full room", () => {
  it("opens a new table when every table is full (R-DEAL-7)", () => {
    const d = startedDirector({ format: { kind: "re-entry" }, money: { buyIn: 100, fee: 10, reEntry: { until: { minutes: 60 } } }, tableSize: 2 }, 4);
    const t = d.state.tables.get(1)!;
    const setup = handSetup(d.state, t, MIN)!;
    const loser = setup.entries[0]!;
    const stacks = [0, 2000];
    d.run({ type: "hand", at: MIN, outcome: { table: 1, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks } });
    const r = d.run({ type: "re-enter", at: MIN, player: loser });
    expect(r.ok && r.value[0]!.type === "re-entered" && r.value[0]!.table).toBe(3);
  });
});

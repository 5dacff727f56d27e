import { describe, expect, it } from "vitest";
import { engineHandPlayer } from "../../sim/hand-player.ts";
import { seededRandom } from "../index.ts";
import { STRUCTURE_PRESETS } from "../structure/index.ts";
import { Director, feedTarget, runTournament, seatWinners, type TournamentEvent } from "./index.ts";
import { fakeHand, names, seedConfig } from "../../../testkit/tournament/director.ts";

describe("satellite (R-TRN-8)", () => {
  const sat = seedConfig({ id: "sat", format: { kind: "satellite", seatValue: 1100, target: "main" }, structure: STRUCTURE_PRESETS["satellite"]! });
  it("50 × 100 = 5,000 → 4 seats of 1,100 and 600 cash to 5th; play stops at 4 players left", () => {
    const r = runTournament({ config: sat, players: names(50), playHand: fakeHand, seed: 21 });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.state;
    expect(s.status).toBe("finished");
    expect(s.alive).toBe(4);
    const seats = s.placements!.filter((p) => p.seat);
    expect(seats.length).toBe(4);
    for (const p of seats) expect(p.prize).toBe(1100);
    expect(s.placements!.find((p) => p.places.includes(5))?.prize).toBe(600);
    expect(s.placements!.reduce((a, p) => a + p.prize, 0)).toBe(5000);
  });
  it("the seat winners are registered into the target, itself a satellite that feeds a main event", () => {
    const r = runTournament({ config: sat, players: names(50), playHand: fakeHand, seed: 22 });
    if (!r.ok) throw new Error(r.error.message);
    const winners = seatWinners(r.value.state);
    const target = new Director(seededRandom(1), true);
    target.run({
      type: "announce",
      at: 0,
      config: { ...sat, id: "mega", format: { kind: "satellite", seatValue: 11_000, target: "main" }, money: { buyIn: 1000, fee: 100 } },
    });
    target.run({ type: "open-registration", at: 0 });
    const fed = feedTarget(r.value.state, target, 0);
    expect(fed.every((x) => x.ok)).toBe(true);
    expect([...target.state.players.keys()]).toEqual(winners);
    for (const p of names(20, "q")) target.run({ type: "register", at: 0, player: p });
    // 24 × 1,000 = 24,000 → 2 seats of 11,000 and 2,000 cash.
    expect(target.run({ type: "start", at: 0 }).ok).toBe(true);
    expect(target.state.prizes?.prizes).toEqual([11_000, 11_000, 2_000]);
  });
});

describe("freeroll (R-TRN-7)", () => {
  it("no buy-in; the organiser's prizes are the pool; a zero balance enters", () => {
    const r = runTournament({
      config: seedConfig({ format: { kind: "freeroll" }, money: { buyIn: 0, fee: 0, organiserPrizes: 500 } }),
      players: names(20),
      playHand: fakeHand,
      seed: 23,
    });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.state;
    expect(s.payments.every((p) => p.toPool === 0 && p.fee === 0)).toBe(true);
    expect(s.prizes).toMatchObject({ pool: 500, overlay: 500 });
    expect(s.placements!.reduce((a, p) => a + p.prize, 0)).toBe(500);
  });
  it("a freeroll with a buy-in is refused", () => {
    const d = new Director(seededRandom(1), false);
    const r = d.run({ type: "announce", at: 0, config: seedConfig({ format: { kind: "freeroll" } }) });
    expect(r.ok ? "ok" : r.error.code).toBe("tournament/bad-config");
  });
});

describe("speed (R-TRN-9)", () => {
  it("with an action clock, timed-out players check or fold and the tournament still finishes", () => {
    const stats = { hands: 0, actions: 0, timeouts: 0, refused: 0 };
    const r = runTournament({
      config: seedConfig({ format: { kind: "speed", actionSeconds: 15 }, structure: STRUCTURE_PRESETS["speed"]! }),
      players: names(20),
      playHand: engineHandPlayer({ timeoutRate: 0.05, stats }),
      seed: 24,
      handsPerHour: 60,
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.status).toBe("finished");
    expect(stats.timeouts).toBeGreaterThan(0);
    expect(stats.refused).toBe(0);
  });
});

describe("hand-for-hand at the money bubble (R-PLACE-2)", () => {
  it("switches on when one player is left to bust before the money, and off after", () => {
    const events: TournamentEvent[] = [];
    const r = runTournament({ config: seedConfig(), players: names(60), playHand: fakeHand, seed: 25, onEvent: (e) => events.push(e) });
    if (!r.ok) throw new Error(r.error.message);
    const paid = r.value.state.prizes!.prizes.length; // 9 of 60
    const h4h = events.filter((e) => e.type === "hand-for-hand");
    expect(h4h.length).toBeGreaterThan(0);
    expect(h4h[0]).toMatchObject({ on: true });
    // While on, every elimination is one hand across the tables: one event per round.
    const i = events.indexOf(h4h[0]!);
    const aliveAt = events
      .slice(0, i)
      .filter((e) => e.type === "eliminated")
      .reduce((n, e) => n - (e.type === "eliminated" ? e.groups.flat().length : 0), 60);
    expect(aliveAt).toBe(paid + 1);
  });
});

import { describe, expect, it } from "vitest";
import { replay, runTournament, type TournamentEvent } from "./index.ts";
import { fakeHand, names, seedConfig } from "../../../testkit/tournament/director.ts";

describe("chips conserved (checked at every level change)", () => {
  const run = () => {
    const r = runTournament({ config: seedConfig(), players: names(30), playHand: fakeHand, seed: 31, keepEvents: true });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  it("a tampered history (a hand that made chips) fails the next level's check", () => {
    const { events, state } = run();
    expect(state.conservation.failures).toBe(0);
    // Hands record stacks absolutely, so tamper the last hand before a level change: the check there must see it.
    const levels = events.flatMap((e, k) => (e.type === "level-started" ? [k] : []));
    const lv = levels[2]!;
    const i = events.slice(0, lv).findLastIndex((e) => e.type === "hand-played");
    const h = events[i] as Extract<TournamentEvent, { type: "hand-played" }>;
    const bad = { ...h, stacks: h.stacks.map((x, k) => (k === 0 ? x + 5 : x)) };
    const tampered = [...events.slice(0, i), bad, ...events.slice(i + 1)];
    expect(replay(tampered).conservation.failures).toBeGreaterThan(0);
  });
  it("a hand result that does not add up is refused and changes nothing", () => {
    const r = runTournament({
      config: seedConfig(),
      players: names(10),
      seed: 1,
      playHand: (setup) => setup.config.stacks.map((x, i) => (i === 0 ? x + 1 : x)),
    });
    expect(r.ok ? "ok" : r.error.code).toBe("tournament/chips-not-conserved");
  });
});

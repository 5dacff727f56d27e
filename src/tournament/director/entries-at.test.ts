// entriesAt (state.ts) is derived from the tables' seats and kept in step by evolve: after
// every settle of whole tournaments (busts, balancing moves, broken tables, the final
// table, re-entries and rebuys), each table's entry at a seat is the map's entry of the id
// in that seat; and it stays out of every copy and comparison of the state.
import { describe, expect, it } from "vitest";
import { engineHandPlayer } from "../../sim/hand-player.ts";
import { simConfig } from "../../sim/formats.ts";
import { runPacedTournament, snapshot, type TournamentState } from "./index.ts";
import { entriesAt } from "./state.ts";
import { stateFromPlain, stateToPlain } from "./state-snapshot.ts";

function inStep(s: TournamentState): void {
  for (const t of s.tables.values()) {
    const at = entriesAt(s, t);
    t.seats.forEach((id, i) => expect(at[i] ?? null).toBe(id === null ? null : s.entries.get(id)));
  }
}

describe("entriesAt", () => {
  for (const format of ["freezeout", "rebuy", "re-entry"]) {
    it(`stays in step with the seats (${format})`, () => {
      const sc = simConfig(format, 120);
      if (!sc.ok) throw new Error(sc.error.message);
      let settles = 0;
      const r = runPacedTournament({
        config: sc.value.config,
        players: Array.from({ length: 120 }, (_, i) => `p${i + 1}`),
        seed: 5,
        policy: sc.value.policy,
        playHand: engineHandPlayer({ timeoutRate: sc.value.timeoutRate }),
        onSettle: (s) => {
          if (settles++ % 7 === 0) inStep(s);
        },
      });
      expect(r.ok).toBe(true);
      if (r.ok) inStep(r.value.state);
    });
  }

  it("is not data: snapshots and plain copies leave it out", () => {
    const sc = simConfig("freezeout", 40);
    if (!sc.ok) throw new Error(sc.error.message);
    let seen: unknown = null;
    runPacedTournament({
      config: sc.value.config,
      players: Array.from({ length: 40 }, (_, i) => `p${i + 1}`),
      seed: 2,
      playHand: engineHandPlayer(),
      onSettle: (s) => {
        if (seen !== null || s.tables.size < 3) return;
        for (const t of s.tables.values()) entriesAt(s, t);
        seen = snapshot(s);
        const back = stateFromPlain(stateToPlain(s))!;
        expect(snapshot(back)).toEqual(seen);
        for (const t of back.tables.values()) expect(Object.getOwnPropertySymbols(t)).toEqual([]);
        inStep(back);
      },
    });
    expect(seen).not.toBe(null);
  });
});

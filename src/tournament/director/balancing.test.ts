// R-TBL-2 the room's balancing rule (settings.balancing: the seed's, BB for BB, or TDA's,
// the next big blind), and the policy that nobody is moved again while another choice
// exists (the least-moved table gives). Both directors; checked against the state each
// move was decided on, folded from the run's own events.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lastBigBlind, seatsAfter } from "../index.ts";
import { checkConfig, runPacedTournament, runTournament, type TournamentConfig, type TournamentEvent } from "./index.ts";
import { evolve, initialState, moveCount, type TournamentState } from "./state.ts";
import { fakeHand, names, seedConfig } from "../../../testkit/tournament/director.ts";

const config = (over: Partial<TournamentConfig> = {}) => seedConfig({ tableSize: 6, spareSeats: 0, ...over });

/** The player at a table who is due to post the next big blind (TDA's mover). */
function nextBigBlind(s: TournamentState, table: number): string | undefined {
  const t = s.tables.get(table)!;
  if (t.last === null) return undefined;
  const size = t.seats.length;
  const seat = seatsAfter(lastBigBlind(t.last, size), size).find((x) => t.seats[x - 1] != null);
  return seat === undefined ? undefined : t.seats[seat - 1]!;
}

interface BalanceMove {
  readonly before: TournamentState;
  readonly entry: string;
  readonly from: number;
}

/** Every move made to balance (one player, no table broken with it), with the state it was decided on. */
function balanceMoves(events: readonly TournamentEvent[], inspect: (m: BalanceMove) => void): number {
  const s = initialState();
  let n = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const broke = events[i + 1]?.type === "table-broken";
    if (e.type === "moved" && e.moves.length === 1 && !broke) {
      const m = e.moves[0]!;
      if (m.from !== m.to && s.tables.get(m.from)?.last != null) {
        inspect({ before: s, entry: m.entry, from: m.from });
        n++;
      }
    }
    evolve(s, e);
  }
  return n;
}

const runners = [
  ["every table at its own pace", runPacedTournament],
  ["in lockstep", runTournament],
] as const;

describe("R-TBL-2 the room's balancing rule", () => {
  for (const [name, run] of runners) {
    it(`R-TBL-2 tda, ${name}: the player due to be the next big blind at the larger table moves`, () => {
      let moves = 0;
      for (const seed of [1, 2, 3]) {
        const r = run({ config: config({ balancing: "tda" }), players: names(40), seed, playHand: fakeHand, keepEvents: true });
        if (!r.ok) throw new Error(r.error.message);
        moves += balanceMoves(r.value.events, (m) => {
          const due = nextBigBlind(m.before, m.from);
          if (due !== undefined) expect(m.entry).toBe(due);
        });
        expect(r.value.state.conservation.failures).toBe(0);
      }
      expect(moves).toBeGreaterThan(5);
    });

    it(`R-TBL-2 seed (default), ${name}: the same position as the player who left, not always the next big blind`, () => {
      let other = 0;
      for (const seed of [1, 2, 3]) {
        const r = run({ config: config(), players: names(40), seed, playHand: fakeHand, keepEvents: true });
        if (!r.ok) throw new Error(r.error.message);
        balanceMoves(r.value.events, (m) => {
          if (m.entry !== nextBigBlind(m.before, m.from)) other++;
        });
      }
      expect(other).toBeGreaterThan(0);
    });
  }

  it("R-TBL-2: either rule conserves chips and gives every entrant one place, for any field and seed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 3, max: 10 }),
        fc.constantFrom<"seed" | "tda">("seed", "tda"),
        fc.boolean(),
        (n, seed, size, balancing, paced) => {
          const r = (paced ? runPacedTournament : runTournament)({
            config: config({ balancing, tableSize: size }),
            players: names(n),
            seed,
            playHand: fakeHand,
          });
          if (!r.ok) return false;
          return r.value.state.conservation.failures === 0 && new Set(r.value.state.placements!.map((p) => p.entry)).size === n;
        },
      ),
      { numRuns: 40 },
    );
  });

  it("R-TBL-2: an unknown balancing rule is refused naming the field", () => {
    const bad = checkConfig(config({ balancing: "random" as "tda" }));
    expect(bad.ok ? null : bad.error).toMatchObject({ code: "tournament/bad-config", field: "balancing" });
  });
});

describe("R-TBL-2 nobody moved twice while another choice exists (the least-moved table gives)", () => {
  it("R-TBL-2 in lockstep: of the tables as large, the one whose mover has been moved least gives", () => {
    let choices = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const r = runTournament({ config: config({ balancing: "tda" }), players: names(60), seed, playHand: fakeHand, keepEvents: true });
      if (!r.ok) throw new Error(r.error.message);
      balanceMoves(r.value.events, (m) => {
        // Every table is between hands in lockstep: each of the largest could give its next big blind.
        const s = m.before;
        const live = (id: number) => s.tables.get(id)!.seats.filter((x) => x != null && s.entries.get(x)!.alive).length;
        const most = live(m.from);
        const movers = [...s.tables.keys()].filter((id) => live(id) === most).map((id) => nextBigBlind(s, id));
        if (movers.some((x) => x === undefined) || movers.length < 2) return;
        const least = Math.min(...movers.map((x) => moveCount(s, x!)));
        if (movers.some((x) => moveCount(s, x!) !== least)) choices++;
        expect(moveCount(s, m.entry)).toBe(least);
      });
    }
    expect(choices).toBeGreaterThan(0);
  });

  it("the move count is derived from the events: a snapshot without it loads as never moved", () => {
    const r = runTournament({ config: config(), players: names(30), seed: 2, playHand: fakeHand, keepEvents: true });
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.events.reduce(evolve, initialState());
    const moved = [...s.entries.values()].filter((e) => (e.moves ?? 0) > 0);
    expect(moved.length).toBeGreaterThan(0);
    const first = moved[0]!;
    delete first.moves;
    expect(moveCount(s, first.id)).toBe(0);
  });
});

// Chips bought during a hand (a rebuy, an add-on) wait behind the stack until the table's
// hand is over (TDA: chips declared before the deal play; chips bought during a hand play
// from the next one), so the hand the table reports always stands.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomInt, seededRandom } from "../index.ts";
import { handSetup } from "./hand-setup.ts";
import { replay, snapshot, type TournamentEvent } from "./index.ts";
import { chipsInPlay, chipsIssuedInPlay } from "./state.ts";
import { stateFromPlain, stateToPlain } from "./state-snapshot.ts";
import type { Director } from "./run.ts";
import { startedDirector } from "../../../testkit/tournament/director.ts";
import type { TournamentCommand } from "./types.ts";

const money = {
  buyIn: 100,
  fee: 10,
  rebuy: { cost: 100, fee: 0, chips: 5000, until: { endOfBreak: 3 }, stackAtMost: 1_000_000 },
  addOn: { atBreak: 1, cost: 100, fee: 0, chips: 7000 },
};

function must(d: Director, cmd: TournamentCommand): readonly TournamentEvent[] {
  const r = d.run(cmd);
  if (!r.ok) throw new Error(`${cmd.type}: ${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Nine players at one table, dealt their first hand. */
function dealt(): Director {
  const d = startedDirector({ format: { kind: "rebuy" }, money, tableSize: 9 }, 9, 3);
  must(d, { type: "table-settle", at: 0, table: null });
  expect(d.state.tables.get(1)!.inHand).toBe(true);
  return d;
}

describe("chips bought during a hand (rebuy, add-on) play from the next hand", () => {
  it("a rebuy while the player's hand runs: the hand's result stands (an all-in lost), the chips arrive after it", () => {
    const d = dealt();
    const setup = handSetup(d.state, d.state.tables.get(1)!, 1000)!;
    const [a, b] = [setup.entries[0]!, setup.entries[1]!];
    const start = [...setup.config.stacks];
    // a buys 5,000 while the hand runs, then calls all in and loses everything to b.
    must(d, { type: "rebuy", at: 500, entry: a });
    expect(d.state.entries.get(a)).toMatchObject({ stack: start[0], behind: 5000, rebuys: 1 });
    const stacks = [...start];
    stacks[1]! += stacks[0]!;
    stacks[0] = 0;
    must(d, { type: "hand", at: 1000, outcome: { table: 1, hand: setup.hand, entries: setup.entries, startStacks: start, stacks } });
    expect(d.state.entries.get(a)).toMatchObject({ stack: 5000, behind: 0, alive: true });
    expect(d.state.entries.get(b)!.stack).toBe(start[1]! + start[0]!); // the winner keeps the pot
    expect(d.state.busted).not.toContain(a); // the chips behind keep the player in
    expect(chipsInPlay(d.state)).toBe(chipsIssuedInPlay(d.state));
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });

  it("between hands a rebuy goes straight onto the stack; chips behind survive a snapshot", () => {
    const d = dealt();
    const setup = handSetup(d.state, d.state.tables.get(1)!, 1000)!;
    must(d, { type: "rebuy", at: 500, entry: setup.entries[2]! });
    const copy = stateFromPlain(JSON.parse(JSON.stringify(stateToPlain(d.state))))!;
    expect(snapshot(copy)).toEqual(snapshot(d.state));
    expect(copy.behindAt.has(setup.entries[2]!)).toBe(true);
    must(d, {
      type: "hand",
      at: 1000,
      outcome: { table: 1, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks: setup.config.stacks },
    });
    expect(d.state.tables.get(1)!.inHand).toBe(false);
    const before = d.state.entries.get(setup.entries[3]!)!.stack;
    must(d, { type: "rebuy", at: 1100, entry: setup.entries[3]! });
    expect(d.state.entries.get(setup.entries[3]!)).toMatchObject({ stack: before + 5000 });
  });
});

describe("property: every recorded hand's result stands and chips are conserved", () => {
  it("random rebuys, add-ons, clock ticks (breaks, colour-ups) and balancing moves interleaved with hands at random points", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 20, maxLength: 120 }), (seed, script) => {
        const d = startedDirector({ format: { kind: "rebuy" }, money, tableSize: 6 }, 14, seed);
        const rng = seededRandom(seed);
        let at = 0;
        // What each table was dealt when its hand began: what it reports, whatever is bought meanwhile.
        const dealtHands = new Map<number, NonNullable<ReturnType<typeof handSetup>>>();
        const record = () => {
          for (const t of d.state.tables.values()) {
            if (!t.inHand || dealtHands.has(t.id)) continue;
            const setup = handSetup(d.state, t, at);
            if (setup !== null) dealtHands.set(t.id, setup);
          }
        };
        must(d, { type: "table-settle", at, table: null });
        record();
        for (const step of script) {
          at += 1 + randomInt(rng, 20_000);
          const s = d.state;
          const live = [...s.entries.values()].filter((e) => e.alive && e.table > 0);
          if (live.length < 2 || s.status !== "running") break;
          const pick = live[randomInt(rng, live.length)]!;
          if (step < 25) {
            d.run({ type: "rebuy", at, entry: pick.id }); // refused when not allowed: changes nothing
          } else if (step < 35) {
            d.run({ type: "add-on", at, entry: pick.id });
          } else if (step < 40) {
            d.run({ type: "tick", at });
          } else {
            // A table in its hand reports it: random chips change hands, sometimes all in.
            const tables = [...s.tables.values()].filter((t) => t.inHand && dealtHands.has(t.id));
            if (tables.length === 0) {
              d.run({ type: "table-settle", at, table: null });
              record();
              continue;
            }
            const t = tables[randomInt(rng, tables.length)]!;
            const setup = dealtHands.get(t.id)!;
            dealtHands.delete(t.id);
            const stacks = [...setup.config.stacks];
            const n = stacks.length;
            const w = randomInt(rng, n);
            const l = (w + 1 + randomInt(rng, n - 1)) % n;
            const amount = randomInt(rng, 3) === 0 ? stacks[l]! : Math.min(stacks[l]!, 1 + randomInt(rng, 400));
            stacks[l]! -= amount;
            stacks[w]! += amount;
            const r = d.run({ type: "hand", at, outcome: { table: t.id, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks } });
            // The table's recorded hand is never refused, whatever was bought meanwhile.
            if (!r.ok) throw new Error(`hand refused: ${r.error.code} ${r.error.message}`);
            // Its result stands: every stack is the hand's, plus only chips bought during it.
            setup.entries.forEach((id, i) => {
              const e = d.state.entries.get(id)!;
              expect(e.stack - stacks[i]!).toBeGreaterThanOrEqual(0);
              expect((e.stack - stacks[i]!) % 1000).toBe(0); // rebuys of 5,000 and add-ons of 7,000
            });
            d.run({ type: "table-settle", at, table: t.id });
            record();
          }
          expect(chipsInPlay(d.state)).toBe(chipsIssuedInPlay(d.state));
        }
        expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
      }),
      { numRuns: 60 },
    );
  });
});

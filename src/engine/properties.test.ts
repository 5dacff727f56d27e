// Property tests: random legal play in every variant, 2-10 players, random stacks (tiny
// ones too), antes of both kinds and straddles.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import {
  ACTIVE,
  FOLDED,
  statusOf,
  apply,
  autoShowdownAction,
  computePots,
  foldEvents,
  legalActions,
  openHand,
  replay,
  viewFor,
  eventFor,
  type Action,
  type HandConfig,
  type HandEvent,
  type HandState,
} from "./index.ts";
import { simulationRandomSource, uniformFloats } from "../cards/index.ts";

/** Seeded floats in [0, 1): the only randomness here. */
const rng = (seed: number): (() => number) => uniformFloats(simulationRandomSource(seed));

const arbConfig: fc.Arbitrary<HandConfig> = fc
  .record({
    variant: fc.constantFrom("NT" as const, "PT" as const, "FT" as const),
    n: fc.integer({ min: 2, max: 10 }),
    seed: fc.integer(),
    bb: fc.constantFrom(2, 10, 100),
    ante: fc.constantFrom(0, 0, 1, 5),
    dead: fc.boolean(),
    straddle: fc.boolean(),
    auto: fc.boolean(),
  })
  .map(({ variant, n, seed, bb, ante, dead, straddle, auto }) => {
    const r = rng(seed);
    // Tiny stacks (below the blinds) as well as deep ones.
    const stacks = Array.from({ length: n }, () => (r() < 0.25 ? 1 + Math.floor(r() * 3 * bb) : bb + Math.floor(r() * 200 * bb)));
    const blinds = new Array<number>(n).fill(0);
    if (n === 2) {
      blinds[0] = bb;
      blinds[1] = bb / 2;
    } else {
      blinds[0] = bb / 2;
      blinds[1] = bb;
      if (straddle && n > 3) blinds[2] = 2 * bb;
    }
    const antes = new Array<number>(n).fill(0);
    if (ante > 0) {
      if (dead) antes[n === 2 ? 0 : 1] = ante * n;
      else antes.fill(ante);
    }
    const deck = Array.from({ length: 52 }, (_, i) => i);
    for (let i = 51; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    return {
      variant,
      stacks,
      blinds,
      antes,
      antePots: dead ? ("dead" as const) : ("layered" as const),
      ...(variant === "FT" ? { smallBet: bb, bigBet: 2 * bb } : { minBet: bb }),
      deck,
      autoShowdown: auto,
    };
  });

/** One random legal action for the state (betting or showdown). */
function randomAction(s: HandState, r: () => number): Action {
  if (s.phase === "showdown") {
    const auto = autoShowdownAction(s);
    return r() < 0.3 ? { type: "muck", player: s.showQueue[0]! } : auto;
  }
  const legal = legalActions(s)!;
  const p = legal.actor;
  const x = r();
  if (x < 0.15) return { type: "fold", player: p };
  if (x < 0.65 || !legal.canRaise) return legal.canCheck ? { type: "check", player: p } : { type: "call", player: p };
  const lo = legal.minRaiseTo!;
  const hi = legal.maxRaiseTo!;
  return { type: "raise", player: p, to: r() < 0.5 ? lo : lo + Math.floor(r() * (hi - lo + 1)) };
}

/** Actions that must be refused in this state. */
function illegalActions(s: HandState, r: () => number): Action[] {
  const out: Action[] = [];
  const legal = legalActions(s);
  if (legal !== null) {
    const other = (legal.actor + 1 + Math.floor(r() * (s.n - 1))) % s.n;
    out.push({ type: "call", player: other }, { type: "fold", player: other });
    if (!legal.canCheck) out.push({ type: "check", player: legal.actor });
    if (legal.canRaise) {
      if (legal.minRaiseTo! > s.bets[legal.actor]! + 1) out.push({ type: "raise", player: legal.actor, to: legal.minRaiseTo! - 1 });
      out.push({ type: "raise", player: legal.actor, to: legal.maxRaiseTo! + 1 });
    } else {
      out.push({ type: "raise", player: legal.actor, to: s.currentBet + 1000 });
    }
    out.push({ type: "raise", player: legal.actor, to: -5 }, { type: "deal-board", cards: [0, 1, 2] });
  } else {
    out.push({ type: "check", player: 0 });
  }
  out.push({ type: "fold", player: s.n + 3 });
  return out;
}

function checkInvariants(s: HandState, total: number): void {
  let chips = s.dead + s.raked + s.carried;
  for (let i = 0; i < s.n; i++) {
    expect(s.stacks[i]).toBeGreaterThanOrEqual(0);
    chips += s.stacks[i]! + s.bets[i]! + s.committed[i]!;
  }
  if (s.phase === "done") {
    chips = s.raked + s.carried + s.stacks.reduce((a, b) => a + b, 0);
  }
  expect(chips).toBe(total);
  // The counts kept beside the statuses agree with them.
  const status = Array.from({ length: s.n }, (_, i) => statusOf(s, i));
  expect(s.live).toBe(status.filter((st) => st !== FOLDED).length);
  expect(s.able).toBe(status.filter((st) => st === ACTIVE).length);
  // Nobody is both folded and all-in, and no bit is set beyond the players.
  expect(s.folded & s.allIn).toBe(0);
  expect((s.folded | s.allIn) >>> s.n).toBe(0);
  if (s.phase !== "done") {
    // Pots: nested eligibility, only players still in, every chip in some pot.
    const pots = computePots(s);
    let inPots = 0;
    let prev: readonly number[] | null = null;
    for (const pot of pots) {
      inPots += pot.amount;
      for (const i of pot.eligible) expect(statusOf(s, i)).not.toBe(FOLDED);
      if (prev !== null) for (const i of pot.eligible) expect(prev).toContain(i);
      prev = pot.eligible;
    }
    expect(inPots).toBe(s.dead + s.committed.reduce((a, b) => a + b, 0));
    if (pots.length > 0) {
      for (let i = 0; i < s.n; i++) if (statusOf(s, i) !== FOLDED) expect(pots[0]!.eligible).toContain(i);
    }
  }
  // Views: nobody sees another player's hole cards before they are shown.
  for (let v = 0; v < s.n; v++) {
    const view = viewFor(s, v);
    for (let q = 0; q < s.n; q++) {
      if (q !== v && s.shown[q] !== 1) expect(view.holes[q]).toBeNull();
    }
  }
}

describe("random legal play (fast-check)", () => {
  it("chips are conserved, stacks never negative, pots right, views private, replay exact, illegal refused", () => {
    fc.assert(
      fc.property(arbConfig, fc.integer(), (config, seed) => {
        const r = rng(seed);
        const opened = unwrap(openHand(config));
        let s = opened.state;
        const events: HandEvent[] = [...opened.events];
        const total = config.stacks.reduce((a, b) => a + b, 0);
        checkInvariants(s, total);
        for (let step = 0; s.phase !== "done"; step++) {
          expect(step).toBeLessThan(500);
          if (r() < 0.3) {
            const before = JSON.stringify(s);
            for (const bad of illegalActions(s, r)) {
              const res = apply(s, bad);
              expect(res.ok, JSON.stringify(bad)).toBe(false);
              expect(JSON.stringify(s)).toBe(before);
            }
          }
          const action = randomAction(s, r);
          let res = apply(s, action);
          if (!res.ok && s.phase === "showdown") res = apply(s, autoShowdownAction(s));
          const next = unwrap(res);
          if (s.phase === "bet" && next.state.phase === "bet" && next.state.street === s.street) {
            // Within a betting round only the player who acts moves their bet, and nobody
            // un-acts: so the level a player matched by acting is their bet (the engine keeps
            // who acted as bits, not the levels; R-BET-8 reads the bet).
            for (let i = 0; i < s.n; i++) if (i !== (action as { player: number }).player) expect(next.state.bets[i]).toBe(s.bets[i]);
            expect(next.state.acted & s.acted).toBe(s.acted);
            // A fold leaves the bit as it was: a folded player never acts again.
            if (action.type !== "fold") expect(next.state.acted & (1 << (action as { player: number }).player)).not.toBe(0);
          }
          for (const e of next.events) {
            events.push(e);
            for (let v = 0; v < s.n; v++) {
              const seen = eventFor(e, v);
              if (seen.type === "hole" && seen.player !== v) expect(seen.cards).toEqual([-1, -1]);
              if (seen.type === "burn") expect(seen.card).toBe(-1);
            }
          }
          s = next.state;
          checkInvariants(s, total);
        }
        const replayed = unwrap(replay(config, events));
        expect(JSON.stringify(replayed)).toBe(JSON.stringify(s));
        const folded = unwrap(foldEvents(config, events));
        expect(JSON.stringify(folded)).toBe(JSON.stringify(s));
        expect(s.result?.stacks).toEqual(s.stacks);
      }),
      { numRuns: 150 },
    );
  });

  it("a replay with a forged event is refused", () => {
    fc.assert(
      fc.property(arbConfig, fc.integer(), (config, seed) => {
        const r = rng(seed);
        const opened = unwrap(openHand({ ...config, autoShowdown: true }));
        let s = opened.state;
        const events: HandEvent[] = [...opened.events];
        while (s.phase !== "done") {
          const next = unwrap(apply(s, randomAction(s, r)));
          events.push(...next.events);
          s = next.state;
        }
        const k = events.findIndex((e) => e.type === "award");
        fc.pre(k >= 0);
        const forged = events.map((e, i) => (i === k && e.type === "award" ? { ...e, amount: e.amount + 1 } : e));
        expect(replay({ ...config, autoShowdown: true }, forged).ok).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});

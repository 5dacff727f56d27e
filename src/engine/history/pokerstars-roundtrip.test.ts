// Property: any hand the engine plays, written as PokerStars text, reads back to the same
// PHH hand and the engine's amounts, for every variant, 2-10 players, tiny stacks, antes
// (uniform and big-blind) and straddles.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCards } from "../../cards/index.ts";
import { unwrap } from "../../lib/result.ts";
import { apply, autoShowdownAction, legalActions, openHand, type HandConfig, type HandEvent, type HandState } from "../index.ts";
import type { PhhHand } from "./phh-types.ts";
import { checkConverted } from "./pokerstars-check.ts";
import { parsePokerStars } from "./pokerstars-read.ts";
import { pokerStarsResults, writePokerStars } from "./pokerstars-write.ts";
import { simulationRandomSource, uniformFloats } from "../../cards/index.ts";

/** Seeded floats in [0, 1): the only randomness here. */
const rng = (seed: number): (() => number) => uniformFloats(simulationRandomSource(seed));

interface Table {
  readonly config: HandConfig;
  readonly hand: Omit<PhhHand, "actions">;
}

const table = fc
  .record({
    n: fc.integer({ min: 2, max: 10 }),
    variant: fc.constantFrom("NT" as const, "PT" as const, "FT" as const),
    bb: fc.constantFrom(2, 10, 100),
    anteKind: fc.constantFrom("none", "uniform", "bb"),
    straddle: fc.boolean(),
    stacks: fc.array(fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 31, max: 3000 })), { minLength: 10, maxLength: 10 }),
  })
  .map(({ n, variant, bb, anteKind, straddle, stacks }): Table => {
    const perPlayer = Array.from({ length: n }, (_, i) => {
      if (n === 2) return i === 0 ? bb : bb / 2; // engine order heads-up: [BB, SB]
      return i === 0 ? bb / 2 : i === 1 ? bb : i === 2 && straddle && n >= 4 ? 2 * bb : 0;
    });
    const antes = Array.from({ length: n }, (_, i) => (anteKind === "uniform" ? bb / 2 : anteKind === "bb" && i === (n === 2 ? 0 : 1) ? bb : 0));
    const phhOrder = (xs: number[]) => (n === 2 ? [...xs].reverse() : xs);
    const config: HandConfig = {
      variant,
      stacks: stacks.slice(0, n),
      blinds: perPlayer,
      antes,
      antePots: anteKind === "bb" ? "dead" : "layered",
      // Histories are read back in the convention they are replayed in (R-BLIND-2/4: pokerkit's).
      forcedBets: "pokerkit",
      ...(variant === "FT" ? { smallBet: bb, bigBet: 2 * bb } : { minBet: bb }),
    };
    return {
      config,
      hand: {
        variant,
        anteTrimmingStatus: anteKind !== "bb",
        antes: phhOrder(antes),
        blindsOrStraddles: phhOrder(perPlayer),
        ...(variant === "FT" ? { smallBet: bb, bigBet: 2 * bb } : { minBet: bb }),
        startingStacks: stacks.slice(0, n),
        players: Array.from({ length: n }, (_, i) => `Player ${i + 1}`),
      },
    };
  });

/** Random legal play to the end; the dealer shows down as the engine says. */
function play(config: HandConfig, random: () => number): { events: HandEvent[]; state: HandState } {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const opened = unwrap(openHand({ ...config, deck }));
  let state = opened.state;
  const events = [...opened.events];
  for (let step = 0; state.phase !== "done"; step++) {
    if (step > 500) throw new Error(`the hand does not end (phase ${state.phase})`);
    const legal = legalActions(state);
    let action;
    if (state.phase === "showdown" || legal === null) action = autoShowdownAction(state);
    else {
      const r = random();
      const p = legal.actor;
      if (legal.canRaise && legal.minRaiseTo !== null && legal.maxRaiseTo !== null && r < 0.3) {
        const to = legal.minRaiseTo + Math.floor(random() * (legal.maxRaiseTo - legal.minRaiseTo + 1) * (random() < 0.5 ? 1 : 0.1));
        action = { type: "raise" as const, player: p, to: Math.min(to, legal.maxRaiseTo) };
      } else if (legal.canFold && !legal.canCheck && r > 0.8) action = { type: "fold" as const, player: p };
      else action = legal.canCheck ? { type: "check" as const, player: p } : { type: "call" as const, player: p };
    }
    const next = unwrap(apply(state, action));
    events.push(...next.events);
    state = next.state;
  }
  return { events, state };
}

function phhActions(events: readonly HandEvent[]): string[] {
  return events.flatMap((e) => {
    switch (e.type) {
      case "hole":
        return [`d dh p${e.player + 1} ${formatCards(e.cards)}`];
      case "board":
        return [`d db ${formatCards(e.cards)}`];
      case "fold":
        return [`p${e.player + 1} f`];
      case "check":
      case "call":
        return [`p${e.player + 1} cc`];
      case "bet":
      case "raise":
        return [`p${e.player + 1} cbr ${e.to}`];
      case "show":
        return [`p${e.player + 1} sm ${formatCards(e.cards)}`];
      case "muck":
        return [`p${e.player + 1} sm`];
      default:
        return [];
    }
  });
}

/** What a short stack actually posts (R-BLIND-4): the text can only tell that much. */
function posted(h: Omit<PhhHand, "actions">): { antes: number[]; blinds: number[] } {
  const n = h.startingStacks.length;
  const order = (xs: readonly number[]) => (n === 2 ? [...xs].reverse() : [...xs]);
  const antes = order(h.antes).map((a, i) => Math.min(a, h.startingStacks[i]!));
  const blinds = order(h.blindsOrStraddles).map((b, i) => Math.min(b, h.startingStacks[i]! - antes[i]!));
  return { antes, blinds };
}

describe("PokerStars write → read over engine-played hands", () => {
  it("R-BET/R-POT/R-HU: actions, forced bets, stacks and every award and return survive the round trip", () => {
    fc.assert(
      fc.property(table, fc.integer(), (t, seed) => {
        const { events, state } = play(t.config, rng(seed));
        const hand: PhhHand = { ...t.hand, actions: phhActions(events) };
        const results = pokerStarsResults(events, hand.startingStacks.length);
        const text = unwrap(writePokerStars(hand, { handId: 1, date: "2024/01/02 10:00:00", tableName: "Prop", knownCards: "all", results }));
        const [back] = unwrap(parsePokerStars(text, "prop.txt"));
        expect(back!.hand.actions).toEqual(hand.actions);
        expect(back!.hand.variant).toBe(hand.variant);
        expect(back!.hand.startingStacks).toEqual(hand.startingStacks);
        expect(posted(back!.hand)).toEqual(posted(hand));
        expect(back!.expected).toEqual({ collected: results.collected, returned: results.returned });
        expect(unwrap(checkConverted(back!))).toEqual(state.result?.stacks ?? state.stacks);
      }),
      { numRuns: 300 },
    );
  });
});

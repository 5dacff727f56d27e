// Invariants of the button and the blinds (docs/rules.md R-BTN-1..4, R-HU-1, R-TBL-4) over
// random sequences of busts, departures (a player moved out to balance), arrivals (late
// entries, players moved in from a broken or balanced table) and table sizes, under both
// button rules: instead of examples, what must hold whatever happens.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { firstHand, nextHand, type ButtonRule, type SeatedPlayer, type TableHand } from "./blinds.ts";
import { clockwise, nextTaken } from "./seats.ts";

type Step = { readonly kind: "hand" } | { readonly kind: "leave"; readonly pick: number } | { readonly kind: "arrive"; readonly pick: number };

const arbStep: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Step>({ kind: "hand" }) },
  { weight: 1, arbitrary: fc.nat(99).map((pick): Step => ({ kind: "leave", pick })) },
  { weight: 1, arbitrary: fc.nat(99).map((pick): Step => ({ kind: "arrive", pick })) },
);

interface Table {
  readonly rule: ButtonRule;
  readonly size: number;
  readonly start: number;
  readonly button: number;
  readonly steps: readonly Step[];
}

const arbTable: fc.Arbitrary<Table> = fc.record({
  rule: fc.constantFrom<ButtonRule>("dead", "moving"),
  size: fc.integer({ min: 2, max: 10 }),
  start: fc.integer({ min: 2, max: 10 }),
  button: fc.nat(9),
  steps: fc.array(arbStep, { maxLength: 60 }),
});

interface Played {
  readonly hand: TableHand;
  /** Players who arrived since the hand before. */
  readonly newcomers: ReadonlySet<string>;
  /** The number of hands played since the last change of the table's players (0: this hand follows one). */
  readonly calm: number;
}

const who = (h: TableHand, seat: number): string => h.order.find((p) => p.seat === seat)!.player;
const playersOf = (h: TableHand, seats: readonly number[]): string[] => seats.map((s) => who(h, s));
const present = (h: TableHand, player: string): boolean => h.order.some((p) => p.player === player);
/** The big blind first clockwise from the button (the one the next big blind follows in R-BTN-2 is the last). */
const byClock = (h: TableHand, seats: readonly number[]) =>
  [...seats].sort((a, b) => clockwise(h.button, a, h.tableSize) - clockwise(h.button, b, h.tableSize));

/** Plays the steps, then two quiet orbits, and returns every hand. */
function play({ rule, size, start, button, steps }: Table): Played[] {
  const n0 = Math.min(start, size);
  let seated: SeatedPlayer[] = Array.from({ length: n0 }, (_, i) => ({ seat: i + 1, player: `s${i + 1}` }));
  let hand = unwrap(firstHand(seated, (button % n0) + 1, rule, size));
  const out: Played[] = [{ hand, newcomers: new Set(), calm: 0 }];
  let fresh = 0;
  let arrived = new Set<string>();
  let changed = false;
  let calm = 0;
  const deal = () => {
    hand = unwrap(nextHand(hand, seated));
    calm = changed ? 0 : calm + 1;
    out.push({ hand, newcomers: arrived, calm });
    arrived = new Set();
    changed = false;
  };
  for (const step of steps) {
    if (step.kind === "hand") deal();
    else if (step.kind === "leave" && seated.length > 2) {
      seated = seated.filter((_, i) => i !== step.pick % seated.length);
      changed = true;
    } else if (step.kind === "arrive" && seated.length < size) {
      const empty = Array.from({ length: size }, (_, i) => i + 1).filter((s) => !seated.some((p) => p.seat === s));
      const player = `new${fresh++}`;
      seated = [...seated, { seat: empty[step.pick % empty.length]!, player }].sort((a, b) => a.seat - b.seat);
      arrived.add(player);
      changed = true;
    }
  }
  for (let k = 0; k < 2 * seated.length + 2; k++) deal();
  return out;
}

describe("button and blinds, random busts, departures and arrivals (R-BTN, R-HU, R-TBL-4)", () => {
  it("R-BTN-1..4 / R-HU-1: every hand has a big blind on a seated player and never on the button; heads-up the button posts the small blind", () => {
    fc.assert(
      fc.property(arbTable, (t) => {
        for (const { hand } of play(t)) {
          const seats = new Set(hand.order.map((p) => p.seat));
          expect(hand.bb.length).toBeGreaterThanOrEqual(1);
          for (const s of [...hand.sb, ...hand.bb]) expect(seats.has(s)).toBe(true);
          expect(hand.bb).not.toContain(hand.button);
          if (hand.order.length === 2) {
            // R-HU-1: the button posts the small blind, the other the big blind.
            expect(hand.sb).toEqual([hand.button]);
            expect(hand.bb).toEqual([hand.order[0]!.seat]);
          }
          if (t.rule === "dead") {
            expect(hand.bb).toHaveLength(1);
            expect(hand.sb.length).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("R-BTN-4: nobody posts the big blind twice in a row, unless everyone seated posted it last hand", () => {
    fc.assert(
      fc.property(arbTable, (t) => {
        const hands = play(t);
        for (let k = 1; k < hands.length; k++) {
          const prev = hands[k - 1]!.hand;
          const hand = hands[k]!.hand;
          const before = playersOf(prev, prev.bb);
          if (hand.order.every((p) => before.includes(p.player))) continue;
          for (const p of playersOf(hand, hand.bb)) expect(before, `hand ${k}`).not.toContain(p);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("R-BTN-1..4: within one orbit after the last change the table settles to one small blind and one big blind, in order after the button", () => {
    fc.assert(
      fc.property(arbTable, (t) => {
        for (const { hand, calm } of play(t)) {
          const n = hand.order.length;
          if (calm < n) continue;
          const order = hand.order.map((p) => p.seat);
          if (n === 2) {
            expect(hand.sb).toEqual([hand.button]);
            expect(hand.bb).toEqual([order[0]]);
          } else {
            expect(order.at(-1)).toBe(hand.button); // the button is a player again (no dead button)
            expect(hand.sb).toEqual([order[0]]);
            expect(hand.bb).toEqual([order[1]]);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("R-BTN-2 dead button: the big blind never passes over a player who was seated for both hands", () => {
    fc.assert(
      fc.property(
        arbTable.map((t) => ({ ...t, rule: "dead" as const })),
        (t) => {
          const hands = play(t);
          for (let k = 1; k < hands.length; k++) {
            const prev = hands[k - 1]!.hand;
            const hand = hands[k]!.hand;
            const from = byClock(prev, prev.bb).at(-1)!;
            const to = hand.bb[0]!;
            const size = hand.tableSize;
            for (const p of hand.order) {
              if (!present(prev, p.player) || p.seat !== prev.order.find((q) => q.player === p.player)!.seat) continue;
              const d = clockwise(from, p.seat, size);
              // strictly between the last big blind and the new one: skipped
              expect(d > 0 && d < clockwise(from, to, size) && p.seat !== from, `hand ${k}: ${p.player} skipped`).toBe(false);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("R-BTN-3 moving button: a player goes big blind → small blind → button, three-handed or more", () => {
    fc.assert(
      fc.property(
        arbTable.map((t) => ({ ...t, rule: "moving" as const })),
        (t) => {
          const hands = play(t);
          const stays = (a: TableHand, b: TableHand, player: string) =>
            present(a, player) && present(b, player) && a.order.find((p) => p.player === player)!.seat === b.order.find((p) => p.player === player)!.seat;
          for (let k = 1; k < hands.length; k++) {
            const prev = hands[k - 1]!.hand;
            const hand = hands[k]!.hand;
            if (prev.order.length < 3 || hand.order.length < 3) continue;
            for (const p of playersOf(prev, prev.bb)) {
              if (stays(prev, hand, p)) expect(playersOf(hand, hand.sb), `hand ${k}: ${p} BB → SB`).toContain(p);
            }
            // Three-handed, a player arriving between the blinds leaves no way to keep both the
            // order button → small blind → big blind and every player's round: the order wins.
            if (k < 2 || (hand.order.length === 3 && hands[k]!.newcomers.size > 0)) continue;
            const prev2 = hands[k - 2]!.hand;
            if (prev2.order.length < 3) continue;
            // After a catch-up hand with two small blinds only one can take the button: the last.
            const due = playersOf(
              prev,
              byClock(
                prev,
                prev.sb.filter((s) => s !== prev.button),
              ),
            )
              .filter((p) => playersOf(prev2, prev2.bb).includes(p) && stays(prev2, hand, p))
              .at(-1);
            // When the player after last hand's big blind is that small blind (the button left and
            // newcomers sit between them), the big blind has nowhere to go but the button's seat.
            const lastBB = byClock(prev, prev.bb).at(-1)!;
            const seatsNow = new Set(hand.order.map((p) => p.seat));
            const after = nextTaken(lastBB, seatsNow, hand.tableSize);
            if (due !== undefined && after !== undefined && who(hand, after) === due) continue;
            if (due !== undefined) expect(who(hand, hand.button), `hand ${k}: ${due} SB → button`).toBe(due);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("R-TBL-4: a newcomer posts only when the blinds reach their seat, and posts the big blind within one orbit of a quiet table", () => {
    fc.assert(
      fc.property(arbTable, (t) => {
        const hands = play(t);
        hands.forEach(({ hand, newcomers }, k) => {
          if (k === 0 || hand.order.length < 3) return;
          const prev = hands[k - 1]!.hand;
          const from = byClock(prev, prev.bb).at(-1)!;
          const size = hand.tableSize;
          const posts = new Set([...hand.sb, ...hand.bb]);
          for (const p of hand.order) {
            if (!newcomers.has(p.player)) continue;
            if (hand.sb.includes(p.seat)) {
              // The small blind reaches the first seat left of the button, or last hand's big-blind seat.
              expect(p.seat === hand.order[0]!.seat || p.seat === from, `hand ${k}: ${p.player} posted the small blind early`).toBe(true);
            }
            // (A newcomer in last hand's big-blind seat sits where the blinds are.)
            if (hand.bb.includes(p.seat) && p.seat !== from) {
              // The big blind travels on from last hand's: nobody it passes is left without a blind.
              const d = clockwise(from, p.seat, size);
              for (const q of hand.order) {
                const dq = clockwise(from, q.seat, size);
                // (The button never posts the big blind: when both blinds leave, it may be passed.)
                if (q.seat !== from && q.seat !== hand.button && dq < d && !newcomers.has(q.player)) {
                  expect(posts.has(q.seat), `hand ${k}: ${p.player} posted the big blind before ${q.player}`).toBe(true);
                }
              }
            }
          }
        });
        // In the quiet end every player posts the big blind once per orbit.
        const last = hands.at(-1)!.hand;
        const n = last.order.length;
        const orbit = hands.slice(-n).flatMap(({ hand }) => playersOf(hand, hand.bb));
        expect([...orbit].sort()).toEqual(last.order.map((p) => p.player).sort());
      }),
      { numRuns: 400 },
    );
  });
});

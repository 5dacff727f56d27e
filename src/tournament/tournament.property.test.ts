// Random tournaments of 2–2,000 players played out table by table with random bust-outs:
// the invariants of R-TBL-1..4, R-BTN-2..4 and R-PLACE-1..4 after every round.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { balanceTables } from "./balance.ts";
import type { BalanceRule } from "./balance-seat.ts";
import { firstHand, lastBigBlind, nextHand, type ButtonRule, type SeatedPlayer, type TableHand } from "./blinds.ts";
import { drawFirstButton } from "./first-button.ts";
import { placeBusts, winner, type PlaceAward } from "./places.ts";
import { randomInt, seededRandom, type RandomSource } from "./random.ts";
import { drawSeating } from "./seating.ts";
import { nextTaken } from "./seats.ts";

/** A cheap assertion for the hot loop (expect() per check makes the run several times slower). */
function check(cond: boolean, why: () => string): void {
  if (!cond) throw new Error(why());
}

interface SimTable {
  readonly id: string;
  hand: TableHand;
  busted: string[];
  joined: SeatedPlayer[];
  departed: string[];
  inHand: boolean;
}

/** Everyone seated at the table's last hand: dealt in, or waiting for the button to pass (R-TBL-4). */
const seatedAt = (h: TableHand): readonly SeatedPlayer[] => (h.waiting === undefined ? h.order : [...h.order, ...h.waiting]);
const seatsNow = (t: SimTable): SeatedPlayer[] => [
  ...seatedAt(t.hand).filter((p) => !t.busted.includes(p.player) && !t.departed.includes(p.player)),
  ...t.joined,
];
const bbPlayers = (h: TableHand) => h.bb.map((s) => h.order.find((p) => p.seat === s)!.player);

interface Config {
  players: number;
  tableSize: number;
  buttonRule: ButtonRule;
  balanceRule: BalanceRule;
  seed: number;
}

function simulate(cfg: Config): { rounds: number; awards: PlaceAward[] } {
  const rng: RandomSource = seededRandom(cfg.seed);
  const chance = (p: number) => randomInt(rng, 1000) < p * 1000;
  const ids = Array.from({ length: cfg.players }, (_, i) => `p${i}`);
  const seating = unwrap(drawSeating(ids, rng, cfg.tableSize));
  let tables: SimTable[] = seating.tables.map((t) => {
    const seated = t.seats.map((s) => ({ seat: s.seat, player: s.player }));
    const hand =
      seated.length >= 2
        ? unwrap(
            firstHand(
              seated,
              unwrap(
                drawFirstButton(
                  seated.map((s) => s.seat),
                  rng,
                ),
              ).button,
              cfg.buttonRule,
              cfg.tableSize,
            ),
          )
        : ({ rule: cfg.buttonRule, tableSize: cfg.tableSize, button: seated[0]!.seat, sb: [], bb: [], sbSeat: 1, order: seated } as TableHand);
    return { id: `T${t.table}`, hand, busted: [], joined: [], departed: [], inHand: true };
  });
  const remaining = new Set(ids);
  const awards: PlaceAward[] = [];
  let rounds = 0;
  while (remaining.size > 1) {
    rounds++;
    check(rounds < 20_000, () => "no end in sight");
    // Some of the tables playing a hand finish it, with random busts (never the whole table).
    const playing = tables.filter((t) => t.inHand);
    check(playing.length > 0, () => "every table waits: deadlock");
    const finishing = playing.filter((_t, i) => i === 0 || chance(0.6));
    const busts: { id: string; startStack: number }[] = [];
    const bustRate = remaining.size > 30 ? 0.12 : 0.3;
    for (const t of finishing) {
      t.inHand = false;
      const dealt = t.hand.order.map((p) => p.player);
      t.busted = dealt.filter(() => chance(bustRate));
      if (t.busted.length === dealt.length) t.busted.pop();
      if (busts.length + t.busted.length >= remaining.size) t.busted = [];
      for (const p of t.busted) busts.push({ id: p, startStack: 1 + randomInt(rng, 4) });
    }
    // R-PLACE-1/2: busts of one round count as one hand (hand-for-hand).
    if (busts.length > 0) awards.push(...unwrap(placeBusts(remaining.size, busts, {})));
    for (const b of busts) remaining.delete(b.id);

    const result = unwrap(
      balanceTables(
        tables.map((t) => ({
          id: t.id,
          seats: seatedAt(t.hand),
          button: t.hand.button,
          bb: t.hand.bb.length > 0 ? lastBigBlind(t.hand, cfg.tableSize) : t.hand.button,
          busted: t.busted,
          joined: t.joined,
          departed: t.departed,
          inHand: t.inHand,
        })),
        { tableSize: cfg.tableSize, rule: cfg.balanceRule, rng },
      ),
    );
    for (const m of result.moves) {
      const from = tables.find((t) => t.id === m.from)!;
      const to = tables.find((t) => t.id === m.to)!;
      check(!(to.inHand && m.from === m.to), () => `move within a table in hand: ${JSON.stringify(m)}`);
      if (from.joined.some((j) => j.player === m.player)) from.joined = from.joined.filter((j) => j.player !== m.player);
      else from.departed.push(m.player);
      to.joined.push({ seat: m.seat, player: m.player });
    }
    // R-TBL-1..3: every player seated exactly once, no seat holds two.
    const seatedNow = tables.map((t) => ({ t, seats: seatsNow(t) }));
    const everyone = seatedNow.flatMap((x) => x.seats.map((s) => s.player));
    check(
      everyone.length === remaining.size && everyone.every((p) => remaining.has(p)) && new Set(everyone).size === everyone.length,
      () => "R-TBL: a player is seated twice or not at all",
    );
    for (const x of seatedNow) check(new Set(x.seats.map((s) => s.seat)).size === x.seats.length, () => `two players in one seat at ${x.t.id}`);
    tables = seatedNow.filter((x) => x.seats.length > 0).map((x) => x.t);
    const counts = tables.map((t) => seatsNow(t).length);
    const needed = Math.ceil(remaining.size / cfg.tableSize);
    const anyPlaying = tables.some((t) => t.inHand);
    // R-TBL-2/3: balanced within one and on the fewest tables, unless a table still in its
    // hand is what the others wait for.
    const spread = Math.max(...counts) - Math.min(...counts);
    check(!(spread >= 2 || tables.length > needed) || anyPlaying, () => `R-TBL-2/3: unbalanced ${JSON.stringify(counts)} with every table between hands`);
    check(spread < 2 || result.waiting.length > 0 || tables.length > needed, () => `R-TBL-2: unbalanced ${JSON.stringify(counts)} and nobody waits`);

    // Tables between hands that need not wait deal their next hand.
    for (const t of tables) {
      if (t.inHand || result.waiting.includes(t.id)) continue;
      const seats = seatsNow(t);
      if (seats.length < 2) continue;
      const prev = t.hand;
      if (result.finalTable === t.id) {
        t.hand = unwrap(
          firstHand(
            seats,
            unwrap(
              drawFirstButton(
                seats.map((s) => s.seat),
                rng,
              ),
            ).button,
            cfg.buttonRule,
            cfg.tableSize,
          ),
        );
      } else {
        t.hand = unwrap(nextHand(prev, seats));
        const stayed = new Set(seats.map((s) => s.seat));
        if (cfg.buttonRule === "dead" && t.joined.length === 0) {
          // R-BTN-2: the big blind moves to the next player; nobody skips it.
          const due = nextTaken(lastBigBlind(prev, cfg.tableSize), stayed, cfg.tableSize);
          check(t.hand.bb.length === 1 && t.hand.bb[0] === due, () => `R-BTN-2: big blind ${t.hand.bb} not ${due}`);
        }
        // R-BTN-4: nobody at the table posts the big blind twice in a row (unavoidable only when
        // a moving button's two big blinds are all that is left, heads-up).
        const unavoidable = seats.every((s) => bbPlayers(prev).includes(s.player));
        if (!unavoidable)
          for (const p of bbPlayers(t.hand)) {
            check(!bbPlayers(prev).includes(p), () => `R-BTN-4: ${p} posts the big blind twice: ${JSON.stringify({ prev, now: t.hand })}`);
          }
      }
      t.busted = [];
      t.joined = [];
      t.departed = [];
      t.inHand = true;
    }
    check(remaining.size < 2 || tables.some((t) => t.inHand), () => "nobody is playing");
  }
  awards.push(winner([...remaining][0]!, {}));
  return { rounds, awards };
}

describe("random tournaments (R-TBL, R-BTN, R-PLACE)", () => {
  it("every round: all seated once, balanced or waiting for a reason, blinds never twice, places 1..N once each", () => {
    fc.assert(
      fc.property(
        fc.record({
          players: fc.oneof(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 41, max: 2000 })),
          tableSize: fc.constantFrom(6, 9, 10),
          buttonRule: fc.constantFrom<ButtonRule>("dead", "moving"),
          balanceRule: fc.constantFrom<BalanceRule>("seed", "tda"),
          seed: fc.integer({ min: 1, max: 0x7fffffff }),
        }),
        (cfg) => {
          const { awards } = simulate(cfg);
          // R-PLACE: each place 1..N given exactly once (a shared place counts once for its group).
          const groups = new Map<string, number>();
          for (const a of awards) groups.set(a.places.join(","), (groups.get(a.places.join(",")) ?? 0) + 1);
          const places = [...groups.keys()].flatMap((k) => k.split(",").map(Number)).sort((x, y) => x - y);
          expect(places).toEqual(Array.from({ length: cfg.players }, (_, i) => i + 1));
          for (const [k, n] of groups) expect(n).toBe(k.split(",").length);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

// The tables of predict-sample.ts's bot tournament: seats, the next hand's engine
// configuration (as the director's hand setup builds it: R-BTN dead button, R-HU, antes and
// big-blind antes R-BLIND-2, limit levels R-BET-9), and keeping tables balanced while a field
// shrinks (R-TBL-2 balancing, R-TBL-3 breaking; simplified: the mover is drawn at random).
import type { HandConfig } from "../engine/index.ts";
import { firstHand, nextHand, nextTaken, pick, randomInt, type RandomSource, type SeatedPlayer, type TableHand } from "../tournament/index.ts";
import { handConfigFor } from "../tournament/director/index.ts";
import type { Level } from "../tournament/structure/index.ts";

export const TABLE_SIZE = 10;

/** A seat holds a player's index in the run's player list, or null. */
export interface PredictTable {
  readonly seats: (number | null)[];
  last: TableHand | null;
  button: number;
}

export interface TableHandSetup {
  readonly players: readonly number[];
  readonly config: HandConfig;
}

export function newTable(players: readonly number[], rng: RandomSource): PredictTable {
  const seats: (number | null)[] = Array.from({ length: TABLE_SIZE }, (_, i) => players[i] ?? null);
  return { seats, last: null, button: randomInt(rng, Math.max(1, players.length)) + 1 };
}

export function seatedAt(t: PredictTable, alive: (p: number) => boolean): SeatedPlayer[] {
  const out: SeatedPlayer[] = [];
  t.seats.forEach((p, i) => {
    if (p !== null && alive(p)) out.push({ seat: i + 1, player: String(p) });
  });
  return out;
}

/** The next hand at a table, or null when fewer than two players there have chips. */
export function tableHand(t: PredictTable, stacks: readonly number[], level: Level, chipUnit: number): TableHandSetup | null {
  const seated = seatedAt(t, (p) => stacks[p]! > 0);
  if (seated.length < 2) return null;
  let hand: TableHand | null = null;
  if (t.last !== null) {
    const r = nextHand(t.last, seated);
    if (r.ok) hand = r.value;
  }
  if (hand === null) {
    const taken = new Set(seated.map((x) => x.seat));
    const button = taken.has(t.button) ? t.button : (nextTaken(t.button, taken, TABLE_SIZE) ?? seated[0]!.seat);
    const r = firstHand(seated, button, "dead", TABLE_SIZE);
    if (!r.ok) return null;
    hand = r.value;
  }
  t.last = hand;
  const players = hand.order.map((p) => Number(p.player));
  const config = handConfigFor(
    hand,
    level,
    players.map((p) => stacks[p]!),
    chipUnit,
  );
  return { players, config };
}

const count = (t: PredictTable, alive: (p: number) => boolean): number => t.seats.filter((p) => p !== null && alive(p)).length;

function seatIn(t: PredictTable, player: number, rng: RandomSource): void {
  const empty = t.seats.flatMap((_, i) => i).filter((i) => t.seats[i] === null);
  t.seats[pick(empty, rng)] = player;
}

/** Clears the busted from their seats, then breaks tables the field no longer needs and
 *  moves players until no table has two or more players fewer than another (R-TBL-2/3). */
export function rebalance(tables: PredictTable[], alive: (p: number) => boolean, rng: RandomSource): void {
  for (const t of tables) t.seats.forEach((p, i) => p !== null && !alive(p) && (t.seats[i] = null));
  const total = tables.reduce((a, t) => a + count(t, alive), 0);
  const needed = Math.max(1, Math.ceil(total / TABLE_SIZE));
  while (tables.length > needed) {
    // Break the shortest table (the highest number among equals); its players are drawn into empty seats.
    let k = tables.length - 1;
    for (let i = tables.length - 1; i >= 0; i--) if (count(tables[i]!, alive) < count(tables[k]!, alive)) k = i;
    const [broken] = tables.splice(k, 1);
    for (const p of broken!.seats) {
      if (p === null) continue;
      const fewest = Math.min(...tables.map((t) => count(t, alive)));
      seatIn(
        pick(
          tables.filter((t) => count(t, alive) === fewest),
          rng,
        ),
        p,
        rng,
      );
    }
  }
  for (;;) {
    const sizes = tables.map((t) => count(t, alive));
    const max = Math.max(...sizes);
    const min = Math.min(...sizes);
    if (max - min < 2) return;
    const from = tables[sizes.indexOf(max)]!;
    const to = tables[sizes.indexOf(min)]!;
    const seats = from.seats.flatMap((p, i) => (p !== null ? [i] : []));
    const i = pick(seats, rng);
    const p = from.seats[i]!;
    from.seats[i] = null;
    seatIn(to, p, rng);
  }
}

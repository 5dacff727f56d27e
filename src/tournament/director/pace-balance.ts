// Balancing and breaking tables with every table at its own pace (R-TBL-2/3),
// exact at any number of tables and without looking at every table: tables are found in
// buckets by due count (pace-index.ts), so a settle costs O(table size) per player moved.
//
// A table between hands ("free": the one whose hand just ended, and tables waiting) can give
// a player at once; a table in a hand gives when its hand is over (R-TBL-2: "the larger table
// finishes its current hand; the short table waits"), recorded as a move it owes. Balancing
// counts owed moves as made, so after every settle no two tables differ by two or more once
// they are. While the players fit on fewer tables, free tables break (the one with the
// fewest players first) and their players are drawn to the tables with the fewest (R-TBL-3).
//
// `decide` never changes the state: the plan works on copies of the tables it touches and
// bucket adjustments, and its outcome becomes events that `evolve` folds to the same state.
import { buttonOf } from "./state-model.ts";
import { randomInt, shuffled, type RandomSource } from "../index.ts";
import { chooseMove } from "../balance-seat.ts";
import { tablesNeededFor } from "../balance.ts";
import { lastBigBlind } from "../positions.ts";
import type { WorkTable } from "../table-model.ts";
import { IndexedSet } from "./indexed-set.ts";
import { dueCount } from "./pace-index.ts";
import { newEntriesOpen } from "./entries-closed.ts";
import { balancingOf, entryAtSeat, finalTableSizeOf, moveCount, spareSeatsOf, tableSizeOf, type TableState, type TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";

interface PTable {
  readonly id: number;
  readonly seats: (string | null)[];
  count: number;
  owes: number[];
  from: number[];
  readonly inHand: boolean;
  broken: boolean;
  /** Where the table sat in the base buckets (its due count then, and whether it was free). */
  readonly baseDue: number;
}

const key = (due: number, free: boolean): number => due * 2 + (free ? 1 : 0);

/** The director's tables with the changes of one settle laid over them. */
export class Plan {
  readonly mod = new Map<number, PTable>();
  /** Changed tables by (due, free) key, and how many of each base bucket are changed tables. */
  private readonly modAt = new Map<number, IndexedSet>();
  private readonly takenAll = new Map<number, number>();
  private readonly takenFree = new Map<number, number>();
  readonly where = new Map<string, { table: number; seat: number }>();
  readonly moves = new Map<string, { from: number; to: number; seat: number }>();
  readonly broken: number[] = [];
  tables: number;

  constructor(
    readonly s: TournamentState,
    readonly size: number,
  ) {
    this.tables = s.tables.size;
  }

  /** A table as the plan has it, without taking it into the plan (a table only looked at stays as it is). */
  peek(id: number): Pick<PTable, "id" | "seats" | "from" | "inHand"> {
    return this.mod.get(id) ?? this.s.tables.get(id)!;
  }

  get(id: number): PTable {
    let p = this.mod.get(id);
    if (p !== undefined) return p;
    const t = this.s.tables.get(id)!;
    const due = dueCount(t);
    p = { id, seats: [...t.seats], count: t.count, owes: [...t.owes], from: [...t.from], inHand: t.inHand, broken: false, baseDue: due };
    this.mod.set(id, p);
    this.takenAll.set(due, (this.takenAll.get(due) ?? 0) + 1);
    if (!t.inHand) this.takenFree.set(due, (this.takenFree.get(due) ?? 0) + 1);
    this.place(p);
    return p;
  }

  private place(p: PTable): void {
    if (p.broken) return;
    const n = dueCount(p);
    (this.modAt.get(key(n, false)) ?? this.modAt.set(key(n, false), new IndexedSet()).get(key(n, false))!).add(p.id);
    if (!p.inHand) (this.modAt.get(key(n, true)) ?? this.modAt.set(key(n, true), new IndexedSet()).get(key(n, true))!).add(p.id);
  }

  private lift(p: PTable): void {
    const n = dueCount(p);
    this.modAt.get(key(n, false))?.delete(p.id);
    this.modAt.get(key(n, true))?.delete(p.id);
  }

  /** Changes a table and keeps the buckets in step. */
  update(id: number, fn: (p: PTable) => void): PTable {
    const p = this.get(id);
    this.lift(p);
    fn(p);
    this.place(p);
    return p;
  }

  /** Tables (free ones only, or all) whose due count is `n`. */
  sizeAt(n: number, free: boolean): number {
    const base = (free ? this.s.freeByDue[n]?.size : this.s.byDue[n]?.size) ?? 0;
    const taken = (free ? this.takenFree : this.takenAll).get(n) ?? 0;
    return base - taken + (this.modAt.get(key(n, free))?.size ?? 0);
  }

  /** A table drawn at random among those (free ones only, or all) at due count `n`. */
  pick(n: number, free: boolean, rng: RandomSource): number | undefined {
    const mine = this.modAt.get(key(n, free));
    const m = mine?.size ?? 0;
    const total = this.sizeAt(n, free);
    if (total <= 0) return undefined;
    const r = randomInt(rng, total);
    if (r < m) return mine!.item(r);
    const base = (free ? this.s.freeByDue[n] : this.s.byDue[n])!;
    for (;;) {
      const x = base.pick(rng);
      if (!this.mod.has(x)) return x;
    }
  }

  /** Every table (free ones only, or all) whose due count is `n`. */
  all(n: number, free: boolean): number[] {
    const base = (free ? this.s.freeByDue[n] : this.s.byDue[n])?.values() ?? [];
    const out = base.filter((x) => !this.mod.has(x));
    for (const x of this.modAt.get(key(n, free))?.values() ?? []) out.push(x);
    return out;
  }

  /** The fewest and most players of any table once the owed moves are made. */
  range(): { lo: number; hi: number } | null {
    let lo = -1;
    let hi = -1;
    for (let n = 0; n <= this.size + 1; n++) {
      if (this.sizeAt(n, false) <= 0) continue;
      if (lo < 0) lo = n;
      hi = n;
    }
    return lo < 0 ? null : { lo, hi };
  }

  seatOf(entry: string): { table: number; seat: number } {
    const w = this.where.get(entry);
    if (w !== undefined) return w;
    const e = this.s.entries.get(entry)!;
    return { table: e.table, seat: e.seat };
  }

  remove(entry: string): void {
    const at = this.seatOf(entry);
    this.update(at.table, (p) => {
      p.seats[at.seat - 1] = null;
      p.count--;
    });
    this.where.set(entry, { table: 0, seat: 0 });
  }

  move(entry: string, to: number, seat: number): void {
    const at = this.seatOf(entry);
    this.remove(entry);
    this.update(to, (p) => {
      p.seats[seat - 1] = entry;
      p.count++;
    });
    this.where.set(entry, { table: to, seat });
    const first = this.moves.get(entry)?.from ?? at.table;
    this.moves.set(entry, { from: first, to, seat });
  }

  /** Giver no longer owes receiver one player. */
  cancel(giver: number, receiver: number): void {
    this.update(giver, (p) => removeOne(p.owes, receiver));
    this.update(receiver, (p) => removeOne(p.from, giver));
  }

  owe(giver: number, receiver: number): void {
    this.update(giver, (p) => p.owes.push(receiver));
    this.update(receiver, (p) => p.from.push(giver));
  }

  breakTable(id: number): string[] {
    const p = this.get(id);
    for (const r of [...p.owes]) this.cancel(id, r);
    for (const g of [...p.from]) this.cancel(g, id);
    this.lift(p);
    p.broken = true;
    this.tables--;
    this.broken.push(id);
    return p.seats.filter((x): x is string => x !== null);
  }
}

function removeOne(list: number[], x: number): void {
  const i = list.indexOf(x);
  if (i >= 0) list.splice(i, 1);
}

/** The balancing rules' view of one table (balance-seat.ts): its last hand and its seats now. */
function workOf(plan: Plan, p: Pick<PTable, "id" | "seats">, gone: ReadonlySet<string>): WorkTable {
  const t: TableState = plan.s.tables.get(p.id)!;
  const dealt = t.last?.order ?? [];
  const button = buttonOf(t);
  const now = new Map<number, string>();
  p.seats.forEach((x, i) => x !== null && now.set(i + 1, x));
  // Who left the short table: busted now, or in its last hand while the larger table played
  // on (the short table waits for its player, so its last hand is the one they left in).
  const left = (id: string) => gone.has(id) || plan.s.entries.get(id)?.alive === false;
  const vacated = dealt.flatMap((d, i) => (left(d.player) && p.seats[d.seat - 1] === null ? [{ seat: d.seat, position: i + 1 }] : []));
  return { id: String(p.id), inHand: false, button, lastBB: t.last !== null ? lastBigBlind(t.last, plan.size) : button, dealt, now, vacated };
}

function emptySeat(p: PTable, rng: RandomSource): number {
  const empty: number[] = [];
  p.seats.forEach((x, i) => x === null && empty.push(i + 1));
  return empty[randomInt(rng, empty.length)]!;
}

/** A physically full table that owes players passes one of its owed moves on: the player goes straight to that table instead. */
function roomAt(plan: Plan, id: number): number {
  const p = plan.get(id);
  if (p.count < plan.size || p.owes.length === 0) return id;
  const r = p.owes[0]!;
  plan.cancel(id, r);
  return r;
}

/** R-TBL-2: who a free table gives to a short one, and to which seat, by the room's rule (balance-seat.ts). */
function moverOf(plan: Plan, giver: number, to: number, gone: ReadonlySet<string>): { player: string; seat: number | undefined } {
  const g = plan.peek(giver);
  const r = plan.peek(to);
  const choice = chooseMove(balancingOf(plan.s.config!), workOf(plan, g, gone), workOf(plan, r, gone), plan.size);
  const player = choice.ok ? choice.value.player : g.seats.find((x) => x !== null)!;
  return { player, seat: choice.ok && r.seats[choice.value.seat - 1] === null ? choice.value.seat : undefined };
}

/** R-TBL-2: a free table gives a player now (seed: same position as the busted player, else the next big blind; tda: the next big blind). */
function give(plan: Plan, giver: number, receiver: number, gone: ReadonlySet<string>, rng: RandomSource): void {
  const to = roomAt(plan, receiver);
  const m = moverOf(plan, giver, to, gone);
  plan.move(m.player, to, m.seat ?? emptySeat(plan.get(to), rng));
}

/** Tables scanned for the least-moved choice at most; beyond, that many drawn (a huge field stays O(1) per move). */
const LEAST_MOVED_SCAN = 64;

/**
 * Never the same player moved twice while another choice exists (PokerStars NJ's policy):
 * the drawn table stands unless another equally fit one (`candidates`) scores less by
 * `times` (how often its players have been moved), then a draw among the least. The draw
 * is only made then, so an event where nobody has moved yet replays as before.
 */
function leastMovedOf(drawn: number, candidates: readonly number[], times: (id: number) => number, rng: RandomSource): number {
  if (candidates.length < 2) return drawn;
  const mine = times(drawn);
  if (mine === 0) return drawn;
  const pool =
    candidates.length <= LEAST_MOVED_SCAN ? candidates : Array.from({ length: LEAST_MOVED_SCAN }, () => candidates[randomInt(rng, candidates.length)]!);
  let least = mine;
  const score = new Map<number, number>();
  for (const id of pool) {
    const t = score.get(id) ?? times(id);
    score.set(id, t);
    if (t < least) least = t;
  }
  if (least === mine) return drawn;
  const best = [...score].filter(([, t]) => t === least).map(([id]) => id);
  return best[randomInt(rng, best.length)]!;
}

/** The most times any player at a table has been moved (a table to break). */
function mostMoved(plan: Plan, id: number): number {
  let most = 0;
  for (const x of plan.peek(id).seats) if (x !== null) most = Math.max(most, moveCount(plan.s, x));
  return most;
}

export interface PaceOptions {
  /** Entries this settle eliminates (the plan unseats them). */
  readonly gone: ReadonlySet<string>;
  /** Entries still in after it. */
  readonly left: number;
  /** The table whose hand just ended (null: none). */
  readonly table: number | null;
  /** Every table is between hands (the start, a hand-for-hand round, the lockstep settle). */
  readonly allFree: boolean;
  /** Free tables that waited for something else (hand-for-hand ended) deal again. */
  readonly releaseAll?: boolean;
  /** Say which tables deal next (false: the lockstep settle, where every table deals each round). */
  readonly deal?: boolean;
}

/** R-TBL-3: seats kept free at each table now: the room's spare seats while new entries may come, else none. */
export function spareSeatsNow(s: TournamentState, at: number): number {
  return newEntriesOpen(s, at) ? spareSeatsOf(s.config!) : 0;
}

/** R-TBL-3: the tables `left` players need now. */
export function tablesNeeded(s: TournamentState, left: number, at: number): number {
  const c = s.config!;
  return tablesNeededFor(left, tableSizeOf(c), finalTableSizeOf(c), spareSeatsNow(s, at));
}

export function paceBalance(s: TournamentState, at: number, rng: RandomSource, o: PaceOptions): { events: TournamentEvent[]; plan: Plan } {
  const size = tableSizeOf(s.config!);
  const plan = new Plan(s, size);
  for (const id of o.gone) plan.remove(id);
  // The table that just finished gives what it owes now, as balancing finds it (R-TBL-2:
  // if players busted there meanwhile, no move happens, or it goes the other way).
  if (o.table !== null && s.tables.has(o.table)) for (const r of [...plan.get(o.table).owes]) plan.cancel(o.table, r);
  // Every table between hands: nothing needs to be owed, whatever is owed is given now.
  if (o.allFree) for (const t of s.tables.values()) if (t.owes.length > 0) for (const r of [...plan.get(t.id).owes]) plan.cancel(t.id, r);
  const needed = tablesNeeded(s, o.left, at);
  // R-TBL-3: while the players fit on fewer tables, a free table breaks: the one that just
  // finished if it has the fewest players of the free ones, else the free one with fewest.
  while (plan.tables > needed) {
    let b: number | undefined;
    for (let n = 0; n <= size + 1 && b === undefined; n++) {
      if (o.table !== null && !plan.get(o.table).broken && dueCount(plan.get(o.table)) === n) b = o.table;
      else {
        b = plan.pick(n, true, rng);
        // Of the free tables with the fewest, one whose players have been moved least breaks.
        if (b !== undefined) b = leastMovedOf(b, plan.all(n, true), (id) => mostMoved(plan, id), rng);
      }
    }
    if (b === undefined) break;
    for (const player of shuffled(plan.breakTable(b), rng)) {
      const r = plan.range()!;
      const to = roomAt(plan, plan.pick(r.lo, false, rng)!);
      plan.move(player, to, emptySeat(plan.get(to), rng));
    }
  }
  // R-TBL-2: while a table is two or more short of another, the largest gives one: a free
  // one at once, else the one drawn among them owes it and gives when its hand is over.
  for (;;) {
    const r = plan.range();
    if (r === null || r.hi - r.lo < 2) break;
    const drawn = plan.pick(r.hi, true, rng) ?? plan.pick(r.hi, false, rng)!;
    const receiver = plan.pick(r.lo, true, rng) ?? plan.pick(r.lo, false, rng)!;
    // Of the free tables as large, one whose mover has been moved least gives.
    const d = plan.peek(drawn);
    const giver =
      d.inHand || d.from.length > 0
        ? drawn
        : leastMovedOf(
            drawn,
            plan.all(r.hi, true).filter((id) => plan.peek(id).from.length === 0),
            (id) => moveCount(plan.s, moverOf(plan, id, receiver, o.gone).player),
            rng,
          );
    const g = plan.get(giver);
    if (g.inHand) plan.owe(giver, receiver);
    else if (g.from.length > 0) {
      // A free table still waiting for a player it is owed: that player goes to the short table instead.
      const src = g.from[0]!;
      plan.cancel(src, giver);
      plan.owe(src, receiver);
    } else give(plan, giver, receiver, o.gone, rng);
  }
  return { events: planEvents(s, plan, at, o), plan };
}

function planEvents(s: TournamentState, plan: Plan, at: number, o: PaceOptions): TournamentEvent[] {
  const events: TournamentEvent[] = [];
  if (plan.moves.size > 0) {
    events.push({
      type: "moved",
      at,
      moves: [...plan.moves].filter(([, m]) => m.to !== 0).map(([entry, m]) => ({ entry, from: m.from, to: m.to, seat: m.seat })),
    });
  }
  for (const b of plan.broken) events.push({ type: "table-broken", at, table: b });
  const owes: [number, number[]][] = [];
  for (const p of plan.mod.values()) {
    if (p.broken) continue;
    const was = s.tables.get(p.id)!.owes;
    if (was.length !== p.owes.length || was.some((x, i) => x !== p.owes[i])) owes.push([p.id, [...p.owes]]);
  }
  if (owes.length > 0) events.push({ type: "owed", at, owes });
  if (o.deal === false) return events;
  const dealing: number[] = [];
  if (o.allFree) {
    for (const t of s.tables.values()) {
      const p = plan.mod.get(t.id);
      if (p?.broken === true) continue;
      if (ready(s, o, p ?? t)) dealing.push(t.id);
    }
  } else if (o.releaseAll === true) {
    // Every table between hands that can deal does (the tables in a hand are not looked at).
    const seen = new Set<number>();
    for (const bucket of s.freeByDue) for (const id of bucket?.values() ?? []) seen.add(id);
    for (const p of plan.mod.values()) if (!p.inHand) seen.add(p.id);
    for (const id of [...seen].sort((a, b) => a - b)) {
      const p = plan.mod.get(id);
      if (p?.broken === true) continue;
      if (ready(s, o, p ?? s.tables.get(id)!)) dealing.push(id);
    }
  } else {
    for (const p of plan.mod.values()) if (!p.broken && ready(s, o, p)) dealing.push(p.id);
  }
  if (dealing.length > 0) events.push({ type: "dealing", at, tables: dealing });
  return events;
}

/**
 * Whether a table (as planned, or as it stands) can deal now: between hands, owed no player,
 * and at least two live players in its seats. A module function, not a closure: it runs for
 * every settled hand, and the TypeScript loader names each function made at run time.
 */
function ready(s: TournamentState, o: PaceOptions, p: { id: number; inHand: boolean; from: readonly number[]; seats: readonly (string | null)[] }): boolean {
  if (p.inHand || p.from.length > 0) return false;
  // The table as it stands finds most of the plan's players in their seats (entryAtSeat).
  const t = s.tables.get(p.id);
  let live = 0;
  for (let i = 0; i < p.seats.length; i++) {
    const id = p.seats[i];
    if (id != null && !o.gone.has(id) && entryAtSeat(s, t, i + 1, id)!.stack > 0) live++;
  }
  return live >= 2;
}

// Between hands: the busted are eliminated and placed (R-PLACE-1/2; busts at different
// tables count as one hand when playing hand-for-hand), hand-for-hand starts at the money
// bubble, tables are balanced and broken (R-TBL-2/3), the next bracket round is drawn
// (R-TRN-10), and the tournament ends (R-PLACE-4; a satellite when the players left
// equal the seats, R-TRN-8).
import { buttonOf } from "./state-model.ts";
import { ok, type Result } from "../../lib/result.ts";
import { balanceTables, type BalanceTable, type RandomSource } from "../index.ts";
import { drawTableButton } from "./button-draw.ts";
import { opensAddOn } from "./add-on-at.ts";
import { playDownNow, playedDown } from "./play-down.ts";
import { redrawEvents, redrawsOnMerge } from "./merge-redraw.ts";
import { byesFor } from "./bracket.ts";
import { fieldClosed } from "./entries-closed.ts";
import { finalPlacements, placeGroups } from "./placements.ts";
import { paidPlaces, prizesFixedEvent, seatsOf } from "./prizes.ts";
import { awaitingRebuys } from "./rebuy-grace.ts";
import { paceBalance, spareSeatsNow, tablesNeeded } from "./pace-balance.ts";
import { balancingOf, finalTableSizeOf, moveCount, tableSizeOf, type TableState, type TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";

/** R-PLACE-2: more starting chips rank better; equal starting stacks share a group. */
function rankGroups(ids: readonly string[], start: (id: string) => number): string[][] {
  const stacks = [...new Set(ids.map(start))].sort((a, b) => b - a);
  return stacks.map((st) => ids.filter((id) => start(id) === st));
}

function eliminations(s: TournamentState, at: number): { events: TournamentEvent[]; groups: string[][][]; gone: number } {
  // Most hands bust nobody: nothing to rank, and no function made for it.
  if (s.busted.length === 0) return { events: [], groups: [], gone: 0 };
  const info = s.bustInfo;
  const start = (id: string) => info.get(id)?.start ?? 0;
  const byHand = new Map<number, string[]>();
  for (const id of s.busted) {
    const h = s.handForHand ? 0 : (info.get(id)?.hand ?? 0);
    const list = byHand.get(h) ?? [];
    list.push(id);
    byHand.set(h, list);
  }
  const closed = fieldClosed(s, at);
  // R-TRN-4: busted players who may still rebuy keep their seats; R-PLACE-1/2: busts go out
  // in hand order, so a hand's busts wait while anyone busted in it or earlier may rebuy.
  const waiting = awaitingRebuys(s, at);
  let left = s.alive;
  const events: TournamentEvent[] = [];
  const groups: string[][][] = [];
  for (const h of [...byHand.keys()].sort((a, b) => a - b)) {
    const ids = byHand.get(h)!;
    if (ids.some((id) => waiting.has(id))) break;
    // Never eliminate the last players standing: if everyone left busted at once (cannot
    // happen with chips conserved), keep them.
    if (ids.length >= left) continue;
    const g = rankGroups(ids, start);
    events.push({ type: "eliminated", at, groups: g, places: closed ? placeGroups(left, g) : null });
    groups.push(g);
    left -= ids.length;
  }
  return { events, groups, gone: s.alive - left };
}

/** Players at the fullest table less players at the emptiest. */
function spread(s: TournamentState): number {
  let lo = -1;
  let hi = -1;
  s.byCount.forEach((set, n) => {
    if (set.size === 0) return;
    if (lo < 0) lo = n;
    hi = n;
  });
  return lo < 0 ? 0 : hi - lo;
}

/** Up to this many tables the lockstep settle balances with the rules that look at every table (balance.ts); beyond, with the bucketed balancer (pace-balance.ts), exact too. */
export const BALANCE_SCAN_TABLES = 64;

/** `busted`: the entries this settle eliminates (a player waiting to rebuy keeps the seat). */
export function balanceEvents(s: TournamentState, at: number, rng: RandomSource, busted: ReadonlySet<string>, playDownTo?: number): TournamentEvent[] {
  const size = tableSizeOf(s.config!);
  const tables: BalanceTable[] = [];
  for (const t of [...s.tables.values()].sort((a, b) => a.id - b.id)) {
    const seats = [];
    const out = [];
    for (let i = 0; i < t.seats.length; i++) {
      const id = t.seats[i];
      if (id == null) continue;
      seats.push({ seat: i + 1, player: id });
      if (busted.has(id)) out.push(id);
    }
    const bb = t.last?.bb[0];
    tables.push({ id: String(t.id), seats, button: buttonOf(t), ...(bb !== undefined ? { bb } : {}), busted: out });
  }
  const r = balanceTables(tables, {
    tableSize: size,
    finalTableSize: finalTableSizeOf(s.config!),
    spareSeats: spareSeatsNow(s, at),
    rule: balancingOf(s.config!),
    moved: (entry) => moveCount(s, entry),
    ...(playDownTo !== undefined ? { playDownTo } : {}),
    // The director's choice first, then the highest numbers (the default order).
    ...(s.breakNext !== undefined && s.tables.has(s.breakNext)
      ? {
          breakOrder: [
            String(s.breakNext),
            ...tables
              .map((t) => t.id)
              .filter((id) => id !== String(s.breakNext))
              .reverse(),
          ],
        }
      : {}),
    rng,
  });
  if (!r.ok) return [];
  const events: TournamentEvent[] = [];
  if (r.value.moves.length > 0) {
    events.push({ type: "moved", at, moves: r.value.moves.map((m) => ({ entry: m.player, from: Number(m.from), to: Number(m.to), seat: m.seat })) });
  }
  for (const b of r.value.broken) events.push({ type: "table-broken", at, table: Number(b) });
  if (r.value.finalTable !== undefined) {
    const id = Number(r.value.finalTable);
    const t = s.tables.get(id)!;
    const seats = new Set<number>();
    t.seats.forEach((x, i) => x !== null && !busted.has(x) && seats.add(i + 1));
    for (const m of r.value.moves) if (m.to === r.value.finalTable) seats.add(m.seat);
    for (const m of r.value.moves) if (m.from === r.value.finalTable) seats.delete(s.entries.get(m.player)!.seat);
    const btn = drawTableButton(s.config!, [...seats], rng);
    if (btn !== null) events.push({ type: "final-table", at, table: id, button: btn.button, draw: btn.draw });
  }
  return events;
}

/**
 * R-TRN-10 with every match at its own pace. A round's losers go out together,
 * sharing their places, once every match of the round is decided (rounds end in order: a
 * match needs the winners of the round before). A match of the next round is drawn as soon
 * as both its players are known: the winners of the two matches (or a first-round bye)
 * beside it in the bracket, so a round waits only where its next match needs both winners.
 * Bracket positions: round 1 has the byes first, then its matches; each later round pairs
 * positions 2j and 2j + 1 of the round before as its match j.
 */
function headsUpSettle(s: TournamentState, at: number, rng: RandomSource): TournamentEvent[] {
  const events: TournamentEvent[] = [];
  const n = s.entries.size;
  const byes = byesFor(n);
  const top = byes + (n - byes) / 2; // positions after round 1: a power of two
  const matchesIn = (r: number) => (r === 1 ? (n - byes) / 2 : Math.max(1, top >> (r - 1)));
  const roundOf = (t: TableState) => t.round ?? s.round;
  const matchOf = (t: TableState) => t.match ?? t.id - 1;
  const live = (t: TableState) => t.seats.filter((id): id is string => id !== null && s.entries.get(id)!.stack > 0);
  // The losers of each finished round, lowest round first.
  const losers = new Map<number, string[]>();
  for (const id of s.busted) {
    const t = s.tables.get(s.entries.get(id)!.table);
    if (t === undefined) continue;
    losers.set(roundOf(t), [...(losers.get(roundOf(t)) ?? []), id]);
  }
  const decided = new Map<number, number>();
  for (const t of s.tables.values()) if (live(t).length < 2) decided.set(roundOf(t), (decided.get(roundOf(t)) ?? 0) + 1);
  const closed = fieldClosed(s, at);
  let left = s.alive;
  for (const r of [...losers.keys()].sort((a, b) => a - b)) {
    if ((decided.get(r) ?? 0) < matchesIn(r)) break;
    const group = losers.get(r)!;
    if (group.length >= left) break;
    events.push({ type: "eliminated", at, groups: [group], places: closed ? placeGroups(left, [group]) : null });
    left -= group.length;
  }
  if (left <= 1) return events;
  // Who has won their way to the next round and has not played it yet, by round and position.
  const ready = new Map<string, string>();
  for (const t of s.tables.values()) {
    const w = live(t);
    const r = roundOf(t);
    if (w.length === 1 && matchesIn(r) > 1) ready.set(`${r}:${r === 1 ? byes + matchOf(t) : matchOf(t)}`, w[0]!);
  }
  s.waiting.forEach((id, i) => {
    if (byes > 0 && s.entries.get(id)?.table === 0 && s.entries.get(id)?.alive === true) ready.set(`1:${i}`, id);
  });
  let table = s.maxTable;
  for (const [key, id] of [...ready].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const [r, pos] = key.split(":").map(Number) as [number, number];
    if (pos % 2 !== 0) continue; // each pair once, from its even position
    const partner = ready.get(`${r}:${pos + 1}`);
    if (partner === undefined) continue;
    const btn = drawTableButton(s.config!, [1, 2], rng);
    table += 1;
    events.push({
      type: "match-drawn",
      at,
      round: r + 1,
      match: pos / 2,
      table: {
        table,
        seats: [
          { seat: 1, entry: id },
          { seat: 2, entry: partner },
        ],
        button: btn?.button ?? 1,
        ...(btn !== null ? { draw: btn.draw } : {}),
      },
    });
  }
  return events;
}

/** What every settle does first: busts out and placed, prizes fixed, the end; `left`: entries still in after it. */
export function settleHead(s: TournamentState, at: number, rng: RandomSource): { events: TournamentEvent[]; gone: Set<string>; left: number; done: boolean } {
  const c = s.config!;
  const events: TournamentEvent[] = [];
  let extra: string[][][] = [];
  let left = s.alive;
  if (c.format.kind === "heads-up") {
    const ev = headsUpSettle(s, at, rng);
    events.push(...ev);
    for (const e of ev)
      if (e.type === "eliminated") {
        extra.push(e.groups.map((g) => [...g]));
        left -= e.groups.reduce((n, g) => n + g.length, 0);
      }
  } else {
    const el = eliminations(s, at);
    events.push(...el.events);
    extra = el.groups;
    left -= el.gone;
  }
  const gone = new Set(extra.flat(2));
  // R-TRN-5: the add-on by players left opens at the settle that brings them down to its number.
  if (opensAddOn(s, left)) events.push({ type: "add-on-opened", at });
  const needPrizes = s.prizes === null && (fieldClosed(s, at) || left <= 1);
  const prizeEv = needPrizes ? prizesFixedEvent(s, at) : null;
  if (prizeEv !== null) events.push(prizeEv);
  const seats = c.format.kind === "satellite" ? (prizeEv !== null ? Math.min(Math.floor(prizeEv.pool / c.format.seatValue), s.entries.size) : seatsOf(s)) : 0;
  const isSatellite = c.format.kind === "satellite";
  const done = left <= 1 || (isSatellite && left <= Math.max(1, seats) && (s.prizes !== null || prizeEv !== null));
  if (done) {
    const survivors = [...s.entries.values()].filter((e) => e.alive && !gone.has(e.id)).map((e) => e.id);
    const state = prizeEv !== null ? { ...s, prizes: { pool: prizeEv.pool, overlay: prizeEv.overlay, entries: prizeEv.entries, prizes: prizeEv.prizes } } : s;
    // Satellite winners all take the same prize, a seat: they share the top places.
    const ranked = c.format.kind === "satellite" ? [survivors] : rankGroups(survivors, (id) => s.entries.get(id)!.stack);
    events.push({ type: "finished", at, placements: finalPlacements(state as TournamentState, extra, ranked) });
  }
  return { events, gone, left, done };
}

/** Hand-for-hand is wanted: the money bubble (a satellite's last seat), with more than one table. */
export const wantHandForHand = (s: TournamentState, left: number): boolean =>
  (s.config!.handForHand ?? true) && s.tables.size > 1 && left === paidPlaces(s) + 1;

export function decideSettle(s: TournamentState, at: number, rng: RandomSource): Result<TournamentEvent[]> {
  if (s.status !== "running") return ok([]);
  const c = s.config!;
  const head = settleHead(s, at, rng);
  const events = head.events;
  if (head.done) return ok(events);
  const left = head.left;
  if (c.format.kind !== "heads-up") {
    const wantH4H = wantHandForHand(s, left);
    if (wantH4H !== s.handForHand) events.push({ type: "hand-for-hand", at, on: wantH4H });
    // R-TBL-3 play-down: no balancing; the final table is drawn once every table is down to the number.
    const down = playDownNow(s, at);
    if (down !== null) {
      if (playedDown(s, down, head.gone)) events.push(...balanceEvents(s, at, rng, head.gone, down));
      return ok(events);
    }
    // R-TBL-3 with a full redraw when the players fit on fewer tables (every table is between hands here).
    const needed = tablesNeeded(s, left, at);
    if (needed > 1 && needed < s.tables.size && redrawsOnMerge(s)) {
      events.push(...redrawEvents(s, at, rng, head.gone, needed));
      return ok(events);
    }
    // Balancing only changes when someone left a table (R-TBL-2/3).
    // Entries seated after the start (late registration, a new table, a floor move) can also unbalance them.
    if (s.busted.length > 0 || s.tables.size > tablesNeeded(s, left, at) || spread(s) >= 2) {
      // Every table is between hands here; past BALANCE_SCAN_TABLES the exact balancer that never looks at every table (pace-balance.ts).
      if (s.tables.size <= BALANCE_SCAN_TABLES || tablesNeeded(s, left, at) <= 1) events.push(...balanceEvents(s, at, rng, head.gone));
      else events.push(...paceBalance(s, at, rng, { gone: head.gone, left, table: null, allFree: true, deal: false }).events);
    }
  }
  return ok(events);
}

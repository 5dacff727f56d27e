// The director's state and `evolve`. At 250,000 entrants a copy per event would make a
// tournament quadratic, so `evolve` updates the state in place and returns it: the state
// is still exactly the fold of its events (`events.reduce(evolve, initialState())`), it is
// just owned by the fold. `snapshot` gives a plain comparable view for replay checks.
import { clockAt } from "../structure/index.ts";
import { mixedByOrbit, orbitsAt } from "./mixed-orbit.ts";
import { reindex, unindex } from "./pace-index.ts";
import { playedMs } from "./played.ts";
import { initialState, tableSizeOf, type EntryState, type TableState, type TournamentState } from "./state-model.ts";
import type { TableHand } from "../index.ts";
import type { TableDraw, TournamentEvent } from "./types.ts";

export {
  finalTableSizeOf,
  houseRulesOf,
  spareSeatsOf,
  balancingOf,
  moveCount,
  initialState,
  tableSizeOf,
  type EntryState,
  type PrizeTable,
  type TableState,
  type TournamentState,
} from "./state-model.ts";

function setCount(s: TournamentState, t: TableState, count: number): void {
  s.byCount[t.count]?.delete(t.id);
  t.count = count;
  (s.byCount[count] ??= new Set()).add(t.id);
  reindex(s, t);
}

/** A table leaves play: out of the buckets, and the moves owed by and to it are off. */
function dropTable(s: TournamentState, t: TableState): void {
  s.byCount[t.count]?.delete(t.id);
  unindex(s, t);
  for (const r of t.owes) {
    const to = s.tables.get(r);
    if (to === undefined) continue;
    removeOne(to.from, t.id);
    reindex(s, to);
  }
  for (const g of t.from) {
    const by = s.tables.get(g);
    if (by === undefined) continue;
    removeOne(by.owes, t.id);
    reindex(s, by);
  }
  s.tables.delete(t.id);
}

export function seatedWithChips(s: TournamentState, t: TableState): number {
  let n = 0;
  for (const id of t.seats) if (id !== null && s.entries.get(id)!.stack > 0) n++;
  return n;
}

function removeOne(list: number[], x: number): void {
  const i = list.indexOf(x);
  if (i >= 0) list.splice(i, 1);
}

const AT = Symbol("entries at the seats");
type WithEntries = TableState & { [AT]?: (EntryState | null)[] };

/**
 * The entries in a table's seats, by seat (seats[i]'s EntryState): derived from `seats`,
 * kept in step by evolve, and not part of the data (a non-enumerable symbol: snapshots,
 * copies and comparisons never see it; a table without it gets it on first use). A hand's
 * report finds its players here instead of in the map of every entry, where at 250,000
 * entries each look-up misses the CPU caches.
 */
export function entriesAt(s: TournamentState, t: TableState): readonly (EntryState | null)[] {
  const w = t as WithEntries;
  let a = w[AT];
  if (a === undefined) {
    a = t.seats.map((id) => (id === null ? null : (s.entries.get(id) ?? null)));
    Object.defineProperty(w, AT, { value: a, writable: true, enumerable: false, configurable: true });
  }
  return a;
}

/** The entry a hand's report names at position `i` of its order: the one in that seat if it
 *  is `id` (entriesAt), else the map's. */
export function handEntry(s: TournamentState, t: TableState, hand: TableHand, i: number, id: string): EntryState | undefined {
  const seat = hand.order[i]?.seat;
  return seat !== undefined ? entryAtSeat(s, t, seat, id) : s.entries.get(id);
}

/** Entry `id`, looked for first in seat `seat` of table `t` (entriesAt), else in the map. */
export function entryAtSeat(s: TournamentState, t: TableState | undefined, seat: number, id: string): EntryState | undefined {
  const here = t !== undefined ? entriesAt(s, t)[seat - 1] : undefined;
  return here != null && here.id === id ? here : s.entries.get(id);
}

/** Every write of a seat goes through here, so `entriesAt` stays in step with `seats`. */
function setSeat(t: TableState, seat: number, e: EntryState | null): void {
  t.seats[seat - 1] = e === null ? null : e.id;
  const a = (t as WithEntries)[AT];
  if (a !== undefined) a[seat - 1] = e;
}

function openTable(s: TournamentState, draw: TableDraw, at: number): void {
  const size = tableSizeOf(s.config!);
  const t: TableState = {
    id: draw.table,
    seats: new Array(size).fill(null),
    count: 0,
    firstButton: draw.button,
    ...(draw.draw !== undefined ? { firstDraw: draw.draw } : {}),
    last: null,
    hands: 0,
    startedAt: at,
    playedAt: playedMs(s, at),
    inHand: false,
    owes: [],
    from: [],
    colourUps: [],
    indexed: -1,
  };
  s.tables.set(t.id, t);
  s.maxTable = Math.max(s.maxTable, t.id);
  for (const { seat, entry } of draw.seats) {
    const e = s.entries.get(entry)!;
    setSeat(t, seat, e);
    e.table = t.id;
    e.seat = seat;
  }
  setCount(s, t, draw.seats.length);
}

/** A new first button's cards replace the old draw's (none kept when the event has none). */
function setFirstDraw(t: TableState, draw: TableDraw["draw"]): void {
  if (draw !== undefined) t.firstDraw = draw;
  else delete t.firstDraw;
}

function unseat(s: TournamentState, e: EntryState): void {
  const t = s.tables.get(e.table);
  if (t !== undefined) {
    setSeat(t, e.seat, null);
    setCount(s, t, t.count - 1);
  }
  e.table = 0;
  e.seat = 0;
}

function addEntry(s: TournamentState, id: string, player: string, chips: number): EntryState {
  const e: EntryState = { id, player, stack: chips, table: 0, seat: 0, alive: true, rebuys: 0, addOns: 0 };
  s.entries.set(id, e);
  const p = s.players.get(player);
  // A player's first entry makes the list with room for one: an empty list's first push
  // reserves seventeen (144 bytes a player, a sixth of a large field's memory).
  if (p === undefined) s.players.set(player, { entries: [id], reEntries: 0 });
  else p.entries.push(id);
  s.alive++;
  s.chipsIssued += chips;
  return e;
}

/** Seats a new entry; a table not yet open is opened for it (every table was full), its button at that seat. */
/** An entry out of chips, to be eliminated by the next settle; busts of one event are one hand (the event's number). */
function bust(s: TournamentState, e: EntryState, start: number): void {
  s.busted.push(e.id);
  s.bustInfo.set(e.id, { table: e.table, start, hand: s.events, played: playedMs(s, s.now), declined: false });
}

/** Chips bought: onto the stack between hands; behind it while the entry's table plays a hand. */
function buy(s: TournamentState, e: EntryState, chips: number): void {
  if (e.table > 0 && s.tables.get(e.table)?.inHand === true) {
    e.behind = (e.behind ?? 0) + chips;
    s.behindAt.add(e.id);
  } else e.stack += chips;
}

/** The table's hand is over: chips bought during it join their stacks. */
function addBehind(s: TournamentState, table: number): void {
  for (const id of s.behindAt) {
    const e = s.entries.get(id);
    if (e === undefined || e.table !== table) continue;
    e.stack += e.behind ?? 0;
    e.behind = 0;
    s.behindAt.delete(id);
  }
}

function seatAt(s: TournamentState, e: EntryState, table: number, seat: number, at: number): void {
  if (!s.tables.has(table)) openTable(s, { table, seats: [], button: seat }, at);
  const t = s.tables.get(table)!;
  setSeat(t, seat, e);
  e.table = t.id;
  e.seat = seat;
  setCount(s, t, t.count + 1);
}

/** R-CHIP-1: chips in play equal chips issued plus colour-up rounding, checked at every level change. */
export function chipsInPlay(s: TournamentState): number {
  let sum = 0;
  for (const e of s.entries.values()) if (e.alive) sum += e.stack + (e.behind ?? 0);
  return sum;
}

/**
 * Chips in play by what was issued: every entry's starting stack plus rebuys and add-ons,
 * less colour-up rounding and chips retired (a shootout loser's). Online this equals
 * chipsInPlay (checked at every level); in a live room busts pass chips on unseen and the
 * floor counts only now and then, so this is the figure to show.
 */
export function chipsIssuedInPlay(s: TournamentState): number {
  return s.chipsIssued + s.colourUpDelta - s.chipsRetired;
}

function checkConservation(s: TournamentState): void {
  // Live: the floor's counts are the truth, hands are not reported, so there is nothing to check.
  if (s.config?.live === true) return;
  s.conservation.checks++;
  if (chipsInPlay(s) + s.chipsRetired !== s.chipsIssued + s.colourUpDelta) s.conservation.failures++;
}

export function evolve(s: TournamentState, ev: TournamentEvent): TournamentState {
  s.events++;
  s.now = ev.at;
  switch (ev.type) {
    case "announced":
      s.config = ev.config;
      s.chips = [...ev.config.structure.chips];
      break;
    case "registration-opened":
      s.status = "registering";
      break;
    case "registered":
      s.payments.push(ev.payment);
      addEntry(s, ev.payment.player, ev.payment.player, ev.payment.chips);
      break;
    case "start-moved":
      if (s.config?.start !== undefined) s.config = { ...s.config, start: { ...s.config.start, scheduledAt: ev.scheduledAt, deadline: ev.deadline } };
      break;
    case "cancelled":
      s.status = "cancelled";
      s.refunds = ev.refunds;
      break;
    case "started":
      s.status = "running";
      s.startedAt = ev.at;
      s.round = 1;
      for (const d of ev.tables) openTable(s, d, ev.at);
      break;
    case "level-started":
      s.itemIndex = ev.itemIndex;
      s.levelNumber = ev.levelNumber;
      s.onBreak = false;
      checkConservation(s);
      break;
    case "break-started":
      s.itemIndex = ev.itemIndex;
      s.onBreak = true;
      break;
    case "coloured-up":
      for (const [id, stack] of ev.stacks) s.entries.get(id)!.stack = stack;
      s.colourUpDelta += ev.delta;
      if (ev.table !== undefined) {
        s.tables.get(ev.table)?.colourUps.shift();
        break;
      }
      s.chips = s.chips.filter((c) => c !== ev.remove);
      s.chipsGone.set(ev.remove, ev.next);
      for (const n of ev.later ?? []) s.tables.get(n)?.colourUps.push({ remove: ev.remove, next: ev.next });
      break;
    case "hand-played": {
      const t = s.tables.get(ev.table)!;
      if (s.config !== null && s.config.structure.mixedBy === "orbit" && mixedByOrbit(s.config.structure)) {
        t.orbits = orbitsAt(t, ev.hand.button, tableSizeOf(s.config));
        if (t.last === null) t.orbitSeat = ev.hand.button;
      }
      t.last = ev.hand;
      if (t.forced !== undefined && t.hands >= (t.forcedFrom ?? 0)) {
        t.forced.shift();
        if (t.forced.length === 0) {
          delete t.forced;
          delete t.forcedFrom;
        }
      }
      t.hands++;
      s.hands++;
      if (t.inHand) {
        t.inHand = false;
        reindex(s, t);
      }
      ev.entries.forEach((id, i) => {
        const e = handEntry(s, t, ev.hand, i, id)!;
        e.stack = ev.stacks[i]!;
      });
      addBehind(s, ev.table);
      ev.entries.forEach((id, i) => {
        const e = handEntry(s, t, ev.hand, i, id)!;
        if (e.stack === 0) bust(s, e, ev.startStacks[i]!);
      });
      break;
    }
    case "add-on-opened":
      s.addOnOpenedAt = playedMs(s, ev.at);
      break;
    case "busted":
      ev.entries.forEach((id, i) => {
        const e = s.entries.get(id)!;
        e.stack = 0;
        // Without the stacks at the start of the hand the busted tie (R-PLACE-2).
        bust(s, e, ev.startStacks?.[i] ?? 0);
      });
      break;
    case "break-next-set":
      if (ev.table === null) delete s.breakNext;
      else s.breakNext = ev.table;
      break;
    case "button-recorded": {
      const t = s.tables.get(ev.table);
      if (t !== undefined) t.floorButton = ev.seat;
      break;
    }
    case "counted":
      for (const [id, n] of ev.stacks) {
        const e = s.entries.get(id)!;
        const wasOut = s.bustInfo.has(id);
        e.stack = n;
        if (n === 0 && !wasOut) bust(s, e, 0);
        else if (n > 0 && wasOut) {
          s.busted = s.busted.filter((b) => b !== id);
          s.bustInfo.delete(id);
        }
      }
      break;
    case "rebought": {
      const e = s.entries.get(ev.entry)!;
      buy(s, e, ev.payment.chips);
      e.rebuys++;
      s.chipsIssued += ev.payment.chips;
      s.payments.push(ev.payment);
      s.busted = s.busted.filter((b) => b !== ev.entry);
      s.bustInfo.delete(ev.entry);
      break;
    }
    case "rebuy-declined": {
      const info = s.bustInfo.get(ev.entry);
      if (info !== undefined) info.declined = true;
      break;
    }
    case "added-on": {
      const e = s.entries.get(ev.entry)!;
      buy(s, e, ev.payment.chips);
      e.addOns++;
      s.chipsIssued += ev.payment.chips;
      s.payments.push(ev.payment);
      break;
    }
    case "re-entered": {
      s.payments.push(ev.payment);
      s.players.get(ev.payment.player)!.reEntries++;
      seatAt(s, addEntry(s, ev.entry, ev.payment.player, ev.payment.chips), ev.table, ev.seat, ev.at);
      break;
    }
    case "blind-ruled": {
      // Only a table the server deals follows a ruling itself; a live room's dealer does.
      const t = s.tables.get(ev.table);
      if (t === undefined) break;
      t.ruling = { at: ev.at, outcome: ev.outcome, skipped: ev.skipped, wrong: ev.wrong, current: ev.current, next: ev.next };
      if (s.config?.live === true || ev.outcome !== "continue") break;
      t.forced = [...ev.next];
      t.forcedFrom = ev.from;
      break;
    }
    case "clock-adjusted":
      // Played time is wall time less pauses: moving the clock forward is a negative pause.
      s.pausedMs -= ev.ms;
      break;
    case "reinstated": {
      const e = s.entries.get(ev.entry)!;
      e.stack = ev.stack;
      if (s.busted.includes(ev.entry)) {
        // Not yet eliminated: still in its seat.
        s.busted = s.busted.filter((b) => b !== ev.entry);
        s.bustInfo.delete(ev.entry);
        break;
      }
      e.alive = true;
      s.alive++;
      s.eliminated--;
      // Its place is taken back: the elimination forgets it.
      s.eliminations = s.eliminations.map((el) => el.map((g) => g.filter((id) => id !== ev.entry)).filter((g) => g.length > 0)).filter((el) => el.length > 0);
      seatAt(s, e, ev.table, ev.seat, ev.at);
      break;
    }
    case "reversed": {
      const e = s.entries.get(ev.entry)!;
      if (ev.what === "re-entry") {
        unseat(s, e);
        s.entries.delete(e.id);
        const p = s.players.get(e.player)!;
        p.entries = p.entries.filter((x) => x !== e.id);
        p.reEntries--;
        s.alive--;
        s.chipsIssued -= e.stack;
        const i = s.payments.findLastIndex((x) => x.player === ev.payment.player && x.kind === "re-entry");
        if (i >= 0) s.payments.splice(i, 1);
        break;
      }
      // Chips still behind go back first; the rest leave the stack.
      const fromBehind = Math.min(e.behind ?? 0, ev.payment.chips);
      if (fromBehind > 0) e.behind = (e.behind ?? 0) - fromBehind;
      e.stack -= ev.payment.chips - fromBehind;
      if (ev.what === "rebuy") e.rebuys--;
      else e.addOns--;
      s.chipsIssued -= ev.payment.chips;
      const p = ev.payment;
      const i = s.payments.findLastIndex((x) => x.player === p.player && x.kind === p.kind && x.toPool === p.toPool && x.fee === p.fee && x.chips === p.chips);
      if (i >= 0) s.payments.splice(i, 1);
      break;
    }
    case "late-registered":
      s.payments.push(ev.payment);
      seatAt(s, addEntry(s, ev.entry, ev.player, ev.stack), ev.table, ev.seat, ev.at);
      break;
    case "unregistered": {
      const p = s.players.get(ev.player)!;
      for (const id of p.entries) {
        const e = s.entries.get(id)!;
        s.chipsIssued -= e.stack;
        if (e.alive) s.alive--;
        s.entries.delete(id);
      }
      s.players.delete(ev.player);
      // The payments leave the ledger: the pool shrinks and a later cancel refunds nothing twice.
      s.payments = s.payments.filter((x) => x.player !== ev.player);
      break;
    }
    case "eliminated": {
      const gone = new Set<string>();
      for (const g of ev.groups) {
        for (const id of g) {
          const e = s.entries.get(id)!;
          // A shootout loser leaves with chips: they go out of play.
          s.chipsRetired += e.stack;
          e.stack = 0;
          e.alive = false;
          unseat(s, e);
          s.alive--;
          s.eliminated++;
          gone.add(id);
        }
      }
      // A heads-up round's losers leave their matches: a match nobody sits at any more is gone.
      if (s.config?.format.kind === "heads-up") for (const t of [...s.tables.values()]) if (t.count === 0) dropTable(s, t);
      s.eliminations.push(ev.groups.map((g) => [...g]));
      s.busted = s.busted.filter((b) => !gone.has(b));
      for (const id of gone) s.bustInfo.delete(id);
      break;
    }
    case "hand-for-hand":
      s.handForHand = ev.on;
      break;
    case "moved": {
      for (const m of ev.moves) unseat(s, s.entries.get(m.entry)!);
      for (const m of ev.moves) {
        const e = s.entries.get(m.entry)!;
        const t = s.tables.get(m.to)!;
        setSeat(t, m.seat, e);
        // Who has been moved how often: balancing prefers those moved least (moveCount).
        if (m.from !== m.to) e.moves = (e.moves ?? 0) + 1;
        e.table = t.id;
        e.seat = m.seat;
        setCount(s, t, t.count + 1);
      }
      break;
    }
    case "table-broken": {
      dropTable(s, s.tables.get(ev.table)!);
      // R-TBL-3: the tables are down to one: it is the final table.
      if (s.tables.size === 1 && s.config?.format.kind !== "heads-up") s.finalTable = s.tables.keys().next().value!;
      break;
    }
    case "redrawn":
      for (const r of ev.tables) {
        const t = s.tables.get(r.table)!;
        t.firstButton = r.button;
        setFirstDraw(t, r.draw);
        t.last = null;
      }
      break;
    case "final-table": {
      const t = s.tables.get(ev.table)!;
      t.firstButton = ev.button;
      setFirstDraw(t, ev.draw);
      t.last = null;
      s.finalTable = ev.table;
      break;
    }
    case "matches-drawn": {
      s.round = ev.round;
      for (const t of [...s.tables.values()]) {
        for (const id of t.seats) if (id !== null) unseat(s, s.entries.get(id)!);
        dropTable(s, t);
      }
      const start = s.config!.structure.startingStack;
      for (const [i, d] of ev.tables.entries()) {
        for (const { entry } of d.seats) {
          const e = s.entries.get(entry)!;
          // Every match starts fresh (R-TRN-10): old chips retire, a new stack is issued.
          if (ev.round > 1) {
            s.chipsRetired += e.stack;
            s.chipsIssued += start;
          }
          e.stack = start;
        }
        openTable(s, d, ev.at);
        const t = s.tables.get(d.table)!;
        t.round = ev.round;
        t.match = i;
      }
      s.waiting = [...ev.byes];
      break;
    }
    case "match-drawn": {
      // The winners leave their decided matches (a table is dropped once nobody sits there) and start fresh (R-TRN-10).
      const start = s.config!.structure.startingStack;
      for (const { entry } of ev.table.seats) {
        const e = s.entries.get(entry)!;
        const old = s.tables.get(e.table);
        unseat(s, e);
        if (old !== undefined && old.count === 0) dropTable(s, old);
        s.chipsRetired += e.stack;
        s.chipsIssued += start;
        e.stack = start;
      }
      openTable(s, ev.table, ev.at);
      const t = s.tables.get(ev.table.table)!;
      t.round = ev.round;
      t.match = ev.match;
      s.round = Math.max(s.round, ev.round);
      break;
    }
    case "owed":
      for (const [g, list] of ev.owes) {
        const giver = s.tables.get(g)!;
        for (const r of giver.owes) {
          const to = s.tables.get(r);
          if (to !== undefined) removeOne(to.from, g);
        }
        const old = giver.owes;
        giver.owes = [...list];
        for (const r of list) s.tables.get(r)!.from.push(g);
        for (const r of new Set([...old, ...list])) {
          const to = s.tables.get(r);
          if (to !== undefined) reindex(s, to);
        }
        reindex(s, giver);
      }
      break;
    case "dealing":
      for (const t of ev.tables === "all"
        ? [...s.tables.values()].filter((x) => seatedWithChips(s, x) >= 2 && x.from.length === 0)
        : ev.tables.map((n) => s.tables.get(n)!)) {
        t.inHand = true;
        reindex(s, t);
      }
      break;
    case "prizes-fixed":
      s.prizes = { pool: ev.pool, overlay: ev.overlay, entries: ev.entries, prizes: ev.prizes };
      break;
    case "finished":
      s.status = "finished";
      s.placements = ev.placements;
      if (ev.deal !== undefined) s.deal = { method: ev.deal, at: ev.at };
      break;
    case "paused":
      s.pausedAt = ev.at;
      break;
    case "resumed":
      s.pausedMs += ev.at - (s.pausedAt ?? ev.at);
      s.pausedAt = null;
      break;
  }
  return s;
}

/** Replays events from scratch. */
export const replay = (events: readonly TournamentEvent[]): TournamentState => events.reduce(evolve, initialState());

/** A plain, comparable picture of the state (Maps and derived indexes left out or flattened). */
export function snapshot(s: TournamentState): unknown {
  return {
    status: s.status,
    payments: s.payments,
    entries: [...s.entries.values()].map((e) => ({ ...e })),
    tables: [...s.tables.values()].map((t) => ({ ...t, seats: [...t.seats] })),
    maxTable: s.maxTable,
    alive: s.alive,
    startedAt: s.startedAt,
    pausedAt: s.pausedAt,
    pausedMs: s.pausedMs,
    now: s.now,
    itemIndex: s.itemIndex,
    levelNumber: s.levelNumber,
    onBreak: s.onBreak,
    chips: s.chips,
    chipsGone: [...s.chipsGone],
    chipsIssued: s.chipsIssued,
    chipsRetired: s.chipsRetired,
    colourUpDelta: s.colourUpDelta,
    conservation: s.conservation,
    busted: s.busted,
    bustInfo: [...s.bustInfo],
    finalTable: s.finalTable,
    eliminations: s.eliminations,
    handForHand: s.handForHand,
    hands: s.hands,
    round: s.round,
    waiting: s.waiting,
    prizes: s.prizes,
    placements: s.placements,
    refunds: s.refunds,
    events: s.events,
  };
}

/** The clock position the state is in, for the level in force at a table (heads-up: the match's own clock), in played time. */
export function levelFor(s: TournamentState, t: TableState, now: number) {
  const c = s.config!;
  const since = c.format.kind === "heads-up" ? t.playedAt : 0;
  return clockAt(c.structure, playedMs(s, now) - since);
}

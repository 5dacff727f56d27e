// The clock moves (R-TRN-1): level changes take effect from the next hand, breaks start,
// chips colour up when no level needs them any more (R-CHIP-1..4), and in a shootout the
// lowest stack at every table goes at each level increase (R-TRN-11, R-PLACE-3).
import { buttonOf } from "./state-model.ts";
import { ok, type Result } from "../../lib/result.ts";
import { colourUp, shootoutLosers, shuffledDeck, type RandomSource } from "../index.ts";
import { clockAt, colourUpSchedule, type ColourUp, type Structure } from "../structure/index.ts";
import { fieldClosed } from "./entries-closed.ts";
import { isPaused, playedMs } from "./played.ts";
import { placeGroups } from "./placements.ts";
import { prizesFixedEvent } from "./prizes.ts";
import { tableSizeOf, type TableState, type TournamentState } from "./state.ts";
import type { TournamentEvent } from "./types.ts";

const schedules = new WeakMap<Structure, ColourUp[]>();
function scheduleOf(st: Structure): ColourUp[] {
  let s = schedules.get(st);
  if (s === undefined) schedules.set(st, (s = colourUpSchedule(st)));
  return s;
}

/** One table's colour-up (R-CHIP-1..4): the stacks that change (`after` holds stacks an earlier exchange already changed). */
export function tableColourUp(
  s: TournamentState,
  t: TableState,
  cu: { readonly remove: number; readonly next: number },
  rng: RandomSource,
  after: ReadonlyMap<string, number>,
): Result<{ changed: [string, number][]; delta: number }> {
  const c = s.config!;
  const changed: [string, number][] = [];
  let delta = 0;
  const players = [];
  let fraction = false;
  for (let i = 0; i < t.seats.length; i++) {
    const id = t.seats[i];
    if (id == null) continue;
    const held = after.get(id) ?? s.entries.get(id)!.stack;
    if (held <= 0) continue;
    // A fraction of the smallest chip cannot be exchanged. Only a tie split in units of 1 made
    // one (online tables split so before they split in the chip unit, R-POT-4), and a
    // tournament running across that change may still hold it: it goes to the nearest whole
    // chip (at least one, R-CHIP-4), so the exchange runs and the tables deal on.
    const stack = held % cu.remove === 0 ? held : Math.max(cu.remove, Math.round(held / cu.remove) * cu.remove);
    if (stack !== held) fraction = true;
    // Without a physical count, a player holds as few small chips as the stack allows.
    players.push({ id, seat: i + 1, held, stack, small: (stack % cu.next) / cu.remove });
  }
  if (!fraction && !players.some((p) => p.small > 0)) return ok({ changed, delta });
  const r = colourUp({
    method: c.colourUp ?? "race",
    remove: cu.remove,
    next: cu.next,
    button: buttonOf(t),
    tableSize: tableSizeOf(c),
    players,
    deck: shuffledDeck(rng),
  });
  if (!r.ok) return r;
  for (const p of players) {
    const now = r.value.stacks[p.id] ?? p.stack;
    if (now !== p.held) {
      changed.push([p.id, now]);
      delta += now - p.held;
    }
  }
  return ok({ changed, delta });
}

/** `after` holds stacks an earlier exchange of the same tick already changed: two chips can
 *  leave at one level change (500s then 1000s), and the second sees what the first left.
 *  Per-table pace: a table in a hand is coloured up when that hand is settled (`later`). */
function colourUpEvent(s: TournamentState, cu: ColourUp, at: number, rng: RandomSource, after: Map<string, number>): Result<TournamentEvent> {
  const changed: [string, number][] = [];
  const later: number[] = [];
  let delta = 0;
  for (const t of s.tables.values()) {
    if (t.inHand) {
      later.push(t.id);
      continue;
    }
    const r = tableColourUp(s, t, cu, rng, after);
    if (!r.ok) return r;
    changed.push(...r.value.changed);
    delta += r.value.delta;
  }
  return ok({ type: "coloured-up", at, remove: cu.remove, next: cu.next, stacks: changed, delta, ...(later.length > 0 ? { later } : {}) });
}

function shootoutEvent(s: TournamentState, at: number): TournamentEvent | null {
  const c = s.config!;
  if (c.format.kind !== "shootout") return null;
  const finalTable = c.format.finalTable ?? tableSizeOf(c);
  if (s.alive <= finalTable) return null;
  const tables = [...s.tables.values()].map((t) => ({
    table: String(t.id),
    players: t.seats.filter((x): x is string => x !== null).map((id) => ({ id, stack: s.entries.get(id)!.stack })),
  }));
  const losers = shootoutLosers(tables);
  if (losers.length === 0 || losers.length >= s.alive) return null;
  const group = losers.map((l) => l.id);
  return { type: "eliminated", at, groups: [group], places: fieldClosed(s, at) ? placeGroups(s.alive, [group]) : null };
}

export function decideTick(s: TournamentState, at: number, rng: RandomSource): Result<TournamentEvent[]> {
  const c = s.config!;
  const events: TournamentEvent[] = [];
  // A paused clock moves nothing: levels, breaks, colour-ups and windows count played time.
  if (s.status !== "running" || s.startedAt === null || isPaused(s)) return ok(events);
  if (s.prizes === null && fieldClosed(s, at)) events.push(prizesFixedEvent(s, at));
  // Heads-up matches run their own clocks (R-TRN-10): nothing tournament-wide to change.
  if (c.format.kind === "heads-up") return ok(events);
  // R-TRN-11 with every table at its own pace: the level changes (and its lowest stacks go)
  // when every table is between hands, never under a hand in progress.
  if (c.format.kind === "shootout" && s.inHand > 0) return ok(events);
  const pos = clockAt(c.structure, playedMs(s, at));
  const schedule = scheduleOf(c.structure);
  let level = s.levelNumber;
  // One schedule item per tick, so each colour-up sees the stacks the previous one left;
  // the caller ticks until nothing happens. Several chips leaving at the same item chain
  // through `after`.
  const after = new Map<string, number>();
  for (let i = s.itemIndex + 1; i <= Math.min(pos.itemIndex, s.itemIndex + 1); i++) {
    // Live (config.live): the floor colours up at the tables with the `colour-up` command.
    for (const cu of c.live === true ? [] : schedule) {
      if (cu.itemIndex === i && s.chips.includes(cu.remove)) {
        const ev = colourUpEvent(s, cu, at, rng, after);
        if (!ev.ok) return ev;
        if (ev.value.type === "coloured-up") for (const [id, stack] of ev.value.stacks) after.set(id, stack);
        events.push(ev.value);
      }
    }
    const item = c.structure.items[i]!;
    if (item.kind === "level") {
      level++;
      events.push({ type: "level-started", at, itemIndex: i, levelNumber: level });
    } else events.push({ type: "break-started", at, itemIndex: i });
  }
  if (pos.itemIndex > s.itemIndex && c.structure.items[s.itemIndex + 1]!.kind === "level") {
    const ev = shootoutEvent(s, at);
    if (ev !== null) events.push(ev);
  }
  return ok(events);
}

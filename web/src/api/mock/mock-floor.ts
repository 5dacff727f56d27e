import type { ColourUpRequest, DealRequest, ErrorCode, LiveRecordRequest, SeatAssignment } from "../../../../src/protocol/index.ts";
import { blindErrorRuling } from "../../logic/blind-error.ts";
import type { HttpAnswer } from "../transport.ts";
import { chipRace, instructions } from "./mock-director.ts";
import { clockOf, counts, tournamentView, type MEntry, type MTournament } from "./mock-tournament.ts";

// The mock server's live-room floor: what the real server's director routes do for a
// live tournament (issue 7), simplified: the seat draw at the start, walk-ins seated by
// the draw, bust-outs / rebuys / add-ons entered by the floor, balancing and breaking
// instructions confirmed with one click, the chip race applied, the deal applied.

export const TABLE_SIZE = 10;

type Body = Record<string, unknown>;
export const answer = (status: number, body: unknown): HttpAnswer => ({ status, body });
export const error = (status: number, code: ErrorCode, message: string): HttpAnswer => answer(status, { error: { code, message } });

export function seating(t: MTournament): SeatAssignment[] {
  return t.entries
    .filter((e) => e.state !== "busted" && e.tableNumber !== null && e.seat !== null)
    .map((e) => ({ entryId: e.entryId, name: e.name, tableNumber: e.tableNumber!, seat: e.seat!, stack: e.stack }))
    .sort((a, b) => a.tableNumber - b.tableNumber || a.seat - b.seat);
}

/** R-TBL-1: the random draw at the start: as few tables as fit everyone, sizes within one. */
export function drawSeats(t: MTournament, random: () => number): void {
  const waiting = t.entries.filter((e) => e.state === "registered");
  const tables = Math.max(1, Math.ceil(waiting.length / TABLE_SIZE));
  const spots: { table: number; seat: number }[] = [];
  for (let i = 0; i < waiting.length; i++) spots.push({ table: (i % tables) + 1, seat: Math.floor(i / tables) + 1 });
  for (let i = spots.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [spots[i], spots[j]] = [spots[j]!, spots[i]!];
  }
  waiting.forEach((e, i) => Object.assign(e, { state: "playing", tableNumber: spots[i]!.table, seat: spots[i]!.seat }));
}

/** A walk-in after the start takes a random free seat at the shortest table (R-TBL-1). */
function seatWalkIn(t: MTournament, e: MEntry, random: () => number): void {
  const seats = seating(t);
  const tables = [...new Set(seats.map((s) => s.tableNumber))].sort((a, b) => a - b);
  if (tables.length === 0) tables.push(1);
  const size = (n: number) => seats.filter((s) => s.tableNumber === n).length;
  let table = tables.reduce((best, n) => (size(n) < size(best) ? n : best), tables[0]!);
  if (size(table) >= TABLE_SIZE) table = Math.max(...tables) + 1;
  const free = Array.from({ length: TABLE_SIZE }, (_, i) => i + 1).filter((s) => !seats.some((x) => x.tableNumber === table && x.seat === s));
  const seat = free[Math.floor(random() * free.length)]!;
  Object.assign(e, { state: "playing", tableNumber: table, seat });
}

function walkIn(t: MTournament, name: string, now: number, random: () => number): HttpAnswer | MEntry {
  if (t.kind !== "live") return error(409, "tournament/not-allowed", "walk-ins are for live tournaments");
  if (t.status === "finished" || t.status === "cancelled") return error(409, "tournament/bad-state", "the tournament is over");
  const level = clockOf(t, now)?.levelNumber ?? 0;
  if (t.startedAt !== null && level > t.lateRegLevels) return error(409, "tournament/not-allowed", "late registration is over");
  if (t.entries.some((e) => e.name === name && e.state !== "busted")) return error(409, "tournament/not-allowed", "already entered");
  const e: MEntry = {
    entryId: `w${t.entries.length + 1}`, userId: `walk-in:${name}`, name, stack: t.structure.startingStack, state: "registered",
    tableNumber: null, seat: null, rebuys: 0, addOn: false, place: null, bustedAt: null,
  };
  t.entries.push(e);
  if (t.startedAt !== null) seatWalkIn(t, e, random);
  return e;
}

function bust(t: MTournament, ids: readonly string[], startStacks: readonly number[] | undefined, now: number): void {
  // R-PLACE-2: of players out in one hand, more chips at its start rank better; equal share.
  const left = counts(t).playersLeft;
  const start = (i: number) => startStacks?.[i] ?? 0;
  ids.forEach((id, i) => {
    const better = ids.filter((_, j) => start(j) > start(i)).length;
    Object.assign(t.entries.find((e) => e.entryId === id)!, { state: "busted", place: left - ids.length + 1 + better, bustedAt: now, stack: 0, tableNumber: null, seat: null });
  });
  const alive = t.entries.filter((x) => x.state !== "busted");
  if (alive.length === 1) {
    Object.assign(alive[0]!, { place: 1 });
    t.status = "finished";
  }
}

function liveRecord(t: MTournament, body: LiveRecordRequest, now: number, random: () => number): HttpAnswer | null {
  if (t.kind !== "live") return error(400, "director/invalid", "floor records are for a live room's tournament");
  const entry = (id: string | undefined) => t.entries.find((x) => x.entryId === id);
  const e = entry(body.entryId);
  switch (body.kind) {
    case "bust": {
      const ids = body.entryIds ?? (body.entryId === undefined ? [] : [body.entryId]);
      if (ids.length === 0 || ids.some((id) => entry(id)?.state !== "playing")) return error(409, "tournament/not-allowed", "not playing");
      bust(t, ids, body.startStacks, now);
      return null;
    }
    case "rebuy":
      if (!e || e.state === "busted") return error(409, "tournament/not-allowed", "not playing");
      if (!t.rebuy) return error(409, "tournament/not-allowed", "no rebuys");
      e.rebuys += 1;
      e.stack += t.structure.startingStack;
      return null;
    case "add-on":
      if (!e || e.state === "busted") return error(409, "tournament/not-allowed", "not playing");
      if (!t.addOn || e.addOn) return error(409, "tournament/not-allowed", "no add-on");
      e.addOn = true;
      e.stack += t.structure.startingStack / 2;
      return null;
    case "re-enter": {
      if (!e || e.state !== "busted") return error(409, "tournament/not-allowed", "re-entry needs a bust first");
      if (!t.reEntry) return error(409, "tournament/not-allowed", "no re-entry");
      const again: MEntry = { ...e, entryId: `r${t.entries.length + 1}`, stack: t.structure.startingStack, state: "registered", place: null, bustedAt: null, rebuys: 0, addOn: false };
      t.entries.push(again);
      seatWalkIn(t, again, random);
      return null;
    }
    case "chip-count": {
      const stacks = body.stacks ?? [];
      if (stacks.length === 0 || stacks.some((x) => entry(x.entryId)?.state !== "playing")) return error(400, "director/invalid", "a chip count lists the stacks of players in");
      for (const x of stacks) entry(x.entryId)!.stack = x.stack;
      const out = stacks.filter((x) => x.stack === 0).map((x) => x.entryId);
      if (out.length > 0) bust(t, out, undefined, now);
      return null;
    }
  }
}

function colourUpPlan(t: MTournament, remove: number): HttpAnswer {
  const into = t.chips.find((c) => c > remove);
  if (!into || !t.chips.includes(remove)) return error(400, "director/invalid", "no such chip or no higher chip");
  const seats = seating(t);
  const tables = [...new Set(seats.map((s) => s.tableNumber))].sort((a, b) => a - b);
  return answer(200, {
    remove,
    into,
    tables: tables.map((n) => ({
      tableNumber: n,
      order: seats.filter((s) => s.tableNumber === n).map((s) => ({ entryId: s.entryId, name: s.name, seat: s.seat, stack: s.stack })),
    })),
  });
}

/** R-CHIP-3/4: the race at one table, applied to the stacks; once every table has raced, the chip is gone. */
function colourUp(t: MTournament, req: ColourUpRequest, random: () => number): HttpAnswer {
  const into = t.chips.find((c) => c > req.remove);
  if (!into || !t.chips.includes(req.remove)) return error(400, "director/invalid", "no such chip or no higher chip");
  const seats = seating(t).filter((s) => s.tableNumber === req.tableNumber);
  if (seats.length === 0) return error(404, "director/not-found", "no such table");
  const deck = [...Array(52).keys()];
  const players = seats.map((s) => {
    const odd = req.oddChips.find((o) => o.entryId === s.entryId)?.count ?? 0;
    const given = req.cards === "draw" ? null : (req.cards.find((c) => c.entryId === s.entryId)?.cards ?? []);
    const cards = given ?? Array.from({ length: odd }, () => deck.splice(Math.floor(random() * deck.length), 1)[0]!);
    return { entryId: s.entryId, name: s.name, seat: s.seat, stack: s.stack, odd, cards };
  });
  if (req.cards !== "draw" && players.some((p) => p.odd > 0 && p.cards.length !== p.odd)) {
    return error(400, "director/invalid", "one card per odd chip");
  }
  const result = chipRace(players, req.remove, into);
  // Without `apply` the race is only computed and shown, as on the server.
  if (req.apply !== true) return answer(200, result);
  for (const r of result.players) {
    const e = t.entries.find((x) => x.entryId === r.entryId);
    if (e) e.stack = r.stackAfter;
  }
  const raced = (t.raced ??= {});
  const done = (raced[req.remove] ??= []);
  if (!done.includes(req.tableNumber)) done.push(req.tableNumber);
  const tables = new Set(seating(t).map((s) => s.tableNumber));
  if ([...tables].every((n) => done.includes(n))) t.chips = t.chips.filter((c) => c !== req.remove);
  return answer(200, result);
}

/**
 * The deal: checked, and with `apply` (ICM only, as the server's director) recorded: the
 * players left take the agreed amounts and the tournament ends, places by chips.
 */
function deal(t: MTournament, req: DealRequest, now: number): HttpAnswer | null {
  const left = t.entries.filter((e) => e.state !== "busted");
  if (req.payouts.length !== left.length || !left.every((e) => req.payouts.some((p) => p.entryId === e.entryId))) {
    return error(400, "director/invalid", "the deal names every player left, once");
  }
  const pool = tournamentView(t, now).payouts.filter((p) => p.place <= left.length).reduce((a, p) => a + p.amount, 0);
  if (req.payouts.reduce((a, p) => a + p.amount, 0) !== pool) return error(400, "director/invalid", "the deal must share exactly what is left");
  if (req.apply !== true) return null;
  if (req.method !== "icm") return error(400, "director/invalid", "only an ICM deal is recorded");
  [...left].sort((a, b) => b.stack - a.stack).forEach((e, i) => Object.assign(e, { state: "busted", place: i + 1, bustedAt: now }));
  t.deal = Object.fromEntries(req.payouts.map((p) => [p.entryId, p.amount]));
  t.status = "finished";
  return null;
}

/** The results as a deal would make them: places by stack, prizes the agreed amounts. */
function dealPreview(t: MTournament, req: DealRequest, now: number) {
  const r = results(t, now);
  const finalists = r.stillIn.map((e, i) => ({
    place: i + 1, entryId: e.entryId, name: e.name, prize: req.payouts.find((p) => p.entryId === e.entryId)?.amount ?? 0, rebuys: 0, addOn: false, bustedAt: null,
  }));
  return { ...r, results: [...finalists, ...r.results], stillIn: [] };
}

export function results(t: MTournament, now: number) {
  const view = tournamentView(t, now);
  const busted = t.entries.filter((e) => e.state === "busted" || e.place !== null).sort((a, b) => (a.place ?? 0) - (b.place ?? 0));
  const prize = (e: MEntry) => t.deal?.[e.entryId] ?? view.payouts.find((p) => p.place === e.place)?.amount ?? 0;
  return {
    tournamentId: t.id,
    name: t.name,
    payouts: view.payouts,
    results: busted.map((e) => ({ place: e.place!, entryId: e.entryId, name: e.name, prize: prize(e), rebuys: e.rebuys, addOn: e.addOn, bustedAt: e.bustedAt })),
    stillIn: t.entries
      .filter((e) => e.state !== "busted" && e.place === null)
      .map((e) => ({ entryId: e.entryId, name: e.name, stack: e.stack }))
      .sort((a, b) => b.stack - a.stack),
    durationMs: t.startedAt ? now - t.startedAt : 0,
  };
}

export type FloorRoute =
  | "start" | "seating" | "move" | "instructions" | "confirmInstruction" | "walkIn" | "liveRecord"
  | "colourUpPlan" | "colourUp" | "blindError" | "deal" | "results";

/**
 * One director route on tournament `t`. `changed` says the tournament moved on (the mock
 * pushes a new view); `lobby` asks the caller for the lobby entry (start, walk-in), with
 * `extra` fields beside it (a walk-in's entry and seat).
 */
export function floorRoute(
  name: FloorRoute,
  t: MTournament,
  p: Readonly<Record<string, string>>,
  body: Body,
  now: number,
  random: () => number,
): { answer: HttpAnswer | "lobby"; changed: boolean; extra?: Record<string, unknown> } {
  const done = (a: HttpAnswer | "lobby", changed = true) => ({ answer: a, changed });
  const or = (e: HttpAnswer | null, then: () => HttpAnswer | "lobby") => (e ? done(e, false) : done(then()));
  switch (name) {
    case "start":
      if (t.startedAt !== null) return done(error(409, "tournament/bad-state", "already started"), false);
      Object.assign(t, { startedAt: now, status: "running" });
      if (t.kind === "live") drawSeats(t, random);
      return done("lobby");
    case "seating":
      return done(answer(200, { seats: seating(t) }), false);
    case "move": {
      const e = t.entries.find((x) => x.entryId === body["entryId"]);
      if (!e) return done(error(404, "director/not-found", "no such entry"), false);
      Object.assign(e, { tableNumber: body["toTable"], seat: body["toSeat"] });
      return done(answer(200, { seats: seating(t) }));
    }
    case "instructions":
      return done(answer(200, { instructions: instructions(t, TABLE_SIZE) }), false);
    case "confirmInstruction": {
      const ins = instructions(t, TABLE_SIZE).find((i) => i.id === p["iid"]);
      if (!ins) return done(error(404, "director/not-found", "instruction already done"), false);
      Object.assign(t.entries.find((e) => e.entryId === ins.entryId)!, { tableNumber: ins.to.tableNumber, seat: ins.to.seat });
      return done(answer(200, { instructions: instructions(t, TABLE_SIZE) }));
    }
    case "walkIn": {
      // As the server: the answer names the entry and its seat (null before the draw).
      const e = walkIn(t, String(body["name"]), now, random);
      if ("status" in e) return done(e, false);
      const seat = e.tableNumber !== null && e.seat !== null ? { tableNumber: e.tableNumber, seat: e.seat } : null;
      return { answer: "lobby", changed: true, extra: { entryId: e.entryId, seat } };
    }
    case "liveRecord":
      return or(liveRecord(t, body as unknown as LiveRecordRequest, now, random), () => answer(200, tournamentView(t, now)));
    case "colourUpPlan":
      return done(colourUpPlan(t, Number(body["remove"])), false);
    case "colourUp": {
      const a = colourUp(t, body as unknown as ColourUpRequest, random);
      return done(a, a.status < 400);
    }
    case "blindError": {
      const clock = clockOf(t, now);
      const l = clock ? t.structure.levels[clock.levelIndex]! : t.structure.levels[0]!;
      const ruling = blindErrorRuling({
        skippedBigBlindSeat: Number(body["skippedBigBlindSeat"]),
        wrongBigBlindSeat: Number(body["wrongBigBlindSeat"]),
        activeActions: Number(body["activeActions"]),
        handBlinds: { sb: l.sb, bb: l.bb, ante: l.ante },
      });
      return done(answer(200, ruling), false);
    }
    case "deal": {
      const req = body as unknown as DealRequest;
      const refused = deal(t, req, now);
      if (refused) return done(refused, false);
      return done(answer(200, req.apply === true ? results(t, now) : dealPreview(t, req, now)), req.apply === true);
    }
    case "results":
      return done(answer(200, results(t, now)), false);
  }
}

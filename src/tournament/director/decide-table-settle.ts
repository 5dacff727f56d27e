// Per-table pace: a table's hand is over and the director settles that table
// alone while the others play on. Its busts go out and are placed (busts at different
// tables in the order their hands ended; busts of one hand by starting stack, R-PLACE-2),
// then it gives a player, receives one (waiting for the giving table's current hand only),
// breaks, or deals on (R-TBL-2/3, pace-balance.ts); the `dealing` event names the tables
// that deal next. Hand-for-hand only at the money bubble (a satellite's last seat): every
// table finishes its hand, then all deal one hand together, and that round's busts share
// places by starting stack; it ends when the bubble bursts. The final table forms by a draw
// once every table has finished its hand (R-TBL-3). A heads-up match deals its next hand
// as soon as its last is settled, and a match of the next round is drawn and deals as soon
// as both its players have won (R-TRN-10): a round waits only where its next match needs
// both winners; a round's losers go out together once its last match is decided. A shootout table plays on
// by itself; only a due level change (its lowest at every table go together, R-TRN-11,
// sharing their places, R-PLACE-3) waits for every table to finish its hand.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { RandomSource } from "../index.ts";
import { tableColourUp } from "./decide-clock.ts";
import { balanceEvents, decideSettle, settleHead, wantHandForHand } from "./decide-settle.ts";
import { paceBalance, tablesNeeded } from "./pace-balance.ts";
import { playDownNow, playedDown, stillPlayingDown } from "./play-down.ts";
import { redrawEvents, redrawsOnMerge } from "./merge-redraw.ts";
import { seatedWithChips, type TournamentState } from "./state.ts";
import { isPaused, playedMs } from "./played.ts";
import { clockAt } from "../structure/index.ts";
import type { TournamentEvent } from "./types.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

export function decideTableSettle(s: TournamentState, at: number, table: number | null, rng: RandomSource): Result<TournamentEvent[]> {
  const r = settleTable(s, at, table, rng);
  // A break stops every table at its next hand: nobody deals until a settle after it ends.
  return r.ok && s.onBreak ? ok(r.value.filter((e) => e.type !== "dealing")) : r;
}

function settleTable(s: TournamentState, at: number, table: number | null, rng: RandomSource): Result<TournamentEvent[]> {
  if (s.status !== "running") return ok([]);
  const c = s.config!;
  if (c.live === true) return fail(TOURNAMENT_ERRORS.live, "a live room settles with `settle`: the floor deals");
  if (table !== null) {
    const t = s.tables.get(table);
    if (t === undefined) return fail(TOURNAMENT_ERRORS.noTable, `no table ${table}`, { table });
    if (t.inHand) return fail(TOURNAMENT_ERRORS.tableInHand, `table ${table} has not reported its hand yet`, { table });
  }
  const events: TournamentEvent[] = [];
  // Colour-ups made while this table was in its hand apply now (R-CHIP-1..4).
  if (table !== null) {
    const t = s.tables.get(table)!;
    const after = new Map<string, number>();
    for (const cu of t.colourUps) {
      const r = tableColourUp(s, t, cu, rng, after);
      if (!r.ok) return r;
      for (const [id, n] of r.value.changed) after.set(id, n);
      events.push({ type: "coloured-up", at, remove: cu.remove, next: cu.next, stacks: r.value.changed, delta: r.value.delta, table });
    }
  }
  const allFree = s.inHand === 0;
  // R-TRN-10: every match at its own pace; the round's next draw once its last match is decided.
  if (c.format.kind === "heads-up") {
    const r = decideSettle(s, at, rng);
    if (!r.ok) return r;
    events.push(...r.value);
    if (r.value.some((e) => e.type === "finished")) return ok(events);
    if (table === null || r.value.some((e) => e.type === "matches-drawn")) {
      events.push({ type: "dealing", at, tables: "all" });
      return ok(events);
    }
    // This match deals on (if it is not decided), and every match just drawn starts.
    const deal = r.value.flatMap((e) => (e.type === "match-drawn" ? [e.table.table] : []));
    if (seatedWithChips(s, s.tables.get(table)!) >= 2) deal.unshift(table);
    if (deal.length > 0) events.push({ type: "dealing", at, tables: deal });
    return ok(events);
  }
  // R-TRN-11: a due level change (the lowest at every table go, sharing places) waits for every table's hand; until then each plays on.
  const shootout = c.format.kind === "shootout";
  if (shootout && !allFree && clockDue(s, at)) return ok(events);
  // Hand-for-hand: a table's busts wait for the round's other tables (R-PLACE-2 across tables).
  const wasH4H = s.handForHand;
  if (wasH4H && !allFree) return ok(events);
  const head = settleHead(s, at, rng);
  events.push(...head.events);
  if (head.done) return ok(events);
  const want = wantHandForHand(s, head.left);
  if (want !== wasH4H) events.push({ type: "hand-for-hand", at, on: want });
  // R-TBL-3 play-down: no balancing; a table down to the number waits; the final table is
  // drawn once every table is down to it and every hand is over.
  const down = playDownNow(s, at);
  if (down !== null) {
    if (playedDown(s, down, head.gone)) {
      if (!allFree) return ok(events);
      const ev = balanceEvents(s, at, rng, head.gone, down);
      events.push(...ev);
      const final = ev.find((e) => e.type === "final-table");
      events.push({ type: "dealing", at, tables: final?.type === "final-table" ? [final.table] : "all" });
      return ok(events);
    }
    // At the bubble every table finishes its hand first, then they deal together.
    if (want && !allFree) return ok(events);
    const deal = stillPlayingDown(s, down, head.gone, table === null || allFree ? null : table);
    if (deal.length > 0) events.push({ type: "dealing", at, tables: deal });
    return ok(events);
  }
  const needed = tablesNeeded(s, head.left, at);
  // R-TBL-3 with a full redraw: tables merge once every table's hand is over; until then a table that finishes waits.
  if (needed > 1 && needed < s.tables.size && redrawsOnMerge(s)) {
    if (!allFree) return ok(events);
    events.push(...redrawEvents(s, at, rng, head.gone, needed), { type: "dealing", at, tables: "all" });
    return ok(events);
  }
  if (needed === 1 && s.tables.size > 1) {
    // R-TBL-3: the final table is drawn once every table has finished its hand.
    if (!allFree) return ok(events);
    const ev = balanceEvents(s, at, rng, head.gone);
    events.push(...ev);
    const final = ev.find((e) => e.type === "final-table");
    events.push({ type: "dealing", at, tables: final?.type === "final-table" ? [final.table] : "all" });
    return ok(events);
  }
  // The bubble: every table finishes its current hand, then they deal together; this one
  // waits (its balancing is still done, owed moves count as made).
  if (want && !allFree) {
    events.push(...paceBalance(s, at, rng, { gone: head.gone, left: head.left, table, allFree, deal: false }).events);
    return ok(events);
  }
  // A shootout's tables that waited for a level change all deal once it is made.
  events.push(
    ...paceBalance(s, at, rng, { gone: head.gone, left: head.left, table, allFree, releaseAll: table === null || (wasH4H && !want) || (shootout && allFree) })
      .events,
  );
  return ok(events);
}

/** A schedule item (a level, a break) is due by the played clock and not yet made (the shootout's tick waits for every table's hand). */
function clockDue(s: TournamentState, at: number): boolean {
  return s.startedAt !== null && !isPaused(s) && clockAt(s.config!.structure, playedMs(s, at)).itemIndex > s.itemIndex;
}

// Child process for the table crash test: plays one TableSession with random legal moves
// as fast as it can, printing "ack <commandId> <version>" for every move the table
// acknowledged, until it is killed -9. Snapshots every few records, so kills land both
// just after a snapshot and in the middle of a hand.
import { randomInt } from "node:crypto";
import { unwrap } from "../../src/lib/result.ts";
import type { PlayerAction } from "../../src/protocol/index.ts";
import { openSqliteEventStore } from "../../src/store/index.ts";
import { systemClock } from "../../src/server/clock.ts";
import { TableSession, type SessionOptions } from "../../src/server/tables/table-session.ts";
import { dealable } from "../../src/server/tables/table-state.ts";
import { legalFor } from "../../src/server/tables/table-view.ts";

export const CRASH_TABLE = { tableId: "crash", tournamentId: null, tableNumber: 1, size: 6, actionMs: 60_000, timeBankMs: 0, buttonRule: "dead" as const };
export const CRASH_PLAYERS = ["ann", "bob", "cy", "dee"];

/** Busted seats leave and everyone missing sits down again with 1000 (a new "game"). */
async function topUp(s: TableSession): Promise<void> {
  if (s.state.hand !== null || dealable(s.state).length >= 2) return;
  for (const seat of [...s.state.seats.values()]) if (seat.stack === 0) unwrap(await s.unseat(seat.seat));
  for (const [i, p] of CRASH_PLAYERS.entries()) {
    if (![...s.state.seats.values()].some((x) => x.playerId === p)) unwrap(await s.seat(i + 1, p, p, 1000));
  }
}

const [path, run] = process.argv.slice(2);
if (path !== undefined && run !== undefined) {
  const store = openSqliteEventStore(path);
  const opts: SessionOptions = {
    store,
    clock: systemClock,
    handPauseMs: 0,
    snapshotEvery: 5,
    hooks: { blinds: () => ({ sb: 10, bb: 20, ante: 0 }), canDeal: () => true, handEnded: (s) => topUp(s) },
  };
  const table = unwrap(await TableSession.load(CRASH_TABLE.tableId, opts)) ?? unwrap(await TableSession.open(CRASH_TABLE, opts));
  if (table.state.handNumber === 0) {
    for (const [i, p] of CRASH_PLAYERS.entries()) {
      if (![...table.state.seats.values()].some((x) => x.playerId === p)) unwrap(await table.seat(i + 1, p, p, 1000));
    }
  }
  table.resume();
  process.stdout.write("ready\n");
  for (let n = 0; ; n += 1) {
    const hand = table.state.hand;
    const legal = legalFor(table.state);
    if (hand === null || legal === null) {
      await new Promise((r) => setTimeout(r, 1));
      continue;
    }
    const player = table.state.seats.get(hand.order[hand.state.actor]!)!.playerId;
    const options: PlayerAction[] = legal.canCheck ? [{ kind: "check" }] : [{ kind: "call" }, { kind: "fold" }];
    if (legal.minRaiseTo !== null) options.push({ kind: legal.isBet ? "bet" : "raise", to: legal.minRaiseTo });
    const id = `${run}-${n}`;
    const action = options[randomInt(0, options.length)]!;
    const r = unwrap(await table.act(player, { handId: hand.handId, version: table.state.version, commandId: id, action }));
    process.stdout.write(`ack ${id} ${r.version}\n`);
  }
}

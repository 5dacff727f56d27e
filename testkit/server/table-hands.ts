// A table of four that plays `count` hands where everyone calls (so many reach a showdown
// and shown cards get checked too), in memory on a manual clock: the hands the history and
// `felt verify` tests check.
import { openSqliteEventStore } from "../../src/store/index.ts";
import { unwrap } from "../../src/lib/result.ts";
import { ManualClock } from "../../src/server/clock.ts";
import { TableSession } from "../../src/server/tables/table-session.ts";
import type { HandRun } from "../../src/server/tables/table-state.ts";

export async function playHands(count: number): Promise<HandRun[]> {
  const store = await openSqliteEventStore(":memory:");
  const clock = new ManualClock();
  const hands: HandRun[] = [];
  const s = unwrap(
    await TableSession.open(
      { tableId: "v1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 1000, timeBankMs: 0, buttonRule: "dead" },
      {
        store,
        clock,
        handPauseMs: 0,
        hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 1 }), canDeal: () => hands.length < count, handEnded: async (_, h) => void (h && hands.push(h)) },
      },
    ),
  );
  for (const [seat, id] of [
    [1, "a"],
    [2, "b"],
    [4, "c"],
    [6, "d"],
  ] as const)
    unwrap(await s.seat(seat, id, `player-${id}`, 500));
  s.dealSoon(0);
  let n = 0;
  while (hands.length < count && n++ < 5000) {
    const hand = s.state.hand;
    if (hand !== null && hand.state.actor >= 0) {
      const seat = hand.order[hand.state.actor]!;
      const user = s.state.seats.get(seat)!.playerId;
      const act = await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `cmd-${n}-xxxx`, action: { kind: "call" } });
      if (!act.ok) await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `chk-${n}-xxxx`, action: { kind: "check" } });
    }
    clock.advance(1);
    await s.idle();
  }
  s.close();
  return hands;
}

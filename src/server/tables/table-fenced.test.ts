// Cluster mode: a table whose append is refused with `store/fenced` (another
// process owns its partition now) closes: timers cancelled, one log line, nothing retried.
import { describe, expect, it } from "vitest";
import { fail, unwrap } from "../../lib/result.ts";
import { openSqliteEventStore, type EventStore } from "../../store/index.ts";
import { ManualClock } from "../clock.ts";
import { STORE_RETRY_MS, TableSession } from "./table-session.ts";

const config = { tableId: "t1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };

describe("a table fenced off", () => {
  it("the action clock's timeout is refused with store/fenced: the session closes once, says so once, and never tries again", async () => {
    const inner = openSqliteEventStore(":memory:");
    let fenced = false;
    let appends = 0;
    const store: EventStore = Object.create(inner) as EventStore;
    store.append = (...a) => {
      if (!fenced) return inner.append(...a);
      appends++;
      return Promise.resolve(fail("store/fenced", "epoch 3 is below the fence 4 of tournament.01", { scope: "tournament.01", epoch: 3, fence: 4 }));
    };
    const clock = new ManualClock();
    const logs: string[] = [];
    let n = 0;
    const s = unwrap(
      await TableSession.open(config, {
        store,
        clock,
        handPauseMs: 1000,
        seed: () => (n++).toString(16).padStart(64, "b"),
        log: (m) => logs.push(m),
        hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 0 }), canDeal: () => true, handEnded: async () => {} },
      }),
    );
    for (const [seat, id] of [
      [1, "a"],
      [3, "b"],
    ] as const)
      unwrap(await s.seat(seat, id, `player-${id}`, 1000));
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    expect(s.state.hand).not.toBeNull();
    const v = s.state.version;
    fenced = true;
    clock.advance(10_000); // the action clock runs out: a timeout is submitted and fenced
    await s.idle();
    await s.idle();
    expect(s.fenced).toBe(true);
    expect(appends).toBe(1);
    for (let i = 0; i < 5; i++) {
      clock.advance(STORE_RETRY_MS + 10_000);
      await s.idle();
    }
    expect(appends).toBe(1);
    expect(s.state.version).toBe(v);
    expect(logs.filter((m) => m.includes("stopped"))).toEqual(["table t1: stopped: epoch 3 is below the fence 4 of tournament.01"]);
    const hand = s.state.hand!;
    const actor = s.state.seats.get(hand.order[hand.state.actor]!)!.playerId;
    expect(await s.act(actor, { handId: hand.handId, version: v, commandId: "late", action: { kind: "fold" } })).toMatchObject({
      ok: false,
      error: { code: "runtime/closed" },
    });
    expect(appends).toBe(1);
  });
});

// A player's action that could not be stored (the database is down) is
// answered as failed with `server/unavailable`, so the client sends it again; the resend
// (same command id) then acts once, and the action clock keeps trying instead of stalling
// the table.
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { openSqliteEventStore, type EventStore } from "../../store/index.ts";
import { ManualClock } from "../clock.ts";
import { toWire } from "../gateway/http-errors.ts";
import { STORE_RETRY_MS, TableSession } from "./table-session.ts";

const config = { tableId: "t1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };

/** A store whose appends throw as pg does when the server went away, while `down`. */
function flaky(inner: EventStore): { store: EventStore; down: { on: boolean } } {
  const down = { on: false };
  const store: EventStore = Object.create(inner) as EventStore;
  store.append = (...a) =>
    down.on ? Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })) : inner.append(...a);
  store.read = (...a) => (down.on ? Promise.reject(Object.assign(new Error("Connection terminated unexpectedly"), {})) : inner.read(...a));
  return { store, down };
}

async function setup() {
  const { store, down } = flaky(await openSqliteEventStore(":memory:"));
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
    [5, "c"],
  ] as const)
    unwrap(await s.seat(seat, id, `player-${id}`, 1000));
  s.dealSoon(0);
  clock.advance(0);
  await s.idle();
  return { s, clock, down, logs };
}

describe("a table during a database outage", () => {
  it("an action that was not stored is answered server/unavailable; its resend acts once", async () => {
    const { s, down } = await setup();
    const hand = s.state.hand!;
    const actor = s.state.seats.get(hand.order[hand.state.actor]!)!.playerId;
    const v = s.state.version;
    const cmd = { handId: hand.handId, version: v, commandId: "cmd-outage-1", action: { kind: "call" as const } };
    down.on = true;
    const failed = await s.act(actor, cmd);
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(toWire(failed.error)).toMatchObject({ code: "server/unavailable" });
    expect(s.state.version).toBe(v);
    down.on = false;
    expect(await s.act(actor, cmd)).toEqual({ ok: true, value: { version: v + 1, duplicate: false } });
    expect(await s.act(actor, cmd)).toEqual({ ok: true, value: { version: v + 1, duplicate: true } });
  });

  it("R-TRN-9: a timeout that could not be stored is tried again, and the hand goes on once the database is back", async () => {
    const { s, clock, down } = await setup();
    const v = s.state.version;
    down.on = true;
    clock.advance(10_000);
    await s.idle();
    await s.idle();
    expect(s.state.version).toBe(v);
    down.on = false;
    clock.advance(STORE_RETRY_MS);
    await s.idle();
    await s.idle();
    expect(s.state.version).toBeGreaterThan(v);
  });
});

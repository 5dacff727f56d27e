// The pause between hands counts from the end of the hand: a table whose
// tournament settle waited in the queue behind other tables' settles deals when its own
// pause is over, as a table alone does, not a whole pause after the settle. Counted on a
// manual clock: no timing.
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { openSqliteEventStore } from "../../store/index.ts";
import { ManualClock } from "../clock.ts";
import { TableSession } from "./table-session.ts";

const config = { tableId: "pace", tournamentId: null, tableNumber: 1, size: 6, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };
const PAUSE = 1000;

async function table(settle: (s: TableSession) => Promise<void>) {
  const store = openSqliteEventStore(":memory:");
  const clock = new ManualClock();
  let n = 0;
  const s = unwrap(
    await TableSession.open(config, {
      store,
      clock,
      handPauseMs: PAUSE,
      seed: () => (n++).toString(16).padStart(64, "b"),
      hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 0 }), canDeal: () => true, handEnded: (t) => settle(t) },
    }),
  );
  for (const [seat, id] of [
    [1, "a"],
    [3, "b"],
    [5, "c"],
  ] as const)
    unwrap(await s.seat(seat, id, id, 1000));
  return { s, clock };
}

/** Everyone folds to the big blind: the hand ends. */
async function foldAround(s: TableSession): Promise<void> {
  while (s.state.hand !== null && s.state.hand.state.result === null) {
    const hand = s.state.hand;
    const player = s.state.seats.get(hand.order[hand.state.actor]!)!.playerId;
    unwrap(await s.act(player, { handId: hand.handId, version: s.state.version, commandId: `f${s.state.version}`, action: { kind: "fold" } }));
  }
  await s.idle();
}

describe("the pause between hands", () => {
  it("a settle that waited longer than the pause (other tables' settles ahead of it in the queue) lets the table deal at once, not a whole pause later", async () => {
    let release!: () => void;
    const { s, clock } = await table(async (t) => {
      // The tournament's settle runs when the queue reaches it, then tells the table to deal.
      await new Promise<void>((r) => (release = r));
      t.dealSoon();
    });
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    expect(s.state.handNumber).toBe(1);
    await foldAround(s);
    expect(s.state.hand).toBeNull();
    expect(s.state.finished?.handNumber).toBe(1);
    // The queue takes 1.5 pauses to reach this table's settle.
    clock.advance(PAUSE * 1.5);
    release();
    await new Promise((r) => setImmediate(r));
    // Its pause is long over: the deal is due now, without another pause.
    clock.advance(0);
    await s.idle();
    expect(s.state.handNumber).toBe(2);
    expect(s.state.hand).not.toBeNull();
  });

  it("a settle quicker than the pause still leaves the whole pause after the hand (people see the result)", async () => {
    const { s, clock } = await table(async (t) => t.dealSoon());
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    await foldAround(s);
    await new Promise((r) => setImmediate(r));
    clock.advance(PAUSE - 1);
    await s.idle();
    expect(s.state.handNumber).toBe(1);
    clock.advance(1);
    await s.idle();
    expect(s.state.handNumber).toBe(2);
  });
});

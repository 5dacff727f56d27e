// The director's orders and the table's results as data (table-order.ts).
import { describe, expect, it } from "vitest";
import { openSqliteEventStore } from "../../store/index.ts";
import { unwrap } from "../../lib/result.ts";
import { legalActions } from "../../engine/index.ts";
import { ManualClock } from "../clock.ts";
import { TableSession } from "./table-session.ts";
import { blindsAt, handResultOf, orderId, type TableOrder } from "./table-order.ts";
import { phhText } from "./history.ts";
import { verifyHistory } from "./verify.ts";

const config = { tableId: "T-t1", tournamentId: "T", tableNumber: 1, size: 6, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };
const seats = [
  { seat: 1, playerId: "a", name: "Ann", stack: 1000 },
  { seat: 3, playerId: "b", name: "Bob", stack: 1000 },
  { seat: 5, playerId: "c", name: "Cy", stack: 1000 },
];
const permit = (handNumber: number) => ({
  handNumber,
  blinds: [
    { from: 0, blinds: { sb: 5, bb: 10, ante: 0 } },
    { from: 60_000, blinds: { sb: 10, bb: 20, ante: 0 } },
  ],
});

async function table() {
  const store = await openSqliteEventStore(":memory:");
  const clock = new ManualClock();
  const results: number[] = [];
  let n = 0;
  const opts = {
    store,
    clock,
    handPauseMs: 1000,
    seed: () => (n++).toString(16).padStart(64, "a"),
    // No gate: the table deals only by its director's permits.
    hooks: { handEnded: async (_: TableSession, h: { handNumber: number } | null) => void (h && results.push(h.handNumber)) },
  };
  const s = unwrap(await TableSession.open(config, opts));
  return { s, store, clock, opts, results };
}

/** Plays the current hand out: everyone folds to the big blind or checks. */
async function playOut(s: TableSession, clock: ManualClock): Promise<void> {
  while (s.state.hand !== null) {
    clock.advance(10_000);
    await s.idle();
  }
}

describe("the director's orders (table-order.ts)", () => {
  it("an order seats, sets stacks and gives the permit in one append; without a permit nothing is dealt; with one the hand takes the permit's blinds", async () => {
    const { s, clock } = await table();
    const v = s.state.version;
    const r = unwrap(await s.order({ id: orderId(config.tableId, 10), afterHand: 0, seats, permit: null }));
    expect(r.duplicate).toBe(false);
    expect(s.state.version).toBe(v + 1); // one record: an order is one version of the table
    expect([...s.state.seats.values()].map((x) => [x.seat, x.playerId, x.stack])).toEqual([
      [1, "a", 1000],
      [3, "b", 1000],
      [5, "c", 1000],
    ]);
    s.dealSoon(0);
    clock.advance(5000);
    await s.idle();
    expect(s.state.hand).toBeNull();
    // The permit for hand 1, given at 70 s of the clock: the second level's blinds are in force.
    clock.advance(65_000);
    unwrap(await s.order({ id: orderId(config.tableId, 11), afterHand: 0, seats, permit: permit(1) }));
    clock.advance(1000);
    await s.idle();
    expect(s.state.hand?.handNumber).toBe(1);
    expect(s.state.hand?.blinds).toEqual({ sb: 10, bb: 20, ante: 0 });
  });

  it("the same order twice acts once; a stale order (in a hand, or after a hand the director has not recorded) stores nothing", async () => {
    const { s, clock, results } = await table();
    const first: TableOrder = { id: orderId(config.tableId, 1), afterHand: 0, seats, permit: permit(1) };
    unwrap(await s.order(first));
    const again = unwrap(await s.order(first));
    expect(again.duplicate).toBe(true);
    clock.advance(1000);
    await s.idle();
    expect(s.state.hand?.handNumber).toBe(1);
    const inHand = s.state.version;
    const stale = await s.order({ id: orderId(config.tableId, 2), afterHand: 0, seats: [], permit: null });
    expect(stale.ok ? "ok" : stale.error.code).toBe("table/stale-order");
    expect(s.state.version).toBe(inHand);
    await playOut(s, clock);
    expect(results).toEqual([1]);
    // Hand 1 is over but the director has recorded none: an order "after hand 0" is stale.
    const late = await s.order({ id: orderId(config.tableId, 3), afterHand: 0, seats, permit: permit(1) });
    expect(late.ok ? "ok" : late.error.code).toBe("table/stale-order");
    // The permit for hand 1 was used: hand 2 needs its own.
    clock.advance(5000);
    await s.idle();
    expect(s.state.handNumber).toBe(1);
    expect(s.state.hand).toBeNull();
  });

  it("a moved player leaves and a new one joins with the stacks the director says; a withdrawn permit (a pause) stops the next deal", async () => {
    const { s, clock } = await table();
    unwrap(await s.order({ id: orderId(config.tableId, 1), afterHand: 0, seats, permit: permit(1) }));
    clock.advance(1000);
    await s.idle();
    await playOut(s, clock);
    const after = s.lastResult()!;
    expect(after.id).toBe(`${config.tableId}:h1`);
    expect(after.stacks.reduce((a, b) => a + b, 0)).toBe(3000);
    const stacks = new Map(after.order.map((seat, i) => [seat, after.stacks[i]!]));
    const next = [
      { seat: 1, playerId: "a", name: "Ann", stack: stacks.get(1)! },
      { seat: 2, playerId: "d", name: "Di", stack: 1500 },
      { seat: 5, playerId: "c", name: "Cy", stack: stacks.get(5)! + stacks.get(3)! },
    ];
    unwrap(await s.order({ id: orderId(config.tableId, 2), afterHand: 1, seats: next, permit: null }));
    expect([...s.state.seats.values()].sort((x, y) => x.seat - y.seat).map((x) => [x.seat, x.playerId, x.stack])).toEqual(
      next.map((x) => [x.seat, x.playerId, x.stack]),
    );
    clock.advance(5000);
    await s.idle();
    expect(s.state.hand).toBeNull();
  });

  it("R-TRN-9: a player joining by an order sits down with the time bank it carries (none: the table's whole bank); one already seated keeps theirs; a result says each dealt player's bank left", async () => {
    const { clock, opts } = await table();
    const s = unwrap(await TableSession.open({ ...config, tableId: "T-t3", timeBankMs: 20_000 }, opts));
    const brought = [{ ...seats[0]!, bankMs: 12_000 }, seats[1]!, { ...seats[2]!, bankMs: 5_000 }];
    unwrap(await s.order({ id: orderId("T-t3", 1), afterHand: 0, seats: brought, permit: permit(1) }));
    const banks = () => [...s.state.seats.values()].sort((x, y) => x.seat - y.seat).map((x) => [x.playerId, x.bankMs]);
    expect(banks()).toEqual([
      ["a", 12_000],
      ["b", 20_000],
      ["c", 5_000],
    ]);
    clock.advance(1000);
    await s.idle();
    await playOut(s, clock);
    const after = s.lastResult()!;
    expect(after.banks).toEqual(after.order.map((seat) => s.state.seats.get(seat)!.bankMs));
    const left = new Map(banks() as [string, number][]);
    const next = [
      { ...seats[0]!, stack: after.stacks[after.order.indexOf(1)]!, bankMs: 99_000 },
      { seat: 2, playerId: "d", name: "Di", stack: 1500, bankMs: 1_000 },
    ];
    unwrap(await s.order({ id: orderId("T-t3", 2), afterHand: 1, seats: next, permit: null }));
    expect(banks()).toEqual([
      ["a", left.get("a")],
      ["d", 1_000],
    ]);
    s.close();
  });

  it("the permit survives a restart (the snapshot keeps it): the reloaded table deals its hand", async () => {
    const { store, clock, opts } = await table();
    const s = unwrap(await TableSession.open({ ...config, tableId: "T-t2" }, { ...opts, snapshotEvery: 1 }));
    unwrap(await s.order({ id: orderId("T-t2", 1), afterHand: 0, seats, permit: permit(1) }));
    s.close();
    await s.idle();
    const snap = await store.loadSnapshot("table:T-t2");
    expect(snap?.version).toBe(s.state.version);
    expect((snap!.state as { state: { permit?: unknown } }).state.permit).toEqual(permit(1));
    const again = unwrap(await TableSession.load("T-t2", opts))!;
    expect(again.state.permit).toEqual(permit(1));
    again.resume();
    await again.idle();
    await new Promise((r) => setTimeout(r, 10));
    clock.advance(1000);
    await again.idle();
    expect(again.state.hand?.handNumber).toBe(1);
  });

  it("R-POT-4: a permit's chip unit (the smallest chip in play) splits the hand's pots in units of it, and the hand's history replays the same", async () => {
    // Three players call 100 each and check down: the first hand where two of them share
    // the 300 pot. In units of 1 they would get 150 each, a stack no chip of 100 can make up
    // (a colour-up then cannot exchange it and the director refuses to settle the table).
    const { s, clock } = await table();
    const start = seats.map((x) => ({ ...x, stack: 1000 }));
    let split = null;
    for (let k = 1; k <= 300 && split === null; k++) {
      const p = { handNumber: k, blinds: [{ from: 0, blinds: { sb: 50, bb: 100, ante: 0 } }], chipUnit: 100 };
      unwrap(await s.order({ id: orderId(config.tableId, k), afterHand: k - 1, seats: start, permit: p }));
      clock.advance(1000);
      await s.idle();
      for (let guard = 0; guard < 50 && s.state.hand !== null; guard++) {
        const hand = s.state.hand;
        const l = legalActions(hand.state)!;
        const user = s.state.seats.get(hand.order[l.actor]!)!.playerId;
        const action = l.canCheck ? { kind: "check" as const } : { kind: "call" as const };
        unwrap(await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `h${k}-${guard}-xxxx`, action }));
      }
      // One loser (900) and no single winner (1200): two share the pot.
      const done = s.state.finished!;
      if (done.state.result!.stacks.filter((x) => x === 900).length === 1) split = done;
    }
    expect(split).not.toBeNull();
    const stacks = split!.state.result!.stacks;
    expect([...stacks].sort((a, b) => a - b)).toEqual([900, 1000, 1100]);
    // The odd chip goes to the first winner left of the button (R-POT-4's default; PHH order starts there).
    const winners = stacks.flatMap((x, i) => (x > 900 ? [i] : []));
    expect(winners.map((i) => stacks[i])).toEqual([1100, 1000]);
    expect(phhText(split!, null, "Table 1", true)).toContain("_chip_unit = 100");
    const verified = verifyHistory(phhText(split!, null, "Table 1", true), "hand.phh", s.state.tableSeed!);
    expect(verified.ok, JSON.stringify(verified)).toBe(true);
    expect(verified.ok && verified.value[0]!.deckChecked).toBe(true);
  });

  it("with a permit's chip unit the player to act is told it, and a raise in no whole chips of it is refused and changes nothing", async () => {
    const { s, clock } = await table();
    const start = seats.map((x) => ({ ...x, stack: 1000 }));
    const p = { handNumber: 1, blinds: [{ from: 0, blinds: { sb: 50, bb: 100, ante: 0 } }], chipUnit: 100 };
    unwrap(await s.order({ id: orderId(config.tableId, 1), afterHand: 0, seats: start, permit: p }));
    clock.advance(1000);
    await s.idle();
    const hand = s.state.hand!;
    const l = legalActions(hand.state)!;
    const seat = hand.order[l.actor]!;
    const user = s.state.seats.get(seat)!.playerId;
    expect(s.viewFor(user).legal).toMatchObject({ minRaiseTo: 200, maxRaiseTo: 1000, chipUnit: 100 });
    const version = s.state.version;
    const odd = await s.act(user, { handId: hand.handId, version, commandId: "odd-raise-1", action: { kind: "raise", to: 250 } });
    expect(!odd.ok && odd.error.code).toBe("table/illegal-action");
    expect(!odd.ok && odd.error.message).toContain("whole chips of 100");
    expect(s.state.version).toBe(version);
    unwrap(await s.act(user, { handId: hand.handId, version, commandId: "whole-raise", action: { kind: "raise", to: 300 } }));
    expect(s.state.version).toBeGreaterThan(version);
  });

  it("blindsAt picks the latest level begun; handResultOf is null for a hand without a result", () => {
    const p = permit(3);
    expect(blindsAt(p, 0)).toEqual({ sb: 5, bb: 10, ante: 0 });
    expect(blindsAt(p, 59_999)).toEqual({ sb: 5, bb: 10, ante: 0 });
    expect(blindsAt(p, 60_000)).toEqual({ sb: 10, bb: 20, ante: 0 });
    expect(handResultOf("x", { handNumber: 1, state: { result: null } } as never)).toBeNull();
  });
});

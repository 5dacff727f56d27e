// The director's order senders (order-senders.ts) over a link whose answers the test gives
// by hand: newest order wins, retries, a moved player leaves before joining (also when the
// giver is away and two tables swap players), the bounded wait for a round's answers, a
// missed hand result handed back, and when a table cannot be dealing.
import { describe, expect, it } from "vitest";
import { fail, ok, type Result } from "../../lib/result.ts";
import { ManualClock } from "../clock.ts";
import type { OrderAnswer, TableLink } from "../tables/table-link.ts";
import type { HandResult, TableOrder } from "../tables/table-order.ts";
import type { TableConfig } from "../tables/table-state.ts";
import { ORDER_RETRY_MS, OrderSenders, ROUND_WAIT_MS, type Round } from "./order-senders.ts";

interface Call {
  readonly n: number;
  readonly order: TableOrder;
  readonly answer: (r: Result<OrderAnswer>) => void;
}

/** A link whose every order waits for the test's answer; it keeps each table's applied seating and checks nobody sits at two tables. */
class HandLink implements TableLink {
  readonly calls: Call[] = [];
  readonly seated = new Map<number, readonly string[]>();
  readonly history: string[] = [];

  order(config: TableConfig, order: TableOrder): Promise<Result<OrderAnswer>> {
    const n = config.tableNumber;
    return new Promise((done) =>
      this.calls.push({
        n,
        order,
        answer: (r) => {
          if (r.ok && r.value.applied) {
            this.seated.set(
              n,
              order.seats.map((s) => s.playerId),
            );
            this.history.push(`${n}:${order.id}`);
            const all = [...this.seated.values()].flat();
            if (new Set(all).size !== all.length) throw new Error(`a player seated at two tables after ${n}:${order.id}`);
          }
          done(r);
        },
      }),
    );
  }

  /** Answers table `n`'s order in flight (applied unless said otherwise). */
  answer(n: number, r: Result<OrderAnswer> = ok({ applied: true, result: null })): TableOrder {
    const i = this.calls.findIndex((c) => c.n === n);
    if (i < 0) throw new Error(`no order in flight to table ${n}`);
    const [c] = this.calls.splice(i, 1);
    c!.answer(r);
    return c!.order;
  }

  inFlight(): string[] {
    return this.calls.map((c) => `${c.n}:${c.order.id}`);
  }

  say(): void {}
  async open(): Promise<Result<void>> {
    return ok(undefined);
  }
  async load(): Promise<Result<void>> {
    return ok(undefined);
  }
  resume(): void {}
  close(): void {}
}

const flush = () => new Promise<void>((done) => setImmediate(done));

let version = 0;
function round(tables: Record<number, readonly string[]>, opts: { givers?: number[]; permit?: boolean; between?: () => void } = {}): Round {
  version += 1;
  const orders = new Map<number, { config: TableConfig; order: TableOrder }>();
  for (const [k, players] of Object.entries(tables)) {
    const n = Number(k);
    orders.set(n, {
      config: { tableId: `t${n}`, tableNumber: n } as TableConfig,
      order: {
        id: `t${n}@${version}`,
        afterHand: 0,
        seats: players.map((p, i) => ({ seat: i + 1, playerId: p, name: p, stack: 100 })),
        permit: opts.permit === true ? { handNumber: 1, blinds: [] } : null,
      },
    });
  }
  return { orders, givers: new Set(opts.givers ?? []), between: opts.between ?? (() => {}) };
}

function setup() {
  const link = new HandLink();
  const clock = new ManualClock();
  const missed: [number, HandResult][] = [];
  const senders = new OrderSenders({
    link: () => link,
    clock: () => clock,
    log: () => {},
    stopped: () => false,
    missed: (n, r) => void missed.push([n, r]),
  });
  return { link, clock, senders, missed };
}

describe("the director's order senders", () => {
  it("a moved player leaves before joining: the receiving table is sent its order once the giving one applied its own, `between` in between", async () => {
    const { link, senders } = setup();
    const first = senders.send(round({ 1: ["p", "q"], 2: ["r"] }));
    await flush();
    link.answer(1);
    link.answer(2);
    await first;
    const steps: string[] = [];
    // Nobody says table 1 gives: its new seating drops p, whom table 2's adds.
    const moved = round({ 1: ["q"], 2: ["r", "p"] }, { between: () => steps.push("between") });
    let done = false;
    void senders.send(moved).then(() => (done = true));
    await flush();
    expect(link.inFlight()).toEqual([`1:${moved.orders.get(1)!.order.id}`]);
    expect(steps).toEqual([]);
    link.answer(1);
    await flush();
    expect(steps).toEqual(["between"]);
    expect(link.inFlight()).toEqual([`2:${moved.orders.get(2)!.order.id}`]);
    expect(done).toBe(false);
    link.answer(2);
    await flush();
    expect(done).toBe(true);
    expect(link.seated).toEqual(
      new Map([
        [1, ["q"]],
        [2, ["r", "p"]],
      ]),
    );
  });

  it("a redraw in one round: each table that gives and seats newcomers first lets its leavers go, then all take their new seatings", async () => {
    const { link, senders } = setup();
    const start = senders.send(round({ 1: ["a", "b"], 2: ["c", "d"] }));
    await flush();
    link.answer(1);
    link.answer(2);
    await start;
    const steps: string[] = [];
    const redraw = round({ 1: ["a", "c"], 2: ["b", "d"] }, { permit: true, between: () => steps.push("between") });
    void senders.send(redraw);
    await flush();
    expect(link.inFlight().sort()).toEqual([`1:${redraw.orders.get(1)!.order.id}/leave`, `2:${redraw.orders.get(2)!.order.id}/leave`]);
    expect(link.answer(1).permit).toBeNull();
    await flush();
    expect(steps).toEqual([]);
    link.answer(2);
    await flush();
    expect(steps).toEqual(["between"]);
    expect(link.seated).toEqual(
      new Map([
        [1, ["a"]],
        [2, ["d"]],
      ]),
    );
    expect(link.answer(1).id).toBe(redraw.orders.get(1)!.order.id);
    expect(link.answer(2).id).toBe(redraw.orders.get(2)!.order.id);
    await flush();
    expect(link.inFlight()).toEqual([]);
    expect(link.seated.get(1)).toEqual(["a", "c"]);
  });

  it("the director's events name the givers when nothing was sent before (a restart)", async () => {
    const { link, senders } = setup();
    void senders.send(round({ 1: ["q"], 2: ["r", "p"] }, { givers: [1] }));
    await flush();
    expect(link.inFlight().map((c) => c.split(":")[0])).toEqual(["1"]);
    link.answer(1);
    await flush();
    expect(link.inFlight().map((c) => c.split(":")[0])).toEqual(["2"]);
  });

  it("the newest order wins: orders given while one is in flight are superseded by the last, never sent after it", async () => {
    const { link, senders } = setup();
    void senders.send(round({ 1: ["a"] }));
    void senders.send(round({ 1: ["a", "b"] }));
    const last = round({ 1: ["a", "b", "c"] });
    void senders.send(last);
    await flush();
    link.answer(1);
    await flush();
    expect(link.answer(1).id).toBe(last.orders.get(1)!.order.id);
    await flush();
    expect(link.inFlight()).toEqual([]);
  });

  it("an order not delivered is sent again after ORDER_RETRY_MS, or the newer one given meanwhile is", async () => {
    const { link, clock, senders } = setup();
    const a = round({ 1: ["a"] });
    void senders.send(a);
    await flush();
    link.answer(1, fail("server/unavailable", "moving"));
    await flush();
    expect(link.inFlight()).toEqual([]);
    clock.advance(ORDER_RETRY_MS);
    await flush();
    expect(link.answer(1, fail("server/unavailable", "moving")).id).toBe(a.orders.get(1)!.order.id);
    const b = round({ 1: ["a", "b"] });
    void senders.send(b);
    await flush();
    clock.advance(ORDER_RETRY_MS);
    await flush();
    expect(link.answer(1).id).toBe(b.orders.get(1)!.order.id);
    await flush();
    expect(link.inFlight()).toEqual([]);
  });

  it("two tables swap players while the first giver is away: each leaves before the other seats, and nothing waits forever", async () => {
    const { link, clock, senders } = setup();
    const start = senders.send(round({ 1: ["p1"], 2: ["p2"] }));
    await flush();
    link.answer(1);
    link.answer(2);
    await start;
    const one = round({ 1: [], 2: ["p2", "p1"] });
    void senders.send(one);
    await flush();
    const two = round({ 1: ["p2"], 2: ["p1"] });
    void senders.send(two);
    await flush();
    // Table 1's owner is away: its first order fails, and table 2 may not seat p1 meanwhile.
    expect(link.inFlight()).toEqual([`1:${one.orders.get(1)!.order.id}`]);
    link.answer(1, fail("server/unavailable", "owner died"));
    await flush();
    clock.advance(ORDER_RETRY_MS);
    await flush();
    link.answer(1);
    await flush();
    link.answer(2);
    await flush();
    link.answer(1);
    await flush();
    expect(link.inFlight()).toEqual([]);
    expect(link.history.slice(2)).toEqual([`1:${one.orders.get(1)!.order.id}`, `2:${two.orders.get(2)!.order.id}`, `1:${two.orders.get(1)!.order.id}`]);
    expect(link.seated.get(1)).toEqual(["p2"]);
    expect(link.seated.get(2)).toEqual(["p1"]);
  });

  it("a giver's order others wait for is kept behind a busy sender, not dropped for a newer one that waits in turn", async () => {
    const { link, senders } = setup();
    void senders.send(round({ 1: ["p1"], 2: ["p2"] }));
    await flush();
    link.answer(2);
    await flush();
    // Table 1 is still busy with its first order while p1 moves to 2, then p2 to 1.
    const one = round({ 1: [], 2: ["p2", "p1"] });
    void senders.send(one);
    const two = round({ 1: ["p2"], 2: ["p1"] });
    void senders.send(two);
    await flush();
    link.answer(1);
    await flush();
    expect(link.answer(1).id).toBe(one.orders.get(1)!.order.id);
    await flush();
    expect(link.answer(2).id).toBe(two.orders.get(2)!.order.id);
    await flush();
    expect(link.answer(1).id).toBe(two.orders.get(1)!.order.id);
    await flush();
    expect(link.inFlight()).toEqual([]);
    expect(link.seated.get(1)).toEqual(["p2"]);
    expect(link.seated.get(2)).toEqual(["p1"]);
  });

  it("the director waits for a round's answers at most ROUND_WAIT_MS, then not at all for a table that did not answer, until it does", async () => {
    const { link, clock, senders } = setup();
    let done = false;
    void senders.send(round({ 1: ["a"], 2: ["b"] })).then(() => (done = true));
    await flush();
    link.answer(2);
    await flush();
    expect(done).toBe(false);
    clock.advance(ROUND_WAIT_MS);
    await flush();
    expect(done).toBe(true);
    // Table 1 is away: a round with it settles once the others answered.
    let next = false;
    void senders.send(round({ 1: ["a", "c"], 2: ["b"] })).then(() => (next = true));
    await flush();
    link.answer(2);
    await flush();
    expect(next).toBe(true);
    // It answers again: it is waited for again.
    link.answer(1);
    await flush();
    link.answer(1);
    await flush();
    let third = false;
    void senders.send(round({ 1: ["a", "c", "d"] })).then(() => (third = true));
    await flush();
    expect(third).toBe(false);
    link.answer(1);
    await flush();
    expect(third).toBe(true);
  });

  it("a stale refusal bringing a hand the director has not recorded hands that result back", async () => {
    const { link, senders, missed } = setup();
    void senders.send(round({ 3: ["a", "b"] }));
    await flush();
    const result = { id: "t3:h4", handNumber: 4 } as HandResult;
    link.answer(3, ok({ applied: false, result }));
    await flush();
    expect(missed).toEqual([[3, result]]);
  });

  it("a table that applied an order without a permit, with nothing newer on its way, cannot be dealing", async () => {
    const { link, senders } = setup();
    void senders.send(round({ 1: ["a", "b"] }, { permit: true }));
    await flush();
    link.answer(1);
    await flush();
    expect(senders.idle(1, 0)).toBe(false);
    void senders.send(round({ 1: ["a", "b"] }));
    await flush();
    expect(senders.idle(1, 0)).toBe(false);
    link.answer(1);
    await flush();
    expect(senders.idle(1, 0)).toBe(true);
    // After another hand recorded, that order says nothing of the next.
    expect(senders.idle(1, 1)).toBe(false);
    void senders.send(round({ 1: ["a", "b"] }, { permit: true }));
    expect(senders.idle(1, 0)).toBe(false);
  });
});

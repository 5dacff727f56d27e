// How a tournament's director delivers its orders (tables/table-order.ts) to its tables, the
// same way wherever they live (tables/table-link.ts: in this process or over the cluster).
// The director hands over a round (one order per table it touched, built from its state
// now) and goes on; each table has ONE sender, which delivers its orders in turn:
//   - the newest wins: an order not yet sent is superseded by a newer one, never sent after
//     it (an order is the whole seating and permit, so the newest says everything);
//   - an order that could not be delivered (the table's partition is moving, the database is
//     away) is sent again every ORDER_RETRY_MS, or its newer one is;
//   - a table that refuses an order as stale because it finished a hand the director has not
//     recorded hands that result back (`missed`): a result lost with a process that died is
//     not lost;
//   - leaving before joining: the tables of a round that lose a player another table of the
//     round seats (the givers: by the director's events, and by comparing each table's new
//     seating with the last one it was sent) apply their orders before any other table of
//     the round is sent its own, so nobody is seated at two tables; a giver that also seats
//     a newcomer (a redraw, two tables swapping) first applies an order without the
//     newcomers, then its whole order with the others. `between` runs once every giver let
//     its leavers go (the crash point `move`). A later order of a waiting table waits too,
//     and a giver's order others wait for is never dropped for a newer one still waiting.
// A table that cannot be reached delays only its own orders and those of the tables waiting
// for it to let a player go, never the director's queue beyond one bounded wait: the
// director waits for a round's answers (so a command is answered once its tables show it,
// and the start's tables are open and seated before their button draws are said) for at
// most ROUND_WAIT_MS, and not at all for a table whose last attempt failed or timed out
// (it is left to its sender until it answers again). In one process the answers come from
// this process's own store, well within the bound.
import type { Clock } from "../clock.ts";
import type { TableLink } from "../tables/table-link.ts";
import type { HandResult, TableOrder } from "../tables/table-order.ts";
import type { TableConfig } from "../tables/table-state.ts";

/** A table's order that could not be delivered is sent again after this. */
export const ORDER_RETRY_MS = 500;
/** The longest the director waits for a round's answers; a table not answering by then is left to its sender. */
export const ROUND_WAIT_MS = 1_000;

export interface Round {
  /** Each table's order, built from the director's state now (with the configuration that opens it where it lives). */
  readonly orders: ReadonlyMap<number, { readonly config: TableConfig; readonly order: TableOrder }>;
  /** Tables the director's events say lose players (moves, a broken table); tables whose orders drop a player another order seats are added. */
  readonly givers: ReadonlySet<number>;
  /** The players the director's events move to each table (by player id, as the orders seat them). */
  readonly joining?: ReadonlyMap<number, ReadonlySet<string>>;
  /** Runs once the givers applied their orders, before any other table of the round is sent its own. */
  readonly between: () => void;
}

export interface SenderHost {
  readonly link: () => TableLink;
  readonly clock: () => Clock;
  log(message: string): void;
  /** The tournament stopped here: nothing more is sent. */
  stopped(): boolean;
  /** A table finished a hand the director has not recorded (its stale refusal said so). */
  missed(tableNumber: number, result: HandResult): void;
}

/** Something to wait for: open at once, or when `done` settles. */
interface Gate {
  open: boolean;
  readonly done: Promise<void>;
}

const OPEN: Gate = { open: true, done: Promise.resolve() };

function gate(done: Promise<unknown>, then: () => void = () => {}): Gate {
  const g: { open: boolean; done: Promise<void> } = { open: false, done: Promise.resolve() };
  g.done = done.then(() => {
    then();
    g.open = true;
  });
  return g;
}

function allOf(gates: readonly Gate[]): Gate {
  const closed = gates.filter((g) => !g.open);
  return closed.length === 0 ? OPEN : gate(Promise.all(closed.map((g) => g.done)));
}

interface Pending {
  readonly round: number;
  readonly config: TableConfig;
  readonly order: TableOrder;
  readonly gate: Gate;
  /** A giver's order: other tables wait for it, so a newer order still held by its gate does not drop it. */
  readonly giver: boolean;
}

interface Waiter {
  readonly round: number;
  readonly done: () => void;
}

class Sender {
  queue: Pending[] = [];
  running = false;
  /** The newest round whose order (or a newer one) the table applied. */
  applied = 0;
  /** The newest round whose order (or a newer one) the table answered, whatever the answer. */
  answered = 0;
  /** Its last attempt failed or was not answered in time: the director does not wait for it. */
  away = false;
  /** The gate of the newest order queued: a newer order waits for it too. */
  gate: Gate = OPEN;
  /** Who the newest order queued seats (null: none sent since this director started). */
  seats: ReadonlySet<string> | null = null;
  /** The table applied an order without a permit after this hand, and nothing newer is queued: it cannot deal. */
  idleAfter: number | null = null;
  appliedWaiters: Waiter[] = [];
  answeredWaiters: Waiter[] = [];
  /** Wakes a sender waiting for a gate: a newer order was queued. */
  wake: (() => void) | null = null;
}

function release(waiters: Waiter[], upTo: number): Waiter[] {
  for (const w of waiters) if (w.round <= upTo) w.done();
  return waiters.filter((w) => w.round > upTo);
}

export class OrderSenders {
  private readonly senders = new Map<number, Sender>();
  private rounds = 0;
  private stopped = false;

  constructor(private readonly host: SenderHost) {}

  private sender(n: number): Sender {
    let s = this.senders.get(n);
    if (s === undefined) this.senders.set(n, (s = new Sender()));
    return s;
  }

  /**
   * Hands the round's orders to the tables' senders; settles once every table of it answered
   * (applied or refused its order, or failed once: its sender goes on trying), or at the
   * latest after ROUND_WAIT_MS, without waiting for tables whose last attempt failed.
   */
  send(round: Round): Promise<void> {
    if (this.stopped || round.orders.size === 0) return Promise.resolve();
    const k = ++this.rounds;
    const givers = new Set([...round.givers].filter((n) => round.orders.has(n)));
    // A table whose new seating drops a player another table's new seating adds gives that player.
    const joined = new Set<string>();
    for (const [n, { order }] of round.orders) {
      const before = this.sender(n).seats;
      for (const p of order.seats) if (before === null || !before.has(p.playerId)) joined.add(p.playerId);
    }
    for (const [n, { order }] of round.orders) {
      const before = this.sender(n).seats;
      if (before === null) continue;
      const now = new Set(order.seats.map((p) => p.playerId));
      if ([...before].some((p) => !now.has(p) && joined.has(p))) givers.add(n);
    }
    const left =
      givers.size === 0
        ? OPEN
        : gate(Promise.all([...givers].map((n) => this.appliedBy(n, k).done)), () => {
            if (!this.stopped && !this.host.stopped()) round.between();
          });
    for (const [n, { config, order }] of round.orders) {
      const s = this.sender(n);
      const before = s.seats;
      // A giver that also seats a newcomer (a redraw, a swap) first lets its leavers go with an
      // order of its own without the newcomers (and without a permit), then waits as a receiver.
      const joins = new Set(round.joining?.get(n) ?? []);
      if (before !== null) for (const p of order.seats) if (!before.has(p.playerId)) joins.add(p.playerId);
      const seatsJoining = givers.has(n) && order.seats.some((p) => joins.has(p.playerId));
      const queue = (o: TableOrder, g: Gate, giver: boolean): void => {
        s.queue = g.open ? [] : s.queue.filter((p) => p.giver);
        s.queue.push({ round: k, config, order: o, gate: g, giver });
        s.gate = g;
      };
      if (seatsJoining) {
        const leaving: TableOrder = { ...order, id: `${order.id}/leave`, seats: order.seats.filter((p) => !joins.has(p.playerId)), permit: null };
        queue(leaving, allOf([s.gate]), true);
        queue(order, allOf([left, s.gate]), false);
      } else queue(order, allOf([givers.has(n) ? OPEN : left, s.gate]), givers.has(n));
      s.seats = new Set(order.seats.map((p) => p.playerId));
      if (order.permit !== null) s.idleAfter = null;
      s.wake?.();
      if (!s.running) void this.run(n, s);
    }
    return this.answers(k, [...round.orders.keys()]);
  }

  /**
   * Whether table `n` cannot be dealing now although the director let it deal: it applied an
   * order without a permit after hand `recorded` (a pause took the permit back), and no
   * newer order is on its way.
   */
  idle(n: number, recorded: number): boolean {
    const s = this.senders.get(n);
    return s !== undefined && !s.running && s.queue.length === 0 && s.idleAfter === recorded;
  }

  /** Nothing more is sent; whatever waits is let go. */
  stop(): void {
    this.stopped = true;
    for (const s of this.senders.values()) {
      s.appliedWaiters = release(s.appliedWaiters, Infinity);
      s.answeredWaiters = release(s.answeredWaiters, Infinity);
      s.wake?.();
    }
  }

  private appliedBy(n: number, k: number): Gate {
    const s = this.sender(n);
    if (this.stopped || s.applied >= k) return OPEN;
    return gate(new Promise<void>((done) => s.appliedWaiters.push({ round: k, done })));
  }

  private answers(k: number, tables: readonly number[]): Promise<void> {
    const waited = tables.filter((n) => {
      const s = this.sender(n);
      return !s.away && s.answered < k;
    });
    if (waited.length === 0) return Promise.resolve();
    return new Promise<void>((done) => {
      let left = waited.length;
      const timer = this.host.clock().after(ROUND_WAIT_MS, () => {
        for (const n of waited) {
          const s = this.sender(n);
          if (s.answered < k) s.away = true;
        }
        done();
      });
      for (const n of waited)
        this.sender(n).answeredWaiters.push({
          round: k,
          done: () => {
            left -= 1;
            if (left > 0) return;
            timer.cancel();
            done();
          },
        });
    });
  }

  private answered(s: Sender, round: number): void {
    s.answered = Math.max(s.answered, round);
    s.answeredWaiters = release(s.answeredWaiters, s.answered);
  }

  private async run(n: number, s: Sender): Promise<void> {
    s.running = true;
    try {
      while (!this.stopped && !this.host.stopped() && s.queue.length > 0) {
        // The newest order its gate lets go supersedes every one before it (their gates are in its own).
        let i = s.queue.length - 1;
        while (i >= 0 && !s.queue[i]!.gate.open) i -= 1;
        if (i < 0) {
          const first = s.queue[0]!;
          await new Promise<void>((done) => {
            s.wake = done;
            void first.gate.done.then(done);
          });
          s.wake = null;
          continue;
        }
        const next = s.queue[i]!;
        s.queue.splice(0, i + 1);
        const r = await this.host.link().order(next.config, next.order);
        if (this.stopped || this.host.stopped()) break;
        this.answered(s, next.round);
        if (!r.ok) {
          s.away = true;
          this.host.log(`table ${n}'s order not delivered yet: ${r.error.code} ${r.error.message}`);
          // Sent again shortly, unless a newer one its gate lets go supersedes it by then.
          s.queue.unshift(next);
          await new Promise<void>((done) => void this.host.clock().after(ORDER_RETRY_MS, done));
          continue;
        }
        s.away = false;
        if (r.value.applied) {
          s.applied = Math.max(s.applied, next.round);
          s.appliedWaiters = release(s.appliedWaiters, s.applied);
          if (next.order.permit === null && s.queue.length === 0) s.idleAfter = next.order.afterHand;
        }
        if (r.value.result !== null) this.host.missed(n, r.value.result);
      }
    } finally {
      s.running = false;
    }
  }
}

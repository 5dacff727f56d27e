import { describe, expect, it } from "vitest";
import { fail, ok, unwrap, type Result } from "../lib/result.ts";
import { openSqliteEventStore, openStorage, postings, type EventStore } from "../store/index.ts";
import { StreamActor, type ActorLogic } from "./actor.ts";
import { ManualClock } from "./clock.ts";

// A counter: "add n" records `added`; adding a negative number is refused.
type Cmd = { add: number } | { addTwice: number };
type Rec = { type: "added"; n: number; at: number };
interface State {
  total: number;
  count: number;
}
const logic: ActorLogic<State, Cmd, Rec, string> = {
  initial: () => ({ total: 0, count: 0 }),
  decide(_s, c, { now }): Result<Rec[]> {
    const n = "add" in c ? c.add : c.addTwice;
    if (n < 0) return fail("counter/negative", "no negatives");
    return ok(
      "add" in c
        ? [{ type: "added", n, at: now }]
        : [
            { type: "added", n, at: now },
            { type: "added", n, at: now },
          ],
    );
  },
  evolve: (s, r, { version }) => ok({ state: { total: s.total + r.n, count: s.count + 1 }, outputs: [`v${version}+${r.n}`] }),
  typeOf: (r) => r.type,
  snapshot: (s) => ({ ...s }),
  restore: (d) => d as State,
};

async function setup(store?: EventStore, snapshotEvery = 50) {
  const s = store ?? openSqliteEventStore(":memory:");
  const clock = new ManualClock(1000);
  const actor = unwrap(await StreamActor.load({ store: s, stream: "table:c", logic, clock, snapshotEvery }));
  return { store: s, actor, clock };
}

describe("StreamActor", () => {
  it("applies a command's records and broadcasts them once stored", async () => {
    const { actor, store } = await setup();
    const got: string[][] = [];
    actor.subscribe((b) => got.push([...b.outputs]));
    expect(unwrap(await actor.submit({ id: "c1", version: 0, command: { addTwice: 5 } }))).toEqual({ version: 2, duplicate: false });
    expect(actor.state).toEqual({ total: 10, count: 2 });
    expect(got).toEqual([["v1+5", "v2+5"]]);
    expect((await store.read("table:c")).map((e) => [e.version, e.data, e.meta])).toEqual([
      [1, { type: "added", n: 5, at: 1000 }, {}],
      [2, { type: "added", n: 5, at: 1000 }, { commandId: "c1" }],
    ]);
  });

  it("refuses a command made against an old version (runtime/stale-version), changing nothing", async () => {
    const { actor, store } = await setup();
    unwrap(await actor.submit({ id: "a", version: 0, command: { add: 1 } }));
    const r = await actor.submit({ id: "b", version: 0, command: { add: 2 } });
    expect(!r.ok && r.error).toMatchObject({ code: "runtime/stale-version", version: 1, sent: 0 });
    expect(actor.state.total).toBe(1);
    expect(await store.streamVersion("table:c")).toBe(1);
  });

  it("the same command id acts once, also after a restart", async () => {
    const { actor, store } = await setup();
    unwrap(await actor.submit({ id: "x", version: 0, command: { add: 3 } }));
    expect(unwrap(await actor.submit({ id: "x", version: 0, command: { add: 3 } }))).toEqual({ version: 1, duplicate: true });
    const again = unwrap(await StreamActor.load({ store, stream: "table:c", logic, clock: new ManualClock() }));
    expect(unwrap(await again.submit({ id: "x", version: 1, command: { add: 3 } }))).toEqual({ version: 1, duplicate: true });
    expect(again.state.total).toBe(3);
  });

  it("passes the logic's typed errors through and writes nothing", async () => {
    const { actor, store } = await setup();
    const r = await actor.submit({ id: "n", version: 0, command: { add: -1 } });
    expect(!r.ok && r.error.code).toBe("counter/negative");
    expect(await store.streamVersion("table:c")).toBe(0);
    // A refused id is not burnt: the same id with a valid command goes through.
    expect((await actor.submit({ id: "n", version: 0, command: { add: 1 } })).ok).toBe(true);
  });

  it("persist, then broadcast: a failed append broadcasts nothing and changes nothing", async () => {
    const real = openSqliteEventStore(":memory:");
    let failNext = false;
    const order: string[] = [];
    const store: EventStore = Object.assign(Object.create(real) as EventStore, {
      append: async (...args: Parameters<EventStore["append"]>) => {
        if (failNext) {
          failNext = false;
          throw new Error("disk on fire");
        }
        const r = await real.append(...args);
        order.push("stored");
        return r;
      },
      read: real.read.bind(real),
      loadSnapshot: real.loadSnapshot.bind(real),
      saveSnapshot: real.saveSnapshot.bind(real),
    });
    const { actor } = await setup(store);
    actor.subscribe(() => order.push("broadcast"));
    unwrap(await actor.submit({ id: "1", version: 0, command: { add: 1 } }));
    failNext = true;
    const r = await actor.submit({ id: "2", version: 1, command: { add: 1 } });
    expect(!r.ok && r.error.code).toBe("runtime/store-failed");
    expect(actor.state.total).toBe(1);
    unwrap(await actor.submit({ id: "3", version: 1, command: { add: 1 } }));
    expect(order).toEqual(["stored", "broadcast", "stored", "broadcast"]);
  });

  it("a second writer on the stream: runtime/conflict, and the actor catches up with its records", async () => {
    const { actor, store } = await setup();
    const other = unwrap(await StreamActor.load({ store, stream: "table:c", logic, clock: new ManualClock() }));
    unwrap(await other.submit({ id: "o", version: 0, command: { add: 7 } }));
    const seen: string[] = [];
    actor.subscribe((b) => seen.push(...b.outputs));
    const r = await actor.submit({ id: "m", version: 0, command: { add: 1 } });
    expect(!r.ok && r.error).toMatchObject({ code: "runtime/conflict", version: 1 });
    expect(actor.state.total).toBe(7);
    expect(seen).toEqual(["v1+7"]);
    expect(unwrap(await actor.submit({ id: "m", version: 1, command: { add: 1 } })).version).toBe(2);
  });

  it("snapshots every N records; a restart loads the snapshot and replays only the rest", async () => {
    const { actor, store } = await setup(undefined, 3);
    for (let i = 0; i < 7; i += 1) unwrap(await actor.submit({ id: `c${i}`, version: i, command: { add: i } }));
    await actor.idle();
    const snap = await store.loadSnapshot("table:c");
    expect(snap?.version).toBe(6);
    let readFrom = -1;
    const spy: EventStore = Object.assign(Object.create(store) as EventStore, {
      read: (s: string, from?: number) => {
        readFrom = from ?? 1;
        return store.read(s, from);
      },
      loadSnapshot: store.loadSnapshot.bind(store),
    });
    const again = unwrap(await StreamActor.load({ store: spy, stream: "table:c", logic, clock: new ManualClock() }));
    expect(readFrom).toBe(7);
    expect(again.state).toEqual(actor.state);
    expect(again.version).toBe(7);
    // Command ids survive through the snapshot too.
    expect(unwrap(await again.submit({ id: "c2", version: 7, command: { add: 2 } })).duplicate).toBe(true);
  });

  it("an id belongs to its sender: the same id from someone else is refused (runtime/command-id-taken), also after a restart", async () => {
    const { actor, store } = await setup(undefined, 1);
    unwrap(await actor.submit({ id: "k", sender: "ann", version: 0, command: { add: 1 } }));
    expect(unwrap(await actor.submit({ id: "k", sender: "ann", version: 1, command: { add: 1 } }))).toEqual({ version: 1, duplicate: true });
    const r = await actor.submit({ id: "k", sender: "bob", version: 1, command: { add: 1 } });
    expect(!r.ok && r.error.code).toBe("runtime/command-id-taken");
    expect((await store.read("table:c"))[0]!.meta).toEqual({ commandId: "k", sender: "ann" });
    await actor.idle();
    // From the snapshot (saved at version 1) and, without it, from the records' meta.
    for (const s of [store, Object.assign(Object.create(store) as EventStore, { loadSnapshot: async () => null })]) {
      const again = unwrap(await StreamActor.load({ store: s, stream: "table:c", logic, clock: new ManualClock() }));
      const taken = await again.submit({ id: "k", sender: "bob", version: 1, command: { add: 1 } });
      expect(!taken.ok && taken.error.code).toBe("runtime/command-id-taken");
      expect(unwrap(await again.submit({ id: "k", sender: "ann", version: 1, command: { add: 1 } })).duplicate).toBe(true);
    }
  });

  it("a server-internal command (id null) is neither remembered nor marked in the stream", async () => {
    const { actor, store } = await setup();
    unwrap(await actor.submit({ id: null, version: "any", command: { add: 1 } }));
    unwrap(await actor.submit({ id: null, version: "any", command: { add: 1 } }));
    expect(actor.state.total).toBe(2);
    expect((await store.read("table:c")).map((e) => e.meta)).toEqual([{}, {}]);
  });

  it("an unreadable snapshot (restore says null) costs a full replay, not the stream", async () => {
    const { actor, store } = await setup(undefined, 2);
    for (let i = 0; i < 5; i += 1) unwrap(await actor.submit({ id: `c${i}`, version: i, command: { add: 1 } }));
    await actor.idle();
    expect((await store.loadSnapshot("table:c"))?.version).toBe(4);
    const picky = { ...logic, restore: () => null };
    const again = unwrap(await StreamActor.load({ store, stream: "table:c", logic: picky, clock: new ManualClock() }));
    expect(again.state).toEqual(actor.state);
    expect(unwrap(await again.submit({ id: "c1", version: 5, command: { add: 1 } })).duplicate).toBe(true);
  });

  it("records can be stored in another shape (dataOf / fromStored) and replay the same", async () => {
    const shaped: ActorLogic<State, Cmd, Rec, string> = {
      ...logic,
      dataOf: (r) => ({ n: r.n, at: r.at }),
      fromStored: (type, data) => ({ type: type as "added", ...(data as { n: number; at: number }) }),
    };
    const store = openSqliteEventStore(":memory:");
    const actor = unwrap(await StreamActor.load({ store, stream: "table:s", logic: shaped, clock: new ManualClock(7) }));
    unwrap(await actor.submit({ id: "a", version: 0, command: { addTwice: 2 } }));
    expect((await store.read("table:s")).map((e) => [e.type, e.data])).toEqual([
      ["added", { n: 2, at: 7 }],
      ["added", { n: 2, at: 7 }],
    ]);
    const { snapshot: _s, restore: _r, ...replayOnly } = shaped;
    const again = unwrap(await StreamActor.load({ store, stream: "table:s", logic: replayOnly, clock: new ManualClock() }));
    expect(again.state).toEqual({ total: 4, count: 2 });
  });

  it("remembers at most commandMemory ids, the oldest forgotten first", async () => {
    const store = openSqliteEventStore(":memory:");
    const actor = unwrap(await StreamActor.load({ store, stream: "table:m", logic, clock: new ManualClock(), commandMemory: 2 }));
    for (const id of ["a", "b", "c"]) unwrap(await actor.submit({ id, version: "any", command: { add: 1 } }));
    expect(unwrap(await actor.submit({ id: "c", version: "any", command: { add: 1 } })).duplicate).toBe(true);
    expect(unwrap(await actor.submit({ id: "a", version: "any", command: { add: 1 } })).duplicate).toBe(false);
  });

  it("commands run one at a time in arrival order", async () => {
    const { actor } = await setup();
    const results = await Promise.all([0, 1, 2, 3].map((i) => actor.submit({ id: `p${i}`, version: i, command: { add: 1 } })));
    expect(results.map((r) => r.ok && r.value.version)).toEqual([1, 2, 3, 4]);
  });

  describe("exclusive, commit and commitGroups (records the caller decided)", () => {
    const EUR = "EUR";
    const storage = async () => {
      const st = await openStorage({ kind: "sqlite", path: ":memory:" });
      unwrap(await st.ledger.post(unwrap(postings.deposit({ key: "d1", asset: EUR, player: "p1", amount: 5_000, director: "d" }))));
      return st;
    };
    const buyIn = (key: string, amount = 1_000) => unwrap(postings.buyIn({ key, asset: EUR, player: "p1", tournament: "t1", amount, fee: 0 }));
    const added = (n: number): Rec => ({ type: "added", n, at: 0 });
    // Records its evolve saw with their command ids, to check the context.
    const seen: string[] = [];
    const watching: ActorLogic<State, Cmd, Rec, string> = {
      ...logic,
      evolve: (s, r, ctx) => {
        seen.push(`v${ctx.version}:${ctx.commandId ?? "-"}`);
        return logic.evolve(s, r, ctx);
      },
    };

    it("commit stores the records with their postings in one transaction, evolves them with their command id, remembers it", async () => {
      seen.length = 0;
      const { store, ledger } = await storage();
      const actor = unwrap(await StreamActor.load({ store, stream: "tournament:t1", logic: watching, clock: new ManualClock() }));
      const got: string[][] = [];
      actor.subscribe((b) => got.push([...b.outputs]));
      const v = await actor.exclusive(async () => {
        expect(actor.has("c1")).toBe(false);
        return unwrap(await actor.commit({ records: [added(1), added(2)], commandId: "c1", postings: [buyIn("b1")] })).version;
      });
      expect(v).toBe(2);
      expect(actor.has("c1")).toBe(true);
      expect(actor.state.total).toBe(3);
      expect(seen).toEqual(["v1:c1", "v2:c1"]);
      expect(got).toEqual([["v1+1", "v2+2"]]);
      expect(await ledger.balance("pool:t1", EUR)).toBe(1_000);
      // The ledger's refusal stores nothing and changes nothing.
      const refused = await actor.exclusive(() => actor.commit({ records: [added(5)], commandId: "c2", postings: [buyIn("b2", 50_000)] }));
      expect(!refused.ok && refused.error.code).toBe("ledger/insufficient-funds");
      expect(actor.has("c2")).toBe(false);
      expect(await store.streamVersion("tournament:t1")).toBe(2);
      expect(actor.state.total).toBe(3);
      // Replay: the id is remembered at the command's last record and the context carries it there.
      seen.length = 0;
      const again = unwrap(await StreamActor.load({ store, stream: "tournament:t1", logic: watching, clock: new ManualClock() }));
      expect(again.has("c1")).toBe(true);
      expect(seen).toEqual(["v1:-", "v2:c1"]);
    });

    it("idOnEveryRecord: the id rides on every record of a command, and replay hands it to each", async () => {
      seen.length = 0;
      const store = openSqliteEventStore(":memory:");
      const opts = { store, stream: "tournament:t1", logic: watching, clock: new ManualClock(), idOnEveryRecord: true };
      const actor = StreamActor.empty(opts);
      unwrap(await actor.exclusive(() => actor.commit({ records: [added(1), added(2)], commandId: "c1" })));
      expect((await store.read("tournament:t1")).map((e) => e.meta)).toEqual([{ commandId: "c1" }, { commandId: "c1" }]);
      seen.length = 0;
      unwrap(await StreamActor.load(opts));
      expect(seen).toEqual(["v1:c1", "v2:c1"]);
    });

    it("commitGroups: many commands in one transaction, each at its own versions; a group the ledger refuses leaves nothing", async () => {
      seen.length = 0;
      const { store, ledger } = await storage();
      const actor = unwrap(await StreamActor.load({ store, stream: "tournament:t1", logic: watching, clock: new ManualClock(), snapshotEvery: 2 }));
      const answers = unwrap(
        await actor.exclusive(() =>
          actor.commitGroups([
            { records: [added(1)], commandId: "g1", postings: [buyIn("b1")] },
            { records: [added(2)], commandId: "g2", postings: [buyIn("b2", 50_000)] },
            { records: [added(3), added(4)], commandId: "g3", postings: [buyIn("b3")] },
          ]),
        ),
      );
      expect(answers.map((a) => (a.ok ? a.value.version : a.error.code))).toEqual([1, "ledger/insufficient-funds", 3]);
      expect(actor.version).toBe(3);
      expect(actor.state.total).toBe(8);
      expect(seen).toEqual(["v1:g1", "v2:g3", "v3:g3"]);
      expect([actor.has("g1"), actor.has("g2"), actor.has("g3")]).toEqual([true, false, true]);
      expect(await ledger.balance("pool:t1", EUR)).toBe(2_000);
      // Snapshotted like a submitted command, with the ids.
      await actor.idle();
      expect((await store.loadSnapshot("tournament:t1"))?.version).toBe(3);
      const again = unwrap(await StreamActor.load({ store, stream: "tournament:t1", logic, clock: new ManualClock() }));
      expect(again.loadedFrom).toBe(3);
      expect([again.has("g1"), again.has("g3")]).toEqual([true, true]);
    });

    it("exclusive runs in the queue: a command submitted meanwhile waits for it", async () => {
      const { actor } = await setup();
      const order: string[] = [];
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      const op = actor.exclusive(async () => {
        order.push("exclusive starts");
        await held;
        unwrap(await actor.commit({ records: [added(1)], commandId: null }));
        order.push("exclusive ends");
      });
      const sub = actor.submit({ id: "s", version: 1, command: { add: 1 } }).then((r) => order.push(`submitted at ${unwrap(r).version}`));
      await new Promise((r) => setTimeout(r, 5));
      release();
      await Promise.all([op, sub]);
      expect(order).toEqual(["exclusive starts", "exclusive ends", "submitted at 2"]);
    });

    it("a commit the store fences closes the actor and answers store/fenced; a conflict catches up (runtime/conflict)", async () => {
      const real = openSqliteEventStore(":memory:");
      let fence = false;
      const store: EventStore = Object.assign(Object.create(real) as EventStore, {
        append: (...args: Parameters<EventStore["append"]>) => (fence ? Promise.resolve(fail("store/fenced", "another owner")) : real.append(...args)),
        read: real.read.bind(real),
        loadSnapshot: real.loadSnapshot.bind(real),
        saveSnapshot: real.saveSnapshot.bind(real),
      });
      const actor = StreamActor.empty({ store, stream: "table:f", logic, clock: new ManualClock() });
      unwrap(await real.append("table:f", 0, [{ type: "added", data: added(4), meta: {} }]));
      const conflict = await actor.exclusive(() => actor.commit({ records: [added(1)] }));
      expect(!conflict.ok && conflict.error).toMatchObject({ code: "runtime/conflict", version: 1 });
      expect(actor.state.total).toBe(4);
      fence = true;
      const fenced = await actor.exclusive(() => actor.commit({ records: [added(1)] }));
      expect(!fenced.ok && fenced.error.code).toBe("store/fenced");
      expect(actor.isClosed).toBe(true);
      const after = await actor.exclusive(() => actor.commitGroups([{ records: [added(1)] }]));
      expect(!after.ok && after.error.code).toBe("runtime/closed");
    });

    it("empty, then recover: load in two steps, the actor already in hand while its stream is replayed", async () => {
      const { actor, store } = await setup(undefined, 2);
      for (let i = 0; i < 3; i += 1) unwrap(await actor.submit({ id: `r${i}`, version: i, command: { add: 1 } }));
      await actor.idle();
      const held: { actor?: StreamActor<State, Cmd, Rec, string> } = {};
      const versionsSeen: number[] = [];
      const reading: ActorLogic<State, Cmd, Rec, string> = {
        ...logic,
        evolve: (s, r, ctx) => {
          versionsSeen.push(held.actor?.version ?? -1);
          return logic.evolve(s, r, ctx);
        },
      };
      held.actor = StreamActor.empty({ store, stream: "table:c", logic: reading, clock: new ManualClock() });
      unwrap(await held.actor.recover());
      expect(held.actor.loadedFrom).toBe(2);
      expect(versionsSeen).toEqual([2]);
      expect(held.actor.state).toEqual(actor.state);
      expect(held.actor.has("r0")).toBe(true);
    });

    it("unbounded command memory (Infinity) remembers every id", async () => {
      const store = openSqliteEventStore(":memory:");
      const actor = unwrap(await StreamActor.load({ store, stream: "table:u", logic, clock: new ManualClock(), commandMemory: Number.POSITIVE_INFINITY }));
      for (let i = 0; i < 5_001; i += 1) actor.submit({ id: `i${i}`, version: "any", command: { add: 1 } });
      await actor.idle();
      expect(actor.has("i0")).toBe(true);
    });
  });
});

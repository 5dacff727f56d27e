// A table loads from its latest snapshot (taken between hands, never mid-hand) and
// the records after it; a restart resumes it exactly, a hand in progress included; the
// action clock goes on from the recorded deadline; command ids stay idempotent.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../../lib/result.ts";
import { openPostgresEventStore, openSqliteEventStore, type EventStore } from "../../store/index.ts";
import { tempPgSchema } from "../../../testkit/store/backends.ts";
import { ManualClock } from "../clock.ts";
import { streamOf, TableSession, type SessionOptions } from "./table-session.ts";
import type { TableState } from "./table-state.ts";
import { legalFor } from "./table-view.ts";
import { fullReplay } from "../../../testkit/server/table-replay.ts";
import type { PlayerAction } from "../../protocol/index.ts";

const config = { tableId: "t1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };
const PLAYERS = ["a", "b", "c"];

/** Seeds from a counter: the same sequence for a table and its reference. */
function seeds() {
  let n = 0;
  return () => createHash("sha256").update(`seed-${n++}`).digest("hex");
}

function options(store: EventStore, clock: ManualClock, seed: () => string, extra: Partial<SessionOptions> = {}): SessionOptions {
  return {
    store,
    clock,
    handPauseMs: 0,
    seed,
    hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 0 }), canDeal: () => true, handEnded: async () => {} },
    ...extra,
  };
}

async function openTable(opts: SessionOptions) {
  const s = unwrap(await TableSession.open(config, opts));
  for (const [i, id] of PLAYERS.entries()) unwrap(await s.seat(2 * i + 1, id, `player-${id}`, 1000));
  s.resume(); // between hands: the after-hand step, then a deal after the pause
  return s;
}

/** A legal action for whoever is to act, chosen by `pick` in [0, 1). */
function moveFor(t: TableState, pick: number): { user: string; action: PlayerAction } | null {
  const hand = t.hand;
  const legal = legalFor(t);
  if (hand === null || legal === null) return null;
  const options: PlayerAction[] = legal.canCheck ? [{ kind: "check" }] : [{ kind: "call" }, { kind: "fold" }];
  if (legal.minRaiseTo !== null && legal.maxRaiseTo !== null) {
    const kind = legal.isBet ? "bet" : "raise";
    options.push({ kind, to: legal.minRaiseTo }, { kind, to: legal.maxRaiseTo });
  }
  return { user: t.seats.get(hand.order[hand.state.actor]!)!.playerId, action: options[Math.floor(pick * options.length)]! };
}

async function step(s: TableSession, clock: ManualClock, pick: number, id: string) {
  // Let the after-hand step arm the deal timer (it runs a few promise turns after the hand).
  await new Promise((r) => setImmediate(r));
  clock.advance(0);
  await s.idle();
  const m = moveFor(s.state, pick);
  if (m === null) return;
  const hand = s.state.hand!;
  unwrap(await s.act(m.user, { handId: hand.handId, version: s.state.version, commandId: id, action: m.action }));
}

/** Counts the events a load reads from the table's stream (its chat has a stream of its own). */
function counting(store: EventStore) {
  const seen = { events: 0 };
  const spy: EventStore = Object.assign(Object.create(store) as EventStore, {
    read: async (...args: Parameters<EventStore["read"]>) => {
      const got = await store.read(...args);
      if (args[0] === streamOf("t1")) seen.events += got.length;
      return got;
    },
  });
  return { spy, seen };
}

const chips = (t: TableState) => [...t.seats.values()].reduce((a, s) => a + s.stack, 0);

describe("table session: snapshots and restarts", () => {
  it("a table of many hands loads from its snapshot: few records read after it, the state equals a full replay's; snapshots only between hands", async () => {
    const store = openSqliteEventStore(":memory:");
    const clock = new ManualClock();
    const midHandSaves: number[] = [];
    let live: TableSession | null = null;
    const watched: EventStore = Object.assign(Object.create(store) as EventStore, {
      saveSnapshot: (stream: string, version: number, state: unknown) => {
        if (stream === streamOf("t1") && live?.state.hand !== null) midHandSaves.push(version);
        return store.saveSnapshot(stream, version, state);
      },
    });
    const s = await openTable(options(watched, clock, seeds(), { snapshotEvery: 20 }));
    live = s;
    // Check or call only: nobody busts, so the table plays on.
    for (let i = 0; s.state.handNumber < 40 && i < 2000; i++) await step(s, clock, 0, `m${i}`);
    expect(s.state.handNumber).toBe(40);
    expect(midHandSaves).toEqual([]);
    const total = await store.streamVersion(streamOf("t1"));
    const snap = (await store.loadSnapshot(streamOf("t1")))!;
    expect(snap.version).toBeGreaterThan(total - 60);
    const { spy, seen } = counting(store);
    const again = unwrap(await TableSession.load("t1", options(spy, new ManualClock(), seeds())))!;
    // The first record (the table's configuration) plus the records after the snapshot.
    expect(seen.events).toBe(1 + total - snap.version);
    expect(seen.events).toBeLessThan(total / 5);
    expect(again.state).toEqual(s.state);
    expect(again.state).toEqual(await fullReplay(store, "t1"));
    s.close();
  });

  it("a hand in progress is rebuilt from the records after the snapshot, and its action clock goes on from the recorded deadline", async () => {
    const store = openSqliteEventStore(":memory:");
    const clock = new ManualClock(5_000);
    const s = await openTable(options(store, clock, seeds(), { snapshotEvery: 1 }));
    for (let i = 0; s.state.handNumber < 3 && i < 500; i++) await step(s, clock, 0.1, `m${i}`);
    clock.advance(0);
    await s.idle();
    await step(s, clock, 0.1, "mid-1");
    const snap = (await store.loadSnapshot(streamOf("t1")))!;
    expect(s.state.hand).not.toBeNull();
    expect(snap.version).toBeLessThan(s.state.version);
    const started = s.state.hand!.turnSince;
    const versionBefore = s.state.version;
    clock.advance(4_000);
    s.close();
    const again = unwrap(await TableSession.load("t1", options(store, clock, seeds())))!;
    expect(again.state).toEqual(s.state);
    again.resume();
    expect(again.viewFor("a").clock?.deadline).toBe(started + 10_000);
    clock.advance(5_999);
    await again.idle();
    expect(again.state.version).toBe(versionBefore);
    clock.advance(1);
    await again.idle();
    // The clock's action, then the player sat out.
    expect(again.state.version).toBe(versionBefore + 2);
    const [acted, out] = (await store.read(streamOf("t1"))).slice(-2);
    expect(acted!.data).toMatchObject({ timeout: true, at: started + 10_000 });
    expect(out).toMatchObject({ type: "sitting-out", data: { sittingOut: true } });
    again.close();
  });

  it("command ids stay idempotent across a restart, from the snapshot too; someone else's id is refused", async () => {
    const store = openSqliteEventStore(":memory:");
    const clock = new ManualClock();
    const s = await openTable(options(store, clock, seeds(), { snapshotEvery: 5 }));
    clock.advance(0);
    await s.idle();
    const m = moveFor(s.state, 0)!;
    const first = { handId: s.state.hand!.handId, version: s.state.version, commandId: "cmd-first-01", action: m.action };
    const acked = unwrap(await s.act(m.user, first));
    for (let i = 0; s.state.handNumber < 4 && i < 500; i++) await step(s, clock, 0.2, `m${i}`);
    // The record of "cmd-first-01" lies before the snapshot: the id must come from it.
    expect((await store.loadSnapshot(streamOf("t1")))!.version).toBeGreaterThan(acked.version);
    s.close();
    const again = unwrap(await TableSession.load("t1", options(store, clock, seeds())))!;
    expect(unwrap(await again.act(m.user, first))).toEqual({ version: acked.version, duplicate: true });
    const other = PLAYERS.find((p) => p !== m.user)!;
    expect(await again.act(other, first)).toMatchObject({ ok: false, error: { code: "protocol/invalid-message" } });
    expect(again.state).toEqual(s.state);
  });

  it("property: a restart at any point resumes the table exactly, a hand in progress included; chips are conserved", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 20, maxLength: 80 }),
        fc.array(fc.nat(80), { maxLength: 5 }),
        fc.integer({ min: 1, max: 12 }),
        async (picks, restartsAt, snapshotEvery) => {
          const store = openSqliteEventStore(":memory:");
          const liveClock = new ManualClock();
          const refClock = new ManualClock();
          // One seed sequence across restarts, as the OS CSPRNG would be; the reference draws the same.
          const liveSeeds = seeds();
          const liveOpts = options(store, liveClock, liveSeeds, { snapshotEvery });
          let live = await openTable(liveOpts);
          const reference = await openTable(options(openSqliteEventStore(":memory:"), refClock, seeds(), { snapshotEvery: 1_000 }));
          const restarts = new Set(restartsAt);
          for (const [i, pick] of picks.entries()) {
            if (restarts.has(i)) {
              await live.idle();
              live.close();
              const again = unwrap(await TableSession.load("t1", liveOpts))!;
              expect(again.state).toEqual(live.state);
              again.resume();
              live = again;
            }
            await step(live, liveClock, pick, `m${i}`);
            await step(reference, refClock, pick, `m${i}`);
            expect(chips(live.state)).toBe(3000);
          }
          // The restarted table ends exactly where one never restarted does.
          expect(live.state).toEqual(reference.state);
          live.close();
          reference.close();
        },
      ),
      { numRuns: 25 },
    );
  });

  it("on PostgreSQL too: a snapshot, then a mid-hand restart resumes exactly", async () => {
    const pg = await tempPgSchema();
    const store = await openPostgresEventStore(pg.url, { schema: pg.schema });
    try {
      const clock = new ManualClock();
      const s = await openTable(options(store, clock, seeds(), { snapshotEvery: 3 }));
      for (let i = 0; s.state.handNumber < 3 && i < 500; i++) await step(s, clock, 0.3, `m${i}`);
      clock.advance(0);
      await s.idle();
      await step(s, clock, 0.1, "mid-1");
      await s.idle();
      expect(s.state.hand).not.toBeNull();
      expect((await store.loadSnapshot(streamOf("t1")))?.version).toBeGreaterThan(2);
      s.close();
      const again = unwrap(await TableSession.load("t1", options(store, clock, seeds())))!;
      expect(again.state).toEqual(s.state);
      again.resume();
      expect(again.viewFor("a")).toEqual(s.viewFor("a"));
      expect(again.state).toEqual(await fullReplay(store, "t1"));
    } finally {
      await store.close();
      await pg.destroy();
    }
  });
});

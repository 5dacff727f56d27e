import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { openSqliteEventStore, openPostgresEventStore, type EventStore } from "../store/index.ts";
import { tempPgSchema } from "../store/testing/backends.ts";
import { seededRandom, shuffledDeck, type RandomSource } from "../tournament/index.ts";
import { ManualClock } from "./clock.ts";
import { TableActor, type TableMessage } from "./table-actor.ts";
import type { PlayerMove } from "./table-logic.ts";

const LEVEL = { sb: 10, bb: 20, ante: 0 };
const CONFIG = { tableId: "t1", size: 6, buttonRule: "dead" as const };
const PLAYERS = ["ann", "bob", "cy", "dee"];

async function openTable(store: EventStore, clock: ManualClock, seed: number | RandomSource, actionMs?: number) {
  const rng = typeof seed === "number" ? seededRandom(seed) : seed;
  return unwrap(
    await TableActor.open({
      store,
      clock,
      tableId: "t1",
      config: CONFIG,
      shuffle: () => shuffledDeck(rng),
      snapshotEvery: 1,
      ...(actionMs === undefined ? {} : { actionMs }),
    }),
  );
}

async function seatAll(t: TableActor, stacks = [1000, 1000, 1000, 1000]) {
  for (const [i, p] of PLAYERS.entries()) unwrap(await t.sit(i + 1, p, stacks[i]!, `sit-${p}`));
}

/** A legal move for whoever is to act, chosen by `pick` (0..1). */
function moveFor(t: TableActor, pick: number): { player: string; move: PlayerMove } | null {
  const hand = t.state.hand;
  if (hand === null) return null;
  const actorSeat = hand.seats[hand.state.actor];
  const player = t.state.seats.find((s) => s?.seat === actorSeat)?.player;
  if (player === undefined) return null;
  const legal = t.view(player).hand?.view.legal;
  if (!legal) return null;
  const options: PlayerMove[] = [];
  if (legal.canCheck) options.push({ type: "check" });
  else options.push({ type: "call" }, { type: "fold" });
  if (legal.canRaise && legal.minRaiseTo !== null && legal.maxRaiseTo !== null) {
    const type = hand.state.bets.some((b) => b > 0) ? "raise" : "bet";
    options.push({ type, to: legal.minRaiseTo }, { type, to: legal.maxRaiseTo });
  }
  return { player, move: options[Math.floor(pick * options.length) % options.length]! };
}

/** Every hole card a message reveals, by engine player index. */
function revealed(m: TableMessage): Map<number, number[]> {
  const out = new Map<number, number[]>();
  m.view.hand?.view.holes.forEach((h, i) => {
    if (h !== null) out.set(i, [...h]);
  });
  for (const o of m.outputs) {
    if (o.kind !== "hand") continue;
    for (const e of o.events) if ((e.type === "hole" || e.type === "show") && e.cards.some((c) => c >= 0)) out.set(e.player, [...e.cards]);
  }
  return out;
}

describe("TableActor", () => {
  it("commands carry their version: stale and out-of-turn moves are refused; a resent id acts once", async () => {
    const store = openSqliteEventStore(":memory:");
    const t = await openTable(store, new ManualClock(), 1);
    await seatAll(t);
    unwrap(await t.startHand(LEVEL, { firstButton: 1 }));
    const v = t.version;
    const first = moveFor(t, 0)!;
    const wrong = PLAYERS.find((p) => p !== first.player)!;
    const out = await t.act(wrong, { type: "fold" }, { id: "w", version: v });
    expect(!out.ok && out.error.code).toBe("table/not-your-turn");
    const stale = await t.act(first.player, first.move, { id: "s", version: v - 1 });
    expect(!stale.ok && stale.error.code).toBe("runtime/stale-version");
    const small = await t.act(first.player, { type: "raise", to: 21 }, { id: "r", version: v });
    expect(!small.ok && small.error).toMatchObject({ code: "table/illegal-action" });
    expect(t.version).toBe(v);
    const a = unwrap(await t.act(first.player, first.move, { id: "go", version: v }));
    const b = unwrap(await t.act(first.player, first.move, { id: "go", version: v }));
    expect(b).toEqual({ version: a.version, duplicate: true });
    expect(t.version).toBe(v + 1);
    const stranger = await t.act("zed", { type: "fold" }, { id: "z", version: t.version });
    expect(!stranger.ok && stranger.error.code).toBe("table/not-seated");
  });

  it("views at the edge: no message to anyone holds another player's hole cards before they are shown, nor the deck", async () => {
    const store = openSqliteEventStore(":memory:");
    const t = await openTable(store, new ManualClock(), 7);
    await seatAll(t);
    const inbox = new Map<string | null, TableMessage[]>();
    for (const viewer of [...PLAYERS, null]) {
      const list: TableMessage[] = [];
      inbox.set(viewer, list);
      t.subscribe(viewer, (m) => list.push(m));
    }
    const rng = seededRandom(99);
    for (let h = 0; h < 12 && t.state.seats.filter((s) => s && s.stack > 0).length >= 2; h += 1) {
      unwrap(await t.startHand(LEVEL, { firstButton: 1 }));
      for (let guard = 0; t.state.hand !== null && guard < 200; guard += 1) {
        const m = moveFor(t, rng.nextUint32() / 2 ** 32)!;
        unwrap(await t.act(m.player, m.move, { id: `h${h}-${guard}`, version: t.version }));
      }
    }
    let checked = 0;
    for (const [viewer, messages] of inbox) {
      const shownBy = new Set<string>();
      for (const m of messages) {
        expect(JSON.stringify(m)).not.toContain('"deck"');
        const hand = m.view.hand;
        for (const o of m.outputs) if (o.kind === "hand") for (const e of o.events) if (e.type === "show") shownBy.add(`${o.handNumber}:${e.player}`);
        const seats = hand?.seats ?? m.outputs.find((o) => o.kind === "hand")?.seats;
        const handNumber = hand?.handNumber ?? m.outputs.find((o) => o.kind === "hand")?.handNumber;
        for (const [index] of revealed(m)) {
          const owner = m.view.seats[seats?.[index] ?? -1]?.player;
          if (owner !== viewer) {
            expect(shownBy.has(`${handNumber}:${index}`), `${viewer ?? "observer"} saw ${owner}'s cards`).toBe(true);
            checked += 1;
          }
        }
      }
      expect(messages.length).toBeGreaterThan(20);
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("property: a restart at any point resumes the table exactly, a hand in progress included; chips are conserved", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 20, maxLength: 80 }), fc.array(fc.nat(80), { maxLength: 5 }), async (seed, picks, restartsAt) => {
        const store = openSqliteEventStore(":memory:");
        const clock = new ManualClock();
        // One random source across restarts, as the OS CSPRNG would be; the reference table
        // draws the same decks from its own copy.
        const liveRng = seededRandom(seed);
        let live = await openTable(store, clock, liveRng);
        const reference = await openTable(openSqliteEventStore(":memory:"), clock, seed);
        for (const t of [live, reference]) await seatAll(t);
        const restarts = new Set(restartsAt);
        for (const [step, pick] of picks.entries()) {
          if (restarts.has(step)) {
            live.close();
            const again = await openTable(store, clock, liveRng);
            expect(again.state).toEqual(live.state);
            expect(again.version).toBe(live.version);
            live = again;
          }
          for (const t of [live, reference]) {
            if (t.state.hand === null) {
              if (t.state.seats.filter((s) => s && s.stack > 0).length < 2) continue;
              unwrap(await t.startHand(LEVEL, { firstButton: 1, id: `start-${step}` }));
            } else {
              const m = moveFor(t, pick)!;
              unwrap(await t.act(m.player, m.move, { id: `m-${step}`, version: t.version }));
            }
          }
          const chips = (t: TableActor) => {
            const seats = t.state.seats.reduce((a, s) => a + (s?.stack ?? 0), 0);
            const h = t.state.hand;
            if (h === null) return seats;
            const inHand = h.seats.reduce((a, seat) => a + (t.state.seats[seat]?.stack ?? 0), 0);
            return seats - inHand + h.config.stacks.reduce((a, b) => a + b, 0);
          };
          expect(chips(live)).toBe(4000);
        }
        // The restarted table ends exactly where one never restarted does.
        expect(live.state).toEqual(reference.state);
      }),
      { numRuns: 25 },
    );
  });

  it("the action clock checks or folds at the deadline, and after a restart keeps the recorded deadline", async () => {
    const store = openSqliteEventStore(":memory:");
    const clock = new ManualClock(5_000);
    const t = await openTable(store, clock, 3, 10_000);
    await seatAll(t);
    unwrap(await t.startHand(LEVEL, { firstButton: 1 }));
    const startVersion = t.version;
    expect(t.view("ann").hand?.deadline).toBe(15_000);
    clock.advance(4_000);
    t.close();
    const again = await openTable(store, clock, 3, 10_000);
    expect(again.view(null).hand?.deadline).toBe(15_000);
    clock.advance(5_999);
    await again.idle();
    expect(again.version).toBe(startVersion);
    clock.advance(1);
    await again.idle();
    expect(again.version).toBe(startVersion + 1);
    const acted = (await store.read("table:t1")).at(-1)!;
    expect(acted.data).toMatchObject({ type: "acted", timeout: true, at: 15_000, action: { type: "fold" } });
  });

  it("on PostgreSQL too: a mid-hand restart resumes exactly", async () => {
    const pg = await tempPgSchema();
    const store = await openPostgresEventStore(pg.url, { schema: pg.schema });
    try {
      const clock = new ManualClock();
      const t = await openTable(store, clock, 11);
      await seatAll(t);
      unwrap(await t.startHand(LEVEL, { firstButton: 2 }));
      for (let i = 0; i < 3 && t.state.hand !== null; i += 1) {
        const m = moveFor(t, 0.1)!;
        unwrap(await t.act(m.player, m.move, { id: `m${i}`, version: t.version }));
      }
      t.close();
      const again = await openTable(store, clock, 11);
      expect(again.state).toEqual(t.state);
      expect(again.view("ann")).toEqual(t.view("ann"));
    } finally {
      await store.close();
      await pg.destroy();
    }
  });
});

import { describe, expect, it } from "vitest";
import { openSqliteEventStore } from "../../store/index.ts";
import { ManualClock } from "../clock.ts";
import { commitDeck, holePosition, tableSeedCommitment } from "../../cards/index.ts";
import { streamOf, TableSession, type Subscriber } from "./table-session.ts";
import type { ServerMessage } from "../../protocol/index.ts";
import { unwrap } from "../../lib/result.ts";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

const config = { tableId: "t1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };

async function setup() {
  const store = await openSqliteEventStore(":memory:");
  const clock = new ManualClock();
  let n = 0;
  const opts = {
    store,
    clock,
    handPauseMs: 1000,
    seed: () => (n++).toString(16).padStart(64, "a"),
    hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 0 }), canDeal: () => true, handEnded: async () => {} },
  };
  const s = unwrap(await TableSession.open(config, opts));
  for (const [seat, id] of [
    [1, "a"],
    [3, "b"],
    [5, "c"],
  ] as const)
    unwrap(await s.seat(seat, id, `player-${id}`, 1000));
  return { s, store, clock, opts };
}

function capture(userId: string): Subscriber & { got: ServerMessage[] } {
  const got: ServerMessage[] = [];
  return { userId, got, send: (m) => got.push(m) };
}

describe("table session", () => {
  it("R-DEAL-2: deals the committed deck, refuses stale and out-of-turn commands, acts once per command id", async () => {
    const { s, clock } = await setup();
    const subs = ["a", "b", "c"].map(capture);
    subs.forEach((x) => s.subscribe(x));
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    const hand = s.state.hand!;
    const committed = commitDeck(hand.tableSeed!, hand.handNumber, hand.entropy!);
    expect(hand.commitment).toBe(committed.root);
    const deck = committed.deck;
    expect(hand.state.hole.slice(0, 2)).toEqual([deck[0], deck[hand.order.length]]);
    const start = subs[0]!.got.flatMap((m) => (m.type === "event" && m.event.kind === "hand-start" ? [m.event] : []))[0]!;
    expect(start).toMatchObject({ commitment: committed.root, seedCommitment: tableSeedCommitment(hand.tableSeed!) });
    const mine = subs[0]!.got.flatMap((m) => (m.type === "event" && m.event.kind === "hole-cards" && m.event.cards !== null ? [m.event] : []))[0]!;
    const p = hand.order.indexOf(mine.seat);
    expect(mine.openings!.map((o) => o.position)).toEqual([holePosition(hand.order.length, p, 0), holePosition(hand.order.length, p, 1)]);
    const actorSeat = hand.order[hand.state.actor]!;
    const actor = s.state.seats.get(actorSeat)!.playerId;
    const other = ["a", "b", "c"].find((x) => x !== actor)!;
    const v = s.state.version;
    const cmd = { handId: hand.handId, version: v, commandId: "cmd-00001", action: { kind: "call" as const } };
    expect((await s.act(other, { ...cmd, commandId: "cmd-00002" })).ok).toBe(false);
    expect(await s.act(actor, { ...cmd, version: v - 1 })).toMatchObject({ ok: false, error: { code: "table/stale-version" } });
    expect(await s.act(actor, { ...cmd, action: { kind: "raise", to: 11 } })).toMatchObject({ ok: false, error: { code: "table/illegal-action" } });
    expect(s.state.version).toBe(v);
    expect(await s.act(actor, cmd)).toEqual({ ok: true, value: { version: v + 1, duplicate: false } });
    expect(await s.act(actor, cmd)).toEqual({ ok: true, value: { version: v + 1, duplicate: true } });
    expect(s.state.version).toBe(v + 1);
    // no-leak at the view edge: nobody's frames hold another seat's hole cards
    for (const sub of subs) {
      const mine = s.seatOf(sub.userId)!;
      for (const m of sub.got) {
        if (m.type === "event" && m.event.kind === "hole-cards" && m.event.seat !== mine) expect(m.event.cards).toBeNull();
        if (m.type === "table-view") for (const seat of m.view.seats) if (seat.seat !== mine) expect(seat.cards).toBeNull();
      }
    }
  });

  it("contributions count from the table's first hand on, one per dealt-in seat, in the next hand's entropy", async () => {
    const { s, clock, opts } = await setup();
    const v = "ab".repeat(32);
    expect(s.contribute("a", v)).toMatchObject({ ok: false, error: { code: "table/no-commitment-yet" } });
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    const first = s.state.hand!;
    expect(first.entropy).toEqual({ previous: null, contributions: [] });
    expect(s.contribute("nobody", v)).toMatchObject({ ok: false, error: { code: "table/not-seated" } });
    expect(s.contribute("c", "AB".repeat(32))).toMatchObject({ ok: false });
    expect(s.contribute("c", "cd".repeat(32)).ok).toBe(true);
    expect(s.contribute("a", "00".repeat(32)).ok).toBe(true);
    expect(s.contribute("a", v).ok).toBe(true); // the last value a seat sends counts
    for (let i = 0; i < 20 && s.state.handNumber === 1; i++) {
      clock.advance(10_000);
      await s.idle();
    }
    const second = s.state.hand ?? s.state.finished!;
    expect(second.handNumber).toBe(2);
    expect(second.entropy!.contributions).toEqual([
      { seat: 1, value: v },
      { seat: 5, value: "cd".repeat(32) },
    ]);
    expect(second.entropy!.previous).toMatch(/^[0-9a-f]{64}$/);
    expect(second.tableSeed).toBe(first.tableSeed);
    expect(second.commitment).toBe(commitDeck(first.tableSeed!, 2, second.entropy!).root);
    // a reload replays the same decks from the stored entropy
    const again = unwrap(await TableSession.load("t1", opts))!;
    expect(again.state.tableSeed).toBe(s.state.tableSeed);
    expect((again.state.hand ?? again.state.finished)?.commitment).toBe(second.commitment);
    s.close();
  });

  it("R-TRN-9: the clock checks or folds, hands go on, and a reload rebuilds the same table", async () => {
    const { s, clock, opts } = await setup();
    s.dealSoon(0);
    for (let i = 0; i < 200; i++) {
      clock.advance(10_000);
      await s.idle();
    }
    expect(s.state.handNumber).toBeGreaterThan(10);
    const total = [...s.state.seats.values()].reduce((a, x) => a + x.stack, 0) + (s.state.hand ? 0 : 0);
    if (s.state.hand === null) expect(total).toBe(3000);
    const again = unwrap(await TableSession.load("t1", opts))!;
    expect(again.state.version).toBe(s.state.version);
    expect([...again.state.seats.values()]).toEqual([...s.state.seats.values()]);
    expect(again.state.hand?.state).toEqual(s.state.hand?.state);
    s.close();
  });
});

describe("table session: what a table keeps alive", () => {
  it("lets go of a finished hand once the next one starts (a thousand tables' last hands are a major collection's work)", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const { s, clock } = await setup();
    let ended = 0;
    const { hooks } = (s as unknown as { opts: { hooks: { handEnded: () => Promise<void> } } }).opts;
    hooks.handEnded = async () => {
      ended++;
    };
    s.dealSoon(0);
    let finished: WeakRef<object> | null = null;
    for (let i = 0; i < 400 && (finished === null || s.state.hand === null || s.state.handNumber < 2); i++) {
      clock.advance(10_000);
      await s.idle();
      if (finished === null && s.state.finished !== null) finished = new WeakRef(s.state.finished);
    }
    expect(s.state.handNumber).toBe(2);
    expect(s.state.finished).toBeNull();
    expect(ended).toBe(1);
    // A WeakRef holds its target until the current job ends.
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(finished?.deref()).toBeUndefined();
    s.close();
  });
});

describe("table session: sitting out, time bank, reconnect", () => {
  it("a sitting-out player is dealt in and acts at once by the clock (check, else fold); sit-in stops it", async () => {
    const { s, clock } = await setup();
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    const hand = s.state.hand!;
    const actorSeat = hand.order[hand.state.actor]!;
    const actor = s.state.seats.get(actorSeat)!.playerId;
    expect(await s.setSittingOut(actor, "sit-out-001", true)).toMatchObject({ ok: true, value: { duplicate: false } });
    expect(await s.setSittingOut(actor, "sit-out-001", true)).toMatchObject({ ok: true, value: { duplicate: true } });
    clock.advance(0);
    await s.idle();
    const last = hand.wire.filter((e) => e.kind === "action").at(-1)!;
    expect(last).toMatchObject({ seat: actorSeat, timeout: true, action: "fold" });
    expect(s.viewFor(actor).sittingOut).toBe(true);
    expect((await s.setSittingOut(actor, "sit-in-0001", false)).ok).toBe(true);
    expect(s.viewFor(actor).sittingOut).toBe(false);
    s.close();
  });

  it("normal play: after the action time the time bank runs, then the clock acts; the bank is spent", async () => {
    const store = await openSqliteEventStore(":memory:");
    const clock = new ManualClock();
    const s = unwrap(
      await TableSession.open(
        { ...config, tableId: "tb", actionMs: 1000, timeBankMs: 5000 },
        { store, clock, handPauseMs: 1000, hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 0 }), canDeal: () => true, handEnded: async () => {} } },
      ),
    );
    for (const [seat, id] of [
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ] as const)
      unwrap(await s.seat(seat, id, `player-${id}`, 1000));
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    const v = s.state.version;
    const actorSeat = s.state.hand!.order[s.state.hand!.state.actor]!;
    expect(s.viewFor("a").clock).toMatchObject({ actionMs: 1000, timeBankMs: 5000 });
    clock.advance(5999);
    await s.idle();
    expect(s.state.version).toBe(v); // still thinking on the bank
    clock.advance(1);
    await s.idle();
    // The clock acted, and the player is sat out until they come back (the table acts for them at once meanwhile).
    expect(s.state.version).toBe(v + 2);
    expect(s.state.seats.get(actorSeat)!.bankMs).toBe(0);
    expect(s.state.seats.get(actorSeat)!.sittingOut).toBe(true);
    s.close();
  });

  it("a disconnected seat keeps being dealt in; on reconnect the first frame is the full view with its own cards", async () => {
    const { s, clock } = await setup();
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    clock.advance(10_000); // nobody connected: the clock acts
    await s.idle();
    const back = capture("b");
    s.subscribe(back);
    const first = back.got[0]!;
    expect(first.type).toBe("table-view");
    if (first.type === "table-view") {
      const mine = first.view.seats.find((x) => x.seat === first.view.mySeat)!;
      expect(mine.connected).toBe(true);
      if (s.state.hand !== null) expect(mine.cards).toHaveLength(2);
    }
    s.close();
  });
});

describe("table session: commands between hands and views at the edge", () => {
  it("seating changes touch no seat in a hand (table/in-hand); a stack for an empty seat is refused; nothing is stored", async () => {
    const { s, clock, store } = await setup();
    const r = await s.setStack(2, 500);
    expect(!r.ok && r.error.code).toBe("table/not-seated");
    expect(unwrap(await s.unseat(2))).toBeUndefined(); // an empty seat: nothing to do
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    const v = s.state.version;
    const seat = s.state.hand!.order[0]!;
    for (const refused of [await s.unseat(seat), await s.setStack(seat, 5), await s.seat(seat, "z", "player-z", 100)]) {
      expect(!refused.ok && refused.error.code).toBe("table/in-hand");
    }
    expect(await store.streamVersion("table:t1")).toBe(v);
    s.close();
  });

  it("over many hands no frame to anyone holds another seat's hole cards before they are shown", async () => {
    const { s, clock } = await setup();
    const subs = [...["a", "b", "c"].map(capture), capture(null as unknown as string)];
    subs.forEach((x) => s.subscribe(x));
    s.dealSoon(0);
    for (let i = 0; i < 400 && s.state.handNumber < 12; i++) {
      await new Promise((r) => setImmediate(r));
      clock.advance(s.state.hand === null ? 1000 : 0); // the pause between hands
      await s.idle();
      const hand = s.state.hand;
      if (hand === null) continue;
      const user = s.state.seats.get(hand.order[hand.state.actor]!)!.playerId;
      const v = s.state.version;
      // Call or check; a raise now and then, so hands end both by folds and at showdown.
      const first = await s.act(user, { handId: hand.handId, version: v, commandId: `c-${i}-1`, action: i % 17 === 0 ? { kind: "fold" } : { kind: "call" } });
      if (!first.ok) unwrap(await s.act(user, { handId: hand.handId, version: v, commandId: `c-${i}-2`, action: { kind: "check" } }));
    }
    expect(s.state.handNumber).toBeGreaterThanOrEqual(12);
    let shownSeen = 0;
    for (const sub of subs) {
      const mine = s.seatOf(sub.userId);
      expect(sub.got.length).toBeGreaterThan(50);
      for (const m of sub.got) {
        if (m.type === "event" && m.event.kind === "hole-cards" && m.event.seat !== mine) expect(m.event.cards).toBeNull();
        if (m.type === "event" && m.event.kind === "show" && m.event.seat !== mine) shownSeen++;
        if (m.type !== "table-view") continue;
        for (const seat of m.view.seats) {
          if (seat.seat === mine || seat.cards === null) continue;
          expect(seat.shownHand, `seat ${seat.seat}'s cards before a showdown`).not.toBeNull();
        }
      }
    }
    // Showdowns happened (cards were shown to others), and until then nobody saw them.
    expect(shownSeen).toBeGreaterThan(0);
    s.close();
  });
});

describe("table session: who is connected", () => {
  it("players connecting in one turn of the event loop cost the others one view update, not one per player, and it arrives", async () => {
    const { s } = await setup();
    const spectator = capture("watcher");
    s.subscribe(spectator);
    const players = ["a", "b", "c"].map(capture);
    players.forEach((x) => s.subscribe(x));
    // each player's own first frame is its whole view, at once
    for (const p of players) expect(p.got.map((m) => m.type)).toEqual(["table-view"]);
    expect(spectator.got).toHaveLength(1);
    await new Promise((r) => setImmediate(r));
    // then one update for the three connections together (v1 subscribers get a whole view)
    expect(spectator.got).toHaveLength(2);
    const last = spectator.got[1]!;
    expect(last.type === "table-view" && last.view.seats.filter((x) => x.connected).map((x) => x.seat)).toEqual([1, 3, 5]);
    expect(players[0]!.got).toHaveLength(2);
    s.close();
  });
});

describe("table session: no clock before the table is shown (R-TRN-9, Felt online)", () => {
  const ACTION = 10_000;
  const BANK = 30_000;

  async function dealtIn(connected: readonly string[] = []) {
    const store = await openSqliteEventStore(":memory:");
    const clock = new ManualClock(1_000_000);
    const opts = {
      store,
      clock,
      handPauseMs: 1000,
      hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 0 }), canDeal: () => true, handEnded: async () => {} },
    };
    const s = unwrap(await TableSession.open({ ...config, tableId: "ts", actionMs: ACTION, timeBankMs: BANK }, opts));
    for (const [seat, id] of [
      [1, "a"],
      [3, "b"],
      [5, "c"],
    ] as const)
      unwrap(await s.seat(seat, id, `player-${id}`, 1000));
    for (const id of connected) s.subscribe(capture(id));
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    const hand = s.state.hand!;
    const seat = hand.order[hand.state.actor]!;
    return { s, store, clock, opts, start: hand.turnSince, seat, actor: s.state.seats.get(seat)!.playerId, version: s.state.version };
  }

  const wait = async (s: TableSession, clock: ManualClock, ms: number) => {
    clock.advance(ms);
    await s.idle();
  };

  it("a player dealt in before their table is on screen gets their whole clock and bank from the moment it is shown", async () => {
    const { s, store, clock, opts, start, seat, actor, version } = await dealtIn();
    await wait(s, clock, 35_000);
    expect(s.state.version).toBe(version);
    const me = capture(actor);
    s.subscribe(me);
    const first = me.got[0]!;
    // The clock the client sees is the one the server keeps: the action time from now, then the whole bank.
    expect(first.type === "table-view" && first.view.clock).toEqual({ deadline: start + 35_000 + ACTION, timeBankMs: BANK, actionMs: ACTION });
    expect(s.viewFor("b").clock?.deadline).toBe(start + 35_000 + ACTION);
    // Where the clock from the turn's start would have run out (action time and bank), nothing happens.
    await wait(s, clock, 10_000);
    expect(s.state.version).toBe(version);
    await wait(s, clock, 5_000);
    const hand = s.state.hand!;
    expect(await s.act(actor, { handId: hand.handId, version, commandId: "late-arrival-1", action: { kind: "fold" } })).toMatchObject({ ok: true });
    // 15 s after it was shown: 5 s of the bank are spent, not the 40 s since the deal.
    expect(s.state.seats.get(seat)!.bankMs).toBe(BANK - 5_000);
    const acted = (await store.read(streamOf("ts"))).filter((r) => r.type === "acted").at(-1)!;
    expect(acted.data).toMatchObject({ seat, timeout: false, at: start + 50_000, clockFrom: start + 35_000 });
    // Replayed from its records the table spends the same bank.
    s.close();
    const again = unwrap(await TableSession.load("ts", opts))!;
    expect(again.state.seats.get(seat)!.bankMs).toBe(BANK - 5_000);
    expect(again.state).toEqual(s.state);
  });

  it("once shown, the normal clock runs out: the action time, then the bank, then the clock acts and sits them out", async () => {
    const { s, store, clock, start, seat, actor, version } = await dealtIn();
    await wait(s, clock, 20_000);
    s.subscribe(capture(actor));
    await wait(s, clock, ACTION + BANK - 1);
    expect(s.state.version).toBe(version);
    await wait(s, clock, 1);
    expect(s.state.version).toBe(version + 2);
    const acted = (await store.read(streamOf("ts"))).filter((r) => r.type === "acted").at(-1)!;
    expect(acted.data).toMatchObject({ seat, timeout: true, at: start + 20_000 + ACTION + BANK, clockFrom: start + 20_000 });
    expect(s.state.seats.get(seat)!.bankMs).toBe(0);
    expect(s.state.seats.get(seat)!.sittingOut).toBe(true);
    s.close();
  });

  it("a player who never shows the table is timed out after the bounded wait (the action time and bank from the turn's start), not later", async () => {
    const { s, store, clock, start, seat, version } = await dealtIn();
    expect(s.viewFor("b").clock).toEqual({ deadline: start + ACTION, timeBankMs: BANK, actionMs: ACTION });
    await wait(s, clock, ACTION + BANK - 1);
    expect(s.state.version).toBe(version);
    await wait(s, clock, 1);
    expect(s.state.version).toBe(version + 2);
    const acted = (await store.read(streamOf("ts"))).filter((r) => r.type === "acted").at(-1)!;
    expect(acted.data).toEqual({ seat, action: expect.anything(), timeout: true, at: start + ACTION + BANK });
    expect(s.state.seats.get(seat)!.sittingOut).toBe(true);
    // Coming after the wait gives nothing back: the table acts for a sat-out player at once.
    s.subscribe(capture(s.state.seats.get(seat)!.playerId));
    expect(s.state.seats.get(seat)!.sittingOut).toBe(true);
    s.close();
  });

  it("a player with the table on screen when dealt in keeps the clock from the turn's start; showing it again restarts nothing", async () => {
    const { s, clock, start, actor, version } = await dealtIn(["a", "b", "c"]);
    expect(s.viewFor(actor).clock?.deadline).toBe(start + ACTION);
    await wait(s, clock, 20_000);
    s.subscribe(capture(actor)); // a second tab
    expect(s.viewFor(actor).clock?.deadline).toBe(start + ACTION);
    await wait(s, clock, ACTION + BANK - 20_000 - 1);
    expect(s.state.version).toBe(version);
    await wait(s, clock, 1);
    expect(s.state.version).toBe(version + 2);
    s.close();
  });

  it("a restarted table keeps the rule: nobody counts as shown until their client is back, and the actor's clock starts when it is", async () => {
    const { s, clock, opts, start, actor, version } = await dealtIn(["a", "b", "c"]);
    await wait(s, clock, 5_000);
    s.close();
    const again = unwrap(await TableSession.load("ts", opts))!;
    again.resume();
    // Not back yet: the bounded wait, counted from the recorded turn start.
    expect(again.viewFor("b").clock?.deadline).toBe(start + ACTION);
    await wait(again, clock, 30_000);
    again.subscribe(capture(actor));
    expect(again.viewFor(actor).clock?.deadline).toBe(start + 35_000 + ACTION);
    await wait(again, clock, ACTION + BANK - 1);
    expect(again.state.version).toBe(version);
    await wait(again, clock, 1);
    expect(again.state.version).toBe(version + 2);
    again.close();
  });

  it("a late arrival followed by a restart after the wait is not timed out at once: not back yet, they get the whole wait again, then their own clock", async () => {
    const { s, store, clock, opts, start, seat, actor, version } = await dealtIn();
    // They come late (their own clock runs from +20 s to +60 s), then the server goes down past the turn's bounded wait (+40 s).
    await wait(s, clock, 20_000);
    s.subscribe(capture(actor));
    await wait(s, clock, 15_000);
    s.close();
    clock.advance(10_000);
    const again = unwrap(await TableSession.load("ts", opts))!;
    again.resume();
    await wait(again, clock, 0);
    expect(again.state.version).toBe(version);
    expect(again.state.seats.get(seat)!.sittingOut).toBe(false);
    // Not back yet: the bounded wait had run out while the table was down, so it counts again from the restart.
    expect(again.viewFor("b").clock).toEqual({ deadline: start + 45_000 + ACTION, timeBankMs: BANK, actionMs: ACTION });
    await wait(again, clock, 12_000);
    expect(again.state.version).toBe(version);
    // Back during it: their own clock, the action time and then the bank, from now.
    again.subscribe(capture(actor));
    expect(again.viewFor(actor).clock?.deadline).toBe(start + 57_000 + ACTION);
    await wait(again, clock, ACTION + 4_000);
    const hand = again.state.hand!;
    expect(await again.act(actor, { handId: hand.handId, version, commandId: "back-after-restart", action: { kind: "fold" } })).toMatchObject({ ok: true });
    expect(again.state.seats.get(seat)!.bankMs).toBe(BANK - 4_000);
    const acted = (await store.read(streamOf("ts"))).filter((r) => r.type === "acted").at(-1)!;
    expect(acted.data).toMatchObject({ seat, timeout: false, clockFrom: start + 57_000 });
    again.close();
  });

  it("a player who never comes back after a restart past the wait is timed out after the whole wait counted from the restart, their bank spent", async () => {
    const { s, store, clock, opts, start, seat, version } = await dealtIn();
    await wait(s, clock, 20_000);
    s.close();
    clock.advance(30_000);
    const again = unwrap(await TableSession.load("ts", opts))!;
    again.resume();
    await wait(again, clock, ACTION + BANK - 1);
    expect(again.state.version).toBe(version);
    await wait(again, clock, 1);
    expect(again.state.version).toBe(version + 2);
    const acted = (await store.read(streamOf("ts"))).filter((r) => r.type === "acted").at(-1)!;
    expect(acted.data).toMatchObject({ seat, timeout: true, at: start + 50_000 + ACTION + BANK, clockFrom: start + 50_000 });
    expect(again.state.seats.get(seat)!.bankMs).toBe(0);
    expect(again.state.seats.get(seat)!.sittingOut).toBe(true);
    again.close();
  });
});

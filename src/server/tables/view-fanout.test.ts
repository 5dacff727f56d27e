// Protocol v2 table steps: a v2 client that folds every `table-step` into the
// view it started from holds exactly the view a v1 client is sent whole, at every step, for
// every seat and for a spectator; every v2 frame is valid and within 16 KiB; and no frame or
// folded view holds a hole card its recipient may not see.
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import {
  applyTablePatch,
  MAX_FRAME_BYTES,
  byteLength,
  logCovers,
  parseServerMessage,
  type PlayerAction,
  type ServerMessage,
  type TableEvent,
  type TableView,
} from "../../protocol/index.ts";
import { seededRandom } from "../../tournament/index.ts";
import { openSqliteEventStore } from "../../store/index.ts";
import { unwrap } from "../../lib/result.ts";
import { ManualClock } from "../clock.ts";
import { legalFor } from "./table-view.ts";
import { TableSession, type SessionOptions, type Subscriber } from "./table-session.ts";

const config = { tableId: "t1", tournamentId: null, tableNumber: 1, size: 9, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };
const USERS = ["a", "b", "c", "d", "e", "f"];

interface V1 extends Subscriber {
  view: TableView | null;
}
interface V2 extends Subscriber {
  view: TableView | null;
  frames: ServerMessage[];
  bytes: number;
}

function v1(userId: string | null): V1 {
  const s: V1 = { userId, view: null, send: (m) => m.type === "table-view" && (s.view = m.view) };
  return s;
}

function v2(userId: string | null): V2 {
  const s: V2 = {
    userId,
    view: null,
    frames: [],
    bytes: 0,
    send: (m) => {
      s.frames.push(m);
      if (m.type === "table-view") s.view = m.view;
    },
    sendStep: (text) => {
      expect(byteLength(text)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
      s.bytes += text.length;
      const r = parseServerMessage(text);
      if (!r.ok) throw new Error(`invalid step frame: ${r.error.message}\n${text}`);
      s.frames.push(r.value);
      if (r.value.type === "table-step") s.view = applyTablePatch(s.view!, r.value.patch);
    },
  };
  return s;
}

/** Another seat's cards in a frame or view before that seat showed them. */
function leaksIn(view: TableView): number[] {
  return view.seats.filter((x) => x.cards !== null && x.seat !== view.mySeat && x.shownHand === null).map((x) => x.seat);
}

/** A legal action drawn by `r` in [0, 1): now and then a fold, a bet or raise (min, now and then all in), else check or call. */
function randomAction(legal: NonNullable<ReturnType<typeof legalFor>>, r: number): PlayerAction {
  if (r < 0.1 && legal.canFold) return { kind: "fold" };
  if (r < 0.25 && legal.minRaiseTo !== null) return { kind: legal.isBet ? "bet" : "raise", to: r < 0.23 ? legal.minRaiseTo : legal.maxRaiseTo! };
  return legal.canCheck ? { kind: "check" } : { kind: "call" };
}

/** A table on an in-memory store and a manual clock, a new seed each hand. */
async function openTable(ante: number, snapshotEvery?: number): Promise<{ s: TableSession; clock: ManualClock; opts: SessionOptions }> {
  const store = await openSqliteEventStore(":memory:");
  const clock = new ManualClock();
  let n = 0;
  const opts: SessionOptions = {
    store,
    clock,
    handPauseMs: 1000,
    seed: () => (n++).toString(16).padStart(64, "c"),
    hooks: { blinds: () => ({ sb: 5, bb: 10, ante }), canDeal: () => true, handEnded: async () => {} },
    ...(snapshotEvery === undefined ? {} : { snapshotEvery }),
  };
  const s = unwrap(await TableSession.open(config, opts));
  return { s, clock, opts };
}

describe("view fan-out: protocol v2 steps", () => {
  it("a folded v2 view equals the v1 view at every step, for every seat and a spectator; no hidden card anywhere", async () => {
    const { s, clock } = await openTable(1);
    for (const [i, id] of USERS.entries()) unwrap(await s.seat(i + 1 + (i > 2 ? 2 : 0), id, `player-${id}`, 2000 + 200 * i));
    const pairs = [...USERS, null, "stranger"].map((u) => ({ one: v1(u), two: v2(u) }));
    for (const p of pairs) {
      s.subscribe(p.one);
      s.subscribe(p.two);
    }
    s.dealSoon(0);
    const rng = seededRandom(11);
    const roll = () => rng.nextUint32() / 2 ** 32;
    let steps = 0;
    let cmd = 0;
    for (let i = 0; i < 1200 && s.state.handNumber < 25; i++) {
      const hand = s.state.hand;
      const legal = legalFor(s.state);
      if (hand === null && [...s.state.seats.values()].filter((x) => x.stack > 0).length < 2) {
        // one player holds every chip: the busted ones buy back in (seat-change steps)
        for (const x of s.state.seats.values()) if (x.stack === 0) unwrap(await s.setStack(x.seat, 1500));
        clock.advance(1000);
      } else if (hand === null || legal === null) {
        clock.advance(1000);
      } else if (roll() < 0.05) {
        // someone drops and comes back: `connected` changes, and a fresh start follows
        const p = pairs[Math.floor(roll() * pairs.length)]!;
        s.unsubscribe(p.two);
        p.two.view = null;
        s.subscribe(p.two);
      } else {
        const seat = hand.order[hand.state.actor]!;
        const user = s.state.seats.get(seat)!.playerId;
        const action = randomAction(legal, roll());
        unwrap(await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `cmd-${String(cmd++).padStart(6, "0")}`, action }));
      }
      await s.idle();
      steps++;
      for (const p of pairs) {
        expect(p.two.view).toEqual(p.one.view);
        expect(p.two.view).toEqual(s.viewFor(p.two.userId));
        expect(leaksIn(p.two.view!)).toEqual([]);
      }
    }
    expect(s.state.handNumber, `${steps} steps`).toBeGreaterThan(10);
    for (const p of pairs) {
      const mine = s.seatOf(p.two.userId);
      const shown = new Set<string>();
      for (const m of p.two.frames) {
        if (m.type === "table-view") expect(leaksIn(m.view)).toEqual([]);
        if (m.type !== "table-step" && m.type !== "event") continue;
        const events = m.type === "table-step" ? m.events : [m.event];
        for (const e of events) {
          if (e.kind === "show") shown.add(`${m.handId}:${e.seat}`);
          if (e.kind === "hole-cards" && e.seat !== mine) expect(e.cards).toBeNull();
        }
        if (m.type === "table-step") {
          for (const x of m.patch.seats ?? []) if (x.cards !== null && x.seat !== mine) expect(shown.has(`${m.handId}:${x.seat}`)).toBe(true);
        }
      }
    }
    // the point of v2: far fewer bytes than a whole view per step
    const whole = JSON.stringify(s.viewFor("a")).length;
    const perStep = pairs[0]!.two.bytes / steps;
    expect(perStep).toBeLessThan(whole / 2);
    s.close();
  }, 60_000);

  it("a player's connected dot reaches every v2 watcher when their only connection drops and comes back", async () => {
    const { s, clock } = await openTable(0);
    for (const [i, id] of ["a", "b", "c"].entries()) unwrap(await s.seat(i + 1, id, `player-${id}`, 2000));
    const a = v2("a");
    const watchers = [v2("b"), v2(null)];
    const whole = v1(null);
    for (const w of [a, ...watchers, whole]) s.subscribe(w);
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    const dotOfA = (w: V1 | V2) => w.view?.seats.find((x) => x.seat === 1)?.connected;
    for (const w of watchers) expect(dotOfA(w)).toBe(true);
    for (const connected of [false, true]) {
      if (connected) s.subscribe(v2("a"));
      else s.unsubscribe(a);
      await new Promise((r) => setImmediate(r));
      await s.idle();
      expect(dotOfA(whole)).toBe(connected);
      for (const w of watchers) {
        expect(dotOfA(w)).toBe(connected);
        expect(w.view).toEqual(s.viewFor(w.userId));
      }
    }
    s.close();
  });

  it("a copy of a v2 stream started elsewhere (a gateway on another process) gets the hand's steps with the view, as a subscribe here does", async () => {
    const { s, clock } = await openTable(0);
    for (const [i, id] of ["a", "b", "c"].entries()) unwrap(await s.seat(i + 1, id, `player-${id}`, 2000));
    const a = logClient("a");
    s.subscribe(a);
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    for (let k = 0; k < 2; k++) {
      const hand = s.state.hand!;
      const user = s.state.seats.get(hand.order[hand.state.actor]!)!.playerId;
      unwrap(await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `c-${k}`, action: { kind: "call" } }));
      await s.idle();
    }
    const [first] = s.framesFor(a);
    const r = parseServerMessage(first!);
    if (!r.ok || r.value.type !== "table-view") throw new Error(`not a view: ${first}`);
    expect(r.value.view.version).toBe(s.state.version);
    expect(r.value.log?.steps.at(-1)?.version).toBe(s.state.version);
    expect(r.value.log?.steps.flatMap((x) => x.events)).toEqual(a.events.slice(a.events.findIndex((e) => e.kind === "hand-start")));
    s.close();
  });

  it("a v2 subscriber back after missed steps gets the hand's steps with its view: its log is a watcher's who stayed, cut only before a hand; no hidden card", async () => {
    const { s, clock } = await openTable(0);
    for (const [i, id] of USERS.entries()) unwrap(await s.seat(i + 1, id, `player-${id}`, 2000 + 200 * i));
    const audiences = ["a", "d", null];
    const stay = audiences.map((u) => logClient(u));
    const roam = audiences.map((u) => logClient(u));
    const away = new Set<LogClient>();
    for (const c of [...stay, ...roam]) s.subscribe(c);
    s.dealSoon(0);
    const rng = seededRandom(5);
    const roll = () => rng.nextUint32() / 2 ** 32;
    let cmd = 0;
    for (let i = 0; i < 1500 && s.state.handNumber < 30; i++) {
      const hand = s.state.hand;
      const legal = legalFor(s.state);
      // A roaming client leaves (another screen, offline) and comes back a few steps later.
      for (const c of [...away]) if (roll() < 0.2) away.delete(c) && s.subscribe(c);
      const leaving = roam[Math.floor(roll() * roam.length)]!;
      if (roll() < 0.05 && !away.has(leaving)) {
        s.unsubscribe(leaving);
        away.add(leaving);
      }
      if (hand === null && [...s.state.seats.values()].filter((x) => x.stack > 0).length < 2) {
        for (const x of s.state.seats.values()) if (x.stack === 0) unwrap(await s.setStack(x.seat, 1500));
        clock.advance(1000);
      } else if (hand === null || legal === null) {
        clock.advance(1000);
      } else {
        const seat = hand.order[hand.state.actor]!;
        const user = s.state.seats.get(seat)!.playerId;
        const action = randomAction(legal, roll());
        unwrap(await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `cmd-${String(cmd++).padStart(6, "0")}`, action }));
      }
      await s.idle();
    }
    for (const c of away) s.subscribe(c);
    expect(s.state.handNumber).toBeGreaterThan(15);
    for (const [k, c] of roam.entries()) {
      const ref = stay[k]!;
      expect(ref.holes).toEqual([]);
      expect(c.known).toBe(ref.known);
      expectCutOnlyBeforeHands(c, ref);
      // Most returns came back inside the hand they left: filled, no hole.
      expect(c.fills, `client of ${c.userId}`).toBeGreaterThan(c.holes.length);
      const mine = s.seatOf(c.userId);
      for (const e of c.events) if (e.kind === "hole-cards" && e.seat !== mine) expect([e.cards, e.openings]).toEqual([null, undefined]);
      expect(c.events.some((e) => e.kind === "hole-cards" && e.seat === mine && e.openings?.length === 2)).toBe(mine !== null);
    }
    s.close();
  }, 60_000);
});

/** A table of four about to deal, watched by a client that stays and one that will roam, for a player and a spectator each. */
async function watchedTable(snapshotEvery: number) {
  const { s, clock, opts } = await openTable(0, snapshotEvery);
  for (const [i, id] of ["a", "b", "c", "d"].entries()) unwrap(await s.seat(i + 1, id, `player-${id}`, 2000));
  const audiences = ["a", null];
  const stay = audiences.map((u) => logClient(u));
  const roam = audiences.map((u) => logClient(u));
  for (const c of [...stay, ...roam]) s.subscribe(c);
  s.dealSoon(0);
  let cmd = 0;
  const rng = seededRandom(snapshotEvery);
  /** The player to act plays a random legal action. */
  const actOnce = async () => {
    const hand = s.state.hand!;
    const legal = legalFor(s.state)!;
    const user = s.state.seats.get(hand.order[hand.state.actor]!)!.playerId;
    const action = randomAction(legal, rng.nextUint32() / 2 ** 32);
    unwrap(await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `cmd-${cmd++}`, action }));
  };
  return { s, clock, opts, audiences, stay, roam, actOnce };
}

/** Each roaming client, back, has exactly the log of the one that stayed: no hole, one fill. */
function expectWholeLogs(roam: readonly LogClient[], stay: readonly LogClient[], why: string): void {
  for (const [k, c] of roam.entries()) {
    expect(c.holes, why).toEqual([]);
    expect(c.fills, why).toBe(1);
    expect(c.known, why).toBe(stay[k]!.known);
    expect(c.events, why).toEqual(stay[k]!.events);
  }
}

describe("view fan-out: the hand's steps after a restart", () => {
  it("a table loaded mid-hand has the hand's steps from its snapshot and the records after it: a client back in that hand reads it whole, a new one from its first step", async () => {
    for (const snapshotEvery of [1, 7, 10_000]) {
      const { s, clock, opts, audiences, stay, roam, actOnce } = await watchedTable(snapshotEvery);
      let left = false;
      let inThird = 0;
      // Into the third hand, three actions in; the roaming clients leave after its first.
      for (let i = 0; i < 500 && inThird < 3; i++) {
        if (s.state.hand === null || legalFor(s.state) === null) clock.advance(1000);
        else {
          if (s.state.handNumber === 3) inThird++;
          if (!left && inThird === 2) {
            for (const c of roam) s.unsubscribe(c);
            left = true;
          }
          await actOnce();
        }
        await s.idle();
      }
      expect(left).toBe(true);
      expect(s.state.hand).not.toBeNull();
      s.close();
      const again = unwrap(await TableSession.load("t1", opts))!;
      expect(again.state).toEqual(s.state);
      const fresh = audiences.map((u) => logClient(u));
      for (const c of [...roam, ...fresh]) again.subscribe(c);
      expectWholeLogs(roam, stay, `snapshots every ${snapshotEvery}`);
      for (const [k, ref] of stay.entries()) {
        const hand = ref.events.findLastIndex((e) => e.kind === "hand-start");
        expect(fresh[k]!.events).toEqual(ref.events.slice(hand));
      }
      again.close();
    }
  });

  it("in the pause after a hand, the snapshot taken at the hand's end keeps its steps: a client away since mid-hand reads the hand whole", async () => {
    const { s, clock, opts, stay, roam, actOnce } = await watchedTable(1);
    clock.advance(0);
    await s.idle();
    let acted = 0;
    // The first hand, played to its end with the roaming clients away after its third action;
    // then nothing: the table waits in the pause before the next hand.
    while (s.state.hand !== null) {
      if (++acted === 3) for (const c of roam) s.unsubscribe(c);
      await actOnce();
      await s.idle();
    }
    expect(acted).toBeGreaterThan(3);
    expect(s.state.finished).not.toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    // The latest snapshot is the hand's end: nothing of the hand is replayed on load.
    expect((await opts.store.loadSnapshot("table:t1"))?.version).toBe(s.state.version);
    s.close();
    const again = unwrap(await TableSession.load("t1", opts))!;
    expect(again.state).toEqual(s.state);
    for (const c of roam) again.subscribe(c);
    expectWholeLogs(roam, stay, "a restart in the pause");
    for (const c of roam) expect(c.events.some((e) => e.kind === "hand-end")).toBe(true);
    again.close();
  });
});

/** A v2 client's hand log as the web app keeps it (web/src/api/live.ts): steps' events, and a view's log where it was away. */
interface LogClient extends Subscriber {
  known: number | undefined;
  readonly events: TableEvent[];
  /** Where its log has a hole (events before it). */
  readonly holes: number[];
  /** Returns filled from the view's log with no hole. */
  fills: number;
  /** Each step received: its version and where its events begin in `events`. */
  readonly steps: { version: number; at: number; events: number }[];
}

function logClient(userId: string | null): LogClient {
  const c: LogClient = {
    userId,
    known: undefined,
    events: [],
    holes: [],
    fills: 0,
    steps: [],
    send: (m) => {
      const text = JSON.stringify(m);
      expect(byteLength(text)).toBeLessThanOrEqual(MAX_FRAME_BYTES);
      const r = parseServerMessage(text);
      if (!r.ok) throw new Error(`invalid frame: ${r.error.message}`);
      if (m.type !== "table-view") return;
      const known = c.known;
      const fresh = known === undefined && c.events.length === 0;
      if (fresh || m.view.version > known!) {
        if (!fresh && !logCovers(m.log, known!)) c.holes.push(c.events.length);
        else if (!fresh) c.fills++;
        for (const st of m.log?.steps ?? []) if (known === undefined || st.version > known) c.events.push(...st.events);
      }
      c.known = m.view.version;
    },
    sendStep: (text) => {
      const r = parseServerMessage(text);
      if (!r.ok || r.value.type !== "table-step") throw new Error(`not a step: ${text}`);
      if (r.value.events.length > 0) c.steps.push({ version: r.value.version, at: c.events.length, events: r.value.events.length });
      c.events.push(...r.value.events);
      c.known = r.value.version;
    },
  };
  return c;
}

/**
 * `c`'s log is `ref`'s (a client that never left) with a piece cut out at each of its holes,
 * and each piece ends where a step that started a hand begins: inside a hand nothing is lost.
 */
function expectCutOnlyBeforeHands(c: LogClient, ref: LogClient): void {
  const handSteps = ref.steps.filter((st) => ref.events.slice(st.at, st.at + st.events).some((e) => e.kind === "hand-start"));
  let i = 0;
  let j = 0;
  const holes = [...c.holes];
  while (j < c.events.length || holes.length > 0) {
    if (holes[0] === j) {
      holes.shift();
      // The cut: on to the step that started the hand the log sent begins with.
      if (j === c.events.length) break;
      const next = handSteps.find((st) => st.at >= i && isDeepStrictEqual(ref.events.slice(st.at, st.at + st.events), c.events.slice(j, j + st.events)));
      expect(next, `hole at ${j}: what follows is not a hand's first step`).toBeDefined();
      i = next!.at;
      continue;
    }
    expect(c.events[j], `event ${j} (ref ${i})`).toEqual(ref.events[i]);
    i++;
    j++;
  }
  expect(j).toBe(c.events.length);
  expect(i).toBe(ref.events.length);
}

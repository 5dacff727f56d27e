import { describe, expect, it } from "vitest";
import { openSqliteEventStore } from "../../store/index.ts";
import { legalActions } from "../../engine/index.ts";
import { unwrap } from "../../lib/result.ts";
import { applyTablePatch, TableView, type ServerMessage } from "../../protocol/index.ts";
import { ManualClock } from "../clock.ts";
import { TableSession, type Subscriber } from "./table-session.ts";

// The finished hand stays in the view (board, hands shown with their names, who
// won which pot) from its end until the next deal, which waits the pause between hands; the
// dealer writes who won which pot with what into the table's chat, kept across restarts.

const config = { tableId: "t1", tournamentId: null, tableNumber: 1, size: 6, actionMs: 10_000, timeBankMs: 0, buttonRule: "dead" as const };
const PAUSE = 4000;

async function setup(stacks: readonly number[], pad = "b") {
  const store = await openSqliteEventStore(":memory:");
  const clock = new ManualClock();
  let n = 0;
  const opts = {
    store,
    clock,
    handPauseMs: PAUSE,
    seed: () => (n++).toString(16).padStart(64, pad),
    hooks: { blinds: () => ({ sb: 5, bb: 10, ante: 0 }), canDeal: () => true, handEnded: async () => {} },
  };
  const s = unwrap(await TableSession.open(config, opts));
  const ids = ["a", "b", "c"] as const;
  for (const [i, id] of ids.entries()) unwrap(await s.seat(2 * i + 1, id, `player-${id}`, stacks[i]!));
  return { s, clock, opts };
}

/** A protocol-v2 subscriber: folds every step's patch into the view it holds, as a client does. */
function v2(userId: string | null): Subscriber & { view: () => TableView | null; frames: ServerMessage[] } {
  let view: TableView | null = null;
  const frames: ServerMessage[] = [];
  return {
    userId,
    frames,
    view: () => view,
    send: (m) => {
      frames.push(m);
      if (m.type === "table-view") view = TableView.parse(m.view);
    },
    sendStep: (text) => {
      const m = JSON.parse(text) as { patch: Parameters<typeof applyTablePatch>[1] };
      view = TableView.parse(applyTablePatch(view!, m.patch));
    },
  };
}

/** The dealer's chat entries among the frames a subscriber got. */
const dealerNotes = (frames: readonly ServerMessage[]) =>
  frames.flatMap((m) => (m.type === "chat" ? m.lines.flatMap((l) => ("dealer" in l ? [l.dealer] : [])) : []));

/** Everyone calls or checks to the river (`bettor` bets 100 on the flop): a showdown among all who were dealt in. */
async function playToShowdown(s: TableSession, bettor: string | null = null) {
  for (let guard = 0; guard < 50 && s.state.hand !== null; guard++) {
    const hand = s.state.hand;
    const l = legalActions(hand.state)!;
    const seat = hand.order[l.actor]!;
    const user = s.state.seats.get(seat)!.playerId;
    const bet = user === bettor && hand.state.board.length === 3 && hand.state.currentBet === 0;
    const action = bet ? { kind: "bet" as const, to: 100 } : l.canCheck ? { kind: "check" as const } : { kind: "call" as const };
    unwrap(await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `cmd-${guard.toString().padStart(6, "0")}`, action }));
  }
}

describe("table: the showdown stays on the table until the next deal", () => {
  it("R-POT-1, R-POT-5: the board, every shown hand with its name and each pot's winners stay in every view for the pause; then the next hand clears them", async () => {
    // Seat 1 is short: an all-in call makes a main pot and a side pot (R-POT-1). A beaten
    // all-in hand may be mucked, and then its pot merges: the first deck (by seed) where seat
    // 1 shows down gives the two pots.
    let found = null;
    for (const pad of "bcdef0123456789a") {
      const run = await setup([30, 1000, 1000], pad);
      const subs = { a: v2("a"), b: v2("b"), c: v2("c"), watcher: v2(null) };
      Object.values(subs).forEach((x) => run.s.subscribe(x));
      run.s.dealSoon(0);
      run.clock.advance(0);
      await run.s.idle();
      const first = run.s.state.hand!;
      await playToShowdown(run.s, "b");
      expect(run.s.state.hand).toBeNull();
      if (subs.watcher.view()!.lastHand!.pots.length === 2) {
        found = { ...run, subs, first };
        break;
      }
      run.s.close();
    }
    expect(found, "some deck shows seat 1 down for two pots").not.toBeNull();
    const { s, clock, subs, first } = found!;
    const stacks = [...s.state.seats.values()].map((x) => ({ seat: x.seat, stack: x.stack }));
    for (const [who, sub] of Object.entries(subs)) {
      const view = sub.view()!;
      expect(view.handId).toBeNull();
      const last = view.lastHand!;
      expect(last.handId).toBe(first.handId);
      expect(last.board).toHaveLength(5);
      // everyone reached the showdown: every pot's winners showed (a beaten hand may be
      // mucked, R-POT-5), each shown hand named from its five best cards
      expect(last.shown.length).toBeGreaterThanOrEqual(1);
      for (const x of last.shown) expect([1, 3, 5]).toContain(x.seat);
      for (const p of last.pots) for (const w of p.winners) expect(last.shown.map((x) => x.seat)).toContain(w.seat);
      for (const x of last.shown) {
        expect(x.hand).not.toBeNull();
        const i = first.order.indexOf(x.seat);
        expect(x.cards).toEqual([first.state.hole[2 * i], first.state.hole[2 * i + 1]]);
      }
      // every chip of the pots went to somebody, and the stacks are the table's
      // R-POT-1: seat 1's 30 (10 pre-flop, 20 all in on the flop) makes a main pot of 90; the
      // 80 more each from seats 3 and 5 a side pot of 160 that seat 1 cannot win
      expect(last.pots.map((p) => [p.index, p.amount])).toEqual([
        [0, 90],
        [1, 160],
      ]);
      for (const p of last.pots) expect(p.winners.reduce((a, w) => a + w.amount, 0)).toBe(p.amount);
      expect(last.pots[1]!.winners.map((w) => w.seat)).not.toContain(1);
      expect(last.stacks).toEqual(stacks);
      // only the recipient's own hole cards are marked as theirs
      if (who === "watcher") expect(last.myCards).toBeNull();
      else {
        const i = first.order.indexOf(s.seatOf(who)!);
        expect(last.myCards).toEqual([first.state.hole[2 * i], first.state.hole[2 * i + 1]]);
      }
    }
    // The dealer's entries in the chat: one per winner of each pot, with the pot,
    // the amount and the hand's name, the same for everyone watching.
    await s.idle();
    const last = subs.watcher.view()!.lastHand!;
    const expected = last.pots.flatMap((p) =>
      p.winners.map((w) => ({
        kind: "win",
        handId: first.handId,
        handNumber: 1,
        potIndex: p.index,
        seat: w.seat,
        name: `player-${["a", "b", "c"][(w.seat - 1) / 2]}`,
        amount: w.amount,
        category: w.category,
      })),
    );
    expect(expected.filter((n) => n.potIndex === 1).reduce((a, n) => a + n.amount, 0)).toBe(160);
    for (const sub of Object.values(subs)) expect(dealerNotes(sub.frames)).toEqual(expected);
    // The deal waits the pause: just before it the finished hand is still there ...
    clock.advance(PAUSE - 1);
    await s.idle();
    expect(s.state.hand).toBeNull();
    expect(subs.watcher.view()!.lastHand?.handId).toBe(first.handId);
    // ... and the next hand's deal clears it.
    clock.advance(1);
    await s.idle();
    expect(s.state.hand?.handNumber).toBe(2);
    for (const sub of Object.values(subs)) expect(sub.view()!.lastHand).toBeNull();
    s.close();
    await s.idle();
    // Kept with the chat: after a restart someone who starts watching reads them too.
    const again = unwrap(await TableSession.load("t1", found!.opts))!;
    const late = v2(null);
    again.subscribe(late);
    expect(dealerNotes(late.frames)).toEqual(expected);
    again.close();
  });

  it("R-POT-8: a hand won without a showdown shows no cards: the pot and its winner only (no leak)", async () => {
    const { s, clock } = await setup([1000, 1000, 1000]);
    const watcher = v2(null);
    s.subscribe(watcher);
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    // everyone folds to the big blind
    for (let guard = 0; guard < 5 && s.state.hand !== null; guard++) {
      const hand = s.state.hand;
      const l = legalActions(hand.state)!;
      const user = s.state.seats.get(hand.order[l.actor]!)!.playerId;
      unwrap(
        await s.act(user, { handId: hand.handId, version: s.state.version, commandId: `fold-${guard.toString().padStart(5, "0")}`, action: { kind: "fold" } }),
      );
    }
    const last = watcher.view()!.lastHand!;
    expect(last.shown).toEqual([]);
    expect(last.board).toEqual([]);
    expect(last.pots).toHaveLength(1);
    expect(last.pots[0]!.winners).toHaveLength(1);
    expect(last.pots[0]!.winners[0]!.category).toBeNull();
    expect(last.myCards).toBeNull();
    s.close();
  });

  it("a restart between hands keeps the finished hand in the view (it is part of the snapshot and the records)", async () => {
    const { s, clock, opts } = await setup([1000, 1000, 1000]);
    s.dealSoon(0);
    clock.advance(0);
    await s.idle();
    await playToShowdown(s);
    const before = s.viewFor("a").lastHand;
    expect(before).not.toBeNull();
    s.close();
    const again = unwrap(await TableSession.load("t1", opts))!;
    expect(again.viewFor("a").lastHand).toEqual(before);
    again.close();
  });
});

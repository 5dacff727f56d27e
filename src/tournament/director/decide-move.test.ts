import { describe, expect, it } from "vitest";
import { seededRandom } from "../index.ts";
import { Director, handSetup, replay, snapshot } from "./index.ts";
import { refused, seedConfig, startedDirector } from "../../../testkit/tournament/director.ts";

describe("R-TBL-4: a manual move", () => {
  const twoTables = () => startedDirector({ tableSize: 6 }, 10);
  const emptySeat = (seats: readonly (string | null)[]) => seats.indexOf(null) + 1;

  it("moves a seated entry to an empty seat; the next hand deals it in at its new seat", () => {
    const d = twoTables();
    const [a, b] = [d.state.tables.get(1)!, d.state.tables.get(2)!];
    const who = a.seats.find((x) => x !== null)!;
    const from = d.state.entries.get(who)!.seat;
    const seat = emptySeat(b.seats);
    const r = d.run({ type: "move", at: 1, entry: who, table: 2, seat });
    expect(r.ok && r.value).toEqual([{ type: "moved", at: 1, moves: [{ entry: who, from: 1, to: 2, seat }] }]);
    expect(a.seats[from - 1]).toBeNull();
    expect(b.seats[seat - 1]).toBe(who);
    expect([a.count, b.count]).toEqual([4, 6]);
    expect(handSetup(d.state, b, 1)!.hand.order.some((p) => p.player === who && p.seat === seat)).toBe(true);
    expect(snapshot(replay(d.events))).toEqual(snapshot(d.state));
  });
  it("a seat change at the same table", () => {
    const d = twoTables();
    const a = d.state.tables.get(1)!;
    const who = a.seats.find((x) => x !== null)!;
    const seat = emptySeat(a.seats);
    expect(d.run({ type: "move", at: 1, entry: who, table: 1, seat }).ok).toBe(true);
    expect(a.seats[seat - 1]).toBe(who);
    expect(a.count).toBe(5);
  });
  it("refusals change nothing: unknown or busted entry, unknown table, taken seat, seat beyond the table", () => {
    const d = twoTables();
    const b = d.state.tables.get(2)!;
    const who = d.state.tables.get(1)!.seats.find((x) => x !== null)!;
    const taken = b.seats.findIndex((x) => x !== null) + 1;
    expect(refused(d, { type: "move", at: 1, entry: "nobody", table: 2, seat: 1 })).toBe("tournament/no-entry");
    expect(refused(d, { type: "move", at: 1, entry: who, table: 9, seat: 1 })).toBe("tournament/no-table");
    expect(refused(d, { type: "move", at: 1, entry: who, table: 2, seat: taken })).toBe("tournament/seat-taken");
    expect(refused(d, { type: "move", at: 1, entry: who, table: 2, seat: 7 })).toBe("tournament/bad-seat");
    expect(refused(d, { type: "move", at: 1, entry: who, table: 2, seat: 0 })).toBe("tournament/bad-seat");
    expect(refused(d, { type: "move", at: 1, entry: who, table: 2, seat: 1.5 })).toBe("tournament/bad-seat");
    // A busted entry (no chips after a hand, not yet settled) is not moved.
    const t = d.state.tables.get(1)!;
    const setup = handSetup(d.state, t, 1)!;
    const stacks = setup.config.stacks.map((x, i) => (i === 0 ? 0 : i === 1 ? x + setup.config.stacks[0]! : x));
    expect(d.run({ type: "hand", at: 1, outcome: { table: 1, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks } }).ok).toBe(
      true,
    );
    expect(refused(d, { type: "move", at: 1, entry: setup.entries[0]!, table: 2, seat: emptySeat(b.seats) })).toBe("tournament/entry-busted");
    d.run({ type: "settle", at: 1 });
    expect(refused(d, { type: "move", at: 1, entry: setup.entries[0]!, table: 2, seat: emptySeat(b.seats) })).toBe("tournament/no-entry");
  });
  it("not before the start", () => {
    const d = new Director(seededRandom(1), true);
    d.run({ type: "announce", at: 0, config: seedConfig() });
    d.run({ type: "open-registration", at: 0 });
    d.run({ type: "register", at: 0, player: "p001" });
    expect(refused(d, { type: "move", at: 0, entry: "p001", table: 1, seat: 1 })).toBe("tournament/not-running");
  });
});

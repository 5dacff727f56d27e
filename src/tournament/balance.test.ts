import { describe, expect, it } from "vitest";
import { unwrap } from "../lib/result.ts";
import { balanceTables, type BalanceOptions } from "./balance.ts";
import { handFromPositions, nextHand } from "./blinds.ts";
import { seededRandom } from "./random.ts";
import type { BalanceTable } from "./table-model.ts";

/** A table `id` with players id1..idN in seats 1..N. */
function t(id: string, n: number, button: number, extra: Partial<BalanceTable> = {}): BalanceTable {
  return { id, button, seats: Array.from({ length: n }, (_, i) => ({ seat: i + 1, player: `${id}${i + 1}` })), ...extra };
}
const opts = (o: Partial<BalanceOptions> = {}): BalanceOptions => ({ tableSize: 10, rng: seededRandom(5), ...o });
const sizesAfter = (tables: BalanceTable[], moves: readonly { player: string; from: string; to: string }[]) => {
  const n = new Map(tables.map((x) => [x.id, x.seats.length - (x.busted?.length ?? 0)]));
  for (const m of moves) {
    n.set(m.from, n.get(m.from)! - 1);
    n.set(m.to, n.get(m.to)! + 1);
  }
  return [...n.values()].filter((v) => v > 0).sort((a, b) => b - a);
};

describe("balancing (R-TBL-2)", () => {
  it("R-TBL-2 seed 003: A's big blind busts; B's big blind takes the empty seat", () => {
    const r = unwrap(balanceTables([t("a", 6, 3, { busted: ["a5"] }), t("b", 7, 5)], opts()));
    expect(r.moves).toEqual([{ player: "b7", from: "b", to: "a", seat: 5 }]);
  });
  it("R-TBL-2 + R-TBL-4: the moved big blind posts the small blind at the new table, not a second big blind", () => {
    const a = t("a", 6, 3, { busted: ["a5"] });
    const r = unwrap(balanceTables([a, t("b", 7, 5)], opts()));
    const last = unwrap(handFromPositions("dead", 10, a.seats, { button: 3, sb: [4], bb: [5] }));
    const seated = [...a.seats.filter((s) => s.player !== "a5"), { seat: r.moves[0]!.seat, player: r.moves[0]!.player }];
    const next = unwrap(nextHand(last, seated));
    expect(next.sb).toEqual([5]);
    expect(next.order.find((p) => p.seat === 5)!.player).toBe("b7");
    expect(next.bb).toEqual([6]);
  });
  it("R-TBL-2: position is kept for other positions too: A's UTG (a6) busts → B's UTG (b1)", () => {
    const r = unwrap(balanceTables([t("a", 6, 3, { busted: ["a6"] }), t("b", 7, 5)], opts()));
    expect(r.moves).toEqual([{ player: "b1", from: "b", to: "a", seat: 6 }]);
  });
  it("R-TBL-2: the short table waits while the larger one is still in its hand", () => {
    const r = unwrap(balanceTables([t("a", 8, 3, { busted: ["a5"] }), t("b", 9, 5, { inHand: true }), t("c", 8, 1)], opts()));
    expect(r.moves).toEqual([]);
    expect(r.waiting).toEqual(["a"]);
  });
  it("R-TBL-2: a bust at the larger table meanwhile cancels the move", () => {
    const r = unwrap(balanceTables([t("a", 8, 3, { busted: ["a5"] }), t("b", 9, 5, { busted: ["b2"] }), t("c", 8, 1)], opts()));
    expect(r.moves).toEqual([]);
    expect(r.waiting).toEqual([]);
  });
  it("R-TBL-2: enough busts at the larger table turn the move round", () => {
    const tables = [t("a", 9, 3, { busted: ["a5"] }), t("b", 9, 5, { busted: ["b1", "b2", "b3", "b4"] }), t("c", 8, 1)];
    const r = unwrap(balanceTables(tables, opts()));
    expect(r.moves).toHaveLength(2);
    expect(r.moves.every((m) => m.to === "b")).toBe(true);
    // b's vacated seats are filled in order of position from its button: b1 (4th left of the button 5) first.
    expect(r.moves.map((m) => m.seat)).toEqual([1, 2]);
    expect(sizesAfter(tables, r.moves)).toEqual([7, 7, 7]);
  });
  it("R-TBL-2: a draw between equally large tables; both come up", () => {
    const from = new Set<string>();
    for (let seed = 1; seed < 40; seed++) {
      const r = unwrap(balanceTables([t("a", 8, 3, { busted: ["a5"] }), t("b", 9, 5), t("c", 9, 2)], opts({ rng: seededRandom(seed) })));
      expect(r.moves).toHaveLength(1);
      from.add(r.moves[0]!.from);
    }
    expect([...from].sort()).toEqual(["b", "c"]);
  });
  it("R-TBL-2 TDA option: the next big blind moves to the worst seat, never the small blind's", () => {
    // a: button 3, big blind a5 busted, so seat 5 posts the small blind next and is not
    // offered; seat 7 is the first empty seat after it (big blind the hand after a6's).
    // b: button 5, big blind b7, so b8 is the next big blind and moves.
    const a = { ...t("a", 7, 3, { busted: ["a5"] }), seats: [1, 2, 3, 4, 5, 6, 8].map((s, i) => ({ seat: s, player: `a${i + 1}` })) };
    const r = unwrap(balanceTables([a, t("b", 8, 5), t("c", 7, 1)], opts({ rule: "tda" })));
    expect(r.moves).toEqual([{ player: "b8", from: "b", to: "a", seat: 7 }]);
  });
});

describe("breaking tables (R-TBL-3)", () => {
  it("R-TBL-3: when the players fit on fewer tables the next table in the break order breaks, sizes within one", () => {
    const tables = [t("A", 5, 1, { busted: ["A2"] }), t("B", 4, 1), t("C", 5, 1)];
    const r = unwrap(balanceTables(tables, opts({ tableSize: 9 })));
    expect(r.broken).toEqual(["C"]);
    expect(r.moves.every((m) => m.from === "C")).toBe(true);
    expect(sizesAfter(tables, r.moves)).toEqual([7, 6]);
    const r2 = unwrap(balanceTables(tables, opts({ tableSize: 9, breakOrder: ["B", "A", "C"] })));
    expect(r2.broken).toEqual(["B"]);
  });
  it("R-TBL-3: a table due to break but still in its hand breaks after it; nothing else moves meanwhile", () => {
    const r = unwrap(balanceTables([t("A", 5, 1, { busted: ["A2", "A3"] }), t("B", 6, 1), t("C", 5, 1, { inHand: true })], opts({ tableSize: 9 })));
    expect(r.moves).toEqual([]);
  });
  it("R-TBL-3: the final table is formed by a draw of seats for everyone", () => {
    const r = unwrap(balanceTables([t("A", 5, 1, { busted: ["A1"] }), t("B", 6, 1)], opts()));
    expect(r.finalTable).toBe("A");
    expect(r.moves).toHaveLength(10);
    expect(new Set(r.moves.map((m) => m.seat)).size).toBe(10);
    expect(r.broken).toEqual(["B"]);
  });
  it("R-TBL-3 option: every table plays down to 3, then the nine meet at the final table", () => {
    const o = opts({ playDownTo: 3 });
    const waiting = unwrap(balanceTables([t("A", 3, 1), t("B", 5, 1), t("C", 3, 1)], o));
    expect(waiting.moves).toEqual([]);
    expect(waiting.waiting).toEqual(["A", "C"]);
    const merged = unwrap(balanceTables([t("A", 3, 1), t("B", 4, 1, { busted: ["B2"] }), t("C", 3, 1)], o));
    expect(merged.moves).toHaveLength(9);
    expect(merged.finalTable).toBeDefined();
  });
  it("refuses a player seated twice", () => {
    expect(balanceTables([t("A", 3, 1), { ...t("B", 3, 1), seats: [{ seat: 1, player: "A1" }] }], opts()).ok).toBe(false);
  });
});

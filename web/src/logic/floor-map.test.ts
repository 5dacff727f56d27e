import { describe, expect, it } from "vitest";
import type { Instruction, ResultsResponse, SeatingResponse } from "../../../src/protocol/index.ts";
import { bustOrder, buttonDrawText, searchEntries, tableMap, tvFit } from "./floor-map.ts";

// The table map and the player search of a running live event, from the server's
// seat map, pending instructions and results.

const seat = (entryId: string, name: string, tableNumber: number, s: number, stack = 20_000, countedAt: number | null = null) => ({
  entryId,
  name,
  tableNumber,
  seat: s,
  stack,
  countedAt,
});

const seating: SeatingResponse = {
  seats: [seat("ada#2", "Ada", 1, 2), seat("bodil", "Bodil Ås", 1, 5, 31_500, 1_000), seat("cid", "Cid", 2, 1), seat("dag", "Dag", 2, 4)],
  tables: [
    { tableNumber: 1, size: 9, button: { seat: 5, drawn: true } },
    { tableNumber: 2, size: 9, button: null },
  ],
};
const results: ResultsResponse = {
  tournamentId: "t",
  name: "Evening",
  payouts: [
    { place: 1, amount: 6000 },
    { place: 2, amount: 3000 },
    { place: 3, amount: 1000 },
  ],
  payoutsFixed: false,
  results: [
    { place: 5, entryId: "eva", name: "Eva", entryNumber: 1, prize: 0, rebuys: 0, addOn: false, bustedAt: 2_000, canReEnter: false },
    { place: 6, entryId: "ada", name: "Ada", entryNumber: 1, prize: 0, rebuys: 0, addOn: false, bustedAt: 1_500, canReEnter: false },
  ],
  stillIn: [
    { entryId: "bodil", name: "Bodil Ås", entryNumber: 1, stack: 31_500, countedAt: 1_000 },
    { entryId: "ada#2", name: "Ada", entryNumber: 2, stack: 16_167, countedAt: null },
    { entryId: "cid", name: "Cid", entryNumber: 1, stack: 16_167, countedAt: null },
    { entryId: "dag", name: "Dag", entryNumber: 1, stack: 16_166, countedAt: null },
  ],
  durationMs: 0,
};
// Table 3 was broken: Finn still sits there until the floor moves him to table 2 seat 6.
const moves: Instruction[] = [
  { id: "i1", kind: "break-table", entryId: "finn", name: "Finn", from: { tableNumber: 3, seat: 7 }, to: { tableNumber: 2, seat: 6 } },
];
const withFinn: SeatingResponse = { ...seating, seats: [...seating.seats, seat("finn", "Finn", 2, 6)] };

describe("the table map", () => {
  it("online: a table the director refused to settle is marked stopped, with the server's reason; the others are not", () => {
    const stopped = { code: "tournament/bad-stack", message: "p1's other chips must be whole 500s or larger" };
    const map = tableMap({ ...seating, tables: [{ ...seating.tables[0]!, stopped }, seating.tables[1]!] }, [], false);
    expect(map.map((t) => t.stopped)).toEqual([stopped, null]);
  });
  it("R-TBL-1: every seat of every table, empty ones too; the button where known; a live stack only where counted", () => {
    const map = tableMap(seating, [], true);
    expect(map.map((t) => t.tableNumber)).toEqual([1, 2]);
    expect(map[0]!.seats.length).toBe(9);
    expect(map[0]!.seats.map((s) => s.name)).toEqual([null, "Ada", null, null, "Bodil Ås", null, null, null, null]);
    expect(map[0]!.button).toEqual({ seat: 5, drawn: true });
    expect(map[0]!.seats[4]).toMatchObject({ stack: 31_500, countedAt: 1_000 });
    // Not counted: no figure on a live map (the 20,000 issued is not a count).
    expect(map[0]!.seats[1]!.stack).toBe(null);
    // A drawn button at a seat since emptied is out of date: not shown (online the last hand's button always is).
    const gone = { ...seating, seats: seating.seats.filter((s) => s.entryId !== "bodil") };
    expect(tableMap(gone, [], true)[0]!.button).toBe(null);
    const online = { ...gone, tables: [{ tableNumber: 1, size: 9, button: { seat: 5, drawn: false } }] };
    expect(tableMap(online, [], false)[0]!.button).toEqual({ seat: 5, drawn: false });
    // Online every stack is exact.
    expect(tableMap(seating, [], false)[0]!.seats[1]!.stack).toBe(20_000);
  });

  it("R-TBL-3: a broken table stays on the map, marked to break, while its players still sit there", () => {
    const map = tableMap(withFinn, moves, true);
    expect(map.map((t) => [t.tableNumber, t.breaking, t.giving, t.receiving])).toEqual([
      [1, false, 0, 0],
      [2, false, 0, 1],
      [3, true, 1, 0],
    ]);
    const t3 = map[2]!;
    expect(t3.seats[6]!.leaving).toEqual({ name: "Finn", kind: "break-table", tableNumber: 2, seat: 6 });
    expect(map[1]!.seats[5]).toMatchObject({ name: "Finn", arriving: { tableNumber: 3, seat: 7 } });
  });
});

describe("the player search", () => {
  it("part of a name, case and accents aside, finds where the player sits with the counted stack", () => {
    expect(searchEntries("bodil as", seating, results, [], true)).toEqual([
      {
        kind: "seated",
        entryId: "bodil",
        name: "Bodil Ås",
        entryNumber: 1,
        tableNumber: 1,
        seat: 5,
        movingTo: null,
        stack: 31_500,
        countedAt: 1_000,
        estimate: false,
      },
    ]);
    // Not counted: the estimate, said to be one.
    expect(searchEntries("CID", seating, results, [], true)[0]).toMatchObject({ tableNumber: 2, seat: 1, stack: 16_167, estimate: true });
  });

  it("re-entries are separate entries: the live one seated, the busted one with its place and prize; a number picks the entry", () => {
    const ada = searchEntries("ad", seating, results, [], true);
    expect(ada.map((f) => [f.kind, f.entryNumber])).toEqual([
      ["seated", 2],
      ["out", 1],
    ]);
    expect(ada[1]).toEqual({ kind: "out", entryId: "ada", name: "Ada", entryNumber: 1, place: 6, prize: 0, bustedAt: 1_500 });
    expect(searchEntries("ada #1", seating, results, [], true).map((f) => f.entryId)).toEqual(["ada"]);
    expect(searchEntries("2", seating, results, [], true).map((f) => f.entryId)).toEqual(["ada#2"]);
    expect(searchEntries("eva", seating, results, [], true)[0]).toMatchObject({ kind: "out", place: 5 });
    expect(searchEntries("zed", seating, results, [], true)).toEqual([]);
    expect(searchEntries("  ", seating, results, [], true)).toEqual([]);
  });

  it("R-TBL-2: a player with a move not yet carried out is where they still sit, and where they go", () => {
    expect(searchEntries("finn", withFinn, results, moves, true)[0]).toMatchObject({ tableNumber: 3, seat: 7, movingTo: { tableNumber: 2, seat: 6 } });
  });

  it("R-PLACE-1: the bust order, the last out first", () => {
    expect(bustOrder(results).map((r) => r.name)).toEqual(["Eva", "Ada"]);
  });
});

describe("the table map on a 16:9 TV", () => {
  it("every table fits the screen's height at once, the type as large as that allows", () => {
    for (const tables of [1, 2, 3, 4, 7, 8, 9, 15, 16, 30]) {
      const { columns, lineVh } = tvFit(tables, 9);
      const rows = Math.ceil(tables / columns);
      // Rows of cards (9 seats and a heading each) within 84 % of the height.
      expect(rows * (9 + 2.5) * 1.3 * lineVh).toBeLessThanOrEqual(84 + 1e-9);
      expect(lineVh).toBeLessThanOrEqual(3);
    }
    expect(tvFit(3, 9)).toEqual({ columns: 3, lineVh: 3 });
    expect(tvFit(15, 9).columns).toBe(5);
    // 15 tables of 9 in three rows: about 1.9 % of the height, some 20 px on a 1080p TV.
    expect(tvFit(15, 9).lineVh).toBeGreaterThan(1.8);
  });

  it("on a TV hung upright every table fits, each seat line across its column, the type as large as both allow", () => {
    const aspect = 1080 / 1920;
    for (const tables of [1, 2, 3, 4, 7, 8, 9, 15, 16, 30]) {
      const { columns, lineVh } = tvFit(tables, 10, aspect);
      const rows = Math.ceil(tables / columns);
      expect(rows * (10 + 2.5) * 1.3 * lineVh).toBeLessThanOrEqual(84 + 1e-9);
      // A seat line of 20 ems across a column of the width's share (in units of the height).
      expect(20 * lineVh * columns).toBeLessThanOrEqual(100 * aspect + 1e-9);
      expect(lineVh).toBeLessThanOrEqual(3 * aspect + 1e-9);
    }
    // Three tables of ten one under another, at 3 % of the width (32 px on a 1080 × 1920 TV),
    // where the landscape plan put them side by side and cut every name to a letter.
    expect(tvFit(3, 10, aspect)).toEqual({ columns: 1, lineVh: 3 * aspect });
    expect(tvFit(30, 10, aspect).columns).toBeGreaterThan(1);
  });
});

describe("R-DEAL-6 the button draw as the floor reads it", () => {
  it("each seat's card, round by round; a redraw among the tied marked as again", () => {
    // Kh (44 + 2) and Ks (44 + 3) tie in rank at seats 1 and 4 (seat 6: 9c); the tied draw again: 2c, 9d.
    const draw = [
      { round: 1, seat: 1, card: 46 },
      { round: 1, seat: 4, card: 47 },
      { round: 1, seat: 6, card: 28 },
      { round: 2, seat: 1, card: 0 },
      { round: 2, seat: 4, card: 29 },
    ];
    expect(buttonDrawText(draw, "again")).toBe("1 Kh · 4 Ks · 6 9c → again 1 2c · 4 9d");
  });
});

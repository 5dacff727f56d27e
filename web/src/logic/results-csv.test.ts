import { describe, expect, it } from "vitest";
import type { ResultsResponse } from "../../../src/protocol/index.ts";
import { localDateTime, resultsCsv } from "./results-csv.ts";

const at = new Date(2026, 11, 4, 21, 5, 9).getTime();
const results: ResultsResponse = {
  tournamentId: "T1",
  name: "Friday 19:00",
  payouts: [
    { place: 1, amount: 60_000 },
    { place: 2, amount: 40_000 },
  ],
  payoutsFixed: true,
  results: [
    { place: 1, entryId: "e1", name: "Jiří Novák", entryNumber: 1, prize: 61_250, rebuys: 0, addOn: true, bustedAt: null, canReEnter: false },
    { place: 2, entryId: "e2", name: "John Smith, Jr.", entryNumber: 2, prize: 38_750, rebuys: 1, addOn: false, bustedAt: at, canReEnter: false },
  ],
  stillIn: [],
  durationMs: 1000,
  money: { buyIns: 80_000, reEntries: 10_000, rebuys: 0, addOns: 5_000, fees: 9_500, overlay: 5_000, prizePool: 100_000, deal: { method: "icm", at } },
};

describe("the results CSV", () => {
  const csv = resultsCsv(results, (k) => k);
  const lines = csv.slice(1).split("\r\n");

  it("starts with a byte-order mark, so a spreadsheet reads the names as UTF-8", () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(lines[1]).toContain("Jiří Novák");
  });

  it("says times in local time and money as plain numbers; a name with a comma stays one field", () => {
    expect(localDateTime(at)).toBe("2026-12-04 21:05:09");
    expect(lines[2]).toBe('2,"John Smith, Jr.",,2,2026-12-04 21:05:09,387.50,1,0,');
    expect(lines[1]).toBe("1,Jiří Novák,,1,,612.50,0,1,");
  });

  it("tells two John Smiths apart by their player numbers, in the places and among the players still in", () => {
    const two: ResultsResponse = {
      ...results,
      results: [
        { place: 3, entryId: "e3", name: "John Smith", playerNumber: 1042, entryNumber: 1, prize: 0, rebuys: 0, addOn: false, bustedAt: at, canReEnter: false },
      ],
      stillIn: [{ entryId: "e4", name: "John Smith", playerNumber: 1187, entryNumber: 1, stack: 52_000, countedAt: null }],
    };
    const rows = resultsCsv(two, (k) => k)
      .slice(1)
      .split("\r\n");
    expect(rows[0]).toBe("results.place,auth.name,live.playerNumber,live.entry,live.bustedAt,results.prize,results.rebuys,results.addOn,payouts.chips");
    expect(rows[1]).toBe(",John Smith,1187,1,,,,,52000");
    expect(rows[2]).toBe("3,John Smith,1042,1,2026-12-04 21:05:09,0.00,0,0,");
  });

  it("ends with where the money came from and went: fees, the overlay and the deal", () => {
    const tail = lines.slice(4);
    expect(tail).toEqual([
      "results.money.title",
      "results.money.buyIns,800.00",
      "results.money.reEntries,100.00",
      "results.money.addOns,50.00",
      "results.money.fees,95.00",
      "results.money.overlay,50.00",
      "results.money.prizePool,1000.00",
      "results.money.deal,results.money.method.icm,2026-12-04 21:05:09",
      "",
    ]);
  });
});

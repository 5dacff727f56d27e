import type { ResultsResponse } from "../../../src/protocol/index.ts";
import { toCsv } from "./csv.ts";

/** The column and row names, in the reader's language. */
export type CsvWord = (key: string) => string;

const pad = (n: number) => String(n).padStart(2, "0");

/** A local date and time a spreadsheet reads as one ("2026-12-04 21:35:07"), not UTC's ISO text. */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Money in the currency's units with two decimals and no grouping or symbol, so a spreadsheet sums it. */
export const moneyCell = (cents: number): string => (cents / 100).toFixed(2);

/**
 * The results as a spreadsheet opens them: UTF-8 with a byte-order mark (so names in any
 * language survive Excel), each player's number, local times, money as numbers, the chips of the players still
 * in, then where the money came from and went (fees, overlay, the deal).
 */
export function resultsCsv(r: ResultsResponse, w: CsvWord): string {
  const rows: (string | number)[][] = [
    [
      w("results.place"),
      w("auth.name"),
      w("live.playerNumber"),
      w("live.entry"),
      w("live.bustedAt"),
      w("results.prize"),
      w("results.rebuys"),
      w("results.addOn"),
      w("payouts.chips"),
    ],
  ];
  // The player number beside the name: two players of one name are two rows a reader tells apart.
  const no = (x: { playerNumber?: number | undefined }) => x.playerNumber ?? "";
  for (const x of r.stillIn) rows.push(["", x.name, no(x), x.entryNumber, "", "", "", "", x.stack]);
  for (const x of r.results)
    rows.push([x.place, x.name, no(x), x.entryNumber, x.bustedAt === null ? "" : localDateTime(x.bustedAt), moneyCell(x.prize), x.rebuys, x.addOn ? 1 : 0, ""]);
  const m = r.money;
  if (m !== undefined) {
    rows.push([], [w("results.money.title")]);
    const line = (key: string, cents: number) => rows.push([w(`results.money.${key}`), moneyCell(cents)]);
    line("buyIns", m.buyIns);
    if (m.reEntries > 0) line("reEntries", m.reEntries);
    if (m.rebuys > 0) line("rebuys", m.rebuys);
    if (m.addOns > 0) line("addOns", m.addOns);
    line("fees", m.fees);
    line("overlay", m.overlay);
    line("prizePool", m.prizePool);
    rows.push(
      m.deal === null
        ? [w("results.money.deal"), w("results.money.noDeal")]
        : [w("results.money.deal"), w(`results.money.method.${m.deal.method}`), localDateTime(m.deal.at)],
    );
  }
  return `\uFEFF${toCsv(rows)}`;
}

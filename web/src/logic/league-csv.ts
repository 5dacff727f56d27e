import type { LeagueStandingsResponse } from "../../../src/protocol/index.ts";
import { toCsv } from "./csv.ts";
import type { CsvWord } from "./results-csv.ts";

/**
 * The standings as a spreadsheet opens them (UTF-8 with a byte-order mark): rank, player,
 * points, events played, wins, cashes, best place, then the places and points of each
 * finished event in the season's order ("" where the player did not play; points in brackets
 * where best-N left them out).
 */
export function leagueCsv(s: LeagueStandingsResponse, w: CsvWord): string {
  const events = s.events.filter((e) => e.finished);
  const rows: (string | number)[][] = [
    [
      w("league.rank"),
      w("auth.name"),
      w("league.points"),
      w("league.played"),
      w("league.wins"),
      w("league.cashes"),
      w("league.best"),
      ...events.map((e) => e.name),
    ],
  ];
  for (const x of s.standings) {
    const by = new Map(x.results.map((r) => [r.tournamentId, r]));
    rows.push([
      x.rank,
      x.name,
      x.points,
      x.played,
      x.wins,
      x.cashes,
      x.best,
      ...events.map((e) => {
        const r = by.get(e.tournamentId);
        return r === undefined ? "" : r.counted ? `${r.place} (${r.points})` : `${r.place} [${r.points}]`;
      }),
    ]);
  }
  return `\uFEFF${toCsv(rows)}`;
}

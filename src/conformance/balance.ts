// kind "balance" (R-TBL-2, R-TBL-3): the moves after a hand at every table; a case either
// lists the moves, several acceptable sets of moves (a draw), or the table sizes after a break.
import { balanceTables, seededRandom, type BalanceTable, type Move } from "../tournament/index.ts";
import { arr, num, nums, obj, sameJson, seatMap, str, strs } from "./read.ts";
import type { CaseRunner } from "./types.ts";

const readMoves = (v: unknown, what: string): Move[] =>
  arr(v, what).map((m, i) => {
    const o = obj(m, `${what}[${i}]`);
    return { player: str(o["player"], "player"), from: str(o["from"], "from"), to: str(o["to"], "to"), seat: num(o["seat"], "seat") };
  });

const key = (moves: readonly Move[]) => [...moves].map((m) => JSON.stringify([m.player, m.from, m.to, m.seat])).sort();

export const runBalanceCase: CaseRunner = (raw) => {
  const tableSize = num(raw["tableSize"] ?? 10, "tableSize");
  const busted = obj(raw["busted"] ?? {}, "busted");
  const tables: BalanceTable[] = Object.entries(obj(raw["tables"], "tables")).map(([id, t]) => {
    const o = obj(t, `tables.${id}`);
    return {
      id,
      seats: seatMap(o["seats"], `tables.${id}.seats`),
      button: num(o["button"], `tables.${id}.button`),
      busted: strs(busted[id] ?? [], `busted.${id}`),
    };
  });
  // The format names no balancing rule: cases follow the default (the seed's, R-TBL-2).
  const result = balanceTables(tables, { tableSize, rule: "seed", rng: seededRandom(20240) });
  const expect = obj(raw["expect"], "expect");
  if (!result.ok) return { pass: false, expected: expect, why: result.error.message };
  const moves = result.value.moves;
  if (expect["sizes"] !== undefined) {
    const want = nums(expect["sizes"], "expect.sizes");
    const seats = new Map(tables.map((t) => [t.id, new Set(t.seats.map((s) => s.player).filter((p) => !(t.busted ?? []).includes(p)))]));
    for (const m of moves) {
      seats.get(m.from)!.delete(m.player);
      seats.get(m.to)!.add(m.player);
    }
    const got = [...seats.values()]
      .map((s) => s.size)
      .filter((n) => n > 0)
      .sort((a, b) => b - a);
    return sameJson(got, want) ? { pass: true, got, expected: want } : { pass: false, got, expected: want, why: `sizes ${JSON.stringify(got)}` };
  }
  const options =
    expect["anyOf"] !== undefined
      ? arr(expect["anyOf"], "expect.anyOf").map((o, i) => readMoves(obj(o, `anyOf[${i}]`)["moves"], `anyOf[${i}].moves`))
      : [readMoves(expect["moves"], "expect.moves")];
  const got = key(moves);
  if (options.some((o) => sameJson(key(o), got))) return { pass: true, got: moves, expected: expect };
  const final = result.value.finalTable;
  const why =
    final !== undefined
      ? `the ${moves.length} players fit one table of ${tableSize}: final table formed at ${final} by a draw of seats (R-TBL-3); moves ${JSON.stringify(moves)}`
      : `moves ${JSON.stringify(moves)}`;
  return { pass: false, got: moves, expected: expect, why };
};

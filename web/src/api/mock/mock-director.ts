import type { ColourUpResult, Instruction, PredictResponse, Structure } from "../../../../src/protocol/index.ts";
import type { HttpAnswer } from "../transport.ts";
import type { MEntry, MTournament } from "./mock-tournament.ts";

// Director-side computations of the mock server. Simplified stand-ins for
// src/tournament (balancing, chip race, prediction), good enough to drive the screens.

/** R-TBL-2/3 (simplified): break a table when the rest fit, else move one to the shortest. */
export function instructions(t: MTournament, tableSize = 10): Instruction[] {
  const playing = t.entries.filter((e) => e.state === "playing" && e.tableNumber !== null);
  const tables = [...new Set(playing.map((e) => e.tableNumber!))].sort((a, b) => a - b);
  if (tables.length < 2) return [];
  const at = (n: number) => playing.filter((e) => e.tableNumber === n);
  const freeSeat = (n: number, taken: number[]) => {
    for (let s = 1; s <= tableSize; s++) if (!at(n).some((e) => e.seat === s) && !taken.includes(s)) return s;
    return null;
  };
  const out: Instruction[] = [];
  if (playing.length <= (tables.length - 1) * tableSize) {
    const broken = tables[tables.length - 1]!;
    const others = tables.slice(0, -1);
    const planned = new Map<number, number[]>();
    for (const e of at(broken)) {
      const target = others.map((n) => ({ n, count: at(n).length + (planned.get(n)?.length ?? 0) })).sort((a, b) => a.count - b.count)[0]!;
      const taken = planned.get(target.n) ?? [];
      const seat = freeSeat(target.n, taken);
      if (seat === null) continue;
      taken.push(seat);
      planned.set(target.n, taken);
      out.push(move(e, "break-table", target.n, seat));
    }
    return out;
  }
  const sizes = tables.map((n) => ({ n, count: at(n).length })).sort((a, b) => b.count - a.count);
  const big = sizes[0]!;
  const small = sizes[sizes.length - 1]!;
  if (big.count - small.count >= 2) {
    const e = at(big.n).sort((a, b) => (b.seat ?? 0) - (a.seat ?? 0))[0]!;
    const seat = freeSeat(small.n, []);
    if (seat !== null) out.push(move(e, "balance", small.n, seat));
  }
  return out;
}

function move(e: MEntry, kind: Instruction["kind"], tableNumber: number, seat: number): Instruction {
  return {
    id: `mv-${e.entryId}-${tableNumber}-${seat}`,
    kind,
    entryId: e.entryId,
    name: e.name,
    from: { tableNumber: e.tableNumber!, seat: e.seat! },
    to: { tableNumber, seat },
  };
}

/**
 * R-CHIP-3/4 chip race. `cards` are each player's race cards (one per odd chip); the
 * pooled odd chips buy floor(total / into) higher chips plus one if the remainder is at
 * least half a chip; they go one each to the highest cards (rank, then suit), one per player.
 */
export function chipRace(
  players: readonly { entryId: string; name: string; seat: number; stack: number; odd: number; cards: number[] }[],
  remove: number,
  into: number,
): ColourUpResult {
  const rows = players.map((p) => {
    const fromBank = p.odd > 0 && p.stack === p.odd * remove; // R-CHIP-4
    return { ...p, fromBank };
  });
  const racing = rows.filter((r) => r.odd > 0 && !r.fromBank);
  const pooled = racing.reduce((a, r) => a + r.odd * remove, 0);
  let chipsToWin = Math.floor(pooled / into) + (pooled % into >= into / 2 ? 1 : 0);
  const best = racing
    .map((r) => ({ r, top: Math.max(...r.cards) }))
    .sort((a, b) => b.top - a.top);
  const winners = new Set<string>();
  for (const b of best) {
    if (chipsToWin <= 0) break;
    winners.add(b.r.entryId);
    chipsToWin -= 1;
  }
  return {
    remove,
    into,
    players: rows.map((r) => ({
      entryId: r.entryId,
      name: r.name,
      seat: r.seat,
      oddChips: r.odd,
      cards: r.fromBank ? [] : r.cards,
      fromBank: r.fromBank,
      wonChip: winners.has(r.entryId),
      stackBefore: r.stack,
      stackAfter: r.stack - r.odd * remove + (r.fromBank || winners.has(r.entryId) ? into : 0),
    })),
  };
}

/** A crude field-shrink model for the designer's chart (the real server runs the simulator). */
export function predict(structure: Structure, players: number): PredictResponse {
  const points: PredictResponse["points"] = [];
  const total = structure.startingStack * players;
  let left = players;
  let minute = 0;
  let end = 0;
  for (const l of structure.levels) {
    if (l.kind === "level") {
      for (let m = 0; m < l.minutes; m += 5) {
        const avgInBB = total / Math.max(1, left) / Math.max(1, l.bb);
        const rate = Math.min(0.5, 0.9 / Math.max(1, avgInBB)) * (5 / 20);
        left = Math.max(1, left * (1 - rate * 2.2));
        points.push({ minute: minute + m, playersLeft: Math.round(left * 10) / 10, bigBlind: l.bb });
        if (left <= 1.5 && end === 0) end = minute + m;
      }
    }
    minute += l.minutes;
  }
  return { points, predictedEndMinute: end || minute };
}

/**
 * As the server's structure check (src/tournament/structure/validate.ts, simplified): the
 * chip set (R-CHIP-1) and that the smallest chip pays every blind and ante; a refusal is a
 * director/invalid answer naming the structure's error as its cause.
 */
export function structureRefusal(s: Structure): HttpAnswer | null {
  const refuse = (cause: string, message: string): HttpAnswer => ({ status: 400, body: { error: { code: "director/invalid", message, cause } } });
  const chips = s.chips;
  if (chips === undefined) return null;
  for (let i = 1; i < chips.length; i++) {
    if (chips[i]! <= chips[i - 1]! || chips[i]! % chips[i - 1]! !== 0) return refuse("structure/bad-chips", `denomination ${chips[i]} does not follow ${chips[i - 1]}`);
  }
  const smallest = chips[0]!;
  if (s.startingStack <= 0 || s.startingStack % smallest !== 0) return refuse("structure/bad-starting-stack", `starting stack ${s.startingStack} is not a multiple of ${smallest}`);
  for (const [index, l] of s.levels.entries()) {
    if (l.kind !== "level") continue;
    if (l.game === "limit" && l.limit === undefined) return refuse("structure/missing-limit-blinds", `item ${index + 1}: a limit level names its limit blinds`);
    const amounts = [l.sb, l.bb, l.ante, ...(l.limit ? [l.limit.sb, l.limit.bb, l.limit.ante] : [])];
    const amount = amounts.find((a) => a % smallest !== 0);
    if (amount !== undefined) return refuse("structure/not-payable", `item ${index + 1}: ${amount} cannot be paid with the smallest chip ${smallest}`);
  }
  return null;
}

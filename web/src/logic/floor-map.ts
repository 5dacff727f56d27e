import type { Instruction, ResultsResponse, SeatingResponse } from "../../../src/protocol/index.ts";
import { cardText } from "./cards.ts";

// The running event as the floor reads it: the table map (every table, every
// seat, the button where known, the moves still to be made) and the player search (where an
// entry sits, or its place and prize once out). Pure: built from the server's seat map,
// pending instructions and results, so it is tested without a browser.

/** How names are compared: case, accents and spacing aside ("bodil as" finds "Bodil Ås"). */
export const foldName = (x: string): string =>
  x
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLocaleLowerCase();

export interface MapSeat {
  readonly seat: number;
  /** Who the seat map has here (null: empty). */
  readonly entryId: string | null;
  readonly name: string | null;
  /** The player's number, told apart from another of the same name. */
  readonly playerNumber?: number | undefined;
  /** The chips: a live room's recorded count (with its time), online the exact stack; null: not counted. */
  readonly stack: number | null;
  readonly countedAt: number | null;
  /** Moved here by an instruction not yet carried out: where the player still sits. */
  readonly arriving: { readonly tableNumber: number; readonly seat: number } | null;
  /** Somebody still sits here who is to move (an instruction not yet carried out). */
  readonly leaving: { readonly name: string; readonly kind: Instruction["kind"]; readonly tableNumber: number; readonly seat: number } | null;
}

export interface MapTable {
  readonly tableNumber: number;
  readonly seats: readonly MapSeat[];
  readonly players: number;
  readonly button: {
    readonly seat: number;
    readonly drawn: boolean;
    /** Live: where the floor recorded it. */
    readonly recorded?: boolean | undefined;
    /** R-DEAL-6: the cards of the draw while the drawn button stands. */
    readonly draw?: readonly { readonly round: number; readonly seat: number; readonly card: number }[] | undefined;
  } | null;
  /** R-TBL-3: the director chose this table to break next. */
  readonly breaksNext: boolean;
  /** Online: the director refused to settle it, so it does not deal (the server tries again). */
  readonly stopped: { readonly code: string; readonly message: string } | null;
  /** The moves still to be made from this table: a table to break (it is gone from the seat map), to balance, or moving to the final table. */
  readonly breaking: boolean;
  readonly giving: number;
  readonly receiving: number;
}

/**
 * Every table with every seat. A broken table leaves the server's seat map at once, but its
 * players sit there until the floor has moved them: it stays on the map, marked to break,
 * until its last move is confirmed.
 */
export function tableMap(seating: SeatingResponse, instructions: readonly Instruction[], live: boolean): MapTable[] {
  const sizes = new Map(seating.tables.map((t) => [t.tableNumber, t.size]));
  const fallback = Math.max(2, ...seating.tables.map((t) => t.size), ...seating.seats.map((s) => s.seat), ...instructions.map((i) => i.from.seat));
  const numbers = new Set([
    ...seating.tables.map((t) => t.tableNumber),
    ...seating.seats.map((s) => s.tableNumber),
    ...instructions.map((i) => i.from.tableNumber),
  ]);
  return [...numbers]
    .sort((a, b) => a - b)
    .map((n) => {
      const size = sizes.get(n) ?? fallback;
      const here = seating.seats.filter((s) => s.tableNumber === n);
      const from = instructions.filter((i) => i.from.tableNumber === n);
      const to = instructions.filter((i) => i.to.tableNumber === n);
      const last = Math.max(size, ...here.map((s) => s.seat), ...from.map((i) => i.from.seat));
      const seats: MapSeat[] = Array.from({ length: last }, (_, k) => {
        const seat = k + 1;
        const s = here.find((x) => x.seat === seat);
        const arriving = s ? to.find((i) => i.entryId === s.entryId && i.to.seat === seat) : undefined;
        const leaving = from.find((i) => i.from.seat === seat);
        return {
          seat,
          entryId: s?.entryId ?? null,
          name: s?.name ?? null,
          playerNumber: s?.playerNumber,
          stack: s === undefined ? null : live ? (s.countedAt !== null ? s.stack : null) : s.stack,
          countedAt: s?.countedAt ?? null,
          arriving: arriving ? arriving.from : null,
          leaving: leaving ? { name: leaving.name, kind: leaving.kind, tableNumber: leaving.to.tableNumber, seat: leaving.to.seat } : null,
        };
      });
      const t = seating.tables.find((x) => x.tableNumber === n);
      // A drawn button at a seat since emptied is out of date (the seat's player is gone, hands were played): not shown.
      const button = t?.button && (!t.button.drawn || seats[t.button.seat - 1]?.name != null) ? t.button : null;
      return {
        tableNumber: n,
        seats,
        players: here.length,
        button,
        breaksNext: t?.breaksNext === true,
        stopped: t?.stopped ?? null,
        breaking: t === undefined || from.some((i) => i.kind === "break-table"),
        giving: from.length,
        receiving: to.length,
      };
    });
}

export type Found =
  | {
      readonly kind: "seated";
      readonly entryId: string;
      readonly name: string;
      readonly playerNumber?: number | undefined;
      readonly entryNumber: number;
      /** Where the player sits now (a move not yet carried out: still the old seat). */
      readonly tableNumber: number;
      readonly seat: number;
      readonly movingTo: { readonly tableNumber: number; readonly seat: number } | null;
      readonly stack: number | null;
      /** When the stack was counted (live); null online (exact) or for an estimate. */
      readonly countedAt: number | null;
      readonly estimate: boolean;
    }
  | {
      readonly kind: "out";
      readonly entryId: string;
      readonly name: string;
      readonly playerNumber?: number | undefined;
      readonly entryNumber: number;
      readonly place: number;
      readonly prize: number;
      readonly bustedAt: number | null;
    };

/**
 * The player search: words of the query must all be in the name (case and accents aside);
 * a number (or "#2") is the entry number (1 the first entry, 2 the first re-entry, ...) or the
 * player number ("1042": player numbers start at 1001, past any entry number). Each
 * entry is its own row: a player who re-entered shows the busted entry and the live one.
 */
export function searchEntries(query: string, seating: SeatingResponse, results: ResultsResponse, instructions: readonly Instruction[], live: boolean): Found[] {
  const words = foldName(query).split(" ").filter(Boolean);
  if (words.length === 0) return [];
  const numbers = words.filter((w) => /^#?\d+$/.test(w)).map((w) => Number(w.replace("#", "")));
  const parts = words.filter((w) => !/^#?\d+$/.test(w));
  const matches = (name: string, entryNumber: number, playerNumber?: number) => {
    const folded = foldName(name);
    return parts.every((p) => folded.includes(p)) && numbers.every((x) => x === entryNumber || x === playerNumber);
  };
  const still = new Map(results.stillIn.map((s) => [s.entryId, s]));
  const seated: Found[] = seating.seats.flatMap((s) => {
    const entryNumber = still.get(s.entryId)?.entryNumber ?? 1;
    if (!matches(s.name, entryNumber, s.playerNumber)) return [];
    const move = instructions.find((i) => i.entryId === s.entryId);
    const counted = s.countedAt !== null || !live;
    const figure = counted ? s.stack : (still.get(s.entryId)?.stack ?? null);
    return [
      {
        kind: "seated" as const,
        entryId: s.entryId,
        name: s.name,
        playerNumber: s.playerNumber,
        entryNumber,
        tableNumber: move ? move.from.tableNumber : s.tableNumber,
        seat: move ? move.from.seat : s.seat,
        movingTo: move ? move.to : null,
        stack: figure,
        countedAt: live ? s.countedAt : null,
        estimate: !counted && figure !== null,
      },
    ];
  });
  const out: Found[] = results.results
    .filter((r) => !seating.seats.some((s) => s.entryId === r.entryId) && matches(r.name, r.entryNumber, r.playerNumber))
    .map((r) => ({
      kind: "out" as const,
      entryId: r.entryId,
      name: r.name,
      playerNumber: r.playerNumber,
      entryNumber: r.entryNumber,
      place: r.place,
      prize: r.prize,
      bustedAt: r.bustedAt,
    }));
  const byName = (a: Found, b: Found) => foldName(a.name).localeCompare(foldName(b.name)) || a.entryNumber - b.entryNumber;
  return [...seated.sort(byName), ...out.sort((a, b) => (a.kind === "out" && b.kind === "out" ? a.place - b.place : 0))];
}

/** The bust order so far: every entry out, the last one out first, with place, time and prize. */
export function bustOrder(results: ResultsResponse): ResultsResponse["results"] {
  const still = new Set(results.stillIn.map((s) => s.entryId));
  return results.results.filter((r) => r.bustedAt !== null && !still.has(r.entryId)).sort((a, b) => a.place - b.place);
}

/** A seat line's height on the TV, in units of its font size; a card adds its heading (about 2.5 lines). */
const LINE = 1.3;
const HEADING = 2.5;
/** The share of the screen's height the cards may use (the title and the legend take the rest). */
const ROOM_VH = 84;

/** A seat line's width in units of its font size: number, button, a name with its entry number, stack. */
const LINE_EMS = 20;

/**
 * On a TV every table shows at once: columns by the number of tables, and the
 * type as large as the rows of cards allow in the screen's height, at most 3 % of it.
 * A screen hung upright (`aspect`, width / height, below 1) is planned by its shape: the
 * number of columns whose type is largest, as the width allows a seat line across its
 * column and the height the rows of cards, at most 3 % of the width.
 */
export function tvFit(tables: number, seats: number, aspect = 16 / 9): { columns: number; lineVh: number } {
  const lineVhFor = (columns: number) => ROOM_VH / (Math.max(1, Math.ceil(tables / columns)) * (Math.max(seats, 2) + HEADING) * LINE);
  if (aspect >= 1) {
    const columns = tables <= 3 ? Math.max(1, tables) : tables <= 8 ? 4 : tables <= 15 ? 5 : 6;
    return { columns, lineVh: Math.min(3, lineVhFor(columns)) };
  }
  let best = { columns: 1, lineVh: 0 };
  for (let columns = 1; columns <= Math.max(1, Math.min(tables, 6)); columns++) {
    const lineVh = Math.min(3 * aspect, lineVhFor(columns), (100 * aspect) / columns / LINE_EMS);
    if (lineVh > best.lineVh + 1e-9) best = { columns, lineVh };
  }
  return best;
}

/** R-DEAL-6: a table's button draw as the floor reads it, round by round ("1 Ks · 4 Kh → again 1 2c · 4 9d"). */
export function buttonDrawText(draw: readonly { readonly round: number; readonly seat: number; readonly card: number }[], again: string): string {
  const rounds = new Map<number, string[]>();
  for (const d of draw) rounds.set(d.round, [...(rounds.get(d.round) ?? []), `${d.seat} ${cardText(d.card)}`]);
  return [...rounds.entries()].map(([r, cards]) => (r === 1 ? "" : `${again} `) + cards.join(" · ")).join(" → ");
}

import type { HandRecord, LastHand, SeatView, TableView } from "../../../src/protocol/index.ts";
import type { ReplayFrame } from "./replay.ts";

// The replayer drawn as the table: a replay frame as the TableView the live
// table draws, so a replay looks like the hand did. The last step is the finished hand
// (board, shown hands, pots won), as the table showed it in the pause after the hand.

const STREETS = ["preflop", "preflop", "preflop", "flop", "turn", "river"] as const;

/** The finished hand as the table's `lastHand`, from the record's events. */
export function lastHandOf(record: HandRecord): LastHand {
  const names = new Map<number, string>();
  const pots = new Map<number, LastHand["pots"][number]>();
  const shown: LastHand["shown"] = [];
  let board: number[] = [];
  let stacks: LastHand["stacks"] = [];
  let myCards: [number, number] | null = null;
  for (const e of record.events) {
    if (e.kind === "hand-start") for (const s of e.seats) names.set(s.seat, s.name);
    else if (e.kind === "hole-cards" && e.cards !== null) myCards = [e.cards[0]!, e.cards[1]!];
    else if (e.kind === "board") board = [...board, ...e.cards];
    else if (e.kind === "show") shown.push({ seat: e.seat, name: names.get(e.seat) ?? `#${e.seat}`, cards: e.cards, hand: e.hand });
    else if (e.kind === "win") {
      const p = pots.get(e.potIndex) ?? { index: e.potIndex, amount: 0, winners: [] };
      p.amount += e.amount;
      p.winners.push({ seat: e.seat, name: names.get(e.seat) ?? `#${e.seat}`, amount: e.amount, category: e.category });
      pots.set(e.potIndex, p);
    } else if (e.kind === "hand-end") stacks = e.stacks;
  }
  return { handId: record.handId, handNumber: record.handNumber, board, shown, pots: [...pots.values()].sort((a, b) => a.index - b.index), stacks, myCards };
}

export function frameView(record: HandRecord, frames: readonly ReplayFrame[], step: number): TableView {
  const f = frames[step]!;
  const start = record.events.find((e) => e.kind === "hand-start");
  const mine = record.events.find((e) => e.kind === "hole-cards" && e.cards !== null);
  const maxSeat = Math.max(2, ...f.seats.map((s) => s.seat));
  const size = maxSeat <= 6 ? 6 : maxSeat <= 9 ? 9 : 10;
  const done = step === frames.length - 1 && record.events.some((e) => e.kind === "hand-end");
  const seats: SeatView[] = [];
  for (let n = 1; n <= size; n++) {
    const s = f.seats.find((x) => x.seat === n);
    seats.push(
      s === undefined
        ? { seat: n, player: null, stack: 0, bet: 0, status: "empty", hasCards: false, cards: null, shownHand: null, connected: false }
        : {
            seat: n,
            player: { id: `seat-${n}`, name: s.name },
            stack: s.stack,
            bet: s.bet,
            status: s.folded ? "folded" : "active",
            hasCards: !s.folded,
            cards: s.cards === null ? null : [s.cards[0]!, s.cards[1]!],
            shownHand: null,
            connected: true,
          },
    );
  }
  return {
    tableId: record.tableId,
    tournamentId: record.tournamentId,
    tableNumber: Number(/-t(\d+)$/.exec(record.tableId)?.[1] ?? 1),
    version: step,
    handId: done ? null : record.handId,
    handNumber: record.handNumber,
    variant: "no-limit",
    blinds: start?.kind === "hand-start" ? start.blinds : { sb: 0, bb: 0, ante: 0 },
    street: done ? null : (STREETS[f.board.length] ?? "river"),
    seats,
    board: f.board.slice(0, 5),
    pots: f.pots.slice(0, 10),
    button: f.button,
    smallBlind: start?.kind === "hand-start" ? start.smallBlind : null,
    bigBlind: start?.kind === "hand-start" ? start.bigBlind : null,
    actor: null,
    mySeat: mine?.kind === "hole-cards" ? mine.seat : null,
    legal: null,
    clock: null,
    myHand: null,
    sittingOut: false,
    recentHands: [],
    lastHand: done ? lastHandOf(record) : null,
  };
}

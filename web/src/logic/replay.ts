import type { Pot, TableEvent } from "../../../src/protocol/index.ts";

// The hand replayer folds a hand's events (as the player saw them) into one frame per
// event: the same events the table streams live, so a replay shows what the table did.

export interface ReplaySeat {
  readonly seat: number;
  readonly name: string;
  readonly stack: number;
  readonly bet: number;
  readonly cards: readonly number[] | null;
  readonly folded: boolean;
  readonly won: number;
}

export interface ReplayFrame {
  readonly seats: readonly ReplaySeat[];
  readonly board: readonly number[];
  readonly pots: readonly Pot[];
  readonly button: number | null;
  readonly event: TableEvent | null;
}

const empty: ReplayFrame = { seats: [], board: [], pots: [], button: null, event: null };

function updateSeat(f: ReplayFrame, seat: number, change: (s: ReplaySeat) => ReplaySeat): ReplayFrame {
  return { ...f, seats: f.seats.map((s) => (s.seat === seat ? change(s) : s)) };
}

/** Collecting bets into pots clears the bets in front of the players. */
const collect = (f: ReplayFrame, pots: readonly Pot[]): ReplayFrame => ({
  ...f,
  pots,
  seats: f.seats.map((s) => ({ ...s, bet: 0 })),
});

export function evolve(f: ReplayFrame, e: TableEvent): ReplayFrame {
  const next = ((): ReplayFrame => {
    switch (e.kind) {
      case "hand-start":
        return {
          ...empty,
          button: e.button,
          seats: e.seats.map((s) => ({ seat: s.seat, name: s.name, stack: s.stack, bet: 0, cards: null, folded: false, won: 0 })),
        };
      case "post":
        return updateSeat(f, e.seat, (s) => ({ ...s, stack: s.stack - e.amount, bet: e.blind === "ante" ? s.bet : s.bet + e.amount }));
      case "hole-cards":
      case "show":
        return updateSeat(f, e.seat, (s) => ({ ...s, cards: e.cards ?? s.cards }));
      case "action":
        return updateSeat(f, e.seat, (s) => ({
          ...s,
          stack: s.stack - e.amount,
          bet: e.action === "fold" ? s.bet : e.to,
          folded: e.action === "fold",
        }));
      case "return":
        return updateSeat(f, e.seat, (s) => ({ ...s, stack: s.stack + e.amount, bet: s.bet - e.amount }));
      case "board":
        return { ...f, board: [...f.board, ...e.cards] };
      case "pots":
        return collect(f, e.pots);
      case "muck":
        return updateSeat(f, e.seat, (s) => ({ ...s, cards: null }));
      case "win":
        return updateSeat(f, e.seat, (s) => ({ ...s, won: s.won + e.amount }));
      case "hand-end":
        return {
          ...f,
          pots: [],
          seats: f.seats.map((s) => ({ ...s, bet: 0, stack: e.stacks.find((x) => x.seat === s.seat)?.stack ?? s.stack })),
        };
      case "sitting-out":
      case "seat-change":
        return f;
    }
  })();
  return { ...next, event: e };
}

export function replayFrames(events: readonly TableEvent[]): ReplayFrame[] {
  const frames: ReplayFrame[] = [];
  let f = empty;
  for (const e of events) {
    f = evolve(f, e);
    frames.push(f);
  }
  return frames;
}

// Engine events → wire TableEvents, with full information (every hole card). What a
// recipient may see is filtered later by `eventForSeat` (views at the edge).
import { bestFive, boardPosition, evaluate, handCategory, holePosition, rankOf, type Card, type CommittedDeck } from "../../cards/index.ts";
import { computePots, type HandEvent, type HandState } from "../../engine/index.ts";
import type { DeckOpening, HandCategory, TableEvent } from "../../protocol/index.ts";

export interface WireContext {
  /** Seat per PHH player index. */
  readonly order: readonly number[];
  readonly sbSeats: readonly number[];
  /** The hand's committed deck, whose openings go with the cards; null before fair dealing. */
  readonly deck: CommittedDeck | null;
  readonly timeout: boolean;
}

export function categoryOf(cards: readonly Card[]): { category: HandCategory; cards: Card[] } | null {
  if (cards.length < 5 || cards.includes(-1)) return null;
  const five = bestFive(cards);
  const cat = handCategory(evaluate(five));
  const royal = cat === "straight-flush" && five.some((c) => rankOf(c) === 12) && five.some((c) => rankOf(c) === 11);
  return { category: royal ? "royal-flush" : cat, cards: five };
}

/** The deck's openings of these positions, to spread into an event (none before fair dealing). */
function openingsOf(deck: CommittedDeck | null, positions: readonly number[]): { openings?: DeckOpening[] } {
  // As the deck gives them: their hex is written when a frame is (fair-deck.ts).
  return deck === null ? {} : { openings: positions.map((p) => deck.open(p) as DeckOpening) };
}

function holeOpeningsOf(deck: CommittedDeck | null, n: number, i: number): { openings?: DeckOpening[] } {
  return openingsOf(deck, [holePosition(n, i, 0), holePosition(n, i, 1)]);
}

/**
 * `before` is the state the events were applied to; `after` the state they led to.
 * No closures are made per call: this runs for every action, and every named function made
 * at run time costs a property definition under the TypeScript loader (it keeps names).
 */
export function wireEvents(before: HandState, after: HandState, events: readonly HandEvent[], ctx: WireContext): TableEvent[] {
  const order = ctx.order;
  const bets = before.bets.slice();
  const board: Card[] = before.board.slice();
  const out: TableEvent[] = [];
  const n = order.length;
  for (const e of events) {
    switch (e.type) {
      case "ante":
        out.push({ kind: "post", seat: order[e.player]!, blind: "ante", amount: e.amount, allIn: e.allIn });
        break;
      case "blind": {
        const blind = ctx.sbSeats.includes(order[e.player]!) ? "small" : "big";
        bets[e.player] = (bets[e.player] ?? 0) + e.amount;
        out.push({ kind: "post", seat: order[e.player]!, blind, amount: e.amount, allIn: e.allIn });
        break;
      }
      case "hole":
        out.push({ kind: "hole-cards", seat: order[e.player]!, cards: [e.cards[0]!, e.cards[1]!], ...holeOpeningsOf(ctx.deck, n, e.player) });
        break;
      case "fold":
      case "check":
        out.push({ kind: "action", seat: order[e.player]!, action: e.type, amount: 0, to: bets[e.player]!, allIn: false, timeout: ctx.timeout });
        break;
      case "call":
        bets[e.player] = bets[e.player]! + e.amount;
        out.push({ kind: "action", seat: order[e.player]!, action: "call", amount: e.amount, to: bets[e.player]!, allIn: e.allIn, timeout: ctx.timeout });
        break;
      case "bet":
      case "raise": {
        const amount = e.to - bets[e.player]!;
        bets[e.player] = e.to;
        out.push({ kind: "action", seat: order[e.player]!, action: e.type, amount, to: e.to, allIn: e.allIn, timeout: ctx.timeout });
        break;
      }
      case "return":
        bets[e.player] = bets[e.player]! - e.amount;
        out.push({ kind: "return", seat: order[e.player]!, amount: e.amount });
        break;
      case "collect":
        bets.fill(0);
        out.push({ kind: "pots", pots: potsOf(after, ctx) });
        break;
      case "board": {
        const at = board.length;
        board.push(...e.cards);
        const street = board.length === 3 ? "flop" : board.length === 4 ? "turn" : "river";
        out.push({
          kind: "board",
          street,
          cards: e.cards.slice(),
          ...openingsOf(
            ctx.deck,
            e.cards.map((_, k) => boardPosition(n, at + k)),
          ),
        });
        break;
      }
      case "show": {
        const best = categoryOf([...e.cards, ...after.board]);
        out.push({ kind: "show", seat: order[e.player]!, cards: [e.cards[0]!, e.cards[1]!], hand: best, ...holeOpeningsOf(ctx.deck, n, e.player) });
        break;
      }
      case "muck":
        out.push({ kind: "muck", seat: order[e.player]! });
        break;
      case "award": {
        const shown = after.shown[e.player] === 1;
        const best = shown ? categoryOf([after.hole[2 * e.player]!, after.hole[2 * e.player + 1]!, ...after.board]) : null;
        out.push({ kind: "win", seat: order[e.player]!, potIndex: Math.min(e.pot, 9), amount: e.amount, category: best?.category ?? null });
        break;
      }
      case "end":
        out.push({ kind: "hand-end", stacks: e.stacks.map((stack, i) => ({ seat: order[i]!, stack })) });
        break;
      default:
        break; // burns, rake, carry: not part of the wire story (stacks settle at hand-end)
    }
  }
  return out;
}

export function potsOf(s: HandState, ctx: Pick<WireContext, "order">) {
  return computePots(s)
    .filter((p) => p.amount > 0 && p.eligible.length > 0)
    .slice(0, 10)
    .map((p) => ({ amount: p.amount, eligibleSeats: p.eligible.map((i) => ctx.order[i]!) }));
}

/** The event as one seat (or a spectator, seat null) may see it: others' hole cards and their openings hidden. */
export function eventForSeat(e: TableEvent, seat: number | null): TableEvent {
  if (e.kind === "hole-cards" && e.seat !== seat) return { kind: "hole-cards", seat: e.seat, cards: null };
  return e;
}

// Colour-up (R-CHIP-1..4): the smallest chip leaves once no blind or ante needs it and is
// exchanged for the next one; odd chips are rounded up (chip-up) or raced for (chip race).
import type { Card } from "../cards/index.ts";
import { fail, ok, type Result } from "../lib/result.ts";
import { TOURNAMENT_ERRORS } from "./error-catalogue.ts";

/**
 * R-CHIP-1: the denominations that can leave, smallest first, given the chip set and every
 * blind and ante still to come: the smallest goes while every amount is a multiple of the
 * next one (25s go when all amounts are multiples of 100).
 */
export function removableChips(chips: readonly number[], amounts: readonly number[]): number[] {
  const set = [...new Set(chips)].sort((a, b) => a - b);
  const out: number[] = [];
  while (set.length > 1 && amounts.every((a) => a % set[1]! === 0)) out.push(set.shift()!);
  return out;
}

export type ColourUpMethod = "race" | "up";

export interface ColourUpPlayer {
  readonly id: string;
  readonly seat: number;
  /** Total value of the player's chips. */
  readonly stack: number;
  /** How many chips of the removed denomination the player holds. Absent (an online stack is
   * just a number): as few as make up the stack, (stack mod next) / remove. */
  readonly small?: number;
}

export interface ColourUpInput {
  readonly method: ColourUpMethod;
  readonly remove: number;
  readonly next: number;
  /** Cards are dealt from the seat left of the button (R-CHIP-3). */
  readonly button: number;
  readonly tableSize: number;
  readonly players: readonly ColourUpPlayer[];
  /** The race's shuffled deck, top first (needed only for a race with odd chips). */
  readonly deck?: readonly Card[];
}

export interface ColourUpResult {
  /** Every player's stack after the exchange. */
  readonly stacks: Readonly<Record<string, number>>;
  /** Players who won a chip in the race, best card first (empty for chip-up). */
  readonly winners: readonly string[];
  /** Cards dealt in the race, in dealing order, so the live floor can be shown the deal. */
  readonly dealt: readonly { readonly id: string; readonly cards: readonly Card[] }[];
  /** Players given one chip by the bank because their whole stack was odd chips (R-CHIP-4). */
  readonly bankChip: readonly string[];
  /** How many `next` chips the pooled odd chips made (R-CHIP-3). */
  readonly raceChips: number;
}

const smallOf = (p: ColourUpPlayer, remove: number, next: number): number => p.small ?? (p.stack % next) / remove;

function check(input: ColourUpInput): Result<null> {
  const { remove, next, players } = input;
  if (!(Number.isInteger(remove) && remove > 0 && Number.isInteger(next) && next > remove && next % remove === 0)) {
    return fail(TOURNAMENT_ERRORS.badDenominations, `the next chip (${next}) must be a multiple of the removed one (${remove})`);
  }
  if (new Set(players.map((p) => p.id)).size !== players.length || new Set(players.map((p) => p.seat)).size !== players.length) {
    return fail(TOURNAMENT_ERRORS.badSeating, "each player and each seat appears once");
  }
  for (const p of players) {
    const small = smallOf(p, remove, next);
    if (!(Number.isInteger(small) && small >= 0 && Number.isInteger(p.stack) && small * remove <= p.stack)) {
      return fail(TOURNAMENT_ERRORS.badStack, `${p.id} cannot hold ${small} × ${remove} in a stack of ${p.stack}`, { player: p.id });
    }
    if ((p.stack - small * remove) % next !== 0) {
      return fail(TOURNAMENT_ERRORS.badStack, `${p.id}'s other chips must be whole ${next}s or larger`, { player: p.id });
    }
  }
  return ok(null);
}

/** R-CHIP-1..4 for one table. */
export function colourUp(input: ColourUpInput): Result<ColourUpResult> {
  const checked = check(input);
  if (!checked.ok) return checked;
  const { remove, next, players, tableSize, button } = input;
  const per = next / remove;
  const stacks: Record<string, number> = {};
  const bankChip: string[] = [];
  const racers: { p: ColourUpPlayer; odd: number }[] = [];
  for (const p of players) {
    const odd = smallOf(p, remove, next) % per;
    const kept = p.stack - odd * remove;
    stacks[p.id] = kept;
    if (odd === 0) continue;
    if (kept === 0) {
      // R-CHIP-4: nobody is raced out; a stack of odd chips only gets one chip from the bank.
      stacks[p.id] = next;
      bankChip.push(p.id);
    } else if (input.method === "up") {
      stacks[p.id] = kept + next; // R-CHIP-2: 1, 2 or 3 × 25 → one 100
    } else {
      racers.push({ p, odd });
    }
  }
  if (input.method === "up" || racers.length === 0) {
    return ok({ stacks, winners: [], dealt: [], bankChip, raceChips: 0 });
  }
  // R-CHIP-3: deal from seat 1 left of the button, all of a player's cards at once.
  const fromButton = (seat: number) => (seat - button + tableSize - 1) % tableSize;
  racers.sort((a, b) => fromButton(a.p.seat) - fromButton(b.p.seat));
  const deck = input.deck ?? [];
  const needed = racers.reduce((n, r) => n + r.odd, 0);
  if (deck.length < needed || new Set(deck).size !== deck.length) {
    return fail(TOURNAMENT_ERRORS.badDeck, `the race needs ${needed} distinct cards`, { needed });
  }
  let top = 0;
  const dealt = racers.map((r) => ({ id: r.p.id, cards: deck.slice(top, (top += r.odd)) }));
  const pool = needed * remove;
  // "At least half" rounds up (seed 002: 10 × 25 → 3 × 100), see the Note under R-CHIP.
  const raceChips = Math.floor(pool / next) + (2 * (pool % next) >= next ? 1 : 0);
  // Rank then suit is the Card order itself; one chip per player at most.
  const ranked = dealt.map((d) => ({ id: d.id, best: Math.max(...d.cards) })).sort((a, b) => b.best - a.best);
  const winners = ranked.slice(0, raceChips).map((r) => r.id);
  for (const id of winners) stacks[id] = stacks[id]! + next;
  return ok({ stacks, winners, dealt, bankChip, raceChips });
}

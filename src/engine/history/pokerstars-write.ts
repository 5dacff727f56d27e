// PHH hands → PokerStars text, the format tracking tools exchange. The writer formats;
// it does not judge the rules: the amounts won come in as `results` (from the engine's
// award and return events, see pokerStarsResults), the time as a given string.
// Output reads back through parsePokerStars to the same PHH actions and amounts.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { HandEvent } from "../types.ts";
import type { PhhHand } from "./phh-types.ts";
import { decimalsOfScale, formatUnits } from "./pokerstars-amounts.ts";
import { openLedger, perPlayer } from "./pokerstars-ledger.ts";
import { bettingLines, bySeat, postLines, potLines, summaryLines, type PokerStarsResults, type WriteContext } from "./pokerstars-write-parts.ts";
import { HISTORY_ERRORS } from "../error-catalogue.ts";

export type { PokerStarsResults } from "./pokerstars-write-parts.ts";

export interface PokerStarsWriteOptions {
  readonly handId: string | number;
  /** "YYYY/MM/DD HH:MM:SS", given by the caller: the core has no clock. */
  readonly date: string;
  /** Default "ET", as PokerStars prints. */
  readonly timeZone?: string;
  readonly tableName: string;
  /** Default: the hand's `seat_count`, else the number of players. */
  readonly maxSeats?: number;
  /** Seat number per PHH player; default the hand's `seats`, else 1..N (the button last). */
  readonly seats?: readonly number[];
  /** Names per PHH player; default the hand's `players`, else p1..pN. */
  readonly names?: readonly string[];
  /**
   * Whose hole cards the history may print in "Dealt to" lines: "all" (an observer's or
   * the house's history), or PHH indexes (a player's own history holds only theirs).
   * Cards shown at the showdown are printed either way.
   */
  readonly knownCards: "all" | readonly number[];
  readonly results: PokerStarsResults;
  /** Units per chip or currency unit (a power of ten); 100 with cents. Default 1. */
  readonly scale?: number;
  /** ISO code for money tables ("USD", "EUR", "GBP"); absent: chips. */
  readonly currency?: string;
  readonly playMoney?: boolean;
  readonly rake?: number;
  /** A tournament hand: chips, the tournament's number, its buy-in text and level. */
  readonly tournament?: { readonly id: string | number; readonly buyIn?: string; readonly level?: string };
}

const SYMBOLS: Readonly<Record<string, string>> = { USD: "$", EUR: "€", GBP: "£" };

export function writePokerStars(hand: PhhHand, opts: PokerStarsWriteOptions): Result<string> {
  const n = hand.startingStacks.length;
  const bad = (why: string) => fail(HISTORY_ERRORS.pokerstarsCannotWrite, why, {});
  const extraSeats = hand.extra?.["seats"];
  const seats = opts.seats ?? (isNumbers(extraSeats, n) ? extraSeats : Array.from({ length: n }, (_, i) => i + 1));
  const names = opts.names ?? hand.players ?? Array.from({ length: n }, (_, i) => `p${i + 1}`);
  const decimals = decimalsOfScale(opts.scale ?? 1);
  if (decimals === undefined) return bad(`scale ${opts.scale} is not a power of ten`);
  if (seats.length !== n || new Set(seats).size !== n) return bad("one distinct seat per player is needed");
  if (names.length !== n || new Set(names).size !== n || names.some((x) => x === "" || /[\r\n]/.test(x))) {
    return bad("one distinct one-line name per player is needed");
  }
  if (!/^\d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2}:\d{2}$/.test(opts.date)) return bad(`the date "${opts.date}" is not YYYY/MM/DD HH:MM:SS`);
  if (opts.results.collected.length !== n || opts.results.returned.length !== n) return bad("results need one entry per player");
  const code = opts.currency;
  const blinds = perPlayer(hand.blindsOrStraddles, n);
  const ctx: WriteContext = {
    n,
    name: (p) => names[p]!,
    seats,
    amount: (u) => formatUnits(u, decimals, code ? (SYMBOLS[code] ?? "") : ""),
    blinds,
    ledger: openLedger(hand.startingStacks, perPlayer(hand.antes, n), blinds),
    mayShow: (p) => opts.knownCards === "all" || opts.knownCards.includes(p),
    results: opts.results,
    bad,
  };
  const header = headerLines(hand, opts, ctx);
  if (!header.ok) return header;
  const posts = postLines(ctx); // before the betting moves the ledger on
  const body = bettingLines(hand, ctx);
  if (!body.ok) return body;
  const pots = potLines(ctx);
  if (!pots.ok) return pots;
  const summary = summaryLines(ctx, body.value, opts.rake ?? 0);
  return ok(`${[...header.value, ...posts, ...body.value.lines, ...pots.value, ...summary].join("\n")}\n`);
}

function headerLines(hand: PhhHand, opts: PokerStarsWriteOptions, ctx: WriteContext): Result<string[]> {
  const { n, seats, amount } = ctx;
  const raw = hand.blindsOrStraddles;
  const [lo, hi] = hand.variant === "FT" ? [hand.smallBet ?? raw[1] ?? 0, hand.bigBet ?? 2 * (raw[1] ?? 0)] : [raw[0] ?? 0, raw[1] ?? hand.minBet ?? 0];
  const game = hand.variant === "NT" ? "No Limit" : hand.variant === "PT" ? "Pot Limit" : "Limit";
  const stakes = `(${amount(lo)}/${amount(hi)}${opts.currency ? ` ${opts.currency}` : ""})`;
  const t = opts.tournament;
  const what = t ? `Tournament #${t.id}, ${t.buyIn ?? "Freeroll"} Hold'em ${game} - Level ${t.level ?? "I"} ${stakes}` : `Hold'em ${game} ${stakes}`;
  if (/[\r\n]/.test(what + opts.tableName)) return ctx.bad("header texts must be one line");
  const extraMax = hand.extra?.["seat_count"];
  const maxSeats = opts.maxSeats ?? (typeof extraMax === "number" ? extraMax : Math.max(n, ...seats));
  return ok([
    `PokerStars Hand #${opts.handId}: ${what} - ${opts.date} ${opts.timeZone ?? "ET"}`,
    `Table '${opts.tableName}' ${maxSeats}-max${opts.playMoney ? " (Play Money)" : ""} Seat #${seats[n - 1]} is the button`,
    ...bySeat(ctx).map((p) => `Seat ${seats[p]}: ${ctx.name(p)} (${amount(hand.startingStacks[p]!)} in chips)`),
  ]);
}

function isNumbers(x: unknown, n: number): x is number[] {
  return Array.isArray(x) && x.length === n && x.every((s) => Number.isSafeInteger(s) && s > 0);
}

/** What the writer needs from the engine's events: each player's awards and returns. */
export function pokerStarsResults(
  events: readonly HandEvent[],
  players: number,
): PokerStarsResults & { readonly awards: readonly { player: number; amount: number; pot: number }[]; readonly rake: number } {
  const collected = new Array<number>(players).fill(0);
  const returned = new Array<number>(players).fill(0);
  const awards: { player: number; amount: number; pot: number }[] = [];
  let rake = 0;
  for (const e of events) {
    if (e.type === "award") {
      collected[e.player] = collected[e.player]! + e.amount;
      awards.push({ player: e.player, amount: e.amount, pot: e.pot });
    } else if (e.type === "return") returned[e.player] = returned[e.player]! + e.amount;
    else if (e.type === "rake") rake += e.amount;
  }
  return { collected, returned, awards, rake };
}

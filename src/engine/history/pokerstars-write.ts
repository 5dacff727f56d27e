// PHH hands → PokerStars text, the format tracking tools exchange. The writer formats;
// it does not judge the rules: the amounts won come in as `results` (from the engine's
// award and return events, see pokerStarsResults), the time as a given string.
// Output reads back through parsePokerStars to the same PHH actions and amounts.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { HandEvent } from "../types.ts";
import type { PhhHand } from "./phh-types.ts";
import { decimalsOfScale, formatUnits } from "./pokerstars-amounts.ts";
import {
  betOrRaiseTo,
  checkOrCall,
  fold,
  highestBet,
  inHand,
  nextStreet,
  openLedger,
  perPlayer,
  toCall,
} from "./pokerstars-ledger.ts";

export interface PokerStarsResults {
  /** Chips each player (PHH index, 0 = p1) won from the pots. */
  readonly collected: readonly number[];
  /** Optional, per pot (0 main, 1.. side pots): prints "collected X from side pot-1" lines. */
  readonly awards?: readonly { readonly player: number; readonly amount: number; readonly pot: number }[];
  /** Each player's uncalled bet handed back. */
  readonly returned: readonly number[];
}

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
const STREETS = ["", "FLOP", "TURN", "RIVER"] as const;

export function writePokerStars(hand: PhhHand, opts: PokerStarsWriteOptions): Result<string> {
  const n = hand.startingStacks.length;
  const bad = (why: string) => fail("history/pokerstars-cannot-write", why, {});
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
  const amount = (u: number) => formatUnits(u, decimals, code ? (SYMBOLS[code] ?? "") : "");
  const name = (p: number) => names[p]!;

  const antes = perPlayer(hand.antes, n);
  const blinds = perPlayer(hand.blindsOrStraddles, n);
  const l = openLedger(hand.startingStacks, antes, blinds);
  const out: string[] = [];
  const raw = hand.blindsOrStraddles;
  const [lo, hi] =
    hand.variant === "FT"
      ? [hand.smallBet ?? raw[1] ?? 0, hand.bigBet ?? 2 * (raw[1] ?? 0)]
      : [raw[0] ?? 0, raw[1] ?? hand.minBet ?? 0];
  const game = hand.variant === "NT" ? "No Limit" : hand.variant === "PT" ? "Pot Limit" : "Limit";
  const stakes = `(${amount(lo)}/${amount(hi)}${code ? ` ${code}` : ""})`;
  const t = opts.tournament;
  const what = t
    ? `Tournament #${t.id}, ${t.buyIn ?? "Freeroll"} Hold'em ${game} - Level ${t.level ?? "I"} ${stakes}`
    : `Hold'em ${game} ${stakes}`;
  if (/[\r\n]/.test(what + opts.tableName)) return bad("header texts must be one line");
  out.push(`PokerStars Hand #${opts.handId}: ${what} - ${opts.date} ${opts.timeZone ?? "ET"}`);
  const extraMax = hand.extra?.["seat_count"];
  const maxSeats = opts.maxSeats ?? (typeof extraMax === "number" ? extraMax : Math.max(n, ...seats));
  out.push(`Table '${opts.tableName}' ${maxSeats}-max${opts.playMoney ? " (Play Money)" : ""} Seat #${seats[n - 1]} is the button`);
  const bySeat = [...seats.keys()].sort((a, b) => seats[a]! - seats[b]!);
  for (const p of bySeat) out.push(`Seat ${seats[p]}: ${name(p)} (${amount(hand.startingStacks[p]!)} in chips)`);

  const allIn = (p: number) => (l.behind[p] === 0 ? " and is all-in" : "");
  for (let p = 0; p < n; p++) if (l.antes[p]! > 0) out.push(`${name(p)}: posts the ante ${amount(l.antes[p]!)}${allIn(p)}`);
  // Heads-up the button (p2) posts the small blind (R-HU-1); PokerStars prints it first.
  const postOrder = n === 2 ? [1, 0] : [...Array(n).keys()];
  const blindName = (p: number) => (n === 2 ? (p === 1 ? "small blind" : "big blind") : ["small blind", "big blind"][p] ?? "straddle");
  for (const p of postOrder) if (l.inFront[p]! > 0) out.push(`${name(p)}: posts ${blindName(p)} ${amount(l.inFront[p]!)}${allIn(p)}`);

  out.push("*** HOLE CARDS ***");
  const hole = new Map<number, string[]>();
  const board: string[] = [];
  const shows: string[] = [];
  const showed = new Map<number, string[] | null>();
  const foldedOn = new Map<number, number>();
  const mayShow = (p: number) => opts.knownCards === "all" || opts.knownCards.includes(p);
  const parsed = hand.actions.map((a) => a.trim().split(/\s+/));
  const lastBet = parsed.findLastIndex((a) => a[0] !== "d" && a[1] !== "sm");
  const returnedLines = () =>
    opts.results.returned.flatMap((r, p) => (r > 0 ? [`Uncalled bet (${amount(r)}) returned to ${name(p)}`] : []));
  for (const [k, a] of parsed.entries()) {
    if (a[0] !== "d" || a[1] !== "dh") continue;
    const p = playerIndex(a[2], n);
    const cards = splitCards(a[3] ?? "");
    if (p === undefined || !cards || a.length !== 4) return bad(`action ${k + 1} "${hand.actions[k]}": bad hole cards`);
    if (cards.includes("??")) continue;
    hole.set(p, cards);
    if (mayShow(p)) out.push(`Dealt to ${name(p)} [${cards.join(" ")}]`);
  }
  for (const [k, a] of parsed.entries()) {
    const where = `action ${k + 1} "${hand.actions[k]}"`;
    if (a[0] === "d") {
      const cards = splitCards(a.at(-1) ?? "");
      if (a[1] === "dh") continue;
      else if (a[1] === "db" && cards && !cards.includes("??")) {
        if (l.street >= 3) return bad(`${where}: a fourth board`);
        nextStreet(l);
        const street = STREETS[l.street]!;
        out.push(l.street === 1 ? `*** FLOP *** [${cards.join(" ")}]` : `*** ${street} *** [${board.join(" ")}] [${cards.join(" ")}]`);
        board.push(...cards);
      } else return bad(`${where}: not understood`);
    } else {
      const p = playerIndex(a[0], n);
      if (p === undefined) return bad(`${where}: no such player`);
      const who = name(p);
      if (a[1] === "sm") {
        const cards = a[2] ? splitCards(a[2]) : undefined;
        if (a[2] && !cards) return bad(`${where}: bad cards`);
        showed.set(p, cards ?? null);
        shows.push(cards ? `${who}: shows [${cards.join(" ")}]` : `${who}: mucks hand`);
        continue;
      }
      if (l.folded[p]) return bad(`${where}: the player has folded`);
      if (a[1] === "f") {
        fold(l, p);
        foldedOn.set(p, l.street);
        out.push(`${who}: folds`);
      } else if (a[1] === "cc") {
        const owed = toCall(l, p);
        checkOrCall(l, p);
        out.push(owed === 0 ? `${who}: checks` : `${who}: calls ${amount(owed)}${allIn(p)}`);
      } else if (a[1] === "cbr") {
        const total = Number(a[2]);
        const before = highestBet(l);
        const done = betOrRaiseTo(l, p, total);
        if (!Number.isSafeInteger(total) || !done.ok) return bad(`${where}: ${done.ok ? "bad amount" : done.error.message}`);
        out.push(before === 0 ? `${who}: bets ${amount(total)}${allIn(p)}` : `${who}: raises ${amount(total - before)} to ${amount(total)}${allIn(p)}`);
      } else return bad(`${where}: not understood`);
    }
    if (k === lastBet) out.push(...returnedLines());
  }
  if (lastBet < 0) out.push(...returnedLines());

  const live = inHand(l);
  if (live.length >= 2) out.push("*** SHOW DOWN ***", ...shows);
  const { collected } = opts.results;
  const awards = opts.results.awards;
  const sidePots = Math.max(0, ...(awards ?? []).map((a) => a.pot));
  const potName = (k: number) => (sidePots === 0 ? "pot" : k === 0 ? "main pot" : sidePots === 1 ? "side pot" : `side pot-${k}`);
  if (awards && awards.every((a) => a.player >= 0 && a.player < n && a.amount >= 0 && a.pot >= 0)) {
    const byPlayer = new Array<number>(n).fill(0);
    awards.forEach((a) => (byPlayer[a.player] = byPlayer[a.player]! + a.amount));
    if (byPlayer.some((c, p) => c !== collected[p])) return bad("awards do not add up to collected");
    // PokerStars pays the last side pot first and the main pot last.
    const ordered = [...awards].sort((a, b) => b.pot - a.pot);
    for (const a of ordered) if (a.amount > 0) out.push(`${name(a.player)} collected ${amount(a.amount)} from ${potName(a.pot)}`);
  } else if (awards) return bad("bad awards");
  else for (let p = 0; p < n; p++) if (collected[p]! > 0) out.push(`${name(p)} collected ${amount(collected[p]!)} from pot`);

  const rake = opts.rake ?? 0;
  const pot = l.paid.reduce((a, b) => a + b, 0) - opts.results.returned.reduce((a, b) => a + b, 0);
  const potSizes = Array.from({ length: sidePots + 1 }, (_, k) =>
    (awards ?? []).filter((a) => a.pot === k).reduce((sum, a) => sum + a.amount, 0),
  );
  const split = sidePots === 0 ? "" : ` ${potSizes.map((x, k) => `${cap(potName(k))} ${amount(x)}.`).join(" ")}`;
  out.push("*** SUMMARY ***", `Total pot ${amount(pot)}${split} | Rake ${amount(rake)}`);
  if (board.length > 0) out.push(`Board [${board.join(" ")}]`);
  for (const p of bySeat) {
    const tags = `${p === n - 1 ? " (button)" : ""}${blinds[p]! > 0 ? ` (${blindName(p)})` : ""}`;
    const won = collected[p]!;
    const shown = showed.get(p);
    const cards = hole.get(p);
    let outcome: string;
    if (foldedOn.has(p)) {
      const street = foldedOn.get(p)!;
      const voluntary = l.paid[p]! - l.antes[p]! - blinds[p]!;
      outcome = street === 0 ? `folded before Flop${voluntary === 0 && blinds[p] === 0 ? " (didn't bet)" : ""}` : `folded on the ${cap(STREETS[street]!)}`;
    } else if (shown) outcome = `showed [${shown.join(" ")}] and ${won > 0 ? `won (${amount(won)})` : "lost"}`;
    else if (showed.has(p)) outcome = cards && mayShow(p) ? `mucked [${cards.join(" ")}]` : "mucked";
    else outcome = won > 0 ? `collected (${amount(won)})` : "lost";
    out.push(`Seat ${seats[p]}: ${name(p)}${tags} ${outcome}`);
  }
  return ok(out.join("\n") + "\n");
}

function isNumbers(x: unknown, n: number): x is number[] {
  return Array.isArray(x) && x.length === n && x.every((s) => Number.isSafeInteger(s) && s > 0);
}

function playerIndex(token: string | undefined, n: number): number | undefined {
  const m = /^p(\d+)$/.exec(token ?? "");
  const p = m ? Number(m[1]) - 1 : -1;
  return p >= 0 && p < n ? p : undefined;
}

function splitCards(text: string): string[] | undefined {
  if (text.length === 0 || text.length % 2 !== 0) return undefined;
  const cards = text.match(/../g) ?? [];
  return cards.every((c) => c === "??" || /^[2-9TJQKA][cdhs]$/.test(c)) ? cards : undefined;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

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
    }
    else if (e.type === "return") returned[e.player] = returned[e.player]! + e.amount;
    else if (e.type === "rake") rake += e.amount;
  }
  return { collected, returned, awards, rake };
}

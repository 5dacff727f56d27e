// The body of a written PokerStars hand: forced bets, the betting with its boards, the
// pots paid and the summary. Amounts come from the chip ledger (PokerStars says "calls 160"
// and "raises 110 to 210" where PHH says "cc" and "cbr 210").
import { type fail, ok, type Result } from "../../lib/result.ts";
import type { PhhHand } from "./phh-types.ts";
import { betOrRaiseTo, checkOrCall, fold, highestBet, inHand, nextStreet, toCall, type Ledger } from "./pokerstars-ledger.ts";

export interface PokerStarsResults {
  /** Chips each player (PHH index, 0 = p1) won from the pots. */
  readonly collected: readonly number[];
  /** Optional, per pot (0 main, 1.. side pots): prints "collected X from side pot-1" lines. */
  readonly awards?: readonly { readonly player: number; readonly amount: number; readonly pot: number }[];
  /** Each player's uncalled bet handed back. */
  readonly returned: readonly number[];
}

export interface WriteContext {
  readonly n: number;
  readonly name: (p: number) => string;
  readonly seats: readonly number[];
  readonly amount: (units: number) => string;
  /** Blinds and straddles per player (heads-up [BB, SB]). */
  readonly blinds: readonly number[];
  readonly ledger: Ledger;
  readonly mayShow: (p: number) => boolean;
  readonly results: PokerStarsResults;
  readonly bad: (why: string) => ReturnType<typeof fail>;
}

export interface Betting {
  readonly lines: string[];
  readonly hole: ReadonlyMap<number, readonly string[]>;
  readonly board: readonly string[];
  /** Cards shown at the showdown, or null for a muck. */
  readonly showed: ReadonlyMap<number, readonly string[] | null>;
  /** The betting round each folded player folded in (0 pre-flop). */
  readonly foldedOn: ReadonlyMap<number, number>;
}

const STREETS = ["", "FLOP", "TURN", "RIVER"] as const;

export const bySeat = (ctx: WriteContext): number[] => [...ctx.seats.keys()].sort((a, b) => ctx.seats[a]! - ctx.seats[b]!);

const allIn = (ctx: WriteContext, p: number) => (ctx.ledger.behind[p] === 0 ? " and is all-in" : "");

/** Heads-up the button (p2) posts the small blind (R-HU-1); later blinds are straddles. */
const blindName = (ctx: WriteContext, p: number): string =>
  ctx.n === 2 ? (p === 1 ? "small blind" : "big blind") : (["small blind", "big blind"][p] ?? "straddle");

/** Antes first, then the blinds, small before big as PokerStars prints them. */
export function postLines(ctx: WriteContext): string[] {
  const { n, ledger: l, name, amount } = ctx;
  const out: string[] = [];
  for (let p = 0; p < n; p++) if (l.antes[p]! > 0) out.push(`${name(p)}: posts the ante ${amount(l.antes[p]!)}${allIn(ctx, p)}`);
  const order = n === 2 ? [1, 0] : [...Array(n).keys()];
  for (const p of order) {
    if (l.inFront[p]! > 0) out.push(`${name(p)}: posts ${blindName(ctx, p)} ${amount(l.inFront[p]!)}${allIn(ctx, p)}`);
  }
  return out;
}

/** Hole cards, betting and boards, the uncalled bet after the last bet, then the showdown. */
export function bettingLines(hand: PhhHand, ctx: WriteContext): Result<Betting> {
  const { n, ledger: l, name, amount, bad } = ctx;
  const out = ["*** HOLE CARDS ***"];
  const hole = new Map<number, string[]>();
  const board: string[] = [];
  const shows: string[] = [];
  const showed = new Map<number, string[] | null>();
  const foldedOn = new Map<number, number>();
  const parsed = hand.actions.map((a) => a.trim().split(/\s+/));
  const lastBet = parsed.findLastIndex((a) => a[0] !== "d" && a[1] !== "sm");
  const returned = () => ctx.results.returned.flatMap((r, p) => (r > 0 ? [`Uncalled bet (${amount(r)}) returned to ${name(p)}`] : []));
  for (const [k, a] of parsed.entries()) {
    if (a[0] !== "d" || a[1] !== "dh") continue;
    const p = playerIndex(a[2], n);
    const cards = splitCards(a[3] ?? "");
    if (p === undefined || !cards || a.length !== 4) return bad(`action ${k + 1} "${hand.actions[k]}": bad hole cards`);
    if (cards.includes("??")) continue;
    hole.set(p, cards);
    if (ctx.mayShow(p)) out.push(`Dealt to ${name(p)} [${cards.join(" ")}]`);
  }
  for (const [k, a] of parsed.entries()) {
    const where = `action ${k + 1} "${hand.actions[k]}"`;
    if (a[0] === "d") {
      if (a[1] === "dh") continue;
      const cards = splitCards(a[2] ?? "");
      if (a[1] !== "db" || a.length !== 3 || !cards || cards.includes("??")) return bad(`${where}: not understood`);
      if (l.street >= 3) return bad(`${where}: a fourth board`);
      nextStreet(l);
      out.push(l.street === 1 ? `*** FLOP *** [${cards.join(" ")}]` : `*** ${STREETS[l.street]} *** [${board.join(" ")}] [${cards.join(" ")}]`);
      board.push(...cards);
      continue;
    }
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
      out.push(owed === 0 ? `${who}: checks` : `${who}: calls ${amount(owed)}${allIn(ctx, p)}`);
    } else if (a[1] === "cbr") {
      const total = Number(a[2]);
      const before = highestBet(l);
      const done = betOrRaiseTo(l, p, total);
      if (!Number.isSafeInteger(total) || !done.ok) return bad(`${where}: ${done.ok ? "bad amount" : done.error.message}`);
      out.push(before === 0 ? `${who}: bets ${amount(total)}${allIn(ctx, p)}` : `${who}: raises ${amount(total - before)} to ${amount(total)}${allIn(ctx, p)}`);
    } else return bad(`${where}: not understood`);
    if (k === lastBet) out.push(...returned());
  }
  if (lastBet < 0) out.push(...returned());
  if (inHand(l).length >= 2) out.push("*** SHOW DOWN ***", ...shows);
  return ok({ lines: out, hole, board, showed, foldedOn });
}

const sidePotCount = (ctx: WriteContext) => Math.max(0, ...(ctx.results.awards ?? []).map((a) => a.pot));
const potName = (sidePots: number, k: number) => (sidePots === 0 ? "pot" : k === 0 ? "main pot" : sidePots === 1 ? "side pot" : `side pot-${k}`);

/** "NAME collected X from ..." lines: per pot when the awards are known, else per player. */
export function potLines(ctx: WriteContext): Result<string[]> {
  const { n, name, amount } = ctx;
  const { collected, awards } = ctx.results;
  if (!awards) return ok(collected.flatMap((c, p) => (c > 0 ? [`${name(p)} collected ${amount(c)} from pot`] : [])));
  if (!awards.every((a) => a.player >= 0 && a.player < n && a.amount >= 0 && a.pot >= 0)) return ctx.bad("bad awards");
  const byPlayer = new Array<number>(n).fill(0);
  for (const a of awards) byPlayer[a.player] = byPlayer[a.player]! + a.amount;
  if (byPlayer.some((c, p) => c !== collected[p])) return ctx.bad("awards do not add up to collected");
  const sidePots = sidePotCount(ctx);
  // PokerStars pays the last side pot first and the main pot last.
  const ordered = [...awards].sort((a, b) => b.pot - a.pot).filter((a) => a.amount > 0);
  return ok(ordered.map((a) => `${name(a.player)} collected ${amount(a.amount)} from ${potName(sidePots, a.pot)}`));
}

export function summaryLines(ctx: WriteContext, b: Betting, rake: number): string[] {
  const { n, ledger: l, name, amount, blinds } = ctx;
  const { collected, returned, awards } = ctx.results;
  const pot = l.paid.reduce((x, y) => x + y, 0) - returned.reduce((x, y) => x + y, 0);
  const sidePots = sidePotCount(ctx);
  const sizes = Array.from({ length: sidePots + 1 }, (_, k) => (awards ?? []).filter((a) => a.pot === k).reduce((sum, a) => sum + a.amount, 0));
  const split = sidePots === 0 ? "" : ` ${sizes.map((x, k) => `${cap(potName(sidePots, k))} ${amount(x)}.`).join(" ")}`;
  const out = ["*** SUMMARY ***", `Total pot ${amount(pot)}${split} | Rake ${amount(rake)}`];
  if (b.board.length > 0) out.push(`Board [${b.board.join(" ")}]`);
  for (const p of bySeat(ctx)) {
    const tags = `${p === n - 1 ? " (button)" : ""}${blinds[p]! > 0 ? ` (${blindName(ctx, p)})` : ""}`;
    const won = collected[p]!;
    const shown = b.showed.get(p);
    const cards = b.hole.get(p);
    const street = b.foldedOn.get(p);
    let outcome: string;
    if (street !== undefined) {
      const voluntary = l.paid[p]! - l.antes[p]! - blinds[p]!;
      outcome = street > 0 ? `folded on the ${cap(STREETS[street]!)}` : `folded before Flop${voluntary === 0 && blinds[p] === 0 ? " (didn't bet)" : ""}`;
    } else if (shown) outcome = `showed [${shown.join(" ")}] and ${won > 0 ? `won (${amount(won)})` : "lost"}`;
    else if (b.showed.has(p)) outcome = cards && ctx.mayShow(p) ? `mucked [${cards.join(" ")}]` : "mucked";
    else outcome = won > 0 ? `collected (${amount(won)})` : "lost";
    out.push(`Seat ${ctx.seats[p]}: ${name(p)}${tags} ${outcome}`);
  }
  return out;
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

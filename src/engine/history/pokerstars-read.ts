// PokerStars text hand histories → PHH hands (ConvertedHand), with the amounts the text
// says were collected and returned, so a replay can be checked against them.
//
// Player order is PHH's: p1 is the first seat left of the button and the button is last
// (so p1 is the small blind, and heads-up the big blind, R-HU-1). As in PHH, heads-up
// `antes` and `blindsOrStraddles` are listed reversed (button first).
// Showdown actions are placed where pokerkit places them: right after the last betting
// action, before any board dealt to all-in players, in R-POT-5 order.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { ConvertedHand, PhhHand, PhhVariant } from "./phh-types.ts";
import { significantDecimals, toUnits, type DecimalText } from "./pokerstars-amounts.ts";
import { betOrRaiseTo, checkOrCall, fold, highestBet, inHand, nextStreet, openLedger, perPlayer, toCall, type Ledger } from "./pokerstars-ledger.ts";
import { readHandText, splitHands, type HandRecord, type HandText } from "./pokerstars-lines.ts";
import { HISTORY_ERRORS } from "../error-catalogue.ts";

/** Every hand of a file, or the first error (with its line number). */
export function parsePokerStars(text: string, fileName: string): Result<ConvertedHand[]> {
  const hands = parsePokerStarsEach(text, fileName);
  if (hands.length === 0) return fail(HISTORY_ERRORS.pokerstarsEmpty, `${fileName}: no PokerStars hand found`, { file: fileName });
  const converted: ConvertedHand[] = [];
  for (const h of hands) {
    if (!h.ok) return h;
    converted.push(h.value);
  }
  return ok(converted);
}

/** One result per hand, so one bad hand does not hide the others (for `felt replay`). */
export function parsePokerStarsEach(text: string, fileName: string): Result<ConvertedHand>[] {
  return splitHands(text).map((lines, i) => {
    const read = readHandText(lines);
    const name = `${fileName}#${i + 1}`;
    const hand = read.ok ? convert(read.value, name) : read;
    if (hand.ok) return hand;
    const { code, message, ...details } = hand.error;
    return fail(code, `${name}: ${message}`, { ...details, file: fileName, hand: i + 1 });
  });
}

function convert(text: HandText, handName: string): Result<ConvertedHand> {
  const inconsistent = (line: number, why: string) => fail(HISTORY_ERRORS.pokerstarsInconsistent, `line ${line}: ${why}`, { line });
  const named = new Set(text.records.flatMap((r) => ("name" in r ? [r.name] : [])));
  const seated = text.seats
    // Every player dealt in posts, acts or is dealt a card in the text; a seat the text never
    // names (sitting out, waiting for the big blind) was not in the hand.
    .filter((s) => named.has(s.name))
    .sort((a, b) => a.seat - b.seat);
  const firstLeft = seated.findIndex((s) => s.seat > text.button);
  const order = firstLeft <= 0 ? seated : [...seated.slice(firstLeft), ...seated.slice(0, firstLeft)];
  const n = order.length;
  if (n < 2) return fail(HISTORY_ERRORS.pokerstarsBadHeader, "fewer than two players were dealt in", {});
  const index = new Map(order.map((s, i) => [s.name, i]));

  const decimals = scaleDecimals(text);
  const units = (d: DecimalText) => toUnits(d, decimals);
  const stacks = order.map((s) => units(s.stack));
  const antes = new Array<number>(n).fill(0);
  const blinds = new Array<number>(n).fill(0);
  // Limit stakes name the small and big bet; the big blind is the small bet (R-BET-7).
  const bigBlind = text.stakes ? units(text.stakes[text.game === "FT" ? 0 : 1]) : undefined;
  const smallBlind = text.stakes && text.game !== "FT" ? units(text.stakes[0]) : undefined;
  const anteSize = Math.max(0, ...text.records.map((r) => (r.k === "post" && r.kind === "the ante" ? units(r.amount) : 0)));
  for (const r of text.records) {
    if (r.k !== "post") continue;
    const p = index.get(r.name)!;
    // A short stack posts what it has (R-BLIND-4); PHH keeps the blind's full size, which
    // also tells who acts first, so an all-in post is read as the stakes' blind.
    const nominal = !r.allIn
      ? undefined
      : r.kind === "small blind"
        ? smallBlind
        : r.kind === "big blind"
          ? bigBlind
          : r.kind === "the ante"
            ? anteSize
            : undefined;
    const amount = Math.max(units(r.amount), nominal ?? 0);
    if (r.kind === "the ante") antes[p] = antes[p]! + amount;
    else if (blinds[p] !== 0) return inconsistent(r.line, `${r.name} posts a second blind`);
    else if (r.kind === "small & big blinds") {
      // The small-blind part of a dead-blind post is dead money, like an ante (R-BLIND-2).
      if (bigBlind === undefined || amount < bigBlind) return inconsistent(r.line, "dead blinds without known stakes");
      blinds[p] = bigBlind;
      antes[p] = antes[p]! + amount - bigBlind;
    } else blinds[p] = amount;
  }
  const outOfTurn = lateBigBlind(text.records, index, n);
  if (outOfTurn) {
    // A newcomer's live big blind acts in turn; PHH (and the engine) would seat it like a
    // straddle that acts last, so the replay would differ.
    return fail(HISTORY_ERRORS.pokerstarsUnsupportedPost, `line ${outOfTurn.line}: ${outOfTurn.name} posts a big blind out of position`, {
      line: outOfTurn.line,
    });
  }
  const ledger = openLedger(stacks, antes, blinds);

  const cards = new Map<number, readonly string[]>();
  const shown = new Map<number, readonly string[] | null>();
  const collected = new Array<number>(n).fill(0);
  const returned = new Array<number>(n).fill(0);
  let rake = 0;
  for (const r of text.records) {
    if (!("name" in r)) continue;
    const p = index.get(r.name)!;
    const known = r.k === "dealt" || r.k === "show" || r.k === "muck" || r.k === "fold" ? r.cards : undefined;
    // A winner may show one card by choice after the hand; it says nothing to replay.
    if (r.k === "show" && known?.length === 1 && !r.summary) continue;
    if (known && known.length > 0) {
      const before = cards.get(p);
      if (known.length !== 2) return inconsistent(r.line, "hold'em hands have two cards");
      if (before && before.join("") !== known.join("")) return inconsistent(r.line, `${r.name} shows other cards than dealt`);
      cards.set(p, known);
    }
    if ((r.k === "show" || r.k === "muck") && (!r.summary || !shown.has(p))) {
      shown.set(p, r.k === "show" ? (r.cards ?? null) : null);
    }
  }
  const dealt = new Set<string>();
  for (const c of [...cards.values()].flat()) {
    if (dealt.has(c)) return fail(HISTORY_ERRORS.pokerstarsBadCards, `card ${c} is dealt twice`, {});
    dealt.add(c);
  }

  const actions: string[] = order.map((_, p) => `d dh p${p + 1} ${cards.get(p)?.join("") ?? "????"}`);
  let lastBetting = actions.length;
  for (const r of text.records) {
    const p = "name" in r ? index.get(r.name)! : -1;
    const who = `p${p + 1}`;
    switch (r.k) {
      case "board": {
        if (r.street !== ledger.street + 1) return inconsistent(r.line, "board cards out of order");
        for (const c of r.cards) {
          if (dealt.has(c)) return fail(HISTORY_ERRORS.pokerstarsBadCards, `line ${r.line}: card ${c} is dealt twice`, { line: r.line });
          dealt.add(c);
        }
        nextStreet(ledger);
        actions.push(`d db ${r.cards.join("")}`);
        break;
      }
      case "fold":
      case "check":
      case "call":
      case "bet":
      case "raise": {
        const problem = bet(ledger, p, r, units);
        if (problem) return inconsistent(r.line, problem);
        actions.push(r.k === "fold" ? `${who} f` : r.k === "check" || r.k === "call" ? `${who} cc` : `${who} cbr ${ledger.inFront[p]}`);
        lastBetting = actions.length;
        break;
      }
      case "collect":
        collected[p] = collected[p]! + units(r.amount);
        break;
      case "return":
        returned[p] = returned[p]! + units(r.amount);
        break;
      case "rake":
        rake += units(r.amount);
        break;
      default:
        break;
    }
  }
  actions.splice(lastBetting, 0, ...showdown(ledger, shown, cards));

  const scale = 10 ** decimals;
  const variant: PhhVariant = text.game;
  const someAntes = antes.filter((a) => a > 0).length;
  const hand: PhhHand = {
    variant,
    // Antes from only some players (a big-blind ante) are dead money (R-BLIND-2).
    anteTrimmingStatus: !(someAntes > 0 && someAntes < n),
    antes: perPlayer(antes, n),
    blindsOrStraddles: perPlayer(blinds, n),
    ...(variant === "FT"
      ? { smallBet: text.stakes ? units(text.stakes[0]) : Math.max(...blinds), bigBet: text.stakes ? units(text.stakes[1]) : 2 * Math.max(...blinds) }
      : { minBet: bigBlind ?? Math.max(...blinds) }),
    startingStacks: stacks,
    actions,
    players: order.map((s) => s.name),
    extra: extraFields(
      text,
      order.map((s) => s.seat),
      rake,
    ),
  };
  return ok({ name: `${handName} (PokerStars Hand #${text.id})`, hand, expected: { collected, returned }, scale });
}

/** A big blind posted away from the big-blind seat (p2; p1 heads-up). */
function lateBigBlind(records: readonly HandRecord[], index: ReadonlyMap<string, number>, n: number): { name: string; line: number } | undefined {
  const posts = records.flatMap((r) => (r.k === "post" && (r.kind === "big blind" || r.kind === "small & big blinds") ? [r] : []));
  const at = posts.map((r) => index.get(r.name)!).sort((a, b) => a - b);
  const smallBlind = records.some((r) => r.k === "post" && r.kind === "small blind");
  // Without a small blind (a dead one, or its player all-in from the ante) the big blind
  // may sit first or second; two big blinds sit first and second (R-BTN-3).
  const allowed = n === 2 ? [0] : smallBlind ? [1] : [0, 1];
  const fine = at.length === 0 || (at.length === 1 && allowed.includes(at[0]!)) || (at.length === 2 && n > 2 && !smallBlind && at[0] === 0 && at[1] === 1);
  if (fine) return undefined;
  const expected = allowed.at(-1);
  return posts.find((r) => index.get(r.name) !== expected) ?? posts[0];
}

/** Applies one betting line; returns what disagrees with the chips, if anything. */
function bet(l: Ledger, p: number, r: HandRecord, units: (d: DecimalText) => number): string | undefined {
  if (l.folded[p]) return "a folded player acts";
  if (r.k === "fold") {
    fold(l, p);
    return undefined;
  }
  if (l.behind[p] === 0) return "a player who is all-in acts";
  if (r.k === "check") return toCall(l, p) === 0 ? (checkOrCall(l, p), undefined) : "a check facing a bet";
  if (r.k === "call") {
    const owed = toCall(l, p);
    if (owed !== units(r.amount)) return `a call of ${units(r.amount)} where ${owed} was owed`;
    checkOrCall(l, p);
  } else if (r.k === "bet" || r.k === "raise") {
    let total: number;
    if (r.k === "raise") {
      total = units(r.to);
      if (total - highestBet(l) !== units(r.by)) {
        return `"raises ${units(r.by)} to ${total}" but the bet to raise was ${highestBet(l)}`;
      }
    } else {
      if (highestBet(l) > 0) return "a bet where there is already a bet to call";
      total = l.inFront[p]! + units(r.amount);
    }
    const done = betOrRaiseTo(l, p, total);
    if (!done.ok) return done.error.message;
  } else return undefined;
  if ("allIn" in r && r.allIn !== (l.behind[p] === 0)) {
    return r.allIn ? "all-in is said but chips are left" : "all chips are in but all-in is not said";
  }
  return undefined;
}

/**
 * R-POT-5: the river's last aggressor shows first, else the first player left of the
 * button. A player at showdown the text says nothing about shows the cards dealt, if known
 * (some converted files drop the showdown lines).
 */
function showdown(l: Ledger, shown: ReadonlyMap<number, readonly string[] | null>, dealt: ReadonlyMap<number, readonly string[]>): string[] {
  const live = inHand(l);
  if (live.length < 2) return [];
  const first = l.street === 3 && l.lastAggressor >= 0 ? l.lastAggressor : live[0]!;
  const ordered = [...live.filter((p) => p >= first), ...live.filter((p) => p < first)];
  return ordered.flatMap((p) => {
    const cards = shown.has(p) ? shown.get(p) : dealt.get(p);
    if (cards === undefined) return [];
    return [cards ? `p${p + 1} sm ${cards.join("")}` : `p${p + 1} sm`];
  });
}

/** The power of ten that makes every amount of the hand whole; money counts in cents at least. */
function scaleDecimals(text: HandText): number {
  const amounts: DecimalText[] = text.seats.map((s) => s.stack);
  if (text.stakes) amounts.push(...text.stakes);
  for (const r of text.records) {
    if ("amount" in r) amounts.push(r.amount);
    if (r.k === "raise") amounts.push(r.by, r.to);
  }
  const money = amounts.some((a) => a.currency) || (text.currency !== undefined && !text.tournament);
  return Math.max(money ? 2 : 0, ...amounts.map(significantDecimals));
}

function extraFields(text: HandText, seats: number[], rake: number): Record<string, unknown> {
  const id = Number(text.id);
  const [year, month, day] = (text.date ?? "").split("/").map(Number);
  return {
    hand: Number.isSafeInteger(id) ? id : text.id,
    table: text.table,
    seats,
    ...(text.maxSeats ? { seat_count: text.maxSeats } : {}),
    ...(text.currency ? { currency: text.currency } : {}),
    ...(text.tournament ? { event: `Tournament #${text.tournament}` } : {}),
    ...(year && month && day ? { year, month, day } : {}),
    ...(text.time ? { time: text.time } : {}),
    ...(text.timeZone ? { time_zone: text.timeZone } : {}),
    rake,
  };
}

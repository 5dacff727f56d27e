// Phase one of reading PokerStars text: one hand's lines become records with their
// amounts still as decimal text (the scale is only known once the whole hand is read).
// Every line is either understood, known noise (chat, connections), or an error.
import { fail, ok, type Result } from "../../lib/result.ts";
import { readDecimal, type DecimalText } from "./pokerstars-amounts.ts";
import { HISTORY_ERRORS } from "../error-catalogue.ts";

export interface Seat {
  readonly seat: number;
  readonly name: string;
  readonly stack: DecimalText;
}

export type PostKind = "small blind" | "big blind" | "the ante" | "small & big blinds" | "straddle";

export type HandRecord =
  | { readonly k: "post"; readonly name: string; readonly kind: PostKind; readonly amount: DecimalText; readonly allIn: boolean; readonly line: number }
  | { readonly k: "dealt"; readonly name: string; readonly cards: readonly string[]; readonly line: number }
  | { readonly k: "fold"; readonly name: string; readonly cards?: readonly string[]; readonly line: number }
  | { readonly k: "check"; readonly name: string; readonly line: number }
  | { readonly k: "call" | "bet"; readonly name: string; readonly amount: DecimalText; readonly allIn: boolean; readonly line: number }
  | { readonly k: "raise"; readonly name: string; readonly by: DecimalText; readonly to: DecimalText; readonly allIn: boolean; readonly line: number }
  | { readonly k: "board"; readonly street: 1 | 2 | 3; readonly cards: readonly string[]; readonly line: number }
  | { readonly k: "show" | "muck"; readonly name: string; readonly cards?: readonly string[]; readonly summary: boolean; readonly line: number }
  | { readonly k: "collect" | "return"; readonly name: string; readonly amount: DecimalText; readonly line: number }
  | { readonly k: "rake"; readonly amount: DecimalText; readonly line: number };

export interface HandText {
  readonly id: string;
  readonly game: "NT" | "PT" | "FT";
  readonly stakes?: readonly [DecimalText, DecimalText];
  readonly currency?: string;
  readonly date?: string;
  readonly time?: string;
  readonly timeZone?: string;
  readonly tournament?: string;
  readonly table: string;
  readonly maxSeats?: number;
  readonly playMoney: boolean;
  readonly button: number;
  readonly seats: readonly Seat[];
  readonly records: readonly HandRecord[];
}

/** A hand's lines with the 1-based line number of the first in the file. */
export interface HandLines {
  readonly first: number;
  readonly lines: readonly string[];
}

const AMT = "([$€£]?[\\d.,]+)";
const HEADER = /^PokerStars (?:[A-Za-z ]+ )?(?:Hand|Game) #(\d+):\s*(.*)$/;
const TABLE = /^Table '(.*)'(.*?)Seat #(\d+) is the button\s*$/;
const SEAT = new RegExp(`^Seat (\\d+): (.+?) \\(${AMT} in chips(?:, [^)]*)?\\)(.*)$`);
const POST = new RegExp(`^posts (small blind|big blind|the ante|small & big blinds|straddle) ${AMT}( and is all-in)?$`);
const CALL_BET = new RegExp(`^(calls|bets) ${AMT}( and is all-in)?$`);
const RAISE = new RegExp(`^raises ${AMT} to ${AMT}( and is all-in)?$`);
const COLLECTED = new RegExp(`^ collected ${AMT} from (?:the )?(?:pot|main pot|side pot(?:-\\d+)?)$`);
const TOTAL_RAKE = new RegExp(`^Total pot .*\\| Rake ${AMT}`);
const CARDS = /^(?:[2-9TJQKA][cdhs])(?: [2-9TJQKA][cdhs])*$/;
// Lines about the people rather than the cards: chat, connections, table moves, prizes.
const NOISE =
  / (said, |is disconnected|is connected|has timed out|has returned|is sitting out|sits out|joins the table|leaves the table|will be allowed to play|was removed from the table|finished the tournament|wins the tournament|re-buys|takes the add-on|is back|has reconnected|wins an entry|wins a \$|wins the \$|cashed out)/;
const NOISE_AFTER_COLON = /^(sits out|is sitting out|is back|has returned|is disconnected|is connected|has timed out.*|doesn't show hand)$/;

export function splitHands(text: string): HandLines[] {
  const all = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((l) => l.trimEnd());
  const hands: { first: number; lines: string[] }[] = [];
  all.forEach((line, i) => {
    if (HEADER.test(line)) hands.push({ first: i + 1, lines: [line] });
    else if (line.trim() !== "") {
      const last = hands.at(-1);
      if (last) last.lines.push(line);
      else hands.push({ first: i + 1, lines: [line] });
    } else hands.at(-1)?.lines.push(line);
  });
  return hands;
}

export function readHandText(hand: HandLines): Result<HandText> {
  const at = (i: number) => hand.first + i;
  const bad = (i: number, why: string) => fail(HISTORY_ERRORS.pokerstarsBadLine, `line ${at(i)}: ${why}: "${hand.lines[i] ?? ""}"`, { line: at(i) });
  const head = HEADER.exec(hand.lines[0] ?? "");
  if (!head) return bad(0, "a hand must start with a PokerStars header");
  const rest = head[2]!;
  const game = /Hold'em (No Limit|Pot Limit|Limit)\b/.exec(rest);
  if (!game || /Omaha|Stud|Razz|Draw|Badugi|Courchevel/.test(rest)) {
    return fail(HISTORY_ERRORS.pokerstarsUnsupportedGame, `line ${at(0)}: only Texas hold'em is supported: "${rest}"`, { line: at(0) });
  }
  const stakes = /\(([$€£]?[\d.,]+)\/([$€£]?[\d.,]+)(?: ([A-Z]{3}))?\)/.exec(rest);
  const when = /(\d{4}\/\d{2}\/\d{2}) (\d{1,2}:\d{2}:\d{2})(?: ([A-Z]+))?/.exec(rest);
  const table = TABLE.exec(hand.lines[1] ?? "");
  if (!table) return bad(1, "expected \"Table '...' ... Seat #N is the button\"");

  const seats: Seat[] = [];
  let i = 2;
  for (; i < hand.lines.length; i++) {
    const m = SEAT.exec(hand.lines[i]!);
    if (!m) break;
    const stack = readDecimal(m[3]!);
    if (!stack) return bad(i, "bad stack");
    seats.push({ seat: Number(m[1]), name: m[2]!, stack });
  }
  if (seats.length < 2) return bad(i, "a hand needs at least two seat lines");
  // Names may hold spaces and colons: match the longest seated name that starts the line.
  const names = seats.map((s) => s.name).sort((a, b) => b.length - a.length);
  const nameAt = (line: string, after: string) => names.find((n) => line.startsWith(n + after));

  const records: HandRecord[] = [];
  let section: "posts" | "body" | "summary" = "posts";
  for (; i < hand.lines.length; i++) {
    const line = hand.lines[i]!;
    const n = at(i);
    if (line.trim() === "") continue;
    if (line.startsWith("*** ")) {
      const street = /^\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW ?DOWN|SUMMARY) \*\*\*(.*)$/.exec(line);
      if (!street) {
        if (/FIRST|SECOND/.test(line)) {
          return fail(HISTORY_ERRORS.pokerstarsUnsupportedGame, `line ${n}: boards run twice are not supported`, { line: n });
        }
        return bad(i, "unknown section");
      }
      const kind = street[1]!;
      if (kind === "HOLE CARDS" || kind.startsWith("SHOW")) section = "body";
      else if (kind === "SUMMARY") section = "summary";
      else {
        const brackets = [...street[2]!.matchAll(/\[([^\]]*)\]/g)];
        const cards = splitCards(brackets.at(-1)?.[1] ?? "");
        const want = kind === "FLOP" ? 3 : 1;
        if (!cards || cards.length !== want) return bad(i, `expected ${want} board card(s)`);
        records.push({ k: "board", street: kind === "FLOP" ? 1 : kind === "TURN" ? 2 : 3, cards, line: n });
        section = "body";
      }
      continue;
    }
    if (section === "summary") {
      const r = readSummaryLine(line, n, seats);
      if (r === "bad") return bad(i, "bad summary line");
      if (r) records.push(r);
      continue;
    }
    const r = readBodyLine(line, n, nameAt);
    if (r === "noise") continue;
    if (typeof r === "string") return bad(i, r);
    if (r.k === "post" && section !== "posts") return bad(i, "a forced bet after the cards were dealt");
    if (r.k !== "post" && section === "posts" && r.k !== "dealt") return bad(i, "an action before *** HOLE CARDS ***");
    records.push(r);
  }
  const maxSeats = /(\d+)-max/.exec(table[2]!);
  const symbol = /[$€£]/.exec(stakes?.[1] ?? "")?.[0];
  const currencyCode = stakes?.[3] ?? (symbol ? { $: "USD", "€": "EUR", "£": "GBP" }[symbol] : undefined);
  const lo = stakes ? readDecimal(stakes[1]!) : undefined;
  const hi = stakes ? readDecimal(stakes[2]!) : undefined;
  return ok({
    id: head[1]!,
    game: game[1] === "No Limit" ? "NT" : game[1] === "Pot Limit" ? "PT" : "FT",
    ...(lo && hi ? { stakes: [lo, hi] as const } : {}),
    ...(currencyCode ? { currency: currencyCode } : {}),
    ...(when ? { date: when[1]!, time: when[2]!, ...(when[3] ? { timeZone: when[3] } : {}) } : {}),
    ...(/Tournament #(\d+)/.exec(rest) ? { tournament: /Tournament #(\d+)/.exec(rest)![1]! } : {}),
    table: table[1]!,
    ...(maxSeats ? { maxSeats: Number(maxSeats[1]) } : {}),
    playMoney: /Play Money/.test(table[2]!),
    button: Number(table[3]),
    seats,
    records,
  });
}

function splitCards(text: string): string[] | undefined {
  const t = text.trim();
  return CARDS.test(t) ? t.split(" ") : undefined;
}

type NameAt = (line: string, after: string) => string | undefined;

function readBodyLine(line: string, n: number, nameAt: NameAt): HandRecord | "noise" | string {
  const uncalled = /^Uncalled bet \(([^)]*)\) returned to (.+)$/.exec(line);
  if (uncalled) {
    const amount = readDecimal(uncalled[1]!);
    const name = nameAt(uncalled[2]!, "");
    if (!amount || name === undefined || name !== uncalled[2]) return "bad uncalled bet line";
    return { k: "return", name, amount, line: n };
  }
  const dealt = /^Dealt to (.+?)(?: \[([^\]]*)\])?(?: \[([^\]]*)\])?$/.exec(line);
  if (dealt) {
    const name = nameAt(dealt[1]!, "");
    if (name === undefined || name !== dealt[1]) return "a card dealt to an unknown player";
    const cards = dealt[2] === undefined ? [] : splitCards(dealt[3] ?? dealt[2]);
    if (!cards) return "bad cards";
    return { k: "dealt", name, cards, line: n };
  }
  const actor = nameAt(line, ": ");
  if (actor !== undefined) return readAction(line.slice(actor.length + 2), actor, n);
  const other = nameAt(line, " ");
  if (other !== undefined) {
    const tail = line.slice(other.length);
    const won = COLLECTED.exec(tail);
    if (won) {
      const amount = readDecimal(won[1]!);
      return amount ? { k: "collect", name: other, amount, line: n } : "bad amount";
    }
    if (NOISE.test(tail)) return "noise";
  }
  return "line not understood";
}

function readAction(rest: string, name: string, n: number): HandRecord | "noise" | string {
  const post = POST.exec(rest);
  if (post) {
    const amount = readDecimal(post[2]!);
    return amount ? { k: "post", name, kind: post[1] as PostKind, amount, allIn: post[3] !== undefined, line: n } : "bad amount";
  }
  if (rest === "checks") return { k: "check", name, line: n };
  const folds = /^folds(?: \[([^\]]*)\])?$/.exec(rest);
  if (folds) {
    if (folds[1] === undefined) return { k: "fold", name, line: n };
    const cards = splitCards(folds[1]);
    return cards ? { k: "fold", name, cards, line: n } : "bad cards";
  }
  const cb = CALL_BET.exec(rest);
  if (cb) {
    const amount = readDecimal(cb[2]!);
    if (!amount) return "bad amount";
    return { k: cb[1] === "calls" ? "call" : "bet", name, amount, allIn: cb[3] !== undefined, line: n };
  }
  const raise = RAISE.exec(rest);
  if (raise) {
    const by = readDecimal(raise[1]!);
    const to = readDecimal(raise[2]!);
    if (!by || !to) return "bad amount";
    return { k: "raise", name, by, to, allIn: raise[3] !== undefined, line: n };
  }
  const shows = /^shows \[([^\]]*)\](?: \(.*\))?$/.exec(rest);
  if (shows) {
    const cards = splitCards(shows[1]!);
    return cards ? { k: "show", name, cards, summary: false, line: n } : "bad cards";
  }
  if (rest === "mucks hand") return { k: "muck", name, summary: false, line: n };
  if (NOISE_AFTER_COLON.test(rest)) return "noise";
  return "action not understood";
}

function readSummaryLine(line: string, n: number, seats: readonly Seat[]): HandRecord | undefined | "bad" {
  const rake = TOTAL_RAKE.exec(line);
  if (rake) {
    const amount = readDecimal(rake[1]!);
    return amount ? { k: "rake", amount, line: n } : "bad";
  }
  const seat = /^Seat (\d+): /.exec(line);
  if (!seat) return undefined;
  const who = seats.find((s) => s.seat === Number(seat[1]));
  if (!who || !line.startsWith(`Seat ${seat[1]}: ${who.name}`)) return "bad";
  const tail = line.slice(seat[0].length + who.name.length);
  const shown = /(showed|mucked) \[([^\]]*)\]/.exec(tail);
  if (!shown) return undefined;
  const cards = splitCards(shown[2]!);
  if (!cards) return "bad";
  return { k: shown[1] === "showed" ? "show" : "muck", name: who.name, cards, summary: true, line: n };
}

// `felt verify`: a hand history written by this server is checked against the
// deck commitment published before its deal. Two forms: the PHH of GET /hands/HAND/texts
// (extra keys deck_commitment, seed_commitment, entropy_previous, entropy_contributions,
// openings, and table_seed when the room's settings.decksOpen gives it to the player) and the JSON HandRecord of
// GET /hands/HAND. Every card the history shows (own hole cards, the board, shown cards)
// must be opened at the deck position it was dealt from (src/protocol/fairness.ts, the
// same check the browser runs); with the table seed, the whole deck is re-derived, must
// give the commitment, and the hand must replay with it to the finishing stacks. A seed
// the history lacks may be given apart (`felt verify --table-seed`: an auditor's, or one
// made public N days after the event).
// PHH written before fair dealing (a per-hand `seed`) are still checked the old way.
import { fail, ok, type Result } from "../../lib/result.ts";
import { boardPosition, holePosition, parseCard, type Card } from "../../cards/index.ts";
import { apply, legalActions, openHand, type HandState } from "../../engine/index.ts";
import { phhConfig, readPhh } from "../../engine/history/phh.ts";
import type { PhhHand } from "../../engine/history/phh-types.ts";
import { checkFairHand, verifyHandFairness, type DeckOpening, type FairCard } from "../../protocol/index.ts";
import { legacyCommitment, legacyDeck, SEED_RE } from "./fair.ts";
import { VERIFY_ERRORS } from "../error-catalogue.ts";

export interface VerifiedHand {
  readonly name: string;
  readonly cardsChecked: number;
  /** The table seed was revealed and the whole deck checked. */
  readonly deckChecked: boolean;
}

function cardsOf(text: string): (Card | null)[] {
  const out: (Card | null)[] = [];
  for (let i = 0; i + 1 < text.length; i += 2) {
    const c = text.slice(i, i + 2);
    const p = parseCard(c);
    out.push(c === "??" || !p.ok ? null : p.value);
  }
  return out;
}

/** "position card salt path…" (history.ts: openingText). */
function openingOf(text: unknown): DeckOpening | null {
  if (typeof text !== "string") return null;
  const [position, card, salt, ...path] = text.trim().split(/\s+/);
  const o = { position: Number(position), card: Number(card), salt: salt ?? "", path };
  return Number.isInteger(o.position) && Number.isInteger(o.card) ? o : null;
}

const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : []);

/** The cards a PHH shows, each with the deck position the dealing procedure took it from. */
function shownCards(h: PhhHand): FairCard[] {
  const n = h.startingStacks.length;
  const out: FairCard[] = [];
  let board = 0;
  for (const line of h.actions) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === "d" && parts[1] === "dh") {
      const p = Number(parts[2]!.slice(1)) - 1;
      cardsOf(parts[3] ?? "").forEach((c, k) => c !== null && out.push({ what: "own", position: holePosition(n, p, k as 0 | 1), card: c }));
    } else if (parts[0] === "d" && parts[1] === "db") {
      for (const c of cardsOf(parts[2] ?? "")) {
        if (c !== null) out.push({ what: "board", position: boardPosition(n, board), card: c });
        board++;
      }
    } else if (/^p\d+$/.test(parts[0] ?? "") && parts[1] === "sm") {
      const p = Number(parts[0]!.slice(1)) - 1;
      cardsOf(parts[2] ?? "").forEach((c, k) => c !== null && out.push({ what: "shown", position: holePosition(n, p, k as 0 | 1), card: c }));
    }
  }
  return out;
}

/** Replays the hand's actions with the whole deck: every card and the finishing stacks must agree. */
function replayWith(h: PhhHand, deck: readonly Card[], name: string): Result<number> {
  const bad = (m: string) => fail(VERIFY_ERRORS.mismatch, `${name}: ${m}`);
  const opened = openHand({ ...phhConfig(h, 1), deck: deck.slice(), autoShowdown: true });
  if (!opened.ok) return bad(`the hand does not open: ${opened.error.message}`);
  let s: HandState = opened.value.state;
  let checked = 0;
  let boardAt = 0;
  for (const line of h.actions) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === "d" && parts[1] === "dh") {
      const p = Number(parts[2]!.slice(1)) - 1;
      const got = cardsOf(parts[3] ?? "");
      for (let k = 0; k < got.length; k++) {
        if (got[k] === null) continue;
        if (s.hole[2 * p + k] !== got[k]) return bad(`${line}: the deck dealt a different card to p${p + 1}`);
        checked++;
      }
    } else if (parts[0] === "d" && parts[1] === "db") {
      for (const c of cardsOf(parts[2] ?? "")) {
        if (c !== null && s.board[boardAt] !== c) return bad(`${line}: the deck put a different card on the board`);
        boardAt++;
        checked++;
      }
    } else if (/^p\d+$/.test(parts[0] ?? "")) {
      const p = Number(parts[0]!.slice(1)) - 1;
      if (parts[1] === "sm") {
        const got = cardsOf(parts[2] ?? "");
        for (let k = 0; k < got.length; k++) {
          if (got[k] !== null && s.hole[2 * p + k] !== got[k]) return bad(`${line}: p${p + 1} showed cards the deck did not deal them`);
          checked++;
        }
        continue;
      }
      const l = legalActions(s);
      const to = Number(parts[2]);
      const action =
        parts[1] === "f"
          ? { type: "fold" as const, player: p }
          : parts[1] === "cc"
            ? l?.canCheck
              ? { type: "check" as const, player: p }
              : { type: "call" as const, player: p }
            : s.currentBet === 0
              ? { type: "bet" as const, player: p, to }
              : { type: "raise" as const, player: p, to };
      const r = apply(s, action);
      if (!r.ok) return bad(`${line}: ${r.error.message}`);
      s = r.value.state;
    }
  }
  if (h.finishingStacks !== undefined && s.result !== null && s.result.stacks.some((x, i) => x !== h.finishingStacks![i])) {
    return bad("the finishing stacks differ from a replay with this deck");
  }
  return ok(checked);
}

/** `tableSeed`: the table's seed from elsewhere (an auditor's, or GET /tournaments/ID/decks) when the history has none. */
export function verifyHand(h: PhhHand, name: string, tableSeed?: string): Result<VerifiedHand> {
  const x = h.extra ?? {};
  const commitment = x["deck_commitment"];
  if (typeof commitment !== "string") {
    // Written before fair dealing: SHA-256(seed) and the seed itself.
    const seed = x["seed"];
    if (typeof x["seed_commitment"] !== "string") return fail(VERIFY_ERRORS.noCommitment, `${name}: no deck_commitment`);
    if (typeof seed !== "string" || !SEED_RE.test(seed))
      return fail(VERIFY_ERRORS.legacyHand, `${name}: dealt before committed decks, and its seed is not in the history`);
    if (legacyCommitment(seed) !== x["seed_commitment"]) return fail(VERIFY_ERRORS.mismatch, `${name}: SHA-256(seed) is not the published commitment`);
    const r = replayWith(h, legacyDeck(seed), name);
    return r.ok ? ok({ name, cardsChecked: r.value, deckChecked: true }) : r;
  }
  const previous = x["entropy_previous"];
  const contributions = strings(x["entropy_contributions"]).map((c) => {
    const [seat, value] = c.split(" ");
    return { seat: Number(seat), value: value ?? "" };
  });
  const openings = strings(x["openings"]).map(openingOf);
  if (openings.includes(null)) return fail(VERIFY_ERRORS.badHistory, `${name}: an opening is not "position card salt path…"`);
  const seed = typeof x["table_seed"] === "string" ? x["table_seed"] : tableSeed;
  const cards = shownCards(h);
  const report = checkFairHand({
    handNumber: typeof x["hand"] === "number" ? x["hand"] : 0,
    commitment,
    seedCommitment: typeof x["seed_commitment"] === "string" ? x["seed_commitment"] : "",
    entropy: { previous: previous === "-" || typeof previous !== "string" ? null : previous, contributions },
    cards,
    openings: openings as DeckOpening[],
    tableSeed: seed,
  });
  if (!report.ok) return fail(report.error.code, `${name}: ${report.error.message}`);
  if (report.value.deck !== null) {
    const r = replayWith(h, report.value.deck, name);
    if (!r.ok) return r;
  }
  return ok({ name, cardsChecked: cards.length, deckChecked: report.value.deckChecked });
}

export function verifyHistory(text: string, fileName: string, tableSeed?: string): Result<VerifiedHand[]> {
  if (text.trimStart().startsWith("{")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return fail(VERIFY_ERRORS.badHistory, `${fileName}: not JSON: ${(e as Error).message}`);
    }
    const given = tableSeed !== undefined && typeof json === "object" && json !== null && !("tableSeed" in json) ? { ...json, tableSeed } : json;
    const r = verifyHandFairness(given);
    if (!r.ok) return fail(r.error.code, `${fileName}: ${r.error.message}`);
    const v = r.value;
    return ok([{ name: fileName, cardsChecked: v.ownCards + v.boardCards + v.shownCards, deckChecked: v.deckChecked }]);
  }
  const hands = readPhh(text, fileName);
  if (!hands.ok) return hands;
  const out: VerifiedHand[] = [];
  for (const [i, h] of hands.value.entries()) {
    const r = verifyHand(h, hands.value.length > 1 ? `${fileName}#${i + 1}` : fileName, tableSeed);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

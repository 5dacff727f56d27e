// "Verify this deal": checks a hand history against the deck commitment
// published before the deal. Pure, so the browser runs the same check as `felt verify`.
// Every card the history shows (the holder's own hole cards, the board, cards shown at
// showdown) must come with an opening that proves it was committed at the deck position
// the dealing procedure (R-DEAL-3, R-DEAL-4) takes it from. Where the table's seed is
// given (after the event, only as the room's settings.decksOpen allows) the whole deck is
// re-derived and must give the published commitment, which proves the seed commitment,
// the entropy and the shuffle.
import { fail, ok, type Result } from "../lib/result.ts";
import { boardPosition, commitDeck, entropyText, HEX32_RE, holePosition, tableSeedCommitment, verifyOpening, type Card } from "../cards/index.ts";
import { HandRecord } from "./http-player.ts";
import type { DeckOpening, HandEntropy } from "./table-events.ts";
import { FAIR_ERRORS } from "./error-catalogue.ts";

/** A card the history shows, with the deck position it was dealt from. */
export interface FairCard {
  readonly what: "own" | "board" | "shown";
  readonly position: number;
  readonly card: Card;
}

/** A hand history reduced to what the check needs (from a HandRecord or a PHH file). */
export interface FairHand {
  readonly handNumber: number;
  /** The Merkle root published before the deal. */
  readonly commitment: string;
  /** SHA-256 of the table seed. */
  readonly seedCommitment: string;
  readonly entropy: HandEntropy;
  readonly cards: readonly FairCard[];
  readonly openings: readonly DeckOpening[];
  /** Present only after the event, where the room opens the decks to the asker. */
  readonly tableSeed?: string | undefined;
}

export interface FairnessReport {
  readonly handNumber: number;
  readonly commitment: string;
  readonly ownCards: number;
  readonly boardCards: number;
  readonly shownCards: number;
  /** True when the revealed table seed re-derived the whole deck and its commitment. */
  readonly deckChecked: boolean;
  /** The whole deck (position 0 first) once the table seed is revealed, else null. */
  readonly deck: readonly Card[] | null;
}

export function checkFairHand(h: FairHand): Result<FairnessReport> {
  const where = `hand ${h.handNumber}`;
  if (!Number.isSafeInteger(h.handNumber) || h.handNumber < 1) return fail(FAIR_ERRORS.badHistory, `${where}: no hand number`);
  if (!HEX32_RE.test(h.commitment) || !HEX32_RE.test(h.seedCommitment)) return fail(FAIR_ERRORS.noCommitment, `${where}: no deck commitment`);
  try {
    entropyText(h.entropy);
  } catch (e) {
    return fail(FAIR_ERRORS.badEntropy, `${where}: ${(e as Error).message}`);
  }
  const counts = { own: 0, board: 0, shown: 0 };
  for (const c of h.cards) {
    const o = h.openings.find((x) => x.position === c.position);
    if (o === undefined) return fail(FAIR_ERRORS.unopenedCard, `${where}: no opening for the card at deck position ${c.position}`, { position: c.position });
    if (o.card !== c.card)
      return fail(FAIR_ERRORS.cardMismatch, `${where}: deck position ${c.position} was committed to another card`, { position: c.position });
    if (!verifyOpening(h.commitment, o))
      return fail(FAIR_ERRORS.badOpening, `${where}: the opening of deck position ${c.position} does not lead to the commitment`, { position: c.position });
    counts[c.what]++;
  }
  let deck: readonly Card[] | null = null;
  if (h.tableSeed !== undefined) {
    if (!HEX32_RE.test(h.tableSeed) || tableSeedCommitment(h.tableSeed) !== h.seedCommitment) {
      return fail(FAIR_ERRORS.seedMismatch, `${where}: SHA-256 of the revealed table seed is not the published seed commitment`);
    }
    const d = commitDeck(h.tableSeed, h.handNumber, h.entropy);
    if (d.root !== h.commitment) return fail(FAIR_ERRORS.rootMismatch, `${where}: the revealed seed and the entropy do not give the published commitment`);
    deck = d.deck;
  }
  return ok({
    handNumber: h.handNumber,
    commitment: h.commitment,
    ownCards: counts.own,
    boardCards: counts.board,
    shownCards: counts.shown,
    deckChecked: deck !== null,
    deck,
  });
}

/** A HandRecord (GET /api/v1/hands/HAND) as the check's input. */
export function fairHandOfRecord(record: HandRecord): Result<FairHand> {
  const start = record.events.find((e) => e.kind === "hand-start");
  if (start === undefined) return fail(FAIR_ERRORS.noCommitment, "the history has no hand-start event");
  if (start.seedCommitment === undefined || start.entropy === undefined) {
    return fail(FAIR_ERRORS.legacyHand, `hand ${start.handNumber} was dealt before committed decks and cannot be verified this way`);
  }
  const n = start.seats.length;
  const player = (seat: number) => start.seats.findIndex((s) => s.seat === seat);
  const cards: FairCard[] = [];
  const openings: DeckOpening[] = [];
  let board = 0;
  for (const e of record.events) {
    if (e.kind === "hole-cards" && e.cards !== null) {
      const p = player(e.seat);
      if (p < 0) return fail(FAIR_ERRORS.badHistory, `seat ${e.seat} was not dealt in`);
      cards.push({ what: "own", position: holePosition(n, p, 0), card: e.cards[0]! }, { what: "own", position: holePosition(n, p, 1), card: e.cards[1]! });
      openings.push(...(e.openings ?? []));
    } else if (e.kind === "board") {
      for (const card of e.cards) cards.push({ what: "board", position: boardPosition(n, board++), card });
      openings.push(...(e.openings ?? []));
    } else if (e.kind === "show") {
      const p = player(e.seat);
      if (p < 0) return fail(FAIR_ERRORS.badHistory, `seat ${e.seat} was not dealt in`);
      cards.push({ what: "shown", position: holePosition(n, p, 0), card: e.cards[0]! }, { what: "shown", position: holePosition(n, p, 1), card: e.cards[1]! });
      openings.push(...(e.openings ?? []));
    }
  }
  return ok({
    handNumber: start.handNumber,
    commitment: start.commitment,
    seedCommitment: start.seedCommitment,
    entropy: start.entropy,
    cards,
    openings,
    tableSeed: record.tableSeed,
  });
}

/**
 * "Verify this deal": checks one hand history (a HandRecord as GET /api/v1/hands/HAND
 * answers it) against its commitment: own hole cards, board and shown cards always; the
 * whole deck when the table seed is in the record (after the event, as the room chose).
 */
export function verifyHandFairness(history: unknown): Result<FairnessReport> {
  const parsed = HandRecord.safeParse(history);
  if (!parsed.success) return fail(FAIR_ERRORS.badHistory, `not a hand history: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const hand = fairHandOfRecord(parsed.data);
  return hand.ok ? checkFairHand(hand.value) : hand;
}

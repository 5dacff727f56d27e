// Hand histories per player: the hand's events and PHH / PokerStars text holding only what
// that player saw (others' hole cards only when shown). The PHH carries the provably-fair
// fields (extra PHH keys): `deck_commitment`, `seed_commitment`, the entropy, the
// openings of the cards that player saw, and `table_seed` only when the tournament's
// settings.decksOpen opens it to that player (decks-open.ts);
// `felt verify` checks them.
import { fail, ok, type Result } from "../../lib/result.ts";
import { forcedBets } from "../../tournament/index.ts";
import type { HandRecord, HandSummary } from "../../protocol/index.ts";
import type { PhhHand } from "../../engine/history/phh-types.ts";
import { writePhh } from "../../engine/history/phh.ts";
import { writePokerStars, pokerStarsResults } from "../../engine/history/pokerstars-write.ts";
import { decodeHandCursor, encodeHandCursor } from "../../store/index.ts";
import type { Services } from "../services.ts";
import { evolveTable, initialTable, type HandRun, type TableConfig, type TableRecord } from "./table-state.ts";
import { handIndexEntries, streamOf } from "./table-session.ts";
import type { HandIndex, EventStore, HandIndexEntry } from "../../store/index.ts";
import { eventForSeat } from "./table-wire.ts";
import { committedDeck, tableSeedCommitment } from "./fair.ts";
import { type DeckFactsPorts, seedOpenTo } from "./decks-open.ts";
import { boardPosition, holePosition, type DeckOpening } from "../../cards/index.ts";
import { PROTOCOL_ERRORS, TABLE_ERRORS } from "../../protocol/error-catalogue.ts";

/** The deck positions whose cards `seat` saw (null: the house, every card dealt). */
export function openedPositions(hand: HandRun, seat: number | null): number[] {
  const n = hand.order.length;
  const me = seat === null ? -1 : hand.order.indexOf(seat);
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (seat === null || i === me || hand.state.shown[i] === 1) out.push(holePosition(n, i, 0), holePosition(n, i, 1));
  for (let b = 0; b < hand.state.board.length; b++) out.push(boardPosition(n, b));
  return out;
}

/** An opening as one PHH string: "position card salt path…" (card as an integer 0–51). */
export const openingText = (o: DeckOpening): string => [o.position, o.card, o.salt, ...o.path].join(" ");

function fairFields(hand: HandRun, seat: number | null, reveal: boolean): Record<string, unknown> {
  const deck = committedDeck(hand);
  if (deck === null || hand.tableSeed === null || hand.entropy === null) {
    return { seed_commitment: hand.commitment }; // before fair dealing: its seed stays secret
  }
  return {
    deck_commitment: hand.commitment,
    seed_commitment: tableSeedCommitment(hand.tableSeed),
    entropy_previous: hand.entropy.previous ?? "-",
    entropy_contributions: hand.entropy.contributions.map((c) => `${c.seat} ${c.value}`),
    openings: openedPositions(hand, seat).map((p) => openingText(deck.open(p))),
    ...(reveal ? { table_seed: hand.tableSeed } : {}),
  };
}

/** The PHH of a hand as `seat` saw it (null: as the house saw it, every card); `reveal`: the table seed is theirs (decks-open.ts). */
export function phhFor(hand: HandRun, seat: number | null, tableName: string, reveal = false): PhhHand {
  const me = seat === null ? -1 : hand.order.indexOf(seat);
  const forced = forcedBets(hand.positions, hand.blinds);
  const n = hand.order.length;
  const hu = (xs: readonly number[]) => (n === 2 ? [...xs].reverse() : [...xs]);
  const actions = hand.phh.map((a) => {
    const m = /^d dh p(\d+) /.exec(a);
    if (m !== null && seat !== null && Number(m[1]) - 1 !== me) return `d dh p${m[1]} ????`;
    return a;
  });
  return {
    anteTrimmingStatus: true,
    antes: hu(forced.antes),
    blindsOrStraddles: hu(forced.blinds),
    ...(hand.blinds.limit === true
      ? { variant: "FT" as const, smallBet: hand.blinds.bb, bigBet: 2 * hand.blinds.bb }
      : { variant: "NT" as const, minBet: hand.blinds.bb }),
    startingStacks: hand.startStacks,
    actions,
    ...(hand.state.result !== null ? { finishingStacks: hand.state.result.stacks } : {}),
    players: [...hand.names],
    extra: {
      hand: hand.handNumber,
      table: tableName,
      seats: [...hand.order],
      seat_count: hand.positions.tableSize,
      time_stamp: hand.startedAt,
      // The room's showdown rules, so a replay (felt verify, felt replay) decides as the table did.
      ...(hand.state.cfg.oddChip === "left-of-button" ? {} : { _odd_chip: hand.state.cfg.oddChip }),
      ...(hand.state.cfg.oneCardKills ? { _one_card_kills: true } : {}),
      // R-POT-4: the unit its pots were split in (a tournament's smallest chip in play).
      ...(hand.state.cfg.unit === 1 ? {} : { _chip_unit: hand.state.cfg.unit }),
      ...fairFields(hand, seat, reveal),
    },
  };
}

export const phhText = (hand: HandRun, seat: number | null, tableName: string, reveal = false): string => writePhh(phhFor(hand, seat, tableName, reveal));

export function pokerStarsText(hand: HandRun, seat: number | null, tableName: string, events: Parameters<typeof pokerStarsResults>[0]): Result<string> {
  const me = seat === null ? -1 : hand.order.indexOf(seat);
  const d = new Date(hand.startedAt);
  const pad = (x: number) => String(x).padStart(2, "0");
  const date = `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return writePokerStars(phhFor(hand, seat, tableName), {
    handId: hand.handNumber,
    date,
    timeZone: "UTC",
    tableName,
    maxSeats: hand.positions.tableSize,
    seats: [...hand.order],
    names: [...hand.names],
    knownCards: seat === null ? "all" : [me],
    results: pokerStarsResults(events, hand.order.length),
  });
}

interface PlayedHand {
  readonly hand: HandRun;
  readonly tableId: string;
  readonly tournamentId: string | null;
  readonly seat: number;
}

/**
 * Hands played before the hand index existed, or indexed before it kept the player's hole
 * cards: when the index is empty or some row has no cards, every table stream is
 * replayed once and its finished hands indexed (a row written twice stays one; a row without
 * cards gets them).
 */
export async function backfillHandIndex(store: EventStore, index: HandIndex): Promise<number> {
  if (!(await index.isEmpty()) && !(await index.lacksCards())) return 0;
  let n = 0;
  for (const s of await store.listStreams({ type: "table" })) {
    const events = await store.read(s.stream);
    const first = events[0];
    if (first === undefined || first.type !== "opened") continue;
    const state = initialTable(first.data as TableConfig);
    const rows: HandIndexEntry[] = [];
    for (const e of events) {
      if (!evolveTable(state, { type: e.type, data: e.data } as TableRecord, e.version).ok) break;
      const done = state.finished;
      if (done !== null && state.hand === null && e.type === "acted") rows.push(...handIndexEntries(state, done));
    }
    await index.record(rows);
    n += rows.length;
  }
  return n;
}

/**
 * One hand of the user's, found through the hand index (so a hand they were not dealt into
 * costs one index read, nothing more), then rebuilt from its one table stream.
 */
async function playedHand(svc: Pick<Services, "hands" | "store">, userId: string, handId: string): Promise<PlayedHand | null> {
  const row = await svc.hands.get(userId, handId);
  if (row === null) return null;
  const events = await svc.store.read(streamOf(row.tableId));
  const first = events[0];
  if (first === undefined) return null;
  const state = initialTable(first.data as TableConfig);
  for (const e of events) {
    const r = evolveTable(state, { type: e.type, data: e.data } as TableRecord, e.version);
    if (!r.ok) break;
    const done = state.finished;
    if (done !== null && state.hand === null && done.handId === handId) {
      return done.order.includes(row.seat) ? { hand: done, tableId: row.tableId, tournamentId: row.tournamentId, seat: row.seat } : null;
    }
  }
  return null;
}

/** The user's hands, newest first, read from the hand index alone; `next` pages on. */
export async function handSummaries(
  svc: Pick<Services, "hands">,
  userId: string,
  limit: number,
  before?: string,
): Promise<Result<{ hands: HandSummary[]; next?: string }>> {
  const cursor = before === undefined ? undefined : decodeHandCursor(before);
  if (cursor === null) return fail(PROTOCOL_ERRORS.invalidMessage, "not a hand list cursor");
  const rows = await svc.hands.list(userId, cursor === undefined ? { limit: limit + 1 } : { limit: limit + 1, before: cursor });
  const page = rows.slice(0, limit);
  const hands = page.map((r) => ({
    handId: r.handId,
    tableId: r.tableId,
    tournamentId: r.tournamentId,
    handNumber: r.handNumber,
    startedAt: r.startedAt,
    net: r.net,
    ...(r.cards === null ? {} : { cards: [...r.cards] }),
  }));
  const last = page.at(-1);
  return ok(rows.length > limit && last !== undefined ? { hands, next: encodeHandCursor(last) } : { hands });
}

/** What a hand's record needs: the hand index and the table streams, and whether its tournament's decks are open. */
export type HandPorts = DeckFactsPorts & { readonly svc: Pick<Services, "hands" | "store" | "clock"> };

export async function handRecord(ports: HandPorts, userId: string, handId: string): Promise<Result<HandRecord>> {
  const found = await playedHand(ports.svc, userId, handId);
  if (found === null) return fail(TABLE_ERRORS.notFound, `no hand ${handId} of yours`);
  const { hand, tableId, tournamentId, seat } = found;
  return ok({
    handId,
    tableId,
    tournamentId,
    handNumber: hand.handNumber,
    startedAt: hand.startedAt,
    events: hand.wire.slice(0, 400).map((e) => eventForSeat(e, seat)),
    ...(hand.tableSeed !== null && (await seedOpenTo(ports, tournamentId, userId)) ? { tableSeed: hand.tableSeed } : {}),
  });
}

export async function handTexts(ports: HandPorts, userId: string, handId: string): Promise<Result<{ phh: string; pokerstars: string | null }>> {
  const found = await playedHand(ports.svc, userId, handId);
  if (found === null) return fail(TABLE_ERRORS.notFound, `no hand ${handId} of yours`);
  const name = found.tableId;
  const ps = pokerStarsText(found.hand, found.seat, name, found.hand.engine);
  return ok({ phh: phhText(found.hand, found.seat, name, await seedOpenTo(ports, found.tournamentId, userId)), pokerstars: ps.ok ? ps.value : null });
}

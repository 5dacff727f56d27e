// The colour-up screen (R-CHIP-1..4) for a tournament's current tables. Online stacks are
// coloured up by the director itself on its clock ("coloured-up" events, decide-clock);
// these routes serve the live floor: the plan says which chip may go now and the dealing
// order; the race is computed from the counted odd chips and the dealt (or drawn) cards,
// and shown, or (`apply`, live tournaments) applied as the director's colour-up, one table
// at a time: the first table takes the chip out of play, the others follow.
import { fail, ok, type Result } from "../../lib/result.ts";
import type { ColourUpPlan, ColourUpRequest, ColourUpResult } from "../../protocol/index.ts";
import { colourUp, removableChips, shuffledDeck, type ColourUpPlayer, type RandomSource } from "../../tournament/index.ts";
import { colourUpSchedule } from "../../tournament/structure/index.ts";
import type { TournamentRuntime } from "../tournaments/tournament-runtime.ts";
import { CHIPS_ERRORS, DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";

/** R-CHIP-1: no blind or ante still to come may need `remove` (nor any smaller chip); the
 *  answer names the denomination it is exchanged for, or the refusal the next one to go. */
function exchange(t: TournamentRuntime, remove: number, table?: number): Result<{ remove: number; into: number }> {
  const s = t.dir;
  const c = s.config;
  if (c === null || s.status !== "running") return fail(DIRECTOR_ERRORS.invalid, "chips colour up while the tournament runs");
  // Live: another table already raced this chip off; the rest follow.
  const raced = t.live.raced.get(remove);
  if (raced !== undefined && !s.chips.includes(remove)) {
    if (table !== undefined && raced.tables.has(table))
      return fail(DIRECTOR_ERRORS.invalid, `table ${table} already raced off the ${remove}s`, { cause: CHIPS_ERRORS.alreadyRaced, table, remove });
    return ok({ remove, into: raced.into });
  }
  const chips = [...new Set(s.chips)].sort((a, b) => a - b);
  const amounts = c.structure.items
    .slice(s.itemIndex)
    .flatMap((i) => (i.kind === "level" ? [i.sb, i.bb, i.ante, ...(i.limit ? [i.limit.sb, i.limit.bb, i.limit.ante] : [])] : []));
  // Several chips may be free at once (5s and 25s when every amount is a multiple of 100);
  // the smaller ones are taken as gone, and `remove` goes into the next chip above it.
  const now = removableChips(chips, amounts);
  if (now.includes(remove)) return ok({ remove, into: chips[chips.indexOf(remove) + 1]! });
  const coming = colourUpSchedule(c.structure).find((x) => x.itemIndex > s.itemIndex && chips.includes(x.remove));
  const next = now[0] ?? coming?.remove ?? null;
  const gone = !chips.includes(remove);
  const why = gone ? `${remove} chips are not in play` : `${remove} chips are still needed`;
  // The cause and its figures let the console say this in the user's language.
  return fail(DIRECTOR_ERRORS.invalid, `${why}; the next to go is ${next ?? "none"}`, {
    cause: gone ? CHIPS_ERRORS.notInPlay : CHIPS_ERRORS.stillNeeded,
    remove,
    chips,
    next,
    ...(coming ? { atLevel: coming.levelNumber } : {}),
  });
}

interface Seated {
  readonly entryId: string;
  readonly name: string;
  readonly seat: number;
  readonly stack: number;
}

/** R-CHIP-3: players from seat 1, first left of the dealer. */
function tableOrder(t: TournamentRuntime, n: number): { players: Seated[]; button: number; size: number } | null {
  const table = t.dir.tables.get(n);
  if (table === undefined) return null;
  const size = table.seats.length;
  const button = table.last?.button ?? table.firstButton;
  const fromButton = (seat: number) => (seat - button + size - 1) % size;
  const players = table.seats
    .flatMap((id, i) => {
      const e = id === null ? undefined : t.dir.entries.get(id);
      return e === undefined || !e.alive || e.stack <= 0 ? [] : [{ entryId: e.id, name: t.names.get(e.player) ?? "player", seat: i + 1, stack: e.stack }];
    })
    .sort((a, b) => fromButton(a.seat) - fromButton(b.seat));
  return { players, button, size };
}

export function colourUpPlan(t: TournamentRuntime, remove: number): Result<ColourUpPlan> {
  const x = exchange(t, remove);
  if (!x.ok) return x;
  const done = t.live.raced.get(remove)?.tables;
  const tables = [...t.dir.tables.keys()]
    .sort((a, b) => a - b)
    .flatMap((n) => {
      if (done?.has(n) && !t.dir.chips.includes(remove)) return [];
      const o = tableOrder(t, n);
      return o === null || o.players.length === 0 ? [] : [{ tableNumber: n, order: o.players }];
    });
  return ok({ ...x.value, tables });
}

// A repeated command (same commandId) gets the same answer, drawn cards included.
const answered = new WeakMap<TournamentRuntime, Map<string, ColourUpResult>>();

export function colourUpTable(t: TournamentRuntime, b: ColourUpRequest, rng: RandomSource): Result<ColourUpResult> {
  const seen = answered.get(t)?.get(b.commandId);
  if (seen !== undefined) return ok(seen);
  const x = exchange(t, b.remove, b.tableNumber);
  if (!x.ok) return x;
  const { remove, into } = x.value;
  const o = tableOrder(t, b.tableNumber);
  if (o === null) return fail(DIRECTOR_ERRORS.notFound, `no table ${b.tableNumber}`);
  const at = new Set(o.players.map((p) => p.entryId));
  const stray = [...b.oddChips.map((c) => c.entryId), ...(b.cards === "draw" ? [] : b.cards.map((c) => c.entryId))].find((id) => !at.has(id));
  if (stray !== undefined) return fail(DIRECTOR_ERRORS.invalid, `${stray} is not at table ${b.tableNumber}`);
  const counted = new Map(b.oddChips.map((c) => [c.entryId, c.count]));
  const players: ColourUpPlayer[] = o.players.map((p) => ({
    id: p.entryId,
    seat: p.seat,
    stack: p.stack,
    ...(counted.has(p.entryId) ? { small: counted.get(p.entryId)! } : {}),
  }));
  const method = t.dir.config!.colourUp ?? "race";
  const per = into / remove;
  // Odd chips as the rules count them: those left over after exchanging whole `into`s.
  const odd = new Map(players.map((p) => [p.id, (p.small ?? (p.stack % into) / remove) % per]));
  const racers = o.players.filter((p) => method === "race" && odd.get(p.entryId)! > 0 && p.stack - odd.get(p.entryId)! * remove > 0);
  let deck: number[];
  if (b.cards === "draw") deck = shuffledDeck(rng);
  else {
    // The dealer's cards, in the rules' dealing order: one card per odd chip (R-CHIP-3).
    const dealt = new Map(b.cards.map((c) => [c.entryId, c.cards]));
    deck = [];
    for (const p of racers) {
      const cards = dealt.get(p.entryId) ?? [];
      if (cards.length !== odd.get(p.entryId))
        return fail(DIRECTOR_ERRORS.invalid, `${p.name} races ${odd.get(p.entryId)} odd chips and needs as many cards, not ${cards.length}`);
      deck.push(...cards);
    }
  }
  const r = colourUp({ method, remove, next: into, button: o.button, tableSize: o.size, players, deck });
  if (!r.ok) return fail(DIRECTOR_ERRORS.invalid, r.error.message, { cause: r.error.code });
  const cardsOf = new Map(r.value.dealt.map((d) => [d.id, d.cards]));
  const result: ColourUpResult = {
    remove,
    into,
    players: o.players.map((p) => ({
      entryId: p.entryId,
      name: p.name,
      seat: p.seat,
      oddChips: odd.get(p.entryId)!,
      cards: [...(cardsOf.get(p.entryId) ?? [])],
      fromBank: r.value.bankChip.includes(p.entryId),
      wonChip: r.value.winners.includes(p.entryId),
      stackBefore: p.stack,
      stackAfter: r.value.stacks[p.entryId] ?? p.stack,
    })),
  };
  let m = answered.get(t);
  if (m === undefined) answered.set(t, (m = new Map()));
  m.set(b.commandId, result);
  return ok(result);
}

/**
 * Live: the race at one table applied to its stacks (the director's colour-up command, with
 * the answer stored beside it, so a repeated command gets the same race, drawn cards
 * included). Refused if the table's stacks changed between the race and its recording.
 */
export async function applyColourUp(t: TournamentRuntime, b: ColourUpRequest, rng: RandomSource): Promise<Result<ColourUpResult>> {
  const seen = t.live.races.get(b.commandId);
  if (seen !== undefined) return ok(seen);
  if (!t.isLive) return fail(DIRECTOR_ERRORS.invalid, "online stacks colour up on the director's clock; a race is applied in a live room");
  const r = colourUpTable(t, b, rng);
  if (!r.ok) return r;
  const result = r.value;
  const c = await t.command(
    (at) => ({ type: "colour-up", at, remove: result.remove, next: result.into, stacks: result.players.map((p) => [p.entryId, p.stackAfter] as const) }),
    b.commandId,
    {
      records: [{ type: "colour-up-raced", data: { commandId: b.commandId, table: b.tableNumber, result } }],
      // Nothing to pay: the check that the race was run on the stacks as they still are.
      pay: async () => {
        const moved = result.players.find(
          (p) => t.dir.entries.get(p.entryId)?.stack !== p.stackBefore || t.dir.entries.get(p.entryId)?.table !== b.tableNumber,
        );
        return moved === undefined ? ok(undefined) : fail(TOURNAMENT_ERRORS.badState, `${moved.name}'s stack or seat changed during the race; race again`);
      },
    },
  );
  if (!c.ok) return c;
  return ok(t.live.races.get(b.commandId) ?? result);
}

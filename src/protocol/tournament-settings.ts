import { z } from "zod";
import { PlayerName } from "./primitives.ts";

/**
 * Who may open a finished tournament's whole decks (its tables' seeds, which re-derive
 * every card dealt, folded ones too). "players": nobody; each player checks the cards
 * they saw (their own, the board, cards shown) with the per-card openings, as during
 * play. "auditor": the account named may fetch the seeds once the tournament is over.
 * "public": anyone may, `afterDays` days after it is over. Whatever the choice, no seed
 * leaves the server while the tournament runs.
 */
export const DecksOpen = z.discriminatedUnion("to", [
  z.strictObject({ to: z.literal("players") }),
  z.strictObject({ to: z.literal("auditor"), auditor: PlayerName }),
  z.strictObject({ to: z.literal("public"), afterDays: z.int().min(0).max(3650) }),
]);
export type DecksOpen = z.infer<typeof DecksOpen>;
export const DECKS_OPEN_DEFAULT: DecksOpen = { to: "players" };

/**
 * The house rules of one tournament that the rulebook leaves to the room, as the create
 * request sets them (each absent one takes its default) and the tournament's view shows
 * them (every one filled in).
 */
export const TournamentSettings = z.strictObject({
  /** R-TBL-1: seats per table (heads-up brackets always play two). */
  tableSize: z.int().min(2).max(10),
  /** R-TBL-3: players at the final table, drawn when this many are left (default the table size, at most it). */
  finalTableSize: z.int().min(2).max(10),
  /** R-TBL-3: while late entries may come, a table breaks only if the others keep this many seats free each (0: as soon as they fit). */
  spareSeats: z.int().min(0).max(9),
  /** R-BTN-2/3: the dead button or the moving button. */
  buttonRule: z.enum(["dead", "moving"]),
  /** R-DEAL-6: each table's first button goes to the high card, a tie in rank broken by suit (spades high) or by the tied players drawing again; or to the first jack dealt. */
  buttonDraw: z.enum(["suit", "redraw", "first-jack"]),
  /** R-CHIP-2/3: a chip race or a chip-up when a denomination leaves play. */
  colourUp: z.enum(["race", "up"]),
  /** Hand-for-hand play at the money bubble (every table plays its hand, then all deal together). */
  handForHand: z.boolean(),
  /** R-BET-9: mixed hold'em changes game with each level (the level names it) or after every orbit of each table's button. */
  mixedBy: z.enum(["level", "orbit"]),
  /** R-TRN-3: re-entry until a named break closes when that break ends, or when it starts. */
  reEntryCloses: z.enum(["break-start", "break-end"]),
  /** R-TRN-5: the add-on is offered during its break, or from when this many players are left to the end of that level. */
  addOnAt: z.union([z.literal("break"), z.strictObject({ playersLeft: z.int().min(2).max(10000) })]),
  /** R-TBL-3 option: every table plays down to this many, no balancing, then all meet at the final table (0: off). */
  playDownTo: z.int().min(0).max(5),
  /** R-TBL-3 when tables merge: the broken table's players draw empty seats ("fill"), or every seat is drawn again ("redraw"). */
  tableMerge: z.enum(["fill", "redraw"]),
  /** R-TBL-2 who moves when balancing: the same position as the player who left ("seed", BB for BB) or the next big blind to the worst seat ("tda"). */
  balancing: z.enum(["seed", "tda"]),
  /** R-TRN-9: the action clock, seconds a player has to act online. */
  actionSeconds: z.int().min(5).max(600),
  /** The time bank added once the action clock runs out, seconds per tournament: each entry's for the whole event, never refilled, carried through moves (R-TRN-9). */
  timeBankSeconds: z.int().min(0).max(3600),
  /** R-POT-4: a chip that cannot be split goes to the first winner left of the button, or by a card draw among the winners. */
  oddChip: z.enum(["left-of-button", "draw"]),
  /** R-POT-6: a player who shows one card at showdown kills the hand's other card. */
  oneCardKills: z.boolean(),
  /** How it starts: "scheduled" by itself at its start time (online's default), "manual" when the floor starts it (live's default). */
  start: z.enum(["scheduled", "manual"]),
  /**
   * R-TRN-6: at least `minPlayers` paid and present by `deadlineMinutes` after the start (19:00
   * and 19:15 in the seeds' evening), or the event is cancelled then and everyone refunded;
   * with the rule it never starts by itself before its time (the floor may start it early
   * once the minimum is there). null: no rule (it starts with two or more).
   */
  startRule: z.strictObject({ minPlayers: z.int().min(2).max(10000), deadlineMinutes: z.int().min(0).max(1440) }).nullable(),
  /** Who may open the whole decks after the event (default: nobody; each player their own cards). */
  decksOpen: DecksOpen,
});
export type TournamentSettings = z.infer<typeof TournamentSettings>;

/** What a create request may say: any of the settings; the rest are the defaults. */
export const TournamentSettingsInput = TournamentSettings.partial();
export type TournamentSettingsInput = z.infer<typeof TournamentSettingsInput>;

/** The defaults where the request and the preset say nothing (speed events: a 15 s clock and no time bank). */
export function settingsWithDefaults(
  given: TournamentSettingsInput,
  o: {
    speed: boolean;
    live?: boolean;
    actionMs?: number | undefined;
    timeBankMs?: number | undefined;
    tableSize?: number | undefined;
    /** The structure's own switch (R-BET-9), the default of `mixedBy`. */
    mixedBy?: "level" | "orbit" | undefined;
  },
): TournamentSettings {
  return {
    tableSize: given.tableSize ?? o.tableSize ?? 10,
    finalTableSize: given.finalTableSize ?? given.tableSize ?? o.tableSize ?? 10,
    spareSeats: given.spareSeats ?? 1,
    buttonRule: given.buttonRule ?? "dead",
    buttonDraw: given.buttonDraw ?? "suit",
    colourUp: given.colourUp ?? "race",
    handForHand: given.handForHand ?? true,
    mixedBy: given.mixedBy ?? o.mixedBy ?? "level",
    reEntryCloses: given.reEntryCloses ?? "break-end",
    addOnAt: given.addOnAt ?? "break",
    playDownTo: given.playDownTo ?? 0,
    tableMerge: given.tableMerge ?? "fill",
    balancing: given.balancing ?? "seed",
    actionSeconds: given.actionSeconds ?? Math.round((o.actionMs ?? (o.speed ? 15_000 : 30_000)) / 1000),
    timeBankSeconds: given.timeBankSeconds ?? (o.speed ? 0 : Math.round((o.timeBankMs ?? 60_000) / 1000)),
    oddChip: given.oddChip ?? "left-of-button",
    oneCardKills: given.oneCardKills ?? false,
    start: given.start ?? (o.live === true ? "manual" : "scheduled"),
    startRule: given.startRule ?? null,
    decksOpen: given.decksOpen ?? DECKS_OPEN_DEFAULT,
  };
}

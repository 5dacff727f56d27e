// The director's state: what the fold of a tournament's events holds (state.ts: evolve).
import type { DrawnCard, TableHand } from "../index.ts";
import type { Payment } from "../money/index.ts";
import type { DenseIndexedSet } from "./indexed-set.ts";
import type { BlindRuling, DealMethod, Placement, RuledHand, Status, TournamentConfig } from "./types.ts";

export interface EntryState {
  readonly id: string;
  readonly player: string;
  stack: number;
  /** 0 when not seated. */
  table: number;
  seat: number;
  alive: boolean;
  rebuys: number;
  addOns: number;
  /**
   * Chips bought while the entry's table was in a hand (TDA: chips bought during a hand
   * play from the next one): added to the stack when that hand is reported, so the
   * recorded hand's stacks stand. Absent or 0: none.
   */
  behind?: number;
  /**
   * Times the entry was moved to another table (balancing, a break, a redraw, the floor).
   * Absent (older snapshots) or 0: never.
   */
  moves?: number;
}

/** The button a table's next balancing reads: its last hand's, else where the floor saw it (live), else the drawn one. */
export function buttonOf(t: Pick<TableState, "last" | "floorButton" | "firstButton">): number {
  return t.last?.button ?? t.floorButton ?? t.firstButton;
}

export interface TableState {
  readonly id: number;
  /** seats[s - 1] = entry id or null. */
  readonly seats: (string | null)[];
  count: number;
  /** First button (drawn); the table's later hands fold from `last`. */
  firstButton: number;
  /** The cards of the draw that gave `firstButton` (R-DEAL-6), to show the floor; absent in older logs. */
  firstDraw?: readonly DrawnCard[];
  last: TableHand | null;
  /** Live: where the floor last saw the button (the server sees no hands there); absent: not recorded. */
  floorButton?: number;
  hands: number;
  /** Heads-up matches keep their own clock (R-TRN-10): when the table opened, and the tournament's played ms then. */
  startedAt: number;
  playedAt: number;
  /** Per-table pace: the table was told to deal (a "dealing" event) and its hand has not been reported yet. */
  inHand: boolean;
  /** Tables this one owes a player each (R-TBL-2: it gives when its hand is over), one per player. */
  owes: number[];
  /** Tables that owe this one a player (it waits for them before dealing). */
  from: number[];
  /** Colour-ups made while the table was in a hand: applied to it when its hand is settled. */
  colourUps: { remove: number; next: number }[];
  /** The due-count bucket the table is in (pace-index.ts); -1: none. */
  indexed: number;
  /** A heads-up match (R-TRN-10): its round and its index in that round (absent in older streams: the tournament's round, table id − 1). */
  round?: number;
  match?: number;
  /** R-BET-9 by orbit: orbits of the button completed here, and the seat the count started from (absent: not counted). */
  orbits?: number;
  orbitSeat?: number;
  /** R-BTN-5: the hands a ruling sets, dealt next in order (a table the server deals); absent: none. */
  forced?: RuledHand[];
  /** The table's hand count from which `forced` applies (the hand with the error, still in play when ruled, comes first). */
  forcedFrom?: number;
  /** R-BTN-5: the floor's last ruling here (what the console shows again for a repeated request); absent: none. */
  ruling?: BlindRuling;
}

export interface PrizeTable {
  readonly pool: number;
  readonly overlay: number;
  readonly entries: number;
  readonly prizes: readonly number[];
}

export interface TournamentState {
  config: TournamentConfig | null;
  status: Status;
  payments: Payment[];
  players: Map<string, { entries: string[]; reEntries: number }>;
  entries: Map<string, EntryState>;
  tables: Map<number, TableState>;
  /** The highest table number ever opened (a new table never reuses a broken one's number). */
  maxTable: number;
  /** The table the director chose to break next (absent: the highest number breaks first). */
  breakNext?: number;
  /** Tables by number of players seated (derived; kept in step by evolve). */
  byCount: Set<number>[];
  /** Tables by due count (players once the owed moves are made), all and those between hands; tables in a hand (derived, pace-index.ts). */
  byDue: DenseIndexedSet[];
  freeByDue: DenseIndexedSet[];
  inHand: number;
  alive: number;
  startedAt: number | null;
  /** When the running clock was paused (null: not paused), and the ms of every pause that ended. */
  pausedAt: number | null;
  pausedMs: number;
  now: number;
  itemIndex: number;
  levelNumber: number;
  onBreak: boolean;
  /** Denominations in play. */
  chips: number[];
  /** Denominations coloured up so far, and what each was exchanged for. */
  chipsGone: Map<number, number>;
  chipsIssued: number;
  /** Heads-up: chips a match winner leaves behind when the next match starts fresh. */
  chipsRetired: number;
  colourUpDelta: number;
  conservation: { checks: number; failures: number };
  /** Entries left with no chips by a hand, not yet eliminated (they may still rebuy). */
  busted: string[];
  /** Entries with chips behind (EntryState.behind; derived, kept in step by evolve). */
  behindAt: Set<string>;
  /**
   * Where and with what each busted entry started its last hand, that hand's sequence
   * number, the played ms of the bust (R-TRN-4's rebuy grace runs from it) and whether the
   * player declined to rebuy.
   */
  bustInfo: Map<string, { table: number; start: number; hand: number; played: number; declined: boolean }>;
  /** R-TRN-5 by players left: the played ms at which the add-on was offered (absent: not yet, or at its break). */
  addOnOpenedAt?: number;
  /** R-TBL-3: the final table once the tables were reduced to one (a single-table event never has one); no rebuys from then on (R-TRN-4). */
  finalTable: number | null;
  /** Every elimination, in order: groups ranked best first. */
  eliminations: string[][][];
  eliminated: number;
  handForHand: boolean;
  hands: number;
  round: number;
  /** Heads-up: entries through to the next round. */
  waiting: string[];
  prizes: PrizeTable | null;
  placements: readonly Placement[] | null;
  /** The players' deal that finished the tournament, if one did (absent from older snapshots). */
  deal?: { readonly method: DealMethod; readonly at: number };
  refunds: readonly { readonly player: string; readonly amount: number }[] | null;
  events: number;
}

export function initialState(): TournamentState {
  return {
    config: null,
    status: "announced",
    payments: [],
    players: new Map(),
    entries: new Map(),
    tables: new Map(),
    maxTable: 0,
    byCount: [],
    byDue: [],
    freeByDue: [],
    inHand: 0,
    alive: 0,
    startedAt: null,
    pausedAt: null,
    pausedMs: 0,
    now: 0,
    itemIndex: 0,
    levelNumber: 1,
    onBreak: false,
    chips: [],
    chipsGone: new Map(),
    chipsIssued: 0,
    chipsRetired: 0,
    colourUpDelta: 0,
    conservation: { checks: 0, failures: 0 },
    busted: [],
    behindAt: new Set(),
    bustInfo: new Map(),
    finalTable: null,
    eliminations: [],
    eliminated: 0,
    handForHand: false,
    hands: 0,
    round: 0,
    waiting: [],
    prizes: null,
    placements: null,
    refunds: null,
    events: 0,
  };
}

export const tableSizeOf = (c: TournamentConfig): number => (c.format.kind === "heads-up" ? 2 : (c.tableSize ?? 10));
/** R-TBL-3: how many players the final table seats (a 9-handed final table in a 10-handed event). */
export const finalTableSizeOf = (c: TournamentConfig): number => Math.min(tableSizeOf(c), c.finalTableSize ?? tableSizeOf(c));
/** R-TBL-3: seats kept free at each table while new entries may come (the room's setting, default 1). */
export const spareSeatsOf = (c: TournamentConfig): number => c.spareSeats ?? 1;
/** R-TBL-2: who moves to a short table, the room's rule (default the seed's, BB for BB). */
export const balancingOf = (c: TournamentConfig): "seed" | "tda" => c.balancing ?? "seed";
/** How often an entry has been moved to another table (0 for one unknown or never moved). */
export const moveCount = (s: { readonly entries: ReadonlyMap<string, EntryState> }, entry: string): number => s.entries.get(entry)?.moves ?? 0;

/** The room's house rules a tournament plays under, every default filled in (its view, the simulator's result). */
export function houseRulesOf(c: TournamentConfig) {
  return {
    tableSize: tableSizeOf(c),
    finalTableSize: finalTableSizeOf(c),
    spareSeats: spareSeatsOf(c),
    buttonRule: c.buttonRule ?? ("dead" as const),
    buttonDraw: c.buttonDraw ?? ("suit" as const),
    colourUp: c.colourUp ?? ("race" as const),
    handForHand: c.handForHand ?? true,
    mixedBy: c.structure.mixedBy ?? ("level" as const),
    reEntryCloses: c.reEntryCloses ?? ("break-end" as const),
    addOnAt: c.addOnAt ?? ("break" as const),
    playDownTo: c.playDownTo ?? 0,
    tableMerge: c.tableMerge ?? ("fill" as const),
    balancing: c.balancing ?? ("seed" as const),
    oddChip: c.oddChip ?? ("left-of-button" as const),
    oneCardKills: c.oneCardKills ?? false,
    // R-TRN-6: the minimum and the deadline's distance from the start (moving the start moves both).
    startRule:
      c.start === undefined ? null : { minPlayers: c.start.minPlayers, deadlineMinutes: Math.round((c.start.deadline - c.start.scheduledAt) / 60_000) },
  };
}

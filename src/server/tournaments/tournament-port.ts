// What a tournament's parts (entries, money, registrations, the online tables, the live
// floor, the start timers) may reach of the running tournament (tournament-runtime.ts):
// its state, its queue and its appends. They take this port, so none of them imports the
// runtime that owns them. The stream's records are said here too.
import type { Result } from "../../lib/result.ts";
import type { ColourUpResult, DecksOpen } from "../../protocol/index.ts";
import type { TransactionInput } from "../../store/index.ts";
import type { TournamentCommand, TournamentEvent, TournamentState } from "../../tournament/director/index.ts";
import type { Services } from "../services.ts";
import type { TableSession } from "../tables/table-session.ts";

export interface TournamentMeta {
  readonly id: string;
  readonly name: string;
  readonly kind: "online" | "live";
  readonly presetId: string;
  readonly startsAt: number;
  readonly actionMs: number;
  readonly timeBankMs: number;
  /** The pause between hands at its tables; absent in streams written before it: the server's. */
  readonly handPauseMs?: number;
  readonly maxEntries: number | null;
  readonly guarantee: number;
  readonly createdAt: number;
  /** "scheduled": starts by itself at startsAt; "manual" (absent in streams written before it): when the director starts it. */
  readonly start?: "scheduled" | "manual";
  /** Who may have the whole decks after the event (absent in streams written before it: nobody). */
  readonly decksOpen?: DecksOpen;
  /** The account id of decksOpen's auditor, resolved from its name at creation. */
  readonly auditorId?: string;
}

export type Rec =
  | { readonly type: "created"; readonly data: TournamentMeta }
  | { readonly type: "director"; readonly data: TournamentEvent }
  /** `number`: the player number (absent in streams written before player numbers). */
  | { readonly type: "entrant"; readonly data: { player: string; name: string; number?: number } }
  | { readonly type: "hand-recorded"; readonly data: { table: number; handNumber: number } }
  /** R-TRN-9: the time bank each entry dealt in had left after a hand, by entry id; stored with (just before) that hand's record. */
  | { readonly type: "time-banks"; readonly data: { table: number; handNumber: number; banks: Record<string, number> } }
  /** Before the director paused (streams written before pauses were recorded): ignored, the director's pause counts. */
  | { readonly type: "paused"; readonly data: { at: number; paused: boolean } }
  /** Live: the floor carried out an instruction (a move). */
  | { readonly type: "instruction-confirmed"; readonly data: { id: string; at: number } }
  /** Live: a chip race applied at one table, as answered (a repeated command gets the same answer). */
  | { readonly type: "colour-up-raced"; readonly data: { commandId: string; table: number; result: ColourUpResult } }
  /** Live: a floor record undone, why; stored with the compensating director events. */
  | { readonly type: "floor-undone"; readonly data: { id: string; at: number; reason: string } }
  /** Live: a prize or refund paid at the desk (`item` as the desk lists it), once; stored with its cash posting. */
  | {
      readonly type: "paid-out";
      readonly data: { item: string; method: "cash" | "credit"; amount: number; player: string; by: string; byName: string; at: number };
    }
  /** The floor moved the start time before the start. */
  | { readonly type: "rescheduled"; readonly data: { startsAt: number; at: number } };

/** `{ playerNumber }` for a view's row, or nothing when the player's number is not known. */
export function playerNumberOf(t: { readonly numbers: ReadonlyMap<string, number> }, player: string): { playerNumber?: number } {
  const n = t.numbers.get(player);
  return n === undefined ? {} : { playerNumber: n };
}

/** An entrant record: the name shown in this tournament and the player's number. */
export const entrantRecord = (player: { readonly id: string; readonly name: string; readonly number?: number }) => ({
  type: "entrant" as const,
  data: { player: player.id, name: player.name, ...(player.number !== undefined ? { number: player.number } : {}) },
});

export const tournamentStream = (id: string) => `tournament:${id}`;
/** An online tournament is snapshotted every this many records: a restart folds only the records after the latest. */
export const TOURNAMENT_SNAPSHOT_EVERY = 2000;
export const tableIdOf = (tournamentId: string, table: number) => `${tournamentId}-t${table}`;

/**
 * When the clock's next level or break is due in `wait` played ms (untilNextItemMs), how long
 * its timer waits: a due change whose record did not land (the store did not answer) is tried
 * again after a second, never left for the next boundary by time, a whole level later.
 */
export const clockTimerMs = (wait: number): number => (wait > 0 ? wait : 1_000);

export type Done = Result<{ duplicate: boolean }>;

export interface CommandOptions {
  /**
   * A check before anything is stored (a refusal stops the command) that may return the
   * postings paying for the events: they commit with the events in one transaction.
   */
  readonly pay?: (events: readonly TournamentEvent[]) => Promise<Result<readonly TransactionInput[] | void>>;
  /** Server records stored before the director's events, in the same append. */
  readonly records?: readonly Rec[];
  /** Live: settle afterwards (default true; a director's own move is not rebalanced at once). */
  readonly settle?: boolean;
}

export interface Registered {
  readonly duplicate: boolean;
  readonly ticket: boolean;
}

export interface Registration {
  readonly player: { readonly id: string; readonly name: string; readonly number?: number };
  readonly commandId: string;
  /** The postings paying for the events (a refusal refuses this command only). */
  readonly pay: (events: readonly TournamentEvent[]) => Promise<Result<{ readonly txs: readonly TransactionInput[]; readonly ticket: boolean }>>;
  /** The one-command path, for a registration the batch cannot take (the tournament started meanwhile). */
  readonly alone: () => Promise<Result<Registered>>;
}

export interface TournamentPort {
  readonly svc: Services;
  readonly id: string;
  readonly meta: TournamentMeta;
  readonly dir: TournamentState;
  /** The stream's version: the last record stored. */
  readonly version: number;
  readonly names: Map<string, string>;
  /** Each entrant's player number, where their entrant record has one. */
  readonly numbers: Map<string, number>;
  /** Each table's last hand the director has recorded. */
  readonly recorded: Map<number, number>;
  /** R-TRN-9: each entry's time bank left as its table last reported it (absent: the whole bank). */
  readonly banks: Map<string, number>;
  readonly tables: Map<number, TableSession>;
  /** Events kept for the end's postings. */
  readonly kept: TournamentEvent[];
  readonly closed: boolean;
  readonly isLive: boolean;
  readonly paused: boolean;
  onChange: (() => void) | null;
  /** Live: when each entry's stack was last counted. */
  readonly live: { readonly countedAt: ReadonlyMap<string, number> };
  readonly registrations: { submit(r: Registration): Promise<Result<Registered>> };
  readonly startClock: { registered(): void };
  now(): number;
  hasCommand(commandId: string): boolean;
  enqueue<T>(fn: () => Promise<T>): Promise<T>;
  /** `early`: the floor's start, allowed before the scheduled time (R-TRN-6). */
  start(commandId: string, early?: boolean): Promise<Done>;
  cancel(reason: string, commandId: string): Promise<Done>;
  command(
    make: (at: number) => TournamentCommand,
    commandId: string,
    opts?: CommandOptions,
  ): Promise<Result<{ duplicate: boolean; events: readonly TournamentEvent[] }>>;
  run(cmd: TournamentCommand, commandId?: string): Promise<Result<number>>;
  append(recs: readonly Rec[], commandId?: string, id?: string, paid?: readonly TransactionInput[]): Promise<Result<void>>;
  appendGroups(
    groups: readonly { readonly recs: readonly Rec[]; readonly commandId: string; readonly paid: readonly TransactionInput[] }[],
  ): Promise<Result<Result<void>[]>>;
  stopFenced(r: Result<never>): void;
}

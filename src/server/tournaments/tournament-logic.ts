// A tournament's stream as a StreamActor's logic: the fold of its records (the director's
// events and the server's own records) into what the running tournament reads. The
// director's commands are decided by the runtime inside the actor's `exclusive` (they need
// the rng and payment checks before the append), so this logic decides nothing itself.
// A live tournament's floor (instructions, races, the desk) folds through `floor`; it is
// never snapshotted (a live floor keeps more than this state), an online one is.
import { fail, ok } from "../../lib/result.ts";
import { evolve, initialState, stateFromPlain, stateToPlain, type TournamentEvent, type TournamentState } from "../../tournament/director/index.ts";
import type { ActorLogic } from "../../runtime/actor.ts";
import { TOURNAMENT_ERRORS } from "../../tournament/error-catalogue.ts";
import type { Rec, TournamentMeta } from "./tournament-port.ts";

export interface TournamentFold {
  /** Set by the stream's first record ("created"). */
  meta: TournamentMeta | undefined;
  dir: TournamentState;
  readonly names: Map<string, string>;
  readonly numbers: Map<string, number>;
  /** Online: the last hand number recorded per table. */
  readonly recorded: Map<number, number>;
  /** Online: each entry's time bank left (R-TRN-9). */
  readonly banks: Map<string, number>;
  /** The player each entrant record's command entered (a walk-in's answer names its entry). */
  readonly entrantByCommand: Map<string, string>;
  /** When each eliminated entry went out (results). */
  readonly bustedAt: Map<string, number>;
  /** Director events kept for the prize postings (prizes-fixed, finished). */
  readonly kept: TournamentEvent[];
  /** The tables drawn at the start and every bracket round's and match's draw (R-TRN-10/11). */
  readonly draws: TournamentEvent[];
}

/** The live floor's part of the fold (tournament-live.ts). */
export interface FloorFold {
  foldBefore(ev: TournamentEvent, version: number): void;
  foldRecord(x: Extract<Rec, { type: "instruction-confirmed" | "colour-up-raced" | "floor-undone" | "paid-out" }>): void;
}

const SNAPSHOT_FORMAT = 2;

const emptyFold = (): TournamentFold => ({
  meta: undefined,
  dir: initialState(),
  names: new Map(),
  numbers: new Map(),
  recorded: new Map(),
  banks: new Map(),
  entrantByCommand: new Map(),
  bustedAt: new Map(),
  kept: [],
  draws: [],
});

export function tournamentLogic(floor: FloorFold): ActorLogic<TournamentFold, never, Rec, never> {
  return {
    initial: emptyFold,
    decide: () => fail(TOURNAMENT_ERRORS.badState, "a tournament's commands are decided by its runtime"),
    evolve(s, x, { version, commandId }) {
      fold(s, x, version, commandId ?? null, floor);
      return ok({ state: s, outputs: [] });
    },
    typeOf: (r) => r.type,
    dataOf: (r) => r.data,
    fromStored: (type, data) => ({ type, data }) as Rec,
    snapshot: (s) => (s.dir.config?.live === true ? null : toPlain(s)),
    restore: fromPlain,
  };
}

function fold(s: TournamentFold, x: Rec, version: number, commandId: string | null, floor: FloorFold): void {
  switch (x.type) {
    case "created":
      s.meta = x.data;
      break;
    case "director":
      // The floor's instructions are read off the moves before the seats change.
      if (s.dir.config?.live === true) floor.foldBefore(x.data, version);
      evolve(s.dir, x.data);
      if (x.data.type === "prizes-fixed" || x.data.type === "finished") s.kept.push(x.data);
      if (x.data.type === "started" || x.data.type === "matches-drawn" || x.data.type === "match-drawn") {
        const kind = s.dir.config?.format.kind;
        if (kind === "heads-up" || kind === "shootout") s.draws.push(x.data);
      }
      if (x.data.type === "eliminated") for (const g of x.data.groups) for (const id of g) s.bustedAt.set(id, x.data.at);
      break;
    case "entrant":
      s.names.set(x.data.player, x.data.name);
      if (x.data.number !== undefined) s.numbers.set(x.data.player, x.data.number);
      if (commandId !== null) s.entrantByCommand.set(commandId, x.data.player);
      break;
    case "hand-recorded":
      s.recorded.set(x.data.table, Math.max(s.recorded.get(x.data.table) ?? 0, x.data.handNumber));
      break;
    case "time-banks":
      for (const [entry, ms] of Object.entries(x.data.banks)) s.banks.set(entry, ms);
      break;
    case "paused":
      break;
    case "rescheduled":
      s.meta = { ...s.meta!, startsAt: x.data.startsAt };
      break;
    case "instruction-confirmed":
    case "colour-up-raced":
    case "floor-undone":
    case "paid-out":
      floor.foldRecord(x);
      break;
  }
}

/** The fold as plain data, a copy (the state moves on while it is stored). */
function toPlain(s: TournamentFold): unknown {
  return {
    format: SNAPSHOT_FORMAT,
    meta: s.meta,
    dir: stateToPlain(s.dir),
    names: [...s.names],
    numbers: [...s.numbers],
    recorded: [...s.recorded],
    banks: [...s.banks],
    entrantByCommand: [...s.entrantByCommand],
    bustedAt: [...s.bustedAt],
    kept: structuredClone(s.kept),
    draws: structuredClone(s.draws),
  };
}

/** The fold a snapshot holds; null when it cannot be read (the actor replays the stream). */
function fromPlain(x: unknown): TournamentFold | null {
  const p = x as {
    format?: number;
    meta: TournamentMeta;
    dir: unknown;
    names: [string, string][];
    numbers: [string, number][];
    recorded: [number, number][];
    banks: [string, number][];
    entrantByCommand: [string, string][];
    bustedAt: [string, number][];
    kept: TournamentEvent[];
    draws: TournamentEvent[];
  } | null;
  if (p === null || typeof p !== "object" || p.format !== SNAPSHOT_FORMAT) return null;
  const dir = stateFromPlain(p.dir);
  if (dir === null) return null;
  return {
    meta: p.meta,
    dir,
    names: new Map(p.names),
    numbers: new Map(p.numbers),
    recorded: new Map(p.recorded),
    banks: new Map(p.banks),
    entrantByCommand: new Map(p.entrantByCommand),
    bustedAt: new Map(p.bustedAt),
    kept: p.kept,
    draws: p.draws,
  };
}

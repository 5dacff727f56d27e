// Runs a tournament from announcement to the end: the commands a floor (or a server) would
// issue, in order, with the hands played by an injected `playHand` (the simulator plays
// them with the real engine and bots). The clock is simulated: every table plays one hand
// per round of 3600 / handsPerHour seconds, so busts of one round are simultaneous only
// when hand-for-hand; breaks pass at once.
import { fail, ok, type Result } from "../../lib/result.ts";
import { seededRandom, type RandomSource } from "../index.ts";
import { decide } from "./decide.ts";
import { handSetup, type HandSetup } from "./hand-setup.ts";
import { evolve, initialState, type TournamentState } from "./state.ts";
import type { TournamentCommand, TournamentConfig, TournamentEvent } from "./types.ts";
import { levelFor, seatedWithChips } from "./state.ts";
import { playDownNow } from "./play-down.ts";
import { awaitingRebuy } from "./rebuy-grace.ts";
import { TOURNAMENT_ERRORS } from "../error-catalogue.ts";

/** Plays one hand; returns the stacks at its end (PHH order, as `setup.entries`). */
export type HandPlayer = (setup: HandSetup, rng: RandomSource) => readonly number[];

export interface EntryPolicy {
  /** Whether a busted entry rebuys (R-TRN-4) / its player re-enters (R-TRN-3); default no. */
  rebuy?(entry: string, rng: RandomSource): boolean;
  reEnter?(player: string, rng: RandomSource): boolean;
  /** Whether a remaining entry takes the add-on (R-TRN-5); default no. */
  addOn?(entry: string, rng: RandomSource): boolean;
}

export interface RunOptions {
  readonly config: TournamentConfig;
  readonly players: readonly string[];
  readonly playHand: HandPlayer;
  /** Seed of the director's draws and, separately, of the hands. */
  readonly seed: number;
  /** Absolute ms of the start (default: the start rule's scheduled time, else 0). */
  readonly startAt?: number;
  readonly handsPerHour?: number;
  readonly policy?: EntryPolicy;
  /** Keep every event (tests, replays); off for big simulations. */
  readonly keepEvents?: boolean;
  readonly onEvent?: (e: TournamentEvent, s: TournamentState) => void;
  /** Called after every round. */
  readonly onRound?: (s: TournamentState, now: number) => void;
  /** Safety stop (default 1,000,000 rounds). */
  readonly maxRounds?: number;
}

export interface RunResult {
  readonly state: TournamentState;
  readonly events: readonly TournamentEvent[];
  readonly rounds: number;
  readonly endedAt: number;
}

export class Director {
  readonly state: TournamentState = initialState();
  readonly events: TournamentEvent[] = [];
  constructor(
    private readonly rng: RandomSource,
    private readonly keep: boolean,
    private readonly onEvent?: (e: TournamentEvent, s: TournamentState) => void,
  ) {}
  /** decide, then evolve each event; a refused command changes nothing. */
  run(cmd: TournamentCommand): Result<readonly TournamentEvent[]> {
    const r = decide(this.state, cmd, this.rng);
    if (!r.ok) return r;
    for (const e of r.value) {
      evolve(this.state, e);
      if (this.keep) this.events.push(e);
      this.onEvent?.(e, this.state);
    }
    return r;
  }
}

export function runTournament(o: RunOptions): Result<RunResult> {
  const drawRng = seededRandom(o.seed * 2 + 1);
  const handRng = seededRandom(o.seed * 2 + 2);
  const policyRng = seededRandom(o.seed * 2 + 3);
  const d = new Director(drawRng, o.keepEvents ?? false, o.onEvent);
  const s = d.state;
  let now = o.startAt ?? o.config.start?.scheduledAt ?? 0;
  const must = (cmd: TournamentCommand): Result<readonly TournamentEvent[]> => d.run(cmd);
  for (const cmd of [
    { type: "announce", at: now, config: o.config },
    { type: "open-registration", at: now },
    ...o.players.map((player) => ({ type: "register", at: now, player })),
  ] as TournamentCommand[]) {
    const r = must(cmd);
    if (!r.ok) return r;
  }
  const started = must({ type: "start", at: now });
  if (!started.ok) return started;
  const roundMs = Math.round(3_600_000 / (o.handsPerHour ?? 30));
  let rounds = 0;
  const max = o.maxRounds ?? 1_000_000;
  const askedAddOn = new Set<string>();
  while (s.status === "running") {
    if (++rounds > max) return fail(TOURNAMENT_ERRORS.tooLong, `no winner after ${max} rounds`);
    for (;;) {
      const t = must({ type: "tick", at: now });
      if (!t.ok) return t;
      if (t.value.length === 0) break;
    }
    if (s.onBreak) {
      // R-TRN-5: the add-on is taken during its break.
      if (o.policy?.addOn !== undefined) {
        for (const e of [...s.entries.values()]) if (e.alive && o.policy.addOn(e.id, policyRng)) d.run({ type: "add-on", at: now, entry: e.id });
      }
      const first = s.tables.values().next().value;
      const left = first !== undefined ? levelFor(s, first, now).remainingMs : null;
      now += left ?? roundMs;
      continue;
    }
    let played = 0;
    // R-TBL-3 play-down: a table down to the number waits for the others.
    const down = playDownNow(s, now);
    for (const id of [...s.tables.keys()].sort((a, b) => a - b)) {
      const t = s.tables.get(id)!;
      if (down !== null && seatedWithChips(s, t) <= down) continue;
      const setup = handSetup(s, t, now);
      if (setup === null) continue;
      const end = o.playHand(setup, handRng);
      const r = must({
        type: "hand",
        at: now,
        outcome: { table: id, hand: setup.hand, entries: setup.entries, startStacks: setup.config.stacks, stacks: end },
      });
      if (!r.ok) return r;
      played++;
    }
    // R-TRN-4: each busted player rebuys or declines at once (the grace is for people online).
    for (const id of [...s.busted]) {
      if (o.policy?.rebuy !== undefined && o.policy.rebuy(id, policyRng) && d.run({ type: "rebuy", at: now, entry: id }).ok) continue;
      if (awaitingRebuy(s, id, now)) d.run({ type: "decline-rebuy", at: now, entry: id });
    }
    const settled = must({ type: "settle", at: now });
    if (!settled.ok) return settled;
    if (o.policy?.reEnter !== undefined && s.status === "running") {
      for (const ev of settled.value) {
        if (ev.type !== "eliminated") continue;
        for (const id of ev.groups.flat()) {
          const player = s.entries.get(id)!.player;
          if (o.policy.reEnter(player, policyRng)) d.run({ type: "re-enter", at: now, player });
        }
      }
    }
    // R-TRN-5 by players left: each player still in is asked once, between hands, while it is open.
    if (o.policy?.addOn !== undefined && s.addOnOpenedAt !== undefined && s.status === "running") {
      for (const e of [...s.entries.values()]) {
        if (!e.alive || e.addOns > 0 || askedAddOn.has(e.id)) continue;
        askedAddOn.add(e.id);
        if (o.policy.addOn(e.id, policyRng)) d.run({ type: "add-on", at: now, entry: e.id });
      }
    }
    if (played === 0 && settled.value.length === 0 && s.status === "running") {
      return fail(TOURNAMENT_ERRORS.stuck, "no table could deal a hand and nothing changed", { alive: s.alive, tables: s.tables.size });
    }
    o.onRound?.(s, now);
    now += roundMs;
  }
  return ok({ state: s, events: d.events, rounds, endedAt: now });
}

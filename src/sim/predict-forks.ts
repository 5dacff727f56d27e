// A big field's prediction (R-TRN-1): sampled runs (predict-sample.ts) forked into
// end games, within a budget of hands so the request stays well under two seconds.
import type { Structure } from "../tournament/structure/index.ts";
import { forkRun, playRounds, resultOf, startRun, type SampleResult } from "./predict-sample.ts";

/** Players in the sample of a big field (six tables). */
export const PREDICT_SAMPLE_SEATS = 60;
/** Sampled runs; forks of each at twice the sample's size; forks of those at three players left. */
export const PREDICT_SAMPLE_RUNS = 1;
export const PREDICT_FORKS = 6;
export const PREDICT_LATE_FORKS = 4;
/** Hands in all: about 0.3–0.5 s on a quiet core. A structure whose last level leaves deep
 *  stacks makes end games long; then fewer forks are played, but always one whole run. */
export const PREDICT_HANDS = 5000;

export interface SampledOptions {
  /** Sampled runs (seeds seed+1, seed+2, …), each forked into end games. */
  readonly runs?: number;
  /** Forks of each run at `forkAt` players, and of each of those at `lateForkAt`. */
  readonly forks?: number;
  readonly lateForks?: number;
  /** Hands in all; a fork is played while it is expected to fit (one whole run always is). */
  readonly budget?: number;
  readonly forkAt?: number;
  readonly lateForkAt?: number;
  readonly seed?: number;
}

/**
 * The sampled runs of a big field within the budget. A run is sampled down to `forkAt`
 * players, forked into end games, and each of those forked again when `lateForkAt` are
 * left: the spread of the end is mostly the last few players' (three-handed and heads-up
 * play can take minutes or hours), and those forks are cheap.
 */
export function sampledRuns(structure: Structure, players: number, o: SampledOptions = {}): { runs: SampleResult[]; hands: number } {
  const budget = o.budget ?? PREDICT_HANDS;
  const base = o.seed ?? 0;
  const out: SampleResult[] = [];
  let hands = 0;
  const cost = { fork: 0, forks: 0, late: 0, lates: 0 };
  const fits = (spent: number, n: number): boolean => n === 0 || hands + spent / n <= budget;
  for (let run = 1; run <= (o.runs ?? PREDICT_SAMPLE_RUNS); run++) {
    if (run > 1 && hands * (run / (run - 1)) > budget) break;
    const s = playRounds(startRun({ structure, players, seed: base + run, seats: PREDICT_SAMPLE_SEATS }), o.forkAt ?? 2 * PREDICT_SAMPLE_SEATS);
    hands += s.hands;
    for (let f = 1; f <= (o.forks ?? PREDICT_FORKS) && (out.length === 0 || fits(cost.fork, cost.forks)); f++) {
      const t = playRounds(forkRun(s, (base + run) * 1000 + f), o.lateForkAt ?? 3);
      hands += t.hands - s.hands;
      cost.fork += t.hands - s.hands;
      cost.forks++;
      for (let k = 1; k <= (o.lateForks ?? PREDICT_LATE_FORKS) && (k === 1 || fits(cost.late, cost.lates)); k++) {
        const r = resultOf(playRounds(forkRun(t, ((base + run) * 1000 + f) * 100 + k)));
        hands += r.hands - t.hands;
        cost.late += r.hands - t.hands;
        cost.lates++;
        out.push(r);
      }
    }
  }
  return { runs: out, hands };
}

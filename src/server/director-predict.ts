// R-TRN-1's "when does this finish?" for the structure designer, answered within the request
// (well under two seconds): the median of a few bot tournaments under the structure.
// - A field of up to PREDICT_FULL_MAX players is played whole by the simulator (src/sim),
//   so the answer is the simulator's own median for those seeds.
// - A bigger field is a sample of tables standing for the field (director-predict-sample.ts):
//   the simulator's clock is per table and parallel, so a big field lasts longer than a small
//   one by the rounds it needs to come down to the final table (about log N of them at a
//   given blind pace), which scaling a small field's curve up cannot show.
// Answers are deterministic (fixed seeds), so they are cached per (structure, players).
import { fail, ok, type Result } from "../lib/result.ts";
import type { PredictRequest, PredictResponse } from "../protocol/index.ts";
import { DEFAULT_PRESET, percentile, simulate } from "../sim/index.ts";
import { clockAt, playedBlinds, structurePreset, validateStructure, type Structure } from "../tournament/structure/index.ts";
import { forkRun, playRounds, resultOf, startRun, type SampleResult, type SampleState } from "./director-predict-sample.ts";
import { fromWireStructure } from "./presets.ts";

/** Runs per prediction (seeds 1..PREDICT_RUNS); the answer is their median. */
export const PREDICT_RUNS = 3;
/** Fields up to this size are simulated whole: about 0.05–0.2 s a run on a quiet core. */
export const PREDICT_FULL_MAX = 200;
/** Players in the sample of a bigger field (six tables). */
export const PREDICT_SAMPLE_SEATS = 60;
/** A bigger field: up to this many sampled runs down to the final tables, each played out up
 *  to this many times (the end game's spread is most of the spread of the end), within
 *  PREDICT_HANDS hands in all (about 0.5 s on a quiet core, 1 s on a busy one). A run that
 *  alone needs more (a structure whose last level leaves deep stacks) is still played out. */
export const PREDICT_SAMPLE_RUNS = 2;
export const PREDICT_ENDGAMES = 4;
export const PREDICT_HANDS = 6000;
const MAX_POINTS = 2000;
const CACHE_SIZE = 64;

export type PredictMethod = "simulated" | "sampled";

interface Run {
  readonly endMinutes: number;
  readonly curve: readonly { readonly minutes: number; readonly playersLeft: number }[];
}

const cache = new Map<string, PredictResponse>();

export function predict(req: PredictRequest): Result<PredictResponse> {
  const key = JSON.stringify([req.players, req.structure]);
  const hit = cache.get(key);
  if (hit !== undefined) {
    // Most recently used last: the oldest entry is the first to go.
    cache.delete(key);
    cache.set(key, hit);
    return ok(hit);
  }
  const r = predictUncached(req);
  if (r.ok) {
    cache.set(key, r.value);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return r;
}

/** The method a field of this size gets. */
export const predictMethod = (players: number): PredictMethod => (players <= PREDICT_FULL_MAX ? "simulated" : "sampled");

export function predictUncached(req: PredictRequest): Result<PredictResponse> {
  const base = structurePreset(DEFAULT_PRESET.freezeout);
  if (!base.ok) return base;
  const structure: Structure = fromWireStructure(base.value, req.structure);
  const valid = validateStructure(structure);
  if (!valid.ok) return fail("director/invalid", valid.error.message, { cause: valid.error.code });
  const runs: Run[] = [];
  if (predictMethod(req.players) === "simulated") {
    for (let seed = 1; seed <= PREDICT_RUNS; seed++) {
      // Fixed seeds: the same structure gets the same prediction every time it is asked.
      const r = simulate({ players: req.players, structure, seed, chart: true });
      if (!r.ok) return fail("director/invalid", r.error.message, { cause: r.error.code });
      runs.push({ endMinutes: r.value.durationMinutes, curve: r.value.chart ?? [] });
    }
  } else {
    for (const r of sampledRuns(structure, req.players)) {
      runs.push({ endMinutes: r.endMinutes, curve: r.curve.map((p) => ({ minutes: p.minutes, playersLeft: Math.round(p.playersLeft) })) });
    }
  }
  const median = percentile(runs.map((r) => r.endMinutes).sort((a, b) => a - b), 50);
  // The curve of the run that ended at the median stands for the field.
  const shown = runs.find((r) => r.endMinutes === median) ?? runs[0]!;
  const all = shown.curve.map((p) => ({
    minute: Math.max(0, Math.round(p.minutes)),
    playersLeft: p.playersLeft,
    bigBlind: playedBlinds(clockAt(structure, p.minutes * 60_000).level).bb,
  }));
  const step = Math.ceil(all.length / MAX_POINTS);
  const points = all.filter((_, i) => i % step === 0 || i === all.length - 1);
  return ok({ points, predictedEndMinute: Math.max(0, Math.round(median)) });
}

/** The sampled runs of a big field within the budget: run 1 and its end game, run 2 and its
 *  end game if they fit, then more end games of each while they are expected to fit. */
export function sampledRuns(structure: Structure, players: number, budget = PREDICT_HANDS): SampleResult[] {
  const out: SampleResult[] = [];
  const sampled: SampleState[] = [];
  let hands = 0;
  let endgameHands = 0;
  const endgame = (s: SampleState, seed: number): void => {
    const r = resultOf(playRounds(forkRun(s, seed), "winner"));
    hands += r.hands - s.hands;
    endgameHands += r.hands - s.hands;
    out.push(r);
  };
  for (let seed = 1; seed <= PREDICT_SAMPLE_RUNS; seed++) {
    if (seed > 1 && hands * (seed / (seed - 1)) > budget) break;
    const s = playRounds(startRun({ structure, players, seed, seats: PREDICT_SAMPLE_SEATS }), "field");
    hands += s.hands;
    sampled.push(s);
    endgame(s, seed * 100 + 1);
  }
  for (let k = 2; k <= PREDICT_ENDGAMES; k++) {
    for (let i = 0; i < sampled.length; i++) {
      if (hands + endgameHands / out.length > budget) return out;
      endgame(sampled[i]!, (i + 1) * 100 + k);
    }
  }
  return out;
}

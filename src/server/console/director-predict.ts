// R-TRN-1's "when does this finish?" for the structure designer, answered within the request
// (well under two seconds): the median of a few bot tournaments under the structure.
// - A field of up to PREDICT_FULL_MAX players is played whole by the simulator (src/sim),
//   so the answer is the simulator's own median for those seeds.
// - A bigger field is a sample of tables standing for the field (src/sim/predict-sample.ts),
//   forked into several end games (src/sim/predict-forks.ts), within a budget of hands: the
//   simulator's clock is per table and parallel, so a big field lasts longer than a small one
//   by the rounds it needs to come down to the final table (about log N of them at a given
//   blind pace), which scaling a small field's curve up could not show.
// Answers are deterministic (fixed seeds), so they are cached per (structure, players).
import { fail, ok, type Result } from "../../lib/result.ts";
import type { PredictRequest, PredictResponse } from "../../protocol/index.ts";
import { DEFAULT_PRESET, percentile, sampledRuns, simulate } from "../../sim/index.ts";
import { clockAt, playedBlinds, structurePreset, validateStructure, type Structure } from "../../tournament/structure/index.ts";
import { fromWireStructure } from "./presets.ts";
import { DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";

/** Runs per prediction (seeds 1..PREDICT_RUNS); the answer is their median. */
export const PREDICT_RUNS = 3;
/** Fields up to this size are simulated whole: at most about 1,500 hands a run (deep stacks). */
export const PREDICT_FULL_MAX = 100;
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
  if (!valid.ok) return fail(DIRECTOR_ERRORS.invalid, valid.error.message, { cause: valid.error.code });
  let runs: Run[] | null = predictMethod(req.players) === "simulated" ? simulatedRuns(structure, req.players) : null;
  // A valid structure the simulator still fails on (a colour-up it cannot race) gets the
  // sampled runs, which play a field this small whole.
  runs ??= sampledRuns(structure, req.players).runs.map((r) => ({
    endMinutes: r.endMinutes,
    curve: r.curve.map((p) => ({ minutes: p.minutes, playersLeft: Math.round(p.playersLeft) })),
  }));
  const median = percentile(
    runs.map((r) => r.endMinutes).sort((a, b) => a - b),
    50,
  );
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

/** The simulator's runs of the whole field (seeds 1..PREDICT_RUNS), or null if it fails. */
function simulatedRuns(structure: Structure, players: number): Run[] | null {
  const runs: Run[] = [];
  for (let seed = 1; seed <= PREDICT_RUNS; seed++) {
    // Fixed seeds: the same structure gets the same prediction every time it is asked.
    const r = simulate({ players, structure, seed, chart: true });
    if (!r.ok) return null;
    runs.push({ endMinutes: r.value.durationMinutes, curve: r.value.chart ?? [] });
  }
  return runs;
}

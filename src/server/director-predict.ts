// R-TRN-1's "when does this finish?" for the structure designer: a few bot tournaments
// played by the simulator (src/sim), answered within the request. The field is capped so
// the answer stays well under two seconds; a bigger field's curve is scaled up from the
// capped one, which understates its end (larger fields last a few levels longer).
import { fail, ok, type Result } from "../lib/result.ts";
import type { PredictRequest, PredictResponse } from "../protocol/index.ts";
import { DEFAULT_PRESET, simulate, summarizeRuns, type SimResult } from "../sim/index.ts";
import { clockAt, playedBlinds, structurePreset, type Structure } from "../tournament/structure/index.ts";
import { fromWireStructure } from "./presets.ts";

/** Few runs of a capped field: about 0.1–0.3 s a run at 60 players on a busy core. */
export const PREDICT_RUNS = 3;
export const PREDICT_MAX_PLAYERS = 60;
const MAX_POINTS = 2000;

export function predict(req: PredictRequest): Result<PredictResponse> {
  const base = structurePreset(DEFAULT_PRESET.freezeout);
  if (!base.ok) return base;
  const structure: Structure = fromWireStructure(base.value, req.structure);
  const field = Math.min(req.players, PREDICT_MAX_PLAYERS);
  const runs: SimResult[] = [];
  for (let seed = 1; seed <= PREDICT_RUNS; seed++) {
    // Fixed seeds: the same structure gets the same prediction every time it is asked.
    const r = simulate({ players: field, structure, seed, chart: true });
    if (!r.ok) return fail("director/invalid", r.error.message, { cause: r.error.code });
    runs.push(r.value);
  }
  const summary = summarizeRuns(runs);
  const median = summary.endMinutes.median;
  // The chart of the run that ended at the median stands for the field.
  const shown = runs.find((r) => r.durationMinutes === median) ?? runs[0]!;
  const scale = req.players / field;
  const all = (shown.chart ?? []).map((p) => ({
    minute: Math.max(0, Math.round(p.minutes)),
    playersLeft: p.playersLeft * scale,
    bigBlind: playedBlinds(clockAt(structure, p.minutes * 60_000).level).bb,
  }));
  const step = Math.ceil(all.length / MAX_POINTS);
  const points = all.filter((_, i) => i % step === 0 || i === all.length - 1);
  return ok({ points, predictedEndMinute: Math.max(0, Math.round(median)) });
}

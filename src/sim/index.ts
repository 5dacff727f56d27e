// The simulator: tournaments played by bots with the real engine, deterministic per seed.
export { simulate, summarizeRuns, percentile, type SimOptions, type SimResult, type SimPlacement, type Progress, type RunsSummary } from "./simulate.ts";
export { chartSvg, type ChartPoint } from "./chart.ts";
export { simConfig, FORMATS, DEFAULT_PRESET, HANDS_PER_HOUR, type SimConfig } from "./formats.ts";
export { engineHandPlayer, styleOf, DEFAULT_MIX, type FieldMix, type HandStats } from "./hand-player.ts";
export { sampledRuns, PREDICT_HANDS, type SampledOptions } from "./predict-forks.ts";
export { fieldStyles, sampleRun, sampleSize, sampleStyles, type SampleResult } from "./predict-sample.ts";

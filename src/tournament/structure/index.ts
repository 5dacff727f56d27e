export type { BlindSet, Break, Level, LevelGame, Structure, StructureItem } from "./types.ts";
export { validateStructure, playedBlinds } from "./validate.ts";
export { structureGuidance, type Guidance, type GuidanceOptions, type StructureWarning } from "./guidance.ts";
export { clockAt, itemStartMs, endOfBreakMs, startOfBreakMs, endOfLevelMs, levelItemIndex, type ClockPosition } from "./clock.ts";
export { colourUpSchedule, type ColourUp, type ColourUpOptions } from "./colour-up-schedule.ts";
export { STRUCTURE_PRESETS, structurePreset, structurePresetNames } from "./presets.ts";

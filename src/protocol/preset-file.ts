import { z } from "zod";
import { CommandId, Id } from "./primitives.ts";
import { Structure } from "./director.ts";
import { EventSettings } from "./event-settings.ts";
import { TournamentSettingsInput } from "./tournament-settings.ts";
import { TournamentFormat } from "./format-wire.ts";

// A preset the room saves from the structure designer (offered next time, kept
// across restarts) and the JSON file it exports and imports.

/** The preset as a file: what `GET /director/presets` offers, without the server's id. */
export const PresetFile = z.strictObject({
  felt: z.literal("preset"),
  version: z.literal(1),
  name: z.string().trim().min(1).max(80),
  description: z.string().max(400),
  /** The preset it was built on: its format (speed's action clock, for one) comes along. */
  basedOn: Id,
  structure: Structure,
  settings: EventSettings,
  /** The format it runs as (absent: the one `basedOn` runs as, or as the windows in `settings` say). */
  format: TournamentFormat.optional(),
  /** The house rules it sets: the create request's `settings` (table size, button, colour-up, start, ...); absent ones are the defaults. */
  house: TournamentSettingsInput.optional(),
});
export type PresetFile = z.infer<typeof PresetFile>;

/** Saves a preset; a saved preset of the same name is replaced. Answered with the presets. */
export const SavePresetRequest = z.strictObject({ commandId: CommandId, preset: PresetFile });
export type SavePresetRequest = z.infer<typeof SavePresetRequest>;

// Presets the room saves from the structure designer. They live in the event
// store (one stream, "presets:room": a `preset-saved` event each), so they are offered
// after a restart; a preset saved under a name already saved replaces it (same id).
import { fail, ok, type Result } from "../../lib/result.ts";
import type { Preset, PresetFile } from "../../protocol/index.ts";
import type { EventStore } from "../../store/index.ts";
import { structurePreset, validateStructure, type Structure } from "../../tournament/structure/index.ts";
import { fromWireStructure, presets, toWireStructure } from "./presets.ts";
import { DIRECTOR_ERRORS } from "../../protocol/error-catalogue.ts";

const STREAM = "presets:room";
const MAX_SAVED = 60;

export interface SavedPreset {
  readonly id: string;
  readonly file: PresetFile;
}

/** The saved presets, oldest first (a replaced one keeps its place); the commands already acted on. */
async function readSaved(store: EventStore): Promise<{ saved: Map<string, SavedPreset>; commands: Set<string>; version: number }> {
  const saved = new Map<string, SavedPreset>();
  const commands = new Set<string>();
  let version = 0;
  for (const e of await store.read(STREAM)) {
    version = e.version;
    const c = e.meta["commandId"];
    if (typeof c === "string") commands.add(c);
    if (e.type === "preset-saved") {
      const p = e.data as SavedPreset;
      saved.set(p.id, p);
    }
  }
  return { saved, commands, version };
}

/** The built-in presets, then the room's (in the order first saved). */
export async function allPresets(store: EventStore): Promise<Preset[]> {
  const { saved } = await readSaved(store);
  return [...presets(), ...[...saved.values()].map(toPreset)];
}

function toPreset(p: SavedPreset): Preset {
  const f = p.file;
  return {
    id: p.id,
    name: f.name,
    description: f.description,
    variant: "no-limit",
    buyIn: f.settings.buyIn,
    fee: f.settings.fee,
    structure: f.structure,
    reEntry: f.settings.reEntry !== null,
    rebuy: f.settings.rebuy !== null,
    addOn: f.settings.addOn !== null,
    settings: f.settings,
    ...(f.format !== undefined ? { format: f.format } : {}),
    ...(f.house !== undefined ? { house: f.house } : {}),
    custom: true,
    basedOn: f.basedOn,
  };
}

/** A preset by id, built in or saved: its core structure, its settings and the built-in preset whose format it runs as. */
export async function findPreset(store: EventStore, id: string): Promise<{ preset: Preset; structure: Structure; plan: string } | null> {
  const builtIn = presets().find((p) => p.id === id);
  if (builtIn !== undefined) {
    const s = structurePreset(id);
    return s.ok ? { preset: builtIn, structure: s.value, plan: id } : null;
  }
  const { saved } = await readSaved(store);
  const p = saved.get(id);
  if (p === undefined) return null;
  const base = structurePreset(p.file.basedOn);
  if (!base.ok) return null;
  return { preset: toPreset(p), structure: { ...fromWireStructure(base.value, p.file.structure), name: p.file.name }, plan: p.file.basedOn };
}

/** Replaceable by its name, case and spacing aside. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Saves a preset after `check` (the create route's own checks, so a saved preset is one a
 * tournament can be created from). A repeated command id acts once.
 */
export async function savePreset(
  store: EventStore,
  file: PresetFile,
  commandId: string,
  check: (structure: Structure) => Result<unknown>,
): Promise<Result<Preset[]>> {
  const base = structurePreset(file.basedOn);
  if (!base.ok)
    return fail(DIRECTOR_ERRORS.notFound, `no built-in preset ${file.basedOn} to build on`, { cause: "create/unknown-base", basedOn: file.basedOn });
  const { saved, commands, version } = await readSaved(store);
  if (commands.has(commandId)) return ok(await allPresets(store));
  if (presets().some((p) => sameName(p.name, file.name)))
    return fail(DIRECTOR_ERRORS.invalid, `${file.name} is a built-in preset's name`, { cause: "create/preset-name-taken", name: file.name });
  const structure = fromWireStructure(base.value, file.structure);
  const valid = validateStructure(structure);
  if (!valid.ok) return fail(DIRECTOR_ERRORS.invalid, valid.error.message, { ...valid.error, cause: valid.error.code });
  const checked = check(structure);
  if (!checked.ok) return checked;
  const existing = [...saved.values()].find((p) => sameName(p.file.name, file.name));
  if (existing === undefined && saved.size >= MAX_SAVED)
    return fail(DIRECTOR_ERRORS.invalid, `at most ${MAX_SAVED} saved presets`, { cause: "create/too-many-presets", max: MAX_SAVED });
  const id = existing?.id ?? `saved-${commandId.replace(/[^A-Za-z0-9]/g, "").slice(0, 24)}`;
  // The structure as the core reads it back (lossless), so the file and the preset agree.
  const preset: SavedPreset = { id, file: { ...file, name: file.name.trim(), structure: toWireStructure(structure) } };
  const r = await store.append(STREAM, version, [{ type: "preset-saved", data: preset, meta: { commandId } }]);
  if (!r.ok) return r;
  return ok(await allPresets(store));
}
